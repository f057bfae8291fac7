/// Where links stand in one line of a file, as ranges of its characters, so a
/// rename can rewrite them in place and leave every other character as it was.
/// In the notes: `[[…]]` and `[text](target)` outside code, as `LinkScan` finds
/// them. In the frontmatter: links inside quoted scalars (a plain `[[x]]` is a
/// YAML list, not a link), and, on the lines of a dependency or project key,
/// a whole scalar that may be a bare name (`- Write docs`, `uid: "Write docs"`).
enum LinkSpans {
    struct Span: Equatable {
        var range: Range<Int>
        /// The quote the span stands inside (`"` or `'`), which decides how new text is escaped.
        var quote: Character?
        /// The span is a whole scalar (a bare name or path), not a link's brackets.
        var wholeScalar = false
    }

    /// Links in a line of notes, outside `code spans` (fenced blocks are the caller's to skip).
    static func inNotes(_ chars: [Character]) -> [Span] {
        links(chars, in: 0..<chars.count, codeSpans: true).map { Span(range: $0) }
    }

    /// Links in a frontmatter line (quoted scalars only); with `bareValues`, also a whole
    /// scalar with no link in it, quoted or plain.
    static func inFrontmatter(_ chars: [Character], bareValues: Bool) -> [Span] {
        var out: [Span] = []
        var i = 0
        var sawQuote = false
        while i < chars.count {
            let c = chars[i]
            if c == "\"" || (c == "'" && (i == 0 || " \t[{,:-".contains(chars[i - 1]))) {
                sawQuote = true
                guard let end = closingQuote(chars, from: i) else { break }
                let content = (i + 1)..<end
                let found = links(chars, in: content, codeSpans: false)
                out += found.map { Span(range: $0, quote: c) }
                if bareValues, found.isEmpty, !content.isEmpty, !(c == "\"" && chars[content].contains("\\")) {
                    out.append(Span(range: content, quote: c, wholeScalar: true))
                }
                i = end + 1
                continue
            }
            if c == "#", i == 0 || chars[i - 1] == " " { break }  // a comment
            i += 1
        }
        if bareValues, !sawQuote, let plain = plainValue(chars) { out.append(Span(range: plain, wholeScalar: true)) }
        if bareValues { out += flowPlainItems(chars).map { Span(range: $0, wholeScalar: true) } }
        return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The plain items of a one-line flow list, `key: [a, "b", c]` → `a`, `c` (quoted ones are read above;
    /// a nested list or map is passed over).
    static func flowPlainItems(_ chars: [Character]) -> [Range<Int>] {
        guard let colon = keyColon(chars, from: 0) else { return [] }
        var i = colon + 1
        func spaces() { while i < chars.count, chars[i] == " " { i += 1 } }
        spaces()
        guard i < chars.count, chars[i] == "[" else { return [] }
        i += 1
        var out: [Range<Int>] = []
        while true {
            spaces()
            guard i < chars.count, chars[i] != "]" else { return out }
            let c = chars[i]
            if c == "\"" || c == "'" {
                guard let end = closingQuote(chars, from: i) else { return out }
                i = end + 1
            } else if c == "[" || c == "{" {
                var depth = 0
                while i < chars.count {
                    if chars[i] == "[" || chars[i] == "{" { depth += 1 }
                    if chars[i] == "]" || chars[i] == "}" { depth -= 1; if depth == 0 { i += 1; break } }
                    i += 1
                }
            } else {
                let start = i
                while i < chars.count, chars[i] != ",", chars[i] != "]" { i += 1 }
                var end = i
                while end > start, chars[end - 1] == " " { end -= 1 }
                if end > start, !"&*!|>%@`#".contains(chars[start]) { out.append(start..<end) }
            }
            spaces()
            guard i < chars.count, chars[i] == "," else { return out }
            i += 1
        }
    }

    /// The index of the quote closing the one at `start` (`\"` escapes in double quotes, `''` in single).
    static func closingQuote(_ chars: [Character], from start: Int) -> Int? {
        let q = chars[start]
        var k = start + 1
        while k < chars.count {
            if q == "\"", chars[k] == "\\" { k += 2; continue }
            if chars[k] == q {
                if q == "'", k + 1 < chars.count, chars[k + 1] == "'" { k += 2; continue }
                return k
            }
            k += 1
        }
        return nil
    }

    /// The plain value of `key: value`, `- value` or `uid: value` (a top-level key, a list item,
    /// a dependency's uid), when it is one plain scalar: not a flow list, a block marker or an anchor.
    static func plainValue(_ chars: [Character]) -> Range<Int>? {
        var i = 0
        while i < chars.count, chars[i] == " " { i += 1 }
        let indented = i > 0
        var item = false
        while i + 1 < chars.count, chars[i] == "-", chars[i + 1] == " " {
            item = true
            i += 2
            while i < chars.count, chars[i] == " " { i += 1 }
        }
        if let colon = keyColon(chars, from: i) {
            let key = String(chars[i..<colon])
            guard !indented && !item || key == "uid" else { return nil }
            i = colon + 1
            while i < chars.count, chars[i] == " " { i += 1 }
        } else if !item {
            return nil
        }
        var end = chars.count
        if let hash = (i..<chars.count).first(where: { chars[$0] == "#" && $0 > i && chars[$0 - 1] == " " }) { end = hash }
        while end > i, chars[end - 1] == " " || chars[end - 1] == "\r" { end -= 1 }
        guard end > i, !"[{&*!|>%@`-?".contains(chars[i]) else { return nil }
        return i..<end
    }

    /// The `:` ending a plain key at `start` (`uid:`, `blocked_by:`), followed by a space or the line's end.
    static func keyColon(_ chars: [Character], from start: Int) -> Int? {
        var k = start
        while k < chars.count, chars[k].isLetter || chars[k].isNumber || chars[k] == "_" || chars[k] == "-" { k += 1 }
        guard k > start, k < chars.count, chars[k] == ":", k + 1 == chars.count || chars[k + 1] == " " || chars[k + 1] == "\r" else { return nil }
        return k
    }

    /// `[[…]]` up to its first `]]`, and `[text](target)` to a file (not a web address or a `#heading`), within `range`.
    /// Linear in the line's length: each "next `]`" is looked for once and its answer kept while the scan
    /// is before it (a line of a million `[` is one pass, not a million).
    static func links(_ chars: [Character], in range: Range<Int>, codeSpans: Bool) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = range.lowerBound, inCode = false
        let end = range.upperBound
        var closing = Next(chars, end) { chars[$0] == "]" }
        var double = Next(chars, end) { $0 + 1 < end && chars[$0] == "]" && chars[$0 + 1] == "]" }
        var paren = Next(chars, end) { chars[$0] == ")" }
        while i < end {
            let c = chars[i]
            if codeSpans, c == "`" { inCode.toggle(); i += 1; continue }
            if inCode || c != "[" { i += 1; continue }
            if i + 1 < end, chars[i + 1] == "[" {
                guard let j = double.first(from: i + 2) else { return out }
                out.append(i..<(j + 2))
                i = j + 2
                continue
            }
            guard let close = closing.first(from: i + 1), close + 1 < end, chars[close + 1] == "(",
                  let stop = paren.first(from: close + 2) else { i += 1; continue }
            let target = String(chars[(close + 2)..<stop])
            if !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:"), !target.isEmpty { out.append(i..<(stop + 1)) }
            i = stop + 1
        }
        return out
    }

    /// The first position at or after a point where `test` holds, remembered: asked from points that
    /// only move forward, the line is read once.
    struct Next {
        let count: Int
        let test: (Int) -> Bool
        var asked = Int.max
        var answer: Int?

        init(_ chars: [Character], _ end: Int, _ test: @escaping (Int) -> Bool) {
            count = end
            self.test = test
        }

        mutating func first(from start: Int) -> Int? {
            if start >= asked, answer.map({ $0 >= start }) ?? true { return answer }
            asked = start
            answer = (start..<max(start, count)).first(where: test)
            return answer
        }
    }
}
