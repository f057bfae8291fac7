/// The vault-wide finder: every task's title, notes, area, project and tags,
/// folded once, searched fuzzily (`FuzzyMatch`) and ranked: a title match
/// first, then area, project and tags, then the notes (which must match
/// closely, within half again the query's length: a query's letters
/// scattered over a page of notes are noise).
public struct TaskFinder: Sendable {
    public enum Field: Hashable, Sendable { case title, area, project, tag(String), notes }

    public struct Hit: Hashable, Sendable {
        public var id: String
        public var score: Int
        public var field: Field
        /// Matched characters of the title (when the title matched).
        public var titlePositions: [Int]
        /// The notes around the match (when they matched).
        public var snippet: String?
    }

    struct Candidate: Sendable {
        var id: String
        var title: FuzzyMatch.Folded
        var area: FuzzyMatch.Folded?
        var project: FuzzyMatch.Folded?
        var tags: [(String, FuzzyMatch.Folded)]
        var body: FuzzyMatch.Folded
        var bodyText: [Character]
    }

    let candidates: [Candidate]
    /// The index this finder was made from.
    public let generation: UInt64
    /// Notes are searched up to this many characters.
    public static let notesLimit = 4_000

    public init(_ index: TaskIndex) {
        generation = index.generation
        candidates = Parallel.map(index.tasks.count, chunk: 256) { i in
            let t = index.tasks[i].task
            return Candidate(id: t.id, title: FuzzyMatch.Folded(t.title), area: t.area.map { FuzzyMatch.Folded($0) },
                             project: t.project.map { FuzzyMatch.Folded($0) }, tags: t.tags.map { ($0, FuzzyMatch.Folded($0)) },
                             body: FuzzyMatch.Folded(t.body, limit: Self.notesLimit), bodyText: Array(t.body.prefix(Self.notesLimit)))
        }
    }

    public var count: Int { candidates.count }

    /// The best `limit` tasks for `query`, best first (an empty query finds nothing).
    public func search(_ query: String, limit: Int = 50) -> [Hit] {
        let q = FuzzyMatch.fold(query)
        guard !q.isEmpty else { return [] }
        var hits: [Hit] = []
        for c in candidates {
            var best: Hit?
            func consider(_ score: Int, _ field: Field, _ positions: [Int] = [], _ snippet: String? = nil) {
                if best == nil || score > best!.score { best = Hit(id: c.id, score: score, field: field, titlePositions: positions, snippet: snippet) }
            }
            if let m = FuzzyMatch.match(q, in: c.title) { consider(m.score + 40, .title, m.positions) }
            if let a = c.area, let m = FuzzyMatch.match(q, in: a) { consider(m.score + 20, .area) }
            if let p = c.project, let m = FuzzyMatch.match(q, in: p) { consider(m.score + 20, .project) }
            for (tag, folded) in c.tags { if let m = FuzzyMatch.match(q, in: folded) { consider(m.score + 20, .tag(tag)) } }
            // In the notes, only a close match counts: the query's letters within half again its length.
            if best == nil, let m = FuzzyMatch.match(q, in: c.body), let first = m.positions.first, let last = m.positions.last,
               last - first + 1 <= q.count + q.count / 2 {
                consider(m.score, .notes, [], Self.snippet(c.bodyText, around: first))
            }
            if let best { hits.append(best) }
        }
        hits.sort { a, b in a.score != b.score ? a.score > b.score : a.id < b.id }
        return Array(hits.prefix(limit))
    }

    /// The line of the notes with the match, cut to about 60 characters around it.
    static func snippet(_ text: [Character], around i: Int) -> String {
        var lo = i, hi = i
        while lo > 0, text[lo - 1] != "\n", i - lo < 30 { lo -= 1 }
        while hi < text.count, text[hi] != "\n", hi - i < 40 { hi += 1 }
        return (lo > 0 && text[lo - 1] != "\n" ? "…" : "") + String(text[lo..<hi]).trimmedSpaces()
            + (hi < text.count && text[hi] != "\n" ? "…" : "")
    }
}
