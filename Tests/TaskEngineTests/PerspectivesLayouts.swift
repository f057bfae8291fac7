import Foundation
@testable import TaskEngine

/// `.perspectives.json` files as people and tools write them: compact, pretty
/// with 2 or 4 spaces or tabs, CRLF line ends, lists one item a line,
/// non-ASCII written as `\u` escapes. Written here by a renderer of the
/// tests' own (not todomd's), so a save can be compared with what the same
/// hand would have written.
struct PerspectivesLayout: CustomStringConvertible {
    var name: String
    /// nil: all on one line.
    var unit: String?
    var newline = "\n"
    var colon = ": "
    var comma = ", "
    var scalarListsOnOneLine = true
    var escapesNonASCII = false

    var description: String { name }

    static let all: [PerspectivesLayout] = [
        PerspectivesLayout(name: "compact", unit: nil, colon: ":", comma: ","),
        PerspectivesLayout(name: "compact, spaced", unit: nil, colon: ": ", comma: ", "),
        PerspectivesLayout(name: "pretty 2", unit: "  "),
        PerspectivesLayout(name: "pretty 4", unit: "    "),
        PerspectivesLayout(name: "tabs", unit: "\t"),
        PerspectivesLayout(name: "CRLF", unit: "  ", newline: "\r\n"),
        PerspectivesLayout(name: "lists one item a line", unit: "  ", scalarListsOnOneLine: false),
        PerspectivesLayout(name: "JSONSerialization-like", unit: "  ", colon: " : ", scalarListsOnOneLine: false),
        PerspectivesLayout(name: "unicode escapes", unit: "  ", escapesNonASCII: true),
    ]

    func render(_ v: JSONValue) -> String { write(v, indent: "") + (unit == nil ? "" : newline) }

    func write(_ v: JSONValue, indent: String) -> String {
        let inner = indent + (unit ?? "")
        switch v {
        case .string(let s): return quote(s)
        case .null, .bool, .number: return JSONText.compact(v)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if unit == nil || (scalarListsOnOneLine && items.allSatisfy(JSONText.isScalar)) {
                return "[" + items.map { write($0, indent: indent) }.joined(separator: comma) + "]"
            }
            return "[" + items.map { newline + inner + write($0, indent: inner) }.joined(separator: ",") + newline + indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            if unit == nil { return "{" + pairs.map { quote($0.0) + colon + write($0.1, indent: indent) }.joined(separator: comma) + "}" }
            return "{" + pairs.map { newline + inner + quote($0.0) + colon + write($0.1, indent: inner) }.joined(separator: ",") + newline + indent + "}"
        }
    }

    /// The text of perspective `id` as this layout writes it inside the file (key, colon, value).
    func member(_ id: String, _ value: JSONValue) -> String {
        quote(id) + colon + write(value, indent: (unit ?? "") + (unit ?? ""))
    }

    func quote(_ s: String) -> String {
        guard escapesNonASCII else { return JSONText.quote(s) }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if u.value < 0x20 || u.value > 0x7E {
                    let units = u.value > 0xFFFF ? [0xD800 + ((u.value - 0x10000) >> 10), 0xDC00 + ((u.value - 0x10000) & 0x3FF)] : [u.value]
                    for x in units { out += String(format: "\\u%04x", x) }
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Three perspectives: one with every field and non-ASCII text, one with its keys in an odd
    /// order and keys todomd does not know, one with the fewest keys and a nested group; unknown
    /// keys at the top level and under `builtins`. `withOrder`: whether the file has `order`.
    static func document(withOrder: Bool) -> JSONValue {
        let alpha: JSONValue = .object([
            ("id", .string("p-alpha")), ("name", .string("Alpha — café 😀")), ("icon", .string("briefcase")), ("color", .string("#4A90D9")),
            ("rules", .object([("operator", .string("AND")), ("conditions", .array([
                .object([("field", .string("status")), ("op", .string("in")), ("value", .strings(["todo", "in-progress"]))]),
                .object([("field", .string("area")), ("op", .string("equals")), ("value", .string("Wörk")), ("x-note", .string("kept"))]),
            ]))])),
            ("sort", .object([("field", .string("due")), ("direction", .string("asc"))])),
            ("group_by", .string("project")), ("layout", .string("default")), ("manual_order", .null),
        ])
        let beta: JSONValue = .object([
            ("rules", .object([("conditions", .array([.object([("op", .string("equals")), ("field", .string("flagged")), ("value", .bool(true))])])), ("operator", .string("AND"))])),
            ("x-badge", .bool(true)), ("name", .string("Beta \"quoted\" 日本")), ("id", .string("p-beta")),
            ("sort", .object([("direction", .string("desc")), ("field", .string("priority")), ("tiebreak", .string("id"))])),
            ("manual_order", .strings(["a.md", "b.md"])), ("x-weight", .number("1.50")),
        ])
        let gamma: JSONValue = .object([
            ("id", .string("p-gamma")), ("name", .string("Gamma")),
            ("rules", .object([("operator", .string("OR")), ("conditions", .array([
                .object([("field", .string("priority")), ("op", .string("equals")), ("value", .string("high"))]),
                .object([("operator", .string("NOT")), ("conditions", .array([.object([("field", .string("tags")), ("op", .string("contains")), ("value", .string("later"))])]))]),
            ]))])),
        ])
        var top: [(String, JSONValue)] = [("version", .int(1)), ("x-generator", .object([("name", .string("agent")), ("at", .number("1e3"))]))]
        if withOrder { top.append(("order", .strings(["p-alpha", "p-beta", "p-gamma"]))) }
        top.append(("perspectives", .object([("p-alpha", alpha), ("p-beta", beta), ("p-gamma", gamma)])))
        top.append(("builtins", .object([("today", .object([("sort", .object([("field", .string("priority"))])), ("note", .string("kept"))]))])))
        return .object(top)
    }
}
