/// How a JSON file is laid out (line ends, indent, spacing), read from its
/// bytes, and values written that way: a perspective that changed is written
/// in the layout of the file around it, not in todomd's own.
///
///     JSONLayout(bytes: Array("{\n\t\"a\": [\n\t\t1\n\t]\n}".utf8), top: spans)
///     // newline "\n", unit "\t", colon ": ", scalar lists one item a line
struct JSONLayout {
    /// `\n`, or `\r\n` when the file uses it.
    var newline = "\n"
    /// One level of indent (`"  "`, `"    "`, `"\t"`); nil when the file is all on one line.
    var unit: String? = "  "
    /// Between a key and its value: `": "`, `":"`, `" : "`.
    var colon = ": "
    /// Between items written on one line: `", "` or `","`.
    var comma = ", "
    /// Inside the braces of an object written on one line: `{ "a": 1 }` or `{"a": 1}`.
    var objectPad = ""
    /// Inside the brackets of a list written on one line.
    var arrayPad = ""
    /// Whether a list of plain values goes on one line (`["a", "b"]`) in a file laid out on many.
    var scalarListsOnOneLine = true

    init() {}

    /// The layout of `b`, whose top container is `top`.
    init(bytes b: [UInt8], top: JSONSpans) {
        if let cr = b.firstIndex(of: 0x0D), cr + 1 < b.count, b[cr + 1] == 0x0A { newline = "\r\n" }
        let lead = top.leadingGap(b)
        if top.members.isEmpty {
            return  // (`{}` says nothing of a layout: todomd's own)
        } else if let nl = lead.lastIndex(of: 0x0A) {
            unit = String(decoding: lead[(nl + 1)...], as: UTF8.self)
        } else {
            unit = nil
        }
        take(spacingOf: top, b)
        if unit != nil { scalarListsOnOneLine = Self.scalarListsOnOneLine(b) ?? true }
    }

    /// Takes the spacing a container is written with: its colon, and, when it is on one line, its comma and padding.
    mutating func take(spacingOf c: JSONSpans, _ b: [UInt8]) {
        guard let first = c.members.first else { return }
        if let key = first.key { colon = String(decoding: b[key.upperBound..<first.value.lowerBound], as: UTF8.self) }
        guard !b[c.span].contains(0x0A) else { return }
        let pad = String(decoding: c.leadingGap(b), as: UTF8.self)
        if c.isObject { objectPad = pad } else { arrayPad = pad }
        if c.members.count > 1 { comma = String(decoding: c.gap(before: 1, b), as: UTF8.self) }
    }

    /// Whether the file's lists of plain values are on one line (the first such list says), nil when it has none.
    static func scalarListsOnOneLine(_ b: [UInt8]) -> Bool? {
        var i = 0
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "\""):
                guard let end = JSONSpans.stringEnd(b, from: i) else { return nil }
                i = end
                continue
            case UInt8(ascii: "["):
                let next = JSONSpans.skipSpace(b, i + 1)
                if next < b.count, ![UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]")].contains(b[next]) {
                    return !b[i..<next].contains(0x0A)
                }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// `v` as it would be written at a line indented by `indent`: on one line, or over many in the file's indent.
    func render(_ v: JSONValue, indent: String, oneLine: Bool) -> String {
        var out = ""
        write(v, indent: indent, oneLine: oneLine || unit == nil, into: &out)
        return out
    }

    func write(_ v: JSONValue, indent: String, oneLine: Bool, into out: inout String) {
        switch v {
        case .null, .bool, .number, .string: out += JSONText.compact(v)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if oneLine || (scalarListsOnOneLine && items.allSatisfy(JSONText.isScalar)) {
                out += "[" + arrayPad
                for (i, item) in items.enumerated() {
                    if i > 0 { out += comma }
                    write(item, indent: indent, oneLine: true, into: &out)
                }
                out += arrayPad + "]"
                return
            }
            let inner = indent + (unit ?? "")
            out += "["
            for (i, item) in items.enumerated() {
                out += (i > 0 ? "," : "") + newline + inner
                write(item, indent: inner, oneLine: false, into: &out)
            }
            out += newline + indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            if oneLine {
                out += "{" + objectPad
                for (i, (k, value)) in pairs.enumerated() {
                    if i > 0 { out += comma }
                    out += JSONText.quote(k) + colon
                    write(value, indent: indent, oneLine: true, into: &out)
                }
                out += objectPad + "}"
                return
            }
            let inner = indent + (unit ?? "")
            out += "{"
            for (i, (k, value)) in pairs.enumerated() {
                out += (i > 0 ? "," : "") + newline + inner + JSONText.quote(k) + colon
                write(value, indent: inner, oneLine: false, into: &out)
            }
            out += newline + indent + "}"
        }
    }
}
