/// Writes a changed task back into its file by editing the frontmatter text
/// in place: only the lines of keys that changed are replaced, removed keys
/// lose their lines, new keys are appended after the last key. Quoting,
/// comments, list style and key order elsewhere survive, and the body is kept
/// byte for byte unless it changed.
///
/// Frontmatter that is one `{…}` map is written in its own style: JSON is
/// re-emitted as JSON (same key order, same layout); a YAML flow map cannot be
/// edited without rewriting it, so such a change is refused.
enum FrontmatterEditor {
    /// `edits`: the changes from the file's task to `edited`, when the caller has them already.
    static func render(_ parsed: ParsedTaskFile, edited: TaskItem, edits known: [FrontmatterEdit]? = nil,
                       profile: VaultProfile = .todomd) throws -> [UInt8] {
        let edits = known ?? FrontmatterEdit.changes(from: parsed.task, to: edited, profile: profile)
        var split = parsed.split
        if edited.body != parsed.task.body { split.body = Array(edited.body.utf8) }
        guard !edits.isEmpty else { return split.bytes }
        switch parsed.style {
        case .json:
            // (A JSON list is written whole: an entry todomd cannot read would be lost.)
            if let edit = edits.first(where: { $0.unreadKept > 0 && $0.value != nil }) { throw unreadRefusal(parsed, edit) }
            split.frontmatterLines = try JSONFrontmatter.render(split.frontmatterLines, edits: edits, eol: split.lineEnding)
            return split.bytes
        case .flowYAML:
            throw WriteRefusal.cannotEditInPlace(id: parsed.task.id,
                reason: "its frontmatter is a YAML {…} map, which cannot be changed without rewriting it; edit it in your editor (o)")
        case .block, .empty:
            return try renderBlock(parsed, split: split, edits: edits, profile: profile)
        }
    }

    /// In a Backlog.md vault (`profile.dateQuote`), lines are written as
    /// Backlog.md writes them (`BacklogFrontmatter.yamlLines`).
    static func renderBlock(_ parsed: ParsedTaskFile, split: SplitTaskFile, edits: [FrontmatterEdit], profile: VaultProfile = .todomd) throws -> [UInt8] {
        var split = split
        let eol = split.lineEnding
        if !split.hasFrontmatter {
            split.openingLine = Array("---".utf8) + eol
            split.closingLine = Array("---".utf8) + eol
        }
        var lines = split.frontmatterLines
        // `~` or `{}` standing for "no keys": their lines go, keys take their place.
        if parsed.style == .empty { lines = lines.filter { TaskFileCodec.isBlankOrComment($0) } }
        // A last frontmatter line without an ending would run into appended keys.
        if let last = lines.last, last.last != 0x0A { lines[lines.count - 1] += eol }
        var spanOf: [String: KeySpan] = [:]
        for span in parsed.keySpans where spanOf[span.key] == nil { spanOf[span.key] = span }
        var replacements: [(Range<Int>, [[UInt8]])] = []
        var appended: [[UInt8]] = []
        for edit in edits {
            let lines: [String]
            if case .dependencies(let entries)? = edit.value {
                // The list's own writer: it keeps the entries it does not change as the file has them.
                let old = spanOf[edit.key].map { Array(parsed.split.frontmatterLines[$0.lines]) }
                do { lines = try DependencyListWriter.yamlLines(key: edit.key, entries: entries, lines: old, kind: profile.kind) } catch {
                    throw WriteRefusal.cannotEditInPlace(id: parsed.task.id, reason: error.description)
                }
            } else if let entries = edit.timeEntries, let span = spanOf[edit.key],
                      let kept = TimeEntryListWriter.yamlLines(key: edit.key, entries: entries, lines: Array(parsed.split.frontmatterLines[span.lines])) {
                lines = kept
            } else if let entries = edit.reminders, let span = spanOf[edit.key],
                      let kept = ReminderListWriter.yamlLines(entries: entries, lines: Array(parsed.split.frontmatterLines[span.lines]),
                                                             zonelessTimes: profile.reminderTimesLocal) {
                lines = kept
            } else if edit.unreadKept > 0, edit.value != nil {
                throw unreadRefusal(parsed, edit)
            } else {
                lines = profile.dateQuote.map { BacklogFrontmatter.yamlLines(edit, parsed: parsed, line: spanOf[edit.key].map { parsed.split.frontmatterLines[$0.lines.lowerBound] }, newDateQuote: $0) }
                    ?? yamlLines(edit, parsed: parsed)
            }
            let newLines = lines.map { Array($0.utf8) + eol }
            if let span = spanOf[edit.key] {
                replacements.append((span.lines, newLines))
            } else if profile.kind == .backlog, let at = BacklogFrontmatter.place(of: edit.key, among: parsed.keySpans) {
                replacements.append((at..<at, newLines))  // (where Backlog.md's serializer puts it)
            } else {
                appended += newLines
            }
        }
        // New keys go right after the last key, before trailing blank or comment lines.
        let appendAt = parsed.keySpans.map(\.lines.upperBound).max() ?? lines.count
        if !appended.isEmpty { replacements.append((appendAt..<appendAt, appended)) }
        // Replace from the bottom up so earlier ranges stay valid (at one line, a key's lines before what goes in before them).
        for (range, newLines) in replacements.enumerated().sorted(by: { a, b in
            a.element.0.lowerBound != b.element.0.lowerBound ? a.element.0.lowerBound > b.element.0.lowerBound
                : a.element.0.isEmpty != b.element.0.isEmpty ? !a.element.0.isEmpty : a.offset > b.offset
        }).map(\.element) {
            lines.replaceSubrange(range, with: newLines)
        }
        split.frontmatterLines = lines
        return split.bytes
    }

    /// A reminder write that cannot keep the list's unreadable entries as written is refused, not made.
    static func unreadRefusal(_ parsed: ParsedTaskFile, _ edit: FrontmatterEdit) -> WriteRefusal {
        .cannotEditInPlace(id: parsed.task.id, reason: "its \(edit.key) hold \(edit.unreadKept == 1 ? "an entry" : "\(edit.unreadKept) entries") todomd cannot read, "
            + "which this write could not keep as written; fix them in your editor (o), or remind none removes every reminder")
    }

    /// The YAML lines of one edit (none when the key is removed).
    static func yamlLines(_ edit: FrontmatterEdit, parsed: ParsedTaskFile) -> [String] {
        guard var value = edit.value else { return [] }
        // A scalar stays a scalar, a list stays a list (in its style).
        if edit.keepsShape, case .list(let items) = value, items.count == 1, parsed.scalarKeys.contains(edit.key) { value = .text(items[0]) }
        if edit.keepsShape, case .text(let s) = value, parsed.listKeys.contains(edit.key) { value = .list([s]) }
        switch value {
        case .text(let s): return ["\(edit.key): \(YAMLScalarText.string(s))"]
        case .bool(let b): return ["\(edit.key): \(b ? "true" : "false")"]
        case .int(let n): return ["\(edit.key): \(n)"]
        case .date(let raw): return ["\(edit.key): \(YAMLScalarText.date(raw))"]
        case .dependencies(let entries):
            return DependencyListWriter.fresh(key: edit.key, head: nil, entries: entries, kind: .todomd)
        case .list(let items), .dayList(let items):
            let item: (String) -> String
            if case .dayList = value { item = YAMLScalarText.date } else { item = YAMLScalarText.string }
            guard parsed.blockListKeys.contains(edit.key) else { return ["\(edit.key): [" + items.map(item).joined(separator: ", ") + "]"] }
            let indent = blockIndent(parsed, key: edit.key)
            return ["\(edit.key):"] + items.map { "\(indent)- \(item($0))" }
        case .maps(let maps):
            guard !maps.isEmpty else { return ["\(edit.key): []"] }
            // A block list of maps, as TaskNotes' plugin writes its time entries and reminders.
            let indent = blockIndent(parsed, key: edit.key), inner = indent + "  "
            return ["\(edit.key):"] + maps.flatMap { map in
                map.enumerated().map { n, item in
                    "\(n == 0 ? indent + "- " : inner)\(item.key): \(item.date ? YAMLScalarText.date(item.value) : YAMLScalarText.string(item.value))"
                }
            }
        }
    }

    /// The indentation of a block list's `- ` items, as the file wrote them.
    static func blockIndent(_ parsed: ParsedTaskFile, key: String) -> String {
        guard let span = parsed.keySpans.first(where: { $0.key == key }), span.lines.count > 1 else { return "  " }
        let line = parsed.split.frontmatterLines[span.lines.lowerBound + 1]
        let spaces = line.prefix(while: { $0 == 0x20 }).count
        return String(repeating: " ", count: spaces)
    }
}
