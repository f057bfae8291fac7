import Foundation

/// A JSON value that keeps object key order and numbers as written, so a file
/// full of keys the app does not know loads and saves back unchanged.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number's text as written (`15`, `1.50`, `1e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .bool(let b): h.combine(b)
        case .number(let n): h.combine(n)
        case .string(let s): h.combine(s)
        case .array(let a): h.combine(a)
        case .object(let o): for (k, v) in o { h.combine(k); h.combine(v) }
        }
    }

    // MARK: access

    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectPairs: [(String, JSONValue)]? { if case .object(let o) = self { return o }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }

    /// A whole number, from a JSON number without fraction (`15`, `15.0`).
    public var int: Int? {
        guard case .number(let n) = self, let d = Double(n), d.rounded() == d, abs(d) < 1e15 else { return nil }
        return Int(d)
    }

    public static func int(_ n: Int) -> JSONValue { .number(String(n)) }

    /// Sets `key` in an object: in place when present (order kept), else appended.
    public mutating func set(_ key: String, _ value: JSONValue?) {
        guard case .object(var pairs) = self else { return }
        if let i = pairs.firstIndex(where: { $0.0 == key }) {
            if let value { pairs[i].1 = value } else { pairs.remove(at: i) }
        } else if let value {
            pairs.append((key, value))
        }
        self = .object(pairs)
    }
}

/// Reads JSON text. Foundation checks that it is strict JSON (and says where
/// it is not); libyaml, whose YAML is a superset of JSON, gives the ordered
/// tree (`JSONEvents`).
public enum JSONText {
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Objects and lists nested deeper than this make a file unreadable.
    public static let maxNesting = 4_000

    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let ns = error as NSError
            let detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            // Foundation stops at a fixed nesting depth; such a file is still
            // JSON, so it is read with libyaml alone.
            if !detail.contains("Too many nested") { throw ParseError(description: "not valid JSON: \(detail)") }
        }
        guard let raw = String(data: data, encoding: .utf8) else { throw ParseError(description: "not UTF-8 text") }
        return try JSONEvents.value(decodingSurrogateEscapes(raw), maxNesting: maxNesting)
    }

    /// YAML has no `\uD83D\uDE00` surrogate-pair escapes (JSON's way to write
    /// 😀): such pairs become the character itself before libyaml reads the text;
    /// a lone surrogate becomes U+FFFD, as JSON decoders do.
    static func decodingSurrogateEscapes(_ text: String) -> String {
        // (By bytes: `String.contains` of a string took longer than the rest of reading the file.)
        guard text.utf8.contains(UInt8(ascii: "\\")), text.contains("\\u") || text.contains("\\U") else { return text }
        let u = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 6 <= u.count, u[at] == "\\", u[at + 1] == "u" || u[at + 1] == "U" else { return nil }
            return UInt32(String(String.UnicodeScalarView(u[(at + 2)..<(at + 6)])), radix: 16)
        }
        while i < u.count {
            if u[i] == "\\", i + 1 < u.count {
                if let v = hex(i), (0xD800...0xDFFF).contains(v) {
                    if v <= 0xDBFF, let low = hex(i + 6), (0xDC00...0xDFFF).contains(low),
                       let scalar = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)) {
                        out.append(scalar)
                        i += 12
                    } else {
                        out.append("\u{FFFD}")
                        i += 6
                    }
                    continue
                }
                out.append(u[i])
                out.append(u[i + 1])  // any other escape, kept (so `\\u` stays a backslash and a u)
                i += 2
                continue
            }
            out.append(u[i])
            i += 1
        }
        return String(out)
    }

    /// Pretty-printed with a 2-space indent and a final newline.
    public static func render(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out + "\n"
    }

    static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent + 2)
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): out += quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if items.allSatisfy(isScalar) {
                out += "[" + items.map { render(inline: $0) }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 2, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (k, v)) in pairs.enumerated() {
                out += pad + quote(k) + ": "
                write(v, indent: indent + 2, into: &out)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    static func isScalar(_ v: JSONValue) -> Bool {
        switch v {
        case .array, .object: return false
        default: return true
        }
    }

    /// One line, keys in their order: `{"a":1,"b":[true,null]}`.
    public static func compact(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return quote(s)
        case .array(let a): return "[" + a.map(compact).joined(separator: ",") + "]"
        case .object(let o): return "{" + o.map { quote($0.0) + ":" + compact($0.1) }.joined(separator: ",") + "}"
        }
    }

    static func render(inline v: JSONValue) -> String {
        var out = ""
        write(v, indent: 0, into: &out)
        return out
    }

    static func quote(_ s: String) -> String {
        var out = ""
        appendString(s, to: &out, hidingInvisible: false)
        return out
    }
}
