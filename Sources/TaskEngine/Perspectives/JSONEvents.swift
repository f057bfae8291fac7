import CLibYAML

/// Reads JSON text (already checked to be JSON, or too deeply nested for
/// Foundation to check) from libyaml's events straight into a `JSONValue`,
/// without the node tree Yams would compose first: every command reads
/// `.perspectives.json`, and composing it with Yams was half of reading it.
/// YAML is a superset of JSON: a plain scalar is `null`, `true`, `false` or
/// a number, a quoted one a string. Nesting is walked with a stack of its
/// own, not by recursion, so a file nested thousands deep needs no deep stack.
enum JSONEvents {
    /// The value of `text` (UTF-8), `.null` for a document with none; throws
    /// what makes it unreadable (a syntax error, an alias, an anchor or tag,
    /// a key that is not text, a repeated key).
    /// Nested deeper than `maxNesting`, it is refused (libyaml's own bound,
    /// 1,000 levels, is raised to it: JSON nested deeper than that is still
    /// JSON; a perspective's groups are bounded apart, `RuleStats.maxDepth`).
    static func value(_ text: String, maxNesting: Int) throws -> JSONValue {
        yaml_set_max_nest_level(Int32(maxNesting))
        var text = text
        return try text.withUTF8 { bytes in
            try withUnsafeTemporaryAllocation(of: yaml_parser_t.self, capacity: 1) { room in
                let parser = room.baseAddress!
                guard yaml_parser_initialize(parser) == 1 else { throw JSONText.ParseError(description: "not valid JSON: out of memory") }
                defer { yaml_parser_delete(parser) }
                if let base = bytes.baseAddress { yaml_parser_set_input_string(parser, base, bytes.count) }
                var reader = Reader(parser: parser)
                defer { yaml_event_delete(&reader.event) }
                return try reader.document()
            }
        }
    }

    /// An array or object being read.
    private struct Open {
        var isObject: Bool
        var items: [JSONValue] = []
        var pairs: [(String, JSONValue)] = []
        /// An object's key read, its value not yet.
        var key: String?
        /// A big object's keys (a small one's are looked through).
        var seen: Set<String>?

        /// Takes `key` as the next one; false when the object already has it.
        mutating func take(_ key: String) -> Bool {
            if pairs.count == 32 { seen = Set(pairs.map(\.0)) }
            if var seen {
                self.seen = nil  // (inserted in place, not in a copy)
                defer { self.seen = seen }
                guard seen.insert(key).inserted else { return false }
            } else if pairs.contains(where: { $0.0 == key }) {
                return false
            }
            self.key = key
            return true
        }
    }

    private struct Reader {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        var event = yaml_event_t()

        func failure(_ what: String) -> JSONText.ParseError {
            JSONText.ParseError(description: "not valid JSON: \(what)")
        }

        /// The next event; a syntax error thrown with libyaml's words and place.
        mutating func next() throws -> yaml_event_type_t {
            yaml_event_delete(&event)
            guard yaml_parser_parse(parser, &event) == 1 else {
                let problem = parser.pointee.problem.map { String(cString: $0) } ?? "syntax error"
                let mark = parser.pointee.problem_mark
                throw failure("\(problem) at line \(mark.line + 1), column \(mark.column + 1)")
            }
            return event.type
        }

        mutating func document() throws -> JSONValue {
            guard try next() == YAML_STREAM_START_EVENT else { throw failure("no document") }
            var type = try next()
            if type == YAML_STREAM_END_EVENT { return .null }
            guard type == YAML_DOCUMENT_START_EVENT else { throw failure("no document") }
            var open: [Open] = []
            var root: JSONValue?
            while root == nil {
                type = try next()
                let done: JSONValue?
                switch type {
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    guard s.anchor == nil, s.tag == nil else { throw failure("unexpected anchor or tag") }
                    let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
                    if let last = open.indices.last, open[last].isObject, open[last].key == nil {
                        guard open[last].take(text) else { throw failure("the key \"\(text)\" appears twice in one object") }
                        continue
                    }
                    done = Self.scalar(text, plain: s.style == YAML_PLAIN_SCALAR_STYLE)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isObject = type == YAML_MAPPING_START_EVENT
                    let (anchor, tag) = isObject ? (event.data.mapping_start.anchor, event.data.mapping_start.tag)
                                                 : (event.data.sequence_start.anchor, event.data.sequence_start.tag)
                    guard anchor == nil, tag == nil else { throw failure("unexpected anchor or tag") }
                    if let last = open.last, last.isObject, last.key == nil { throw JSONText.ParseError(description: "an object key is not a string") }
                    open.append(Open(isObject: isObject))
                    continue
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    let closed = open.removeLast()
                    done = closed.isObject ? .object(closed.pairs) : .array(closed.items)
                case YAML_ALIAS_EVENT:
                    throw failure("unexpected alias")
                default:
                    throw failure("unexpected end of the document")
                }
                guard let value = done else { continue }
                if let last = open.indices.last {
                    if open[last].isObject {
                        open[last].pairs.append((open[last].key!, value))
                        open[last].key = nil
                    } else {
                        open[last].items.append(value)
                    }
                } else {
                    root = value
                }
            }
            guard try next() == YAML_DOCUMENT_END_EVENT, try next() == YAML_STREAM_END_EVENT else {
                throw failure("more than one document")
            }
            return root!
        }

        /// A scalar as JSON reads it: written plain, a literal or a number; quoted, a string.
        static func scalar(_ text: String, plain: Bool) -> JSONValue {
            guard plain else { return .string(text) }
            switch text {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return .number(text)
            }
        }
    }
}
