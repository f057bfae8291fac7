/// Fuzzy matching as fzf ranks it (its v1 algorithm): the query's letters in
/// order, anywhere in the text, case and accents ignored. The match is found
/// forward, then tightened backward to the shortest window ending there; its
/// score rewards letters at the start of a word, runs of consecutive letters
/// and an early start, and charges for gaps.
///
/// It works on text already folded (`TextFold.search`, as UTF-8), or on ASCII
/// text whose capitals it lowers as it reads (`lowering`), so the finder holds
/// no folded copy of every title and note; `positions` finds which characters
/// of an original text to highlight, for the few rows shown.
public enum FuzzyMatch {
    public struct Match: Hashable, Sendable {
        public var score: Int
        /// Where the matched letters are (bytes of the folded text, or characters for `positions`).
        public var positions: [Int]
    }

    static let scoreMatch = 16, bonusWordStart = 8, bonusConsecutive = 10, bonusFirst = 8, penaltyGapStart = 5, penaltyGapExtension = 1

    /// The query folded as texts are, without blanks.
    public static func fold(_ query: String) -> [UInt8] { Array(TextFold.search(query).utf8).filter { $0 != 0x20 } }

    static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    /// The best match of `query` in the folded `text`, or nil.
    public static func match(_ query: [UInt8], in text: String) -> Match? {
        var text = text
        return text.withUTF8 { match(query, in: $0) }
    }

    /// `lowering`: `t` is ASCII text not folded yet; its capitals are lowered as it is read.
    public static func match(_ query: [UInt8], in text: UnsafeBufferPointer<UInt8>, lowering: Bool = false) -> Match? {
        match(query, in: Lowered(bytes: text, lowering: lowering))
    }

    /// Bytes read with ASCII capitals lowered (or as they are).
    struct Lowered {
        let bytes: UnsafeBufferPointer<UInt8>
        let lowering: Bool
        var count: Int { bytes.count }
        @inline(__always) subscript(i: Int) -> UInt8 {
            let b = bytes[i]
            return lowering && b &- 0x41 < 26 ? b | 0x20 : b
        }
    }

    private static func match(_ query: [UInt8], in t: Lowered) -> Match? {
        guard !query.isEmpty else { return Match(score: 0, positions: []) }
        guard query.count <= t.count else { return nil }
        // Forward: the first place every query letter is found in order.
        var qi = 0, end = -1
        var i = 0
        while i < t.count {
            if t[i] == query[qi] {
                qi += 1
                if qi == query.count { end = i; break }
            }
            i += 1
        }
        guard end >= 0 else { return nil }
        // Backward from there: the latest start, so the window is as short as it can be.
        qi = query.count - 1
        var start = end
        i = end
        while i >= 0 {
            if t[i] == query[qi] {
                start = i
                if qi == 0 { break }
                qi -= 1
            }
            i -= 1
        }
        // Forward inside the window, scoring each letter.
        var positions: [Int] = []
        positions.reserveCapacity(query.count)
        var score = 0
        qi = 0
        var previous = -2
        var j = start
        while j <= end, qi < query.count {
            if t[j] == query[qi] {
                var s = scoreMatch
                let wordStart = isWordByte(t[j]) && (j == 0 || !isWordByte(t[j - 1]))
                if wordStart { s += bonusWordStart }
                if previous == j - 1 {
                    s += bonusConsecutive
                } else if previous >= 0 {
                    s -= penaltyGapStart + penaltyGapExtension * (j - previous - 2)
                }
                if qi == 0, j == 0 { s += bonusFirst }
                score += s
                positions.append(j)
                previous = j
                qi += 1
            }
            j += 1
        }
        guard qi == query.count else { return nil }
        score -= min(start, 20) / 4  // an earlier match ranks a little higher
        return Match(score: score, positions: positions)
    }

    /// Where `match` finds the query and what it scores, without its positions: the same passes
    /// with nothing allocated (the finder scores every task, and keeps the best fifty). The
    /// window's first letter is the first position `match` gives and its last the last one:
    /// the backward pass ends on the query's first letter, and reading forward from there the
    /// letters are all found by the end the forward pass found (not before: it found the first).
    public struct Window: Hashable, Sendable {
        public var score: Int
        public var start: Int
        public var end: Int
    }

    @inline(__always)
    static func window(_ query: UnsafeBufferPointer<UInt8>, in t: Lowered) -> Window? {
        let n = query.count
        guard n > 0, n <= t.count else { return n == 0 ? Window(score: 0, start: 0, end: -1) : nil }
        var qi = 0, end = -1
        var i = 0
        var want = query[0]
        while i < t.count {
            if t[i] == want {
                qi += 1
                if qi == n { end = i; break }
                want = query[qi]
            }
            i += 1
        }
        guard end >= 0 else { return nil }
        qi = n - 1
        var start = end
        i = end
        while i >= 0 {
            if t[i] == query[qi] {
                start = i
                if qi == 0 { break }
                qi -= 1
            }
            i -= 1
        }
        var score = 0
        qi = 0
        var previous = -2
        var j = start
        var before = j == 0 ? false : isWordByte(t[j - 1])
        while j <= end {
            let b = t[j]
            let word = isWordByte(b)
            if b == query[qi] {
                var s = scoreMatch
                if word && !before { s += bonusWordStart }
                if previous == j - 1 {
                    s += bonusConsecutive
                } else if previous >= 0 {
                    s -= penaltyGapStart + penaltyGapExtension * (j - previous - 2)
                }
                if qi == 0, j == 0 { s += bonusFirst }
                score += s
                previous = j
                qi += 1
                if qi == n { break }
            }
            before = word
            j += 1
        }
        return Window(score: score - min(start, 20) / 4, start: start, end: end)
    }

    /// Which characters of `text` (its original spelling) the query's letters
    /// match, for highlighting; folded character by character.
    public static func positions(_ query: String, in text: String) -> [Int] {
        let q = fold(query)
        guard !q.isEmpty else { return [] }
        var folded: [UInt8] = [], origin: [Int] = []
        for (i, c) in text.enumerated() {
            for b in TextFold.search(String(c)).utf8 {
                folded.append(b)
                origin.append(i)
            }
        }
        guard let m = folded.withUnsafeBufferPointer({ match(q, in: $0) }) else { return [] }
        var out: [Int] = []
        for p in m.positions where out.last != origin[p] { out.append(origin[p]) }
        return out
    }
}
