/// The checklist of a task's notes (`- [ ]` / `- [x]` items, read by
/// cmark-gfm): how far along it is, and ticking one item by changing only its line.
public enum Checklist {
    public struct Progress: Hashable, Sendable {
        public var done: Int
        public var total: Int
    }

    /// Every checklist item of `doc`, in order, nested ones included.
    public static func items(_ doc: MarkdownDocument) -> [MarkdownDocument.Item] {
        func walk(_ blocks: [MarkdownDocument.Block]) -> [MarkdownDocument.Item] {
            blocks.flatMap { b -> [MarkdownDocument.Item] in
                switch b {
                case .list(_, let items): return items.flatMap { ($0.checked != nil ? [$0] : []) + walk($0.blocks) }
                case .quote(let inner): return walk(inner)
                default: return []
                }
            }
        }
        return walk(doc.blocks)
    }

    /// nil when the notes have no checklist. A quick look for `[` first: most notes have none.
    public static func progress(_ body: String) -> Progress? {
        guard body.contains("[ ]") || body.contains("[x]") || body.contains("[X]") else { return nil }
        let all = items(MarkdownDocument(parsing: body))
        guard !all.isEmpty else { return nil }
        return Progress(done: all.filter { $0.checked == true }.count, total: all.count)
    }

    /// `body` with the checkbox on `line` flipped; nil when that line holds no checkbox.
    /// Lines are counted as cmark counts them (`\n`, `\r\n` and a lone `\r` each end
    /// one), so the item ticked is the item shown; every other byte, line ends
    /// included, stays as it was.
    public static func toggle(_ body: String, line: Int) -> String? {
        let bytes = Array(body.utf8)
        guard let span = lineSpan(bytes, line: line) else { return nil }
        var text = String(decoding: bytes[span], as: UTF8.self)
        let markers: [(String, String)] = [("[ ]", "[x]"), ("[x]", "[ ]"), ("[X]", "[ ]")]
        // The first box after the list marker: `- [ ]`, `* [x]`, `1. [ ]`, indented or in a quote.
        for (from, to) in markers {
            guard let r = text.range(of: from) else { continue }
            let before = text[..<r.lowerBound]
            guard before.contains(where: { "-*+.)".contains($0) }), before.allSatisfy({ " \t>-*+.)".contains($0) || $0.isNumber }) else { continue }
            text.replaceSubrange(r, with: to)
            return String(decoding: bytes[..<span.lowerBound] + Array(text.utf8) + bytes[span.upperBound...], as: UTF8.self)
        }
        return nil
    }

    /// The bytes of line `line` (0-based, its line end left out); nil past the last line.
    static func lineSpan(_ bytes: [UInt8], line: Int) -> Range<Int>? {
        guard line >= 0 else { return nil }
        var start = 0, seen = 0, i = 0
        while seen < line {
            guard i < bytes.count else { return nil }
            let b = bytes[i]
            i += 1
            if b == 0x0D, i < bytes.count, bytes[i] == 0x0A { i += 1 }
            if b == 0x0A || b == 0x0D {
                seen += 1
                start = i
            }
        }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return start..<end
    }
}
