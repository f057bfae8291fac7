import CCmarkGFM

/// A task's notes as CommonMark (with GitHub's task lists, strikethrough and
/// autolinks), parsed by cmark-gfm into a small tree of what a terminal can
/// show. Each checklist item keeps the line of the notes it is on, so it can
/// be ticked by changing that one line.
public struct MarkdownDocument: Hashable, Sendable {
    public indirect enum Block: Hashable, Sendable {
        case heading(level: Int, [Inline])
        case paragraph([Inline])
        /// `start` is the first number of an ordered list, nil for bullets.
        case list(start: Int?, items: [Item])
        case quote([Block])
        case code(info: String, text: String)
        case rule
        /// Raw HTML and tables: shown as their text.
        case other(String)
    }

    public struct Item: Hashable, Sendable {
        /// nil: not a checklist item; true: `- [x]`.
        public var checked: Bool?
        /// The item's line in the notes (0-based).
        public var line: Int
        public var blocks: [Block]
    }

    public struct Inline: Hashable, Sendable {
        public enum Style: Hashable, Sendable { case plain, emphasis, strong, code, link(String), strike }
        public var text: String
        public var style: Style
    }

    public var blocks: [Block]

    public init(parsing text: String) {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { blocks = [.other(text)]; return }
        defer { cmark_parser_free(parser) }
        for name in ["tasklist", "strikethrough", "autolink", "table"] {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress.map { base in base.withMemoryRebound(to: CChar.self, capacity: buf.count) { cmark_parser_feed(parser, $0, buf.count) } }
        }
        guard let doc = cmark_parser_finish(parser) else { blocks = [.other(text)]; return }
        defer { cmark_node_free(doc) }
        blocks = MarkdownDocument.blocks(under: doc)
    }

    static func type(_ n: OpaquePointer) -> String { cmark_node_get_type_string(n).map { String(cString: $0) } ?? "" }
    static func literal(_ n: OpaquePointer) -> String { cmark_node_get_literal(n).map { String(cString: $0) } ?? "" }

    static func children(_ n: OpaquePointer) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var c = cmark_node_first_child(n)
        while let node = c {
            out.append(node)
            c = cmark_node_next(node)
        }
        return out
    }

    static func blocks(under n: OpaquePointer) -> [Block] {
        children(n).map { c in
            switch type(c) {
            case "heading": return .heading(level: Int(cmark_node_get_heading_level(c)), inlines(under: c))
            case "paragraph": return .paragraph(inlines(under: c))
            case "block_quote": return .quote(blocks(under: c))
            case "code_block":
                let info = cmark_node_get_fence_info(c).map { String(cString: $0) } ?? ""
                return .code(info: info, text: literal(c))
            case "thematic_break": return .rule
            case "list":
                let ordered = cmark_node_get_list_type(c) == CMARK_ORDERED_LIST
                let items = children(c).map { item -> Item in
                    let checked: Bool? = type(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
                    return Item(checked: checked, line: Int(cmark_node_get_start_line(item)) - 1, blocks: blocks(under: item))
                }
                return .list(start: ordered ? Int(cmark_node_get_list_start(c)) : nil, items: items)
            default:
                return .other(plainText(c))
            }
        }
    }

    static func inlines(under n: OpaquePointer, style: Inline.Style = .plain) -> [Inline] {
        var out: [Inline] = []
        for c in children(n) {
            switch type(c) {
            case "text", "html_inline": out.append(Inline(text: literal(c), style: style))
            case "code": out.append(Inline(text: literal(c), style: .code))
            case "softbreak": out.append(Inline(text: " ", style: style))
            case "linebreak": out.append(Inline(text: "\n", style: style))
            case "emph": out += inlines(under: c, style: style == .strong ? .strong : .emphasis)
            case "strong": out += inlines(under: c, style: .strong)
            case "strikethrough": out += inlines(under: c, style: .strike)
            case "link", "image":
                let url = cmark_node_get_url(c).map { String(cString: $0) } ?? ""
                out += inlines(under: c, style: .link(url))
            default: out.append(Inline(text: plainText(c), style: style))
            }
        }
        return out
    }

    /// Every text under `n`, for what is shown as text (tables, HTML).
    static func plainText(_ n: OpaquePointer) -> String {
        let own = literal(n)
        let kids = children(n)
        if kids.isEmpty { return own }
        let sep = ["table", "table_row"].contains(type(n)) ? (type(n) == "table" ? "\n" : " │ ") : ""
        return kids.map(plainText).joined(separator: sep)
    }
}
