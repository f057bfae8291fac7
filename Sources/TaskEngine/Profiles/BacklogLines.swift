/// The YAML lines Backlog.md would write for a changed key, where the line
/// keeps what the file already had: Backlog.md saves through js-yaml, which
/// writes a string plain when it can and else in single quotes, lists as
/// block lists (`  - item`), dates quoted (`'2026-11-23 14:30'`). A line
/// already written another way keeps its way: a flow list stays a flow list,
/// a one-name scalar (`assignee: @bob`) a scalar, a date its quotes.
extension BacklogFrontmatter {
    /// `line`: the key's first line in the file (nil for a new key).
    static func yamlLines(_ edit: FrontmatterEdit, parsed: ParsedTaskFile, line: [UInt8]?, newDateQuote: Character) -> [String] {
        guard let value = edit.value else { return [] }
        let key = edit.key
        let written = line.map { valueText($0, key: key) }
        switch value {
        case .date(let raw):
            let quote: Character? = written.map { quoteOf($0) } ?? newDateQuote
            return ["\(key): " + (quote.map { "\($0)\(raw)\($0)" } ?? YAMLScalarText.date(raw))]
        case .text(let s): return ["\(key): \(string(s))"]
        case .list(let items):
            let isBlock = parsed.blockListKeys.contains(key)
            if let written, !isBlock, !written.isEmpty, !written.hasPrefix("["), items.count == 1 { return ["\(key): \(string(items[0]))"] }
            if let written, written.hasPrefix("["), written != "[]" {
                return ["\(key): [" + items.map(string).joined(separator: ", ") + "]"]
            }
            if items.isEmpty { return ["\(key): []"] }
            let indent = isBlock ? FrontmatterEditor.blockIndent(parsed, key: key) : "  "
            return ["\(key):"] + items.map { "\(indent)- \(string($0))" }
        default: return FrontmatterEditor.yamlLines(edit, parsed: parsed)
        }
    }

    /// A string as js-yaml writes it: plain, else single-quoted (`''` for a
    /// quote), else (a control character, a line break) double-quoted.
    static func string(_ s: String) -> String {
        if YAMLScalarText.isPlainSafe(s) { return s }
        if s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0.value == 0xFEFF }) {
            return YAMLScalarText.doubleQuoted(s)
        }
        return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// What follows `key:` on the line, trimmed (`"'2026-11-23 14:30'"`, `"[]"`, `""`).
    static func valueText(_ line: [UInt8], key: String) -> String {
        var text = String(decoding: line, as: UTF8.self)
        if let colon = text.firstIndex(of: ":") { text = String(text[text.index(after: colon)...]) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The quote a value opens with (nil: plain).
    static func quoteOf(_ value: String) -> Character? {
        value.first == "'" || value.first == "\"" ? value.first : nil
    }
}
