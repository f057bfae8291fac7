import CLibYAML

/// Reads a frontmatter from libyaml's events straight into its top-level
/// pairs, without the document tree Yams would build for it: the common
/// case of reading a vault. Anything out of the ordinary (an alias, an
/// anchor or tag, a key that is not text, a repeated key, a `<<` merge,
/// more than one document, a top level that is not a map, or a syntax
/// error) is left to Yams (`nil`), so such files are read, and refused,
/// with the same results and messages as before.
enum FrontmatterEvents {
    static func pairs(_ text: String) -> [FrontPair]? { pairs(Array(text.utf8)) }

    static func pairs(_ yaml: [UInt8]) -> [FrontPair]? { yaml.withUnsafeBufferPointer { pairs($0) } }

    /// The pairs of the frontmatter in `yaml`, read where it lies (a load hands
    /// over the frontmatter's bytes inside the file's: no copy of them).
    /// With `keys`, a key one of them is, byte for byte, is that key's string (no string made for it).
    static func pairs(_ yaml: UnsafeBufferPointer<UInt8>, keys: FrontmatterKeys? = nil) -> [FrontPair]? {
        guard let base = yaml.baseAddress, !yaml.isEmpty else { return nil }
        // The parser stays in one place in memory from start to end.
        return withUnsafeTemporaryAllocation(of: yaml_parser_t.self, capacity: 1) { room -> [FrontPair]? in
            let parser = room.baseAddress!
            guard yaml_parser_initialize(parser) == 1 else { return nil }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_input_string(parser, base, yaml.count)
            var reader = Reader(parser: parser, keys: keys)
            return reader.document()
        }
    }

    /// One pass over the events; every method returns nil to hand the file to Yams.
    private struct Reader {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        let keys: FrontmatterKeys?
        var event = yaml_event_t()

        /// The next event (nil on a syntax error).
        mutating func next() -> yaml_event_type_t? {
            yaml_event_delete(&event)
            guard yaml_parser_parse(parser, &event) == 1 else { return nil }
            return event.type
        }

        mutating func document() -> [FrontPair]? {
            defer { yaml_event_delete(&event) }
            guard next() == YAML_STREAM_START_EVENT, next() == YAML_DOCUMENT_START_EVENT,
                  next() == YAML_MAPPING_START_EVENT, plainNode(event.data.mapping_start.anchor, event.data.mapping_start.tag) else { return nil }
            var out: [FrontPair] = []
            out.reserveCapacity(12)  // (a dozen keys: one allocation)
            // A frontmatter has a dozen keys: looking through them beats hashing each; a set past 32.
            var seen: Set<String>?
            // Each key's length and first bytes, and whether every key so far is ASCII: ASCII text is
            // `==` to other ASCII text only byte for byte, so a key of ASCII whose bytes begin unlike
            // every earlier ASCII key's is new without comparing strings.
            var prints: [UInt64] = []
            prints.reserveCapacity(12)
            var allASCII = true
            func isNew(_ key: String, print: UInt64, ascii: Bool) -> Bool {
                if out.count == 32 { seen = Set(out.map(\.key)) }
                if let seen { return !seen.contains(key) }
                if ascii, allASCII, !prints.contains(print) { return true }
                return !out.contains { $0.key == key }
            }
            while true {
                guard let type = next() else { return nil }
                if type == YAML_MAPPING_END_EVENT { break }
                guard type == YAML_SCALAR_EVENT else { return nil }
                let (print, ascii) = Self.fingerprint(event.data.scalar.value, Int(event.data.scalar.length))
                guard let (key, _) = scalar(known: keys), key != "<<", isNew(key, print: print, ascii: ascii) else { return nil }
                seen?.insert(key)
                prints.append(print)
                allASCII = allASCII && ascii
                let keyLine = Int(event.start_mark.line)
                guard next() != nil else { return nil }
                let valueLine = Int(event.start_mark.line)
                guard let value = value() else { return nil }
                out.append(FrontPair(key: key, keyLine: keyLine, valueLine: valueLine, value: value))
            }
            guard next() == YAML_DOCUMENT_END_EVENT, next() == YAML_STREAM_END_EVENT else { return nil }
            return out
        }

        /// The value whose first event is the current one, `depth` lists deep. Nested past
        /// `YAMLBounds.maxDepth` it is left to Yams, whose bound check refuses it (this reader
        /// recurses into lists, so that also keeps its stack small).
        mutating func value(depth: Int = 1) -> FrontValue? {
            switch event.type {
            case YAML_SCALAR_EVENT:
                guard let (text, plain) = scalar() else { return nil }
                return .scalar(text, plain: plain)
            case YAML_SEQUENCE_START_EVENT:
                guard depth < YAMLBounds.maxDepth, plainNode(event.data.sequence_start.anchor, event.data.sequence_start.tag) else { return nil }
                var items: [FrontValue] = []
                while true {
                    guard let type = next() else { return nil }
                    if type == YAML_SEQUENCE_END_EVENT { return .sequence(items) }
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                }
            case YAML_MAPPING_START_EVENT:
                guard depth < YAMLBounds.maxDepth, plainNode(event.data.mapping_start.anchor, event.data.mapping_start.tag) else { return nil }
                // A map as a value: its pairs (a dependency entry is one). A key that is not text, or
                // one repeated, is left to Yams, as at the top level.
                var entries: [FrontEntry] = []
                // Keys seen, looked through while few and in a set past 16 (a map of many keys stays linear).
                var seen: Set<String>?
                while true {
                    guard let type = next() else { return nil }
                    if type == YAML_MAPPING_END_EVENT { return .mapping(entries) }
                    guard type == YAML_SCALAR_EVENT, let (key, _) = scalar(), key != "<<" else { return nil }
                    if entries.count == 16 { seen = Set(entries.map(\.key)) }
                    guard !(seen?.contains(key) ?? entries.contains { $0.key == key }) else { return nil }
                    seen?.insert(key)
                    guard next() != nil, let item = value(depth: depth + 1) else { return nil }
                    entries.append(FrontEntry(key: key, value: item))
                }
            default:
                return nil  // an alias
            }
        }

        /// The current scalar's text and whether it was written plain (nil with an anchor or a
        /// tag); the string `known` holds for these bytes, when it holds one.
        func scalar(known: FrontmatterKeys? = nil) -> (String, Bool)? {
            let s = event.data.scalar
            guard plainNode(s.anchor, s.tag) else { return nil }
            let bytes = UnsafeBufferPointer(start: s.value, count: Int(s.length))
            let text = known?.key(bytes: bytes) ?? String(decoding: bytes, as: UTF8.self)
            return (text, s.style == YAML_PLAIN_SCALAR_STYLE)
        }

        /// A scalar's length and first seven bytes as one number (equal bytes, equal numbers),
        /// and whether all its bytes are ASCII.
        static func fingerprint(_ bytes: UnsafeMutablePointer<yaml_char_t>?, _ count: Int) -> (UInt64, Bool) {
            var print = UInt64(truncatingIfNeeded: count) << 56, high: UInt8 = 0
            guard let bytes, count > 0 else { return (print, true) }
            for (i, b) in UnsafeBufferPointer(start: bytes, count: count).enumerated() {
                high |= b
                if i < 7 { print |= UInt64(b) << (8 * UInt64(i)) }
            }
            return (print, high < 0x80)
        }

        func plainNode(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
            anchor == nil && tag == nil
        }
    }
}
