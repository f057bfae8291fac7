import Foundation

/// Frontmatter written as a JSON object (`---\n{"title": "X", "tags": ["a"]}\n---`)
/// is changed as JSON: the object is read with its key order and number
/// spellings, the changed keys are set in place (new ones appended), and it is
/// written back in the layout it had: on one line, or pretty-printed.
enum JSONFrontmatter {
    static func render(_ lines: [[UInt8]], edits: [FrontmatterEdit], eol: [UInt8]) throws -> [[UInt8]] {
        let text = lines.joined()
        var object = try JSONText.parse(Data(text))
        for edit in edits { object.set(edit.key, edit.value.map(json)) }
        let contentLines = lines.filter { !TaskFileCodec.isBlankOrComment($0) }.count
        let rendered = contentLines <= 1 ? oneLine(object) : JSONText.render(object).trimmingCharacters(in: .newlines)
        return rendered.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) + eol }
    }

    static func json(_ value: FrontmatterEdit.Value) -> JSONValue {
        switch value {
        case .text(let s), .date(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .int(let n): return .int(n)
        case .list(let items), .dayList(let items): return .strings(items)
        case .maps(let maps): return .array(maps.map { .object($0.map { ($0.key, .string($0.value)) }) })
        }
    }

    /// `{"a": 1, "b": ["x", "y"]}`: the spacing people write on one line.
    static func oneLine(_ value: JSONValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(oneLine).joined(separator: ", ") + "]"
        case .object(let pairs): return "{" + pairs.map { JSONText.quote($0.0) + ": " + oneLine($0.1) }.joined(separator: ", ") + "}"
        default: return JSONText.render(inline: value)
        }
    }
}
