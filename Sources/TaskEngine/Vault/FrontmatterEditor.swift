/// Writes a changed task back into its file by editing the frontmatter text
/// in place: only the lines of keys that changed are replaced, removed keys
/// lose their lines, new keys are appended before the closing `---`.
/// Quoting, comments, list style and key order elsewhere survive, and the
/// body is kept byte for byte unless it changed.
enum FrontmatterEditor {
    /// The new value of one key: its rendered lines (without line endings),
    /// or nil to remove the key.
    struct Edit {
        var key: String
        var lines: [String]?
    }

    static func render(_ parsed: ParsedTaskFile, edited: TaskItem) -> [UInt8] {
        let edits = changes(from: parsed, to: edited)
        var split = parsed.split
        if edited.body != parsed.task.body { split.body = Array(edited.body.utf8) }
        guard !edits.isEmpty else { return split.bytes }
        let eol = split.lineEnding
        if !split.hasFrontmatter {
            split.openingLine = Array("---".utf8) + eol
            split.closingLine = Array("---".utf8) + eol
        }
        var lines = split.frontmatterLines
        // A last frontmatter line without an ending would run into appended keys.
        if let last = lines.last, last.last != 0x0A { lines[lines.count - 1] += eol }
        var spanOf: [String: KeySpan] = [:]
        for span in parsed.keySpans where spanOf[span.key] == nil { spanOf[span.key] = span }
        var replacements: [(Range<Int>, [[UInt8]])] = []
        var appended: [[UInt8]] = []
        for edit in edits {
            let newLines = (edit.lines ?? []).map { Array($0.utf8) + eol }
            if let span = spanOf[edit.key] {
                replacements.append((span.lines, newLines))
            } else {
                appended += newLines
            }
        }
        // New keys go right after the last key, before trailing blank or comment lines.
        let appendAt = parsed.keySpans.map(\.lines.upperBound).max() ?? lines.count
        if !appended.isEmpty { replacements.append((appendAt..<appendAt, appended)) }
        // Replace from the bottom up so earlier ranges stay valid.
        for (range, newLines) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            lines.replaceSubrange(range, with: newLines)
        }
        split.frontmatterLines = lines
        return split.bytes
    }

    /// The keys whose value differs between the file as read and `edited`.
    static func changes(from parsed: ParsedTaskFile, to edited: TaskItem) -> [Edit] {
        let old = parsed.task
        var edits: [Edit] = []
        func set(_ key: TaskField, _ value: String?) {
            edits.append(Edit(key: key.key, lines: value.map { ["\(key.key): \($0)"] }))
        }
        if edited.title != old.title { set(.title, YAMLScalarText.string(edited.title)) }
        if edited.statusText != old.statusText { set(.status, edited.statusText.map(YAMLScalarText.string)) }
        if edited.priorityText != old.priorityText { set(.priority, edited.priorityText.map(YAMLScalarText.string)) }
        if edited.flagged != old.flagged { set(.flagged, edited.flagged ? "true" : "false") }
        for field in TaskField.dateFields where edited.date(field) != old.date(field) {
            set(field, edited.date(field).map { YAMLScalarText.date($0.raw) })
        }
        if edited.area != old.area { set(.area, edited.area.map(YAMLScalarText.string)) }
        if edited.project != old.project { set(.project, edited.project.map(YAMLScalarText.string)) }
        if edited.tags != old.tags {
            if edited.tags.isEmpty {
                set(.tags, nil)
            } else if parsed.blockListKeys.contains(TaskField.tags.key) {
                let indent = blockIndent(parsed, key: TaskField.tags.key)
                edits.append(Edit(key: "tags", lines: ["tags:"] + edited.tags.map { "\(indent)- \(YAMLScalarText.string($0))" }))
            } else {
                set(.tags, YAMLScalarText.flowList(edited.tags))
            }
        }
        if edited.estimatedMinutes != old.estimatedMinutes { set(.estimatedMinutes, edited.estimatedMinutes.map(String.init)) }
        if edited.recurrence != old.recurrence { set(.recurrence, edited.recurrence.map(YAMLScalarText.string)) }
        if edited.source != old.source { set(.source, edited.source.map(YAMLScalarText.string)) }
        return edits
    }

    /// The indentation of a block list's `- ` items, as the file wrote them.
    static func blockIndent(_ parsed: ParsedTaskFile, key: String) -> String {
        guard let span = parsed.keySpans.first(where: { $0.key == key }), span.lines.count > 1 else { return "  " }
        let line = parsed.split.frontmatterLines[span.lines.lowerBound + 1]
        let spaces = line.prefix(while: { $0 == 0x20 }).count
        return String(repeating: " ", count: spaces)
    }
}
