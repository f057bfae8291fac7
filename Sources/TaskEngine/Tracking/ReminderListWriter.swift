/// Writes a task's reminders over the list its file holds, changing only what
/// the edit changed: every entry the new list still has keeps its text as the
/// file wrote it (key order, quoting, a `{…}` map, comments after it), an
/// entry todomd cannot read is always kept as written, a removed entry loses
/// its text, and a new one is written after the others in the shape of the
/// file's entries (`ReminderShape`). Time entries do the same
/// (`TimeEntryListWriter`), whose helpers this shares.
enum ReminderListWriter {
    /// The key's new lines (no line endings); nil when the file's list cannot be followed
    /// entry by entry (not a block or flow list, an anchor or an alias): the caller writes
    /// the list whole then, or refuses when that would lose an entry it cannot read.
    /// `lines`: the key's lines in the file now, each with its line ending.
    /// `zonelessTimes`: the file's entries are read as the vault reads them (`VaultProfile.reminderTimesLocal`).
    static func yamlLines(entries: [Reminder], lines: [[UInt8]], zonelessTimes: Bool = false) -> [String]? {
        guard let layout = DependencyListLayout.read(lines), case .sequence(let values)? = FrontmatterEvents.pairs(Array(lines.joined()))?.first?.value,
              values.count == layout.items.count else { return nil }
        // `reminders: []  # a comment`: the comment stays on the key's line, the entries written under it.
        if layout.shape == .empty, layout.gaps.count == 1, !layout.tail.trimmingCharacters(in: .whitespaces).isEmpty, !entries.isEmpty {
            let head = String(layout.head.reversed().drop { $0 == " " }.reversed())
            return [head + (layout.tail.first == " " ? "" : " ") + layout.tail] + entries.flatMap { DependencyListWriter.splitLines(ReminderShape().text($0, flow: false, indent: "  ", inList: false)) }
        }
        guard layout.shape == .block || layout.shape == .flow else { return nil }
        // Each file entry as todomd reads it; nil for one it does not (unreadable, `~`, past the bound): kept.
        let old: [Reminder?] = values.enumerated().map { n, v in n < Reminder.maxEntries ? try? TrackingLists.reminder(v, zonelessTimes: zonelessTimes) : nil }
        var remaining = entries
        // (A new entry must not take the id of one kept unread: the file would hold it twice.)
        let unreadIDs = Set(old.indices.filter { old[$0] == nil }.compactMap { values[$0].value("id")?.text })
        let known = Set(old.compactMap { $0 })
        guard !entries.contains(where: { !known.contains($0) && unreadIDs.contains($0.id) }) else { return nil }
        // Each item kept, with the index it had (nil: a new one, or comment lines kept from a removed one).
        var items: [(text: String, was: Int?)] = []
        for (n, entry) in old.enumerated() {
            guard let entry else {
                items.append((layout.items[n], n))
                continue
            }
            if let i = remaining.firstIndex(of: entry) {
                remaining.remove(at: i)
                items.append((layout.items[n], n))
            } else if layout.shape == .block, let comments = trailingComments(layout.items[n]) {
                // (A comment under a removed entry's last key may be about what follows: it stays.)
                items.append((comments, nil))
            }
        }
        let readable = old.indices.filter { old[$0] != nil }.map { layout.items[$0] }
        let template = readable.last ?? layout.items.last
        let shape = ReminderShape(items: readable.isEmpty ? Array(layout.items.suffix(1)) : readable)
        let flowMaps = layout.shape == .flow || template.map(TimeEntryListWriter.isFlowMapItem) == true
        for r in remaining {
            items.append((shape.text(r, flow: flowMaps, indent: layout.indent, inList: layout.shape == .flow), nil))
        }
        guard items.contains(where: { $0.was != nil || layout.shape == .flow || !$0.text.trimmingCharacters(in: .whitespaces).hasPrefix("#") }) else { return nil }
        if layout.shape == .flow { return DependencyListWriter.splitLines(layout.flowText(items)) }
        return DependencyListWriter.splitLines(layout.head) + items.flatMap { DependencyListWriter.splitLines($0.text) }
    }

    /// The comment lines (and blank ones among them) at the end of a block item, after its last key; nil when none.
    static func trailingComments(_ item: String) -> String? {
        let lines = DependencyListWriter.splitLines(item)
        let tail = lines.reversed().prefix { let t = $0.trimmingCharacters(in: .whitespaces); return t.isEmpty || t.hasPrefix("#") }
        guard tail.count < lines.count, tail.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
        return tail.reversed().joined(separator: "\n")
    }
}

/// How a file writes its reminder entries, read from one it has: the quote it
/// uses where a value needs one (`"-PT15M"` or `'-PT15M'`), whether it quotes
/// every value (`type: "relative"`), and where a block map's keys stand.
struct ReminderShape: Equatable {
    var quote: Character = "\""
    var quotesAll = false
    /// The file writes an offset unquoted (`offset: -PT15M`, which YAML reads as text).
    var plainOffset = false
    /// Block maps: the column of the keys after the first, and whether the `-` stands alone on its line.
    var keyColumn: Int?
    var dashAlone = false

    init() {}

    /// The shape of `items` (entries' texts): the latest entry that shows each part of it decides that part.
    init(items: [String]) {
        let latest = Array(items.reversed())
        for item in latest {
            guard let (q, key) = ReminderShape.firstQuote(item) else { continue }
            quote = q
            quotesAll = key == "type"
            break
        }
        // (Only a negative offset shows it: a plain `P1D` needs no quotes anywhere.)
        for item in latest {
            guard let r = item.range(of: "offset:") else { continue }
            let value = item[r.upperBound...].drop { $0 == " " }
            if value.hasPrefix("-") { plainOffset = true; break }
            if value.dropFirst().hasPrefix("-") { break }
        }
        if let item = items.last, !TimeEntryListWriter.isFlowMapItem(item) {
            let lines = DependencyListWriter.splitLines(item)
            keyColumn = TimeEntryListWriter.keyIndent(lines)
            dashAlone = lines.first.map { $0.trimmingCharacters(in: .whitespaces) == "-" } ?? false
        }
    }

    /// The quote of an entry's quoted value, and its key (`type` first: quoted, every value is).
    static func firstQuote(_ item: String) -> (Character, String)? {
        for key in ["type", "id", "relatedTo", "offset", "absoluteTime", "description"] {
            if let q = quoteOfValue(item, key: key) { return (q, key) }
        }
        return nil
    }

    /// The quote the value after `key:` opens with, if any (the first such key in the text).
    static func quoteOfValue(_ item: String, key: String) -> Character? {
        var rest = Substring(item)
        while let r = rest.range(of: key + ":") {
            let before = rest[..<r.lowerBound].last
            rest = rest[r.upperBound...]
            // (The key itself, not the end of a longer one: after a space, `-`, `{`, `,` or a line start.)
            guard before.map({ " \t-{,\n".contains($0) }) ?? true else { continue }
            let value = rest.drop { $0 == " " }
            guard let q = value.first else { return nil }
            return q == "\"" || q == "'" ? q : nil
        }
        return nil
    }

    /// One value as the file writes them: quoted where YAML needs it (in the file's quote), or always.
    func value(_ text: String, key: String) -> String {
        if key == "offset", plainOffset, !quotesAll, ISODuration.isValid(text), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            return text
        }
        let plain = key == "absoluteTime" ? YAMLScalarText.date(text) : YAMLScalarText.string(text)
        guard quotesAll || plain.hasPrefix("\"") else { return plain }
        return quote == "'" ? Self.singleQuoted(text) : YAMLScalarText.doubleQuoted(text)
    }

    /// `'…'` with `'` doubled; double quotes for what single quotes cannot hold (control characters).
    static func singleQuoted(_ s: String) -> String {
        guard !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0.value == 0xFEFF }) else {
            return YAMLScalarText.doubleQuoted(s)
        }
        return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A new entry: a `{…}` map where the file's are (`inList`: an item of a `[…]` list), else a block map.
    func text(_ r: Reminder, flow: Bool, indent: String, inList: Bool) -> String {
        let pairs = r.writtenPairs.map { "\($0.key): " + value($0.value, key: $0.key) }
        if flow {
            let map = "{" + pairs.joined(separator: ", ") + "}"
            return inList ? map : indent + "- " + map
        }
        let column = max(keyColumn ?? indent.count + 2, indent.count + 1)
        let pad = String(repeating: " ", count: column)
        if dashAlone { return ([indent + "-"] + pairs.map { pad + $0 }).joined(separator: "\n") }
        let gap = String(repeating: " ", count: column - indent.count - 1)
        return ([indent + "-" + gap + pairs[0]] + pairs.dropFirst().map { pad + $0 }).joined(separator: "\n")
    }
}
