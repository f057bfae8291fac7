import Foundation

/// Frontmatter written as a JSON object (`---\n{"title": "X", "tags": ["a"]}\n---`)
/// is changed as JSON: the object is read with its key order and number
/// spellings, the changed keys are set in place (new ones appended), and it is
/// written back in the layout it had: on one line, or pretty-printed.
enum JSONFrontmatter {
    static func render(_ lines: [[UInt8]], edits: [FrontmatterEdit], eol: [UInt8]) throws -> [[UInt8]] {
        let text = lines.joined()
        var object = try JSONText.parse(Data(text))
        for edit in edits {
            if case .dependencies(let entries)? = edit.value {
                object.set(edit.key, dependencies(entries, old: object[edit.key]))
            } else {
                object.set(edit.key, edit.value.map(json))
            }
        }
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
        case .dependencies(let entries): return dependencies(entries, old: nil) ?? .array([])
        case .maps(let maps): return .array(maps.map { .object($0.map { ($0.key, .string($0.value)) }) })
        }
    }

    /// A dependency list as JSON over the file's: each entry the new list still has, and each
    /// one todomd cannot read, stays as it was; new ones follow (a link alone, or a map for
    /// another relation or a gap). Nil (no key) when nothing is left.
    static func dependencies(_ entries: [TaskDependency], old: JSONValue?) -> JSONValue? {
        let items: [JSONValue]
        switch old {
        case .array(let a)?: items = a
        case .null?, nil: items = []
        case let one?: items = [one]
        }
        let (kept, wanted) = DependencyListWriter.matched(items, entries) { DependencyList.entry(of: frontValue($0)) }
        // One entry written alone and kept: as it was, not made a list.
        if let one = old, items == [one], kept == [one], wanted.isEmpty { return one }
        let added = wanted.map { e -> JSONValue in
            e.relation == .finishToStart && e.gap == nil ? .string(e.uid)
                : .object([("uid", .string(e.uid)), ("reltype", .string(e.relation.rawValue))] + (e.gap.map { [("gap", JSONValue.string($0))] } ?? []))
        }
        let all = kept + added
        return all.isEmpty ? nil : .array(all)
    }

    /// A JSON value as the frontmatter reader sees it (JSON is YAML).
    static func frontValue(_ v: JSONValue) -> FrontValue {
        switch v {
        case .null: return .scalar("null", plain: true)
        case .bool(let b): return .scalar(b ? "true" : "false", plain: true)
        case .number(let n): return .scalar(n, plain: true)
        case .string(let s): return .scalar(s, plain: false)
        case .array(let a): return .sequence(a.map(frontValue))
        case .object(let o): return .mapping(o.map { FrontEntry(key: $0.0, value: frontValue($0.1)) })
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
