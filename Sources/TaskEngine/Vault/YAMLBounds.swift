import CLibYAML
import Yams

/// What one YAML document may expand to before anything builds it. YAML's
/// aliases repeat what an anchor names, so a few hundred bytes of
/// `b: &b [*a, *a, …]` levels name billions of nodes ("billion laughs"):
/// building or walking that tree takes all memory. Every YAML text todomd
/// hands to Yams (task frontmatter the event reader leaves to it, the write
/// check, the profile files, settings, themes) is first walked here, on
/// libyaml's events, counting what each alias repeats; past a bound the text
/// is refused with the reason, as a syntax error would be. A text with no
/// alias costs one pass of events; a syntax error is left to the parser that
/// follows, which says where it is.
public enum YAMLBounds {
    /// Lists and maps nested deeper than this are refused (nobody's settings
    /// or frontmatter nest past a handful; the readers that follow recurse).
    public static let maxDepth = 100
    /// Nodes that aliases may repeat in one text, all aliases together (an
    /// alias of a list of ten counts eleven, its aliases inside included).
    public static let maxAliasNodes = 10_000
    /// Bytes of scalars that aliases may repeat in one text.
    public static let maxAliasBytes = 1_000_000

    public struct Refusal: Error, CustomStringConvertible, Equatable {
        /// 1-based.
        public var line: Int
        public var reason: String
        public var description: String { "\(reason) at line \(line)" }
    }

    public static func check(_ text: String) throws {
        var text = text
        try text.withUTF8 { try check($0) }
    }

    public static func check(_ bytes: [UInt8]) throws { try bytes.withUnsafeBufferPointer { try check($0) } }

    /// Throws the first bound the text passes.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        try withUnsafeTemporaryAllocation(of: yaml_parser_t.self, capacity: 1) { room in
            let parser = room.baseAddress!
            guard yaml_parser_initialize(parser) == 1 else { return }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_input_string(parser, base, bytes.count)
            var walk = Walk()
            var event = yaml_event_t()
            defer { yaml_event_delete(&event) }
            while true {
                yaml_event_delete(&event)
                // A syntax error: the parser that follows reports it.
                guard yaml_parser_parse(parser, &event) == 1, event.type != YAML_STREAM_END_EVENT else { return }
                try walk.take(event)
            }
        }
    }

    /// The sizes met so far, counting each alias as a copy of what it names.
    struct Walk {
        struct Size { var nodes = 0, bytes = 0 }
        /// An open list or map: its anchor and the totals when it opened.
        struct Open { var anchor: String?; var start: Size }
        var total = Size()
        var repeated = Size()
        var open: [Open] = []
        var anchors: [String: Size] = [:]

        mutating func take(_ event: yaml_event_t) throws {
            let line = Int(event.start_mark.line) + 1
            switch event.type {
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                let size = Size(nodes: 1, bytes: Int(s.length))
                total.nodes += 1
                total.bytes += size.bytes
                if let a = Self.name(s.anchor) { anchors[a] = size }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < maxDepth else {
                    throw Refusal(line: line, reason: "lists and maps nested deeper than \(maxDepth) levels")
                }
                let anchor = event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                open.append(Open(anchor: Self.name(anchor), start: total))
                total.nodes += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let o = open.popLast() else { return }
                if let a = o.anchor { anchors[a] = Size(nodes: total.nodes - o.start.nodes, bytes: total.bytes - o.start.bytes) }
            case YAML_ALIAS_EVENT:
                guard let a = Self.name(event.data.alias.anchor) else { return }
                guard let size = anchors[a] else {
                    // Inside what it names, the alias would make the tree endless; else its anchor is
                    // missing, which the parser that follows reports.
                    if open.contains(where: { $0.anchor == a }) {
                        throw Refusal(line: line, reason: "an alias (*\(a)) inside what it names")
                    }
                    return
                }
                repeated.nodes += size.nodes
                repeated.bytes += size.bytes
                total.nodes += size.nodes
                total.bytes += size.bytes
                // (Each total stays below its bound plus one anchor's size, itself below the bound: no overflow.)
                if repeated.nodes > maxAliasNodes {
                    throw Refusal(line: line, reason: "aliases repeat more than \(maxAliasNodes) nodes")
                }
                if repeated.bytes > maxAliasBytes {
                    throw Refusal(line: line, reason: "aliases repeat more than \(maxAliasBytes / 1_000_000) MB of text")
                }
            default:
                break
            }
        }

        static func name(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
    }

    /// `Yams.compose`, for a text within the bounds.
    public static func compose(_ text: String) throws -> Node? {
        try check(text)
        return try Yams.compose(yaml: text, .basic, .default, .utf8)
    }

    /// `Yams.load`, for a text within the bounds.
    public static func load(_ text: String) throws -> Any? {
        try check(text)
        return try Yams.load(yaml: text)
    }
}
