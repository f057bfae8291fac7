/// The vault-wide finder: every task's title, notes, area, project and tags,
/// searched fuzzily (`FuzzyMatch`) over their folded text (ASCII read in
/// place with capitals lowered, other text's fold kept by the index), and
/// ranked: a title match first, then area, project and tags, then the notes
/// (which must match closely, within half again the query's length: a
/// query's letters scattered over a page of notes are noise).
public enum TaskFinder {
    public enum Field: Hashable, Sendable { case title, area, project, tag(String), notes }

    public struct Hit: Hashable, Sendable {
        public var id: String
        public var score: Int
        public var field: Field
        /// The notes around the match (when they matched).
        public var snippet: String?
    }

    /// Notes are searched up to this many bytes.
    public static let notesLimit = 4_000

    /// The best `limit` tasks of `index` for `query`, best first (an empty query finds nothing).
    public static func search(_ query: String, in index: TaskIndex, limit: Int = 50) -> [Hit] {
        let q = FuzzyMatch.fold(query)
        guard !q.isEmpty else { return [] }
        var hits: [Hit] = []
        for entry in index.tasks {
            let t = entry.task
            var best: Hit?
            func consider(_ score: Int, _ field: Field, _ snippet: String? = nil) {
                if best == nil || score > best!.score { best = Hit(id: t.id, score: score, field: field, snippet: snippet) }
            }
            if let m = entry.withTitleSearch({ FuzzyMatch.match(q, in: $0, lowering: $1) }) { consider(m.score + 40, .title) }
            if let a = entry.areaKey, let m = FuzzyMatch.match(q, in: a) { consider(m.score + 20, .area) }
            if let p = entry.projectKey, let m = FuzzyMatch.match(q, in: p) { consider(m.score + 20, .project) }
            for (tag, key) in zip(t.tags, entry.tagKeys) { if let m = FuzzyMatch.match(q, in: key) { consider(m.score + 20, .tag(tag)) } }
            if best == nil, !t.body.isEmpty {
                let found: (FuzzyMatch.Match, String)? = entry.withBodySearch(upTo: notesLimit) { part, lowering in
                    guard let m = FuzzyMatch.match(q, in: part, lowering: lowering), let first = m.positions.first, let last = m.positions.last,
                          last - first + 1 <= q.count + q.count / 2 else { return nil }
                    // (Folding ASCII keeps every byte where it is: the notes' own bytes place the snippet.)
                    return (m, snippet(t.body, folded: lowering ? t.body : entry.bodySearch, aroundByte: m.positions[0]))
                }
                if let (m, text) = found { consider(m.score, .notes, text) }
            }
            if let best { hits.append(best) }
        }
        hits.sort { a, b in a.score != b.score ? a.score > b.score : a.id < b.id }
        return Array(hits.prefix(limit))
    }

    /// The line of the notes with the match, as written, cut to about 70
    /// characters around it. (Folding keeps line breaks, so the folded
    /// match's line is the original's.)
    static func snippet(_ body: String, folded: String, aroundByte at: Int) -> String {
        let before = folded.utf8.prefix(at)
        let line = before.filter { $0 == 0x0A }.count
        let column = String(decoding: before.reversed().prefix { $0 != 0x0A }.reversed(), as: UTF8.self).count
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(line) else { return "" }
        let chars = Array(lines[line])
        let lo = max(0, min(column, chars.count) - 30), hi = min(chars.count, column + 40)
        return (lo > 0 ? "…" : "") + String(chars[lo..<hi]).trimmedSpaces() + (hi < chars.count ? "…" : "")
    }
}
