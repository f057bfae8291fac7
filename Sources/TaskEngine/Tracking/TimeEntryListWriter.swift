import Foundation

/// Writes a task's time entries over the list its file holds, changing only
/// what a timer changed: every entry the new list still has keeps its text as
/// the file wrote it (its key order, its quoting, TaskNotes' `.000Z` and a
/// `duration` an older plugin left), a running entry that was stopped keeps
/// its text and gains an `endTime` line, and a new entry is written in the
/// shape of the file's entries (`TimeEntryShape`). tasknotes-spec §5.19.2
/// asks a stop to preserve the entries it does not target.
enum TimeEntryListWriter {
    /// The key's new lines (no line endings); nil when the file's list cannot be
    /// followed entry by entry (not a block or flow list, an entry todomd cannot
    /// read, an anchor or an alias, nothing left): the caller writes it whole then.
    /// `lines`: the key's lines in the file now, each with its line ending.
    static func yamlLines(key: String, entries: [TimeEntry], lines: [[UInt8]]) -> [String]? {
        guard !entries.isEmpty, let layout = DependencyListLayout.read(lines), layout.shape == .block || layout.shape == .flow,
              case .sequence(let values)? = FrontmatterEvents.pairs(Array(lines.joined()))?.first?.value,
              values.count == layout.items.count else { return nil }
        var old: [TimeEntry] = []
        for v in values {
            guard let e = try? TrackingLists.timeEntry(v) else { return nil }
            old.append(e)
        }
        let shape = layout.items.last.map(TimeEntryShape.init(item:)) ?? TimeEntryShape()
        let flowItems = layout.shape == .flow || layout.items.last.map(isFlowMapItem) == true
        var wanted: [TimeEntry: Int] = [:]
        for e in entries { wanted[e, default: 0] += 1 }
        var items: [String] = []
        var was: [Int?] = []  // (each item's index in the file's list; nil: new)
        var i = 0, j = 0
        // The new list in order: each file entry it still holds kept, each it no longer holds
        // dropped (or, stopped, closed in place), the others written anew where they stand.
        while j < entries.count {
            let next = entries[j]
            if i < old.count, old[i] == next {
                items.append(layout.items[i])
                was.append(i)
            } else if i < old.count, wanted[old[i], default: 0] == 0 {
                if let closed = closes(old[i], next) ? closedText(layout.items[i], end: shape.text(next.end!)) : nil {
                    items.append(closed)
                    was.append(i)
                } else {
                    i += 1  // (dropped: no longer in the list)
                    continue
                }
            } else {
                items.append(freshText(next, shape: shape, flow: flowItems, indent: layout.indent, inList: layout.shape == .flow))
                was.append(nil)
                wanted[next, default: 0] -= 1
                j += 1
                continue
            }
            wanted[next, default: 0] -= 1
            i += 1
            j += 1
        }
        if layout.shape == .flow {
            return DependencyListWriter.splitLines(layout.flowText(Array(zip(items, was)).map { (text: $0.0, was: $0.1) }))
        }
        return DependencyListWriter.splitLines(layout.head) + items.flatMap(DependencyListWriter.splitLines)
    }

    /// Whether `b` is `a` stopped: the same session, now with an end.
    static func closes(_ a: TimeEntry, _ b: TimeEntry) -> Bool {
        a.isRunning && !b.isRunning && a.start == b.start && a.description == b.description
    }

    /// `- {startTime: …}` (a block list's item that is a flow map).
    static func isFlowMapItem(_ item: String) -> Bool {
        item.drop { $0 == " " }.dropFirst().drop { $0 == " " }.hasPrefix("{")
    }

    /// An entry's text with `endTime` added after its last key: inside its braces when it is a
    /// `{…}` map, else on a line of its own at its keys' indentation. Nil when neither can be found.
    static func closedText(_ item: String, end: String) -> String? {
        var lines = DependencyListWriter.splitLines(item)
        // An `endTime` written empty (`null`, `~`, `""`, nothing) takes the end in its place: a second
        // key would make the frontmatter unreadable. In a `{…}` map the entry is written anew instead.
        if let k = lines.firstIndex(where: { endTimeKey($0) != nil }) {
            guard !isFlowMapItem(item), !item.drop(while: { $0 == " " }).hasPrefix("{"), let at = endTimeKey(lines[k]) else { return nil }
            lines[k] = String(lines[k][..<at]) + "endTime: " + end
            return lines.joined(separator: "\n")
        }
        // (Blank and comment lines after the entry's last key stay after it.)
        var last = lines.count - 1
        while last > 0, isBlankOrComment(lines[last]) { last -= 1 }
        let content = lines[last]
        if let close = flowMapEnd(content) {
            let line = String(content[..<close]) + ", endTime: " + end + String(content[close...])
            lines[last] = line
            return lines.joined(separator: "\n")
        }
        // (A `{…}` map not found whole on its last line is written anew, never given a block line.)
        guard !isFlowMapItem(item), !item.drop(while: { $0 == " " }).hasPrefix("{"), let indent = keyIndent(lines) else { return nil }
        lines.insert(String(repeating: " ", count: indent) + "endTime: " + end, at: last + 1)
        return lines.joined(separator: "\n")
    }

    /// Where a block item's line starts its `endTime` key (after its indentation and any `- `), or nil.
    static func endTimeKey(_ line: String) -> String.Index? {
        var i = line.startIndex
        while i < line.endIndex, line[i] == " " { i = line.index(after: i) }
        if line[i...].hasPrefix("- ") { i = line.index(i, offsetBy: 2) }
        while i < line.endIndex, line[i] == " " { i = line.index(after: i) }
        return line[i...].hasPrefix("endTime:") ? i : nil
    }

    /// Where a line's `{…}` map closes: its last `}` before a comment (a `#` after a space, outside
    /// quotes), with nothing but spaces between them.
    static func flowMapEnd(_ line: String) -> String.Index? {
        var quote: Character?, previous: Character = " ", end = line.endIndex
        for i in line.indices {
            let c = line[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", previous == " " || previous == "\t" {
                end = i
                break
            }
            previous = c
        }
        let body = line[..<end]
        guard let close = body.lastIndex(of: "}"), body[body.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        return close
    }

    /// The column of a block item's keys: after its `- `, or its second line's indentation when the `-` stands alone.
    static func keyIndent(_ lines: [String]) -> Int? {
        guard let first = lines.first else { return nil }
        let spaces = first.prefix { $0 == " " }.count
        let afterDash = first.dropFirst(spaces)
        guard afterDash.hasPrefix("-") else { return nil }
        let rest = afterDash.dropFirst()
        let gap = rest.prefix { $0 == " " }.count
        if !rest.dropFirst(gap).isEmpty { return spaces + 1 + gap }
        return lines.dropFirst().first { !isBlankOrComment($0) }.map { $0.prefix { $0 == " " }.count }
    }

    static func isBlankOrComment(_ line: String) -> Bool {
        let t = line.drop { $0 == " " || $0 == "\t" }
        return t.isEmpty || t.hasPrefix("#")
    }

    /// A new entry as the file's entries are written: a block map, or a `{…}` map where they are.
    static func freshText(_ e: TimeEntry, shape: TimeEntryShape, flow: Bool, indent: String, inList: Bool) -> String {
        let pairs = e.writtenPairs.map { pair in
            "\(pair.key): " + (pair.key == "description" ? YAMLScalarText.string(pair.value) : shape.text(pair.key == "startTime" ? e.start : e.end!))
        }
        if flow {
            let map = "{" + pairs.joined(separator: ", ") + "}"
            return inList ? map : indent + "- " + map
        }
        return ([indent + "- " + pairs[0]] + pairs.dropFirst().map { indent + "  " + $0 }).joined(separator: "\n")
    }
}

/// How a file writes the instants of its time entries, read from one it has:
/// TaskNotes' plugin writes JavaScript's `2026-05-19T06:45:00.000Z`, todomd and
/// the spec `2026-05-19T06:45:00Z` (§3.3.2); plain or quoted. An entry
/// written with an offset, or none at all, gives the spec's form.
struct TimeEntryShape: Equatable {
    var fractionDigits = 0
    var quote: Character?

    init() {}

    /// The shape of the `startTime` in an entry's text.
    init(item: String) {
        guard let key = item.range(of: "startTime:") else { return }
        var value = item[key.upperBound...].drop { $0 == " " }
        var q: Character?
        if let first = value.first, first == "\"" || first == "'" {
            q = first
            value = value.dropFirst()
        }
        let instant = value.prefix { $0.isNumber || "-:.TZ".contains($0) }
        guard instant.count >= 20, instant.last == "Z", let t = instant.firstIndex(of: "T") else { return }
        if let dot = instant[t...].firstIndex(of: ".") {
            let digits = instant[instant.index(after: dot)...].prefix { $0.isNumber }.count
            guard digits > 0, digits <= 9 else { return }
            fractionDigits = digits
        }
        quote = q
    }

    /// `instant` as the file writes one (the fraction as zeros: todomd counts whole seconds).
    func text(_ instant: Date) -> String {
        var s = TimeEntry.canonical(instant)
        if fractionDigits > 0 { s = String(s.dropLast()) + "." + String(repeating: "0", count: fractionDigits) + "Z" }
        return quote.map { "\($0)\(s)\($0)" } ?? s
    }
}
