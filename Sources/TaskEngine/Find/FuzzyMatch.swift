/// Fuzzy matching as fzf ranks it (its v1 algorithm): the query's characters
/// in order, anywhere in the text, case and accents ignored. The match is
/// found forward, then tightened backward to the shortest window ending
/// there; its score rewards characters at the start of a word, runs of
/// consecutive characters and an early start, and charges for gaps.
public enum FuzzyMatch {
    /// A text folded for matching, keeping where each folded character came from.
    public struct Folded: Sendable {
        public let chars: [Character]
        /// For each folded character, the index of the original character.
        public let origin: [Int]
        /// For each folded character, whether it starts a word (after a space, `/`, `-`, `_`, `#`, … or at the start).
        let wordStart: [Bool]

        public init(_ text: String, limit: Int = .max) {
            var chars: [Character] = [], origin: [Int] = [], starts: [Bool] = []
            var previousIsWord = false
            for (i, c) in text.prefix(limit).enumerated() {
                let folded: String
                if c.isASCII, let a = c.asciiValue { folded = String(Character(Unicode.Scalar(a &- 0x41 < 26 ? a | 0x20 : a))) } else { folded = CharacterFolds.shared.fold(c) }
                let isWord = c.isLetter || c.isNumber
                for (k, f) in folded.enumerated() {
                    chars.append(f)
                    origin.append(i)
                    starts.append(k == 0 && isWord && !previousIsWord)
                }
                previousIsWord = isWord
            }
            self.chars = chars
            self.origin = origin
            wordStart = starts
        }
    }

    public struct Match: Hashable, Sendable {
        public var score: Int
        /// Indexes of the matched characters in the original text.
        public var positions: [Int]
    }

    static let scoreMatch = 16, bonusWordStart = 8, bonusConsecutive = 10, bonusFirst = 8, penaltyGapStart = 5, penaltyGapExtension = 1

    /// The query folded as the texts are.
    public static func fold(_ query: String) -> [Character] { Folded(query).chars.filter { $0 != " " } }

    public static func match(_ query: [Character], in text: Folded) -> Match? {
        guard !query.isEmpty else { return Match(score: 0, positions: []) }
        let t = text.chars
        guard query.count <= t.count else { return nil }
        // Forward: the first place every query character is found in order.
        var qi = 0, end = -1
        for (i, c) in t.enumerated() where c == query[qi] {
            qi += 1
            if qi == query.count { end = i; break }
        }
        guard end >= 0 else { return nil }
        // Backward from there: the latest start, so the window is as short as it can be.
        qi = query.count - 1
        var start = end
        var i = end
        while i >= 0 {
            if t[i] == query[qi] {
                start = i
                if qi == 0 { break }
                qi -= 1
            }
            i -= 1
        }
        // Forward again inside the window, preferring word starts and runs.
        var positions: [Int] = []
        var score = 0
        qi = 0
        var previous = -2
        var j = start
        while j <= end, qi < query.count {
            if t[j] == query[qi] {
                var s = scoreMatch
                if text.wordStart[j] { s += bonusWordStart }
                if previous == j - 1 { s += bonusConsecutive } else if previous >= 0 {
                    s -= penaltyGapStart + penaltyGapExtension * (j - previous - 2)
                }
                if qi == 0, j == 0 { s += bonusFirst }
                score += s
                positions.append(text.origin[j])
                previous = j
                qi += 1
            }
            j += 1
        }
        guard qi == query.count else { return nil }
        // An earlier match ranks a little higher.
        score -= min(start, 20) / 4
        var unique: [Int] = []
        for p in positions where unique.last != p { unique.append(p) }
        return Match(score: score, positions: unique)
    }
}
