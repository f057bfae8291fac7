import TaskEngine

/// A task's notes, parsed by cmark-gfm, as lines of styled text for a pane
/// `width` columns wide: headings bold (`#` kept for the level), emphasis,
/// code and links styled (a link's address after its text when it differs),
/// lists with bullets or numbers, checklists as `☐` / `☑`, quotes with a bar,
/// code blocks indented, rules as a line. Words wrap; a word longer than
/// the width is cut. Each checklist item says on which line it starts.
struct MarkdownLines {
    struct Run: Hashable {
        var text: String
        var style: CellStyle
    }

    struct Line: Hashable {
        var runs: [Run]
        /// The checklist item (its line in the notes) this line starts, if any.
        var checklistLine: Int?
        var text: String { runs.map(\.text).joined() }
    }

    let width: Int
    /// Checkboxes and bullets as symbols or as Markdown's own `[x]`, `[ ]`, `-`.
    var glyphs: GlyphSet = .symbols
    var lines: [Line] = []

    static func render(_ doc: MarkdownDocument, width: Int, glyphs: GlyphSet = .symbols) -> [Line] {
        var r = MarkdownLines(width: max(8, width), glyphs: glyphs)
        r.blocks(doc.blocks, indent: "", first: "")
        while r.lines.last?.runs.allSatisfy({ $0.text.trimmingCharacters(in: .whitespaces).isEmpty }) == true { r.lines.removeLast() }
        return r.lines
    }

    mutating func blocks(_ blocks: [MarkdownDocument.Block], indent: String, first: String, checklistLine: Int? = nil) {
        var firstPrefix = first
        var pendingLine = checklistLine
        for (i, b) in blocks.enumerated() {
            let prefix = i == 0 ? firstPrefix : indent
            switch b {
            case .heading(let level, let inl):
                let runs = [Run(text: String(repeating: "#", count: level) + " ", style: CellStyle(.accent, bold: true))]
                    + inl.map { Run(text: $0.text, style: CellStyle(.accent, bold: true)) }
                wrap(runs, first: prefix, rest: indent, checklistLine: nil)
                blank()
            case .paragraph(let inl):
                wrap(inl.flatMap(Self.runs), first: prefix, rest: indent, checklistLine: pendingLine)
                pendingLine = nil
                if indent.isEmpty { blank() }
            case .list(let start, let items):
                for (n, item) in items.enumerated() {
                    let marker: String
                    if let checked = item.checked { marker = glyphs.text(checked ? .checked : .unchecked) + " " } else if let start { marker = "\(start + n). " } else { marker = glyphs.text(.bullet) + " " }
                    let pad = String(repeating: " ", count: DisplayWidth.of(marker))
                    let head = n == 0 ? prefix : indent
                    if item.blocks.isEmpty {
                        lines.append(Line(runs: [Run(text: head + marker, style: .normal)], checklistLine: item.checked != nil ? item.line : nil))
                    }
                    self.blocks(item.blocks, indent: indent + pad, first: head + marker, checklistLine: item.checked != nil ? item.line : nil)
                }
                if indent.isEmpty { blank() }
            case .quote(let inner):
                self.blocks(inner, indent: indent + "│ ", first: prefix + "│ ")
            case .code(_, let text):
                for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
                    lines.append(Line(runs: [Run(text: indent + "  ", style: .normal), Run(text: DisplayWidth.truncate(String(line), to: max(1, width - DisplayWidth.of(indent) - 2)), style: CellStyle(.dim))]))
                }
                blank()
            case .rule:
                lines.append(Line(runs: [Run(text: indent + String(repeating: "─", count: max(1, width - DisplayWidth.of(indent))), style: CellStyle(.dim))]))
            case .other(let text):
                wrap([Run(text: text, style: CellStyle(.dim))], first: prefix, rest: indent, checklistLine: nil)
            }
            firstPrefix = indent
        }
    }

    static func runs(_ i: MarkdownDocument.Inline) -> [Run] {
        switch i.style {
        case .plain: return [Run(text: i.text, style: .normal)]
        case .emphasis: return [Run(text: i.text, style: CellStyle(.accent))]
        case .strong: return [Run(text: i.text, style: CellStyle(.normal, bold: true))]
        case .code: return [Run(text: i.text, style: CellStyle(.warning))]
        case .strike: return [Run(text: i.text, style: CellStyle(.done))]
        case .link(let url):
            let shown = [Run(text: i.text, style: CellStyle(.accent, bold: true))]
            return url.isEmpty || url == i.text ? shown : shown + [Run(text: " <\(url)>", style: CellStyle(.dim))]
        }
    }

    mutating func blank() {
        if let last = lines.last, !last.text.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(Line(runs: [])) }
    }

    /// Word-wraps `runs` after `first` (then `rest`) on each line; `\n` breaks.
    mutating func wrap(_ runs: [Run], first: String, rest: String, checklistLine: Int?) {
        var current = Line(runs: [Run(text: first, style: .normal)], checklistLine: checklistLine)
        var used = DisplayWidth.of(first)
        func newLine() {
            lines.append(current)
            current = Line(runs: [Run(text: rest, style: .normal)])
            used = DisplayWidth.of(rest)
        }
        for run in runs {
            // Words with the space before them, so a line never starts with one.
            var word = ""
            func flush() {
                guard !word.isEmpty else { return }
                var piece = word
                let w = DisplayWidth.of(piece)
                if used + w > width, used > DisplayWidth.of(rest) {
                    newLine()
                    piece = String(piece.drop { $0 == " " })
                }
                let room = max(1, width - used)
                if DisplayWidth.of(piece) > room { piece = DisplayWidth.truncate(piece, to: room) }
                current.runs.append(Run(text: piece, style: run.style))
                used += DisplayWidth.of(piece)
                word = ""
            }
            for ch in run.text {
                if ch == "\n" { flush(); newLine(); continue }
                if ch == " ", !word.isEmpty, word.last != " " { flush() }
                word.append(ch)
            }
            flush()
        }
        lines.append(current)
    }
}
