/// A quick-add line cut into words, each with where it stands in the line
/// (in characters, for highlighting). A word is a run of non-blanks, except
/// that a double-quoted part (`+"Q4 Report"`, `"Call Sun"`) runs to its
/// closing quote, blanks included.
struct QuickAddWord: Hashable, Sendable {
    var text: String
    /// Character offsets in the line.
    var range: Range<Int>
    /// Lowercased, for matching keywords.
    var key: String { text.lowercased() }
}

enum QuickAddWords {
    static func split(_ line: String) -> [QuickAddWord] {
        let chars = Array(line)
        var words: [QuickAddWord] = []
        var i = 0
        while i < chars.count {
            if chars[i].isWhitespace { i += 1; continue }
            let start = i
            var inQuote = false
            while i < chars.count {
                let c = chars[i]
                if c == "\"" {
                    if inQuote {
                        inQuote = false
                    } else if chars[(i + 1)...].contains("\"") {
                        inQuote = true  // a quote opens a phrase only when it closes
                    }
                } else if c.isWhitespace, !inQuote {
                    break
                }
                i += 1
            }
            words.append(QuickAddWord(text: String(chars[start..<i]), range: start..<i))
        }
        return words
    }
}
