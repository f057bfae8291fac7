import CLibYAML

/// Where each entry of a dependency list stands in the text of its key
/// (the key's lines alone, read as a one-key YAML document), so a write
/// can keep every entry it does not change exactly as written: its quoting,
/// its map's key order, an entry todomd could not read.
struct DependencyListLayout: Equatable {
    enum Shape: Equatable {
        /// `key:` with nothing, `~`, or `[]`: no entries.
        case empty
        /// `key: [a, {uid: b}]`: each item's text is its bytes between the commas.
        case flow
        /// `key:` then `- a` lines: each item's text is its lines, from its `-`.
        case block
        /// `key: "[[a]]"` or a map: the value is the one entry.
        case single
    }

    var shape: Shape
    /// Each item's text (without the line ending of its last line).
    var items: [String]
    /// Block: the lines before the first item (the key's line); flow: the text before `[`; single: before the value.
    var head: String
    /// Flow: the text after `]` (a comment); otherwise empty.
    var tail = ""
    /// Block: the indentation of the items' `-`.
    var indent = ""
    /// Flow (`[]` too): the text between `[` and the first item, between items (their commas, line
    /// breaks), and after the last before `]`: one more than the items. Empty for other shapes.
    var gaps: [String] = []

    /// The layout of `lines` (a top-level key's lines, each with its line ending);
    /// nil when libyaml cannot follow them plainly (an anchor, an alias, a tag, a syntax error).
    static func read(_ lines: [[UInt8]]) -> DependencyListLayout? {
        let bytes = Array(lines.joined())
        guard !bytes.isEmpty else { return nil }
        let texts = lines.map { strippedEnding($0) }
        var starts: [Int] = []
        var at = 0
        for line in lines { starts.append(at); at += line.count }
        /// A libyaml mark (line, and column in characters) as a byte offset in `bytes`.
        func offset(_ mark: yaml_mark_t) -> Int {
            let line = Int(mark.line)
            guard line < lines.count else { return bytes.count }
            var i = starts[line], column = Int(mark.column)
            let end = starts[line] + lines[line].count
            while column > 0, i < end {
                i += 1
                while i < end, bytes[i] & 0xC0 == 0x80 { i += 1 }  // (the rest of one UTF-8 character)
                column -= 1
            }
            return i
        }
        return bytes.withUnsafeBufferPointer { buffer -> DependencyListLayout? in
            withUnsafeTemporaryAllocation(of: yaml_parser_t.self, capacity: 1) { room -> DependencyListLayout? in
                let parser = room.baseAddress!
                guard yaml_parser_initialize(parser) == 1 else { return nil }
                defer { yaml_parser_delete(parser) }
                yaml_parser_set_input_string(parser, buffer.baseAddress!, buffer.count)
                var event = yaml_event_t()
                defer { yaml_event_delete(&event) }
                func next() -> yaml_event_type_t? {
                    yaml_event_delete(&event)
                    guard yaml_parser_parse(parser, &event) == 1 else { return nil }
                    return event.type
                }
                /// Skips the rest of the node whose first event is the current one; its end mark, nil for what is not plain.
                func skipNode() -> yaml_mark_t? {
                    switch event.type {
                    case YAML_SCALAR_EVENT:
                        guard event.data.scalar.anchor == nil, event.data.scalar.tag == nil else { return nil }
                        return event.end_mark
                    case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                        var depth = 1
                        while depth > 0 {
                            guard let type = next() else { return nil }
                            switch type {
                            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: depth += 1
                            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: depth -= 1
                            case YAML_ALIAS_EVENT: return nil
                            default: break
                            }
                            // (a depth past YAMLBounds' is refused before a write is ever planned)
                            if depth > YAMLBounds.maxDepth { return nil }
                        }
                        return event.end_mark
                    default:
                        return nil
                    }
                }
                guard next() == YAML_STREAM_START_EVENT, next() == YAML_DOCUMENT_START_EVENT, next() == YAML_MAPPING_START_EVENT,
                      next() == YAML_SCALAR_EVENT, next() != nil else { return nil }
                let valueStart = offset(event.start_mark)
                let headText = String(decoding: bytes[..<valueStart], as: UTF8.self)
                switch event.type {
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    guard s.anchor == nil, s.tag == nil else { return nil }
                    let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
                    if FrontValue.isNull(text, plain: s.style == YAML_PLAIN_SCALAR_STYLE) {
                        return DependencyListLayout(shape: .empty, items: [], head: texts[0])
                    }
                    let end = offset(event.end_mark)
                    return DependencyListLayout(shape: .single, items: [String(decoding: bytes[valueStart..<end], as: UTF8.self)], head: headText)
                case YAML_MAPPING_START_EVENT:
                    guard event.data.mapping_start.anchor == nil, event.data.mapping_start.tag == nil, skipNode() != nil else { return nil }
                    // (A block map's end mark lies past its last line: its text runs to the end of the key's lines.)
                    let item = String(decoding: bytes[valueStart...], as: UTF8.self)
                    return DependencyListLayout(shape: .single, items: [strippedEnding(Array(item.utf8))], head: headText)
                case YAML_SEQUENCE_START_EVENT:
                    let seq = event.data.sequence_start
                    guard seq.anchor == nil, seq.tag == nil else { return nil }
                    let flow = seq.style == YAML_FLOW_SEQUENCE_STYLE
                    var ranges: [(start: yaml_mark_t, end: yaml_mark_t)] = []
                    while true {
                        guard let type = next() else { return nil }
                        if type == YAML_SEQUENCE_END_EVENT { break }
                        let start = event.start_mark
                        guard let end = skipNode() else { return nil }
                        ranges.append((start, end))
                    }
                    if flow {
                        let close = offset(event.start_mark)
                        guard close < bytes.count, bytes[close] == UInt8(ascii: "]") else { return nil }
                        let items = ranges.map { String(decoding: bytes[offset($0.start)..<offset($0.end)], as: UTF8.self) }
                        let tail = strippedEnding(Array(bytes[(close + 1)...]))
                        let bounds = [valueStart + 1] + ranges.flatMap { [offset($0.start), offset($0.end)] } + [close]
                        let gaps = stride(from: 0, to: bounds.count, by: 2).map { String(decoding: bytes[bounds[$0]..<max(bounds[$0], bounds[$0 + 1])], as: UTF8.self) }
                        return DependencyListLayout(shape: items.isEmpty ? .empty : .flow, items: items, head: headText, tail: tail, gaps: gaps)
                    }
                    // Block: each item is its lines from the one its `-` stands on.
                    var dashes: [Int] = []
                    for r in ranges {
                        var line = Int(r.start.line)
                        while line > 0, !texts[line].drop(while: { $0 == " " }).hasPrefix("-") { line -= 1 }
                        dashes.append(line)
                    }
                    guard let first = dashes.first, first > 0 else { return DependencyListLayout(shape: .empty, items: [], head: texts[0]) }
                    var items: [String] = []
                    for (n, dash) in dashes.enumerated() {
                        let end = n + 1 < dashes.count ? dashes[n + 1] : texts.count
                        items.append(texts[dash..<end].joined(separator: "\n"))
                    }
                    let indent = String(texts[first].prefix { $0 == " " })
                    return DependencyListLayout(shape: .block, items: items, head: texts[..<first].joined(separator: "\n"), indent: indent)
                default:
                    return nil
                }
            }
        }
    }

    /// A line's text without its `\n` or `\r\n`.
    static func strippedEnding(_ line: [UInt8]) -> String {
        var line = line[...]
        while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
