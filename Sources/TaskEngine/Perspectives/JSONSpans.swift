/// Where the members of one JSON object or array lie in a file's bytes: the
/// span of each key and each value, found by a small scanner that knows
/// strings (and their escapes) and counts brackets, nothing more. It does
/// not read values: every span it gives is checked by decoding it with
/// `JSONText.parse` before its bytes are kept (`JSONSplice`), so a scan that
/// does not line up is noticed and the file is written whole instead.
///
///     let b = Array(#"{"a": [1, 2], "b": "x"}"#.utf8)
///     JSONSpans.container(at: 0, in: b)?.members.map { String(decoding: b[$0.value], as: UTF8.self) }
///     // ["[1, 2]", "\"x\""]
struct JSONSpans {
    struct Member {
        /// The quoted key (objects only).
        var key: Range<Int>?
        var value: Range<Int>
        /// Where the member starts: its key, or an array item's value.
        var start: Int { key?.lowerBound ?? value.lowerBound }
    }

    let isObject: Bool
    /// The `{` or `[`.
    let open: Int
    /// The `}` or `]`.
    let close: Int
    let members: [Member]

    /// Brackets nested deeper than this inside one value: not scanned (the file is written whole).
    static let maxNesting = JSONText.maxNesting
    /// Members of one container past which it is not scanned.
    static let maxMembers = 1_000_000

    var span: Range<Int> { open..<(close + 1) }

    /// Whitespace before the first member (after the opening bracket).
    func leadingGap(_ b: [UInt8]) -> ArraySlice<UInt8> { b[(open + 1)..<(members.first?.start ?? close)] }

    /// What comes between member `i - 1` and member `i` (the comma and the whitespace around it); `i` ≥ 1.
    func gap(before i: Int, _ b: [UInt8]) -> ArraySlice<UInt8> { b[members[i - 1].value.upperBound..<members[i].start] }

    /// Whitespace after the last member (before the closing bracket).
    func trailingGap(_ b: [UInt8]) -> ArraySlice<UInt8> { b[(members.last?.value.upperBound ?? close)..<close] }

    /// The object or array the whole text holds (whitespace around it allowed), with the whitespace before and after.
    static func document(_ b: [UInt8]) -> (top: JSONSpans, before: Range<Int>, after: Range<Int>)? {
        let start = skipSpace(b, 0)
        guard let top = container(at: start, in: b) else { return nil }
        let end = top.close + 1
        guard skipSpace(b, end) == b.count else { return nil }
        return (top, 0..<start, end..<b.count)
    }

    /// The container whose `{` or `[` is at `start`, or nil when the bytes there are not laid out as one.
    static func container(at start: Int, in b: [UInt8]) -> JSONSpans? {
        guard start < b.count, b[start] == UInt8(ascii: "{") || b[start] == UInt8(ascii: "[") else { return nil }
        let isObject = b[start] == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var members: [Member] = []
        var i = skipSpace(b, start + 1)
        guard i < b.count else { return nil }
        if b[i] == closing { return JSONSpans(isObject: isObject, open: start, close: i, members: []) }
        while members.count < maxMembers {
            var key: Range<Int>?
            if isObject {
                guard i < b.count, b[i] == UInt8(ascii: "\""), let end = stringEnd(b, from: i) else { return nil }
                key = i..<end
                i = skipSpace(b, end)
                guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
                i = skipSpace(b, i + 1)
            }
            guard let end = valueEnd(b, from: i) else { return nil }
            members.append(Member(key: key, value: i..<end))
            i = skipSpace(b, end)
            guard i < b.count else { return nil }
            if b[i] == closing { return JSONSpans(isObject: isObject, open: start, close: i, members: members) }
            guard b[i] == UInt8(ascii: ",") else { return nil }
            i = skipSpace(b, i + 1)
        }
        return nil
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    static func skipSpace(_ b: [UInt8], _ from: Int) -> Int {
        var i = from
        while i < b.count, isSpace(b[i]) { i += 1 }
        return i
    }

    /// Just past the closing quote of the string whose opening quote is at `i`.
    static func stringEnd(_ b: [UInt8], from i: Int) -> Int? {
        var j = i + 1
        while j < b.count {
            switch b[j] {
            case UInt8(ascii: "\\"): j += 2
            case UInt8(ascii: "\""): return j + 1
            default: j += 1
            }
        }
        return nil
    }

    /// Just past the value starting at `i`: a string, a container (brackets
    /// counted, strings skipped, at most `maxNesting` deep) or a bare word
    /// (number, `true`, `false`, `null`).
    static func valueEnd(_ b: [UInt8], from i: Int) -> Int? {
        guard i < b.count else { return nil }
        switch b[i] {
        case UInt8(ascii: "\""): return stringEnd(b, from: i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0, j = i
            while j < b.count {
                switch b[j] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(b, from: j) else { return nil }
                    j = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    guard depth <= maxNesting else { return nil }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return j + 1 }
                default: break
                }
                j += 1
            }
            return nil
        default:
            var j = i
            while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: ","), b[j] != UInt8(ascii: "}"), b[j] != UInt8(ascii: "]") { j += 1 }
            return j > i ? j : nil
        }
    }
}
