/// A `[…]` list written again with some entries kept, some removed and some added,
/// as its writer laid it out: each kept entry after the separator it had (its
/// comma, its line break, a comment about the entry before it), a new entry
/// after a separator like the last one's without its comment, and a comment
/// after the last entry kept on that entry's line.
extension DependencyListLayout {
    /// The list's text (its head, `[`, the entries, `]`, its tail); `items`: each entry's text with
    /// the index it had in this layout (nil: a new one), in the new order.
    func flowText(_ items: [(text: String, was: Int?)]) -> String {
        var gaps = gaps.count == self.items.count + 1 ? gaps : [""] + Array(repeating: ", ", count: max(0, self.items.count - 1)) + [""]
        let fresh = self.items.count > 1 ? Self.withoutComments(gaps[self.items.count - 1]) : ", "
        var text = head + "[" + gaps[0]
        for (k, item) in items.enumerated() {
            if k > 0 {
                // (Right after the file's last entry, a comment ending its line stays there: the new entry goes under it.)
                if item.was == nil, items[k - 1].was == self.items.count - 1, let last = gaps.indices.last, let (comment, rest) = Self.leadingComment(gaps[last]) {
                    let indent = fresh.contains("\n") ? String(fresh.split(separator: "\n", omittingEmptySubsequences: false).last!) : " "
                    text += "," + comment + indent
                    gaps[last] = "\n" + rest
                } else {
                    text += item.was.flatMap { $0 > 0 ? gaps[$0] : nil } ?? fresh
                }
            }
            text += item.text
        }
        return text + gaps[self.items.count] + "]" + tail
    }

    /// The indexes each of `kept` had among `items`: `kept` is a subsequence of them, in order.
    static func places(of kept: [String], in items: [String]) -> [Int?] {
        var at = 0
        return kept.map { text in
            guard let i = items[at...].firstIndex(of: text) else { return nil }
            at = i + 1
            return i
        }
    }

    /// A flow list's separator without its comments (`,  # first\n    ` → `,\n    `).
    static func withoutComments(_ gap: String) -> String {
        gap.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let hash = line.firstIndex(of: "#") else { return String(line) }
            return String(line[..<hash].reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// The comment that ends the first line of a gap after a flow list's last entry (its blanks before
    /// it and its line break), and what follows; nil when that line holds none.
    static func leadingComment(_ gap: String) -> (comment: String, rest: String)? {
        let line = gap.prefix { $0 != "\n" }
        guard line.contains("#"), line.drop(while: { $0 == " " || $0 == "," }).first == "#" else { return nil }
        let afterLine = gap.dropFirst(line.count)
        return (String(line.drop { $0 == "," }) + (afterLine.isEmpty ? "" : "\n"), String(afterLine.dropFirst()))
    }
}
