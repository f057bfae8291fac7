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

    /// The rows a query was searched in that hold its letters in order in some field (the notes'
    /// closeness not asked): a query made by adding letters at the end of it is found in these
    /// alone, so each key typed searches fewer tasks. Equal by query, index and size (a finder's
    /// state is compared often; its rows follow from those).
    public struct Narrowing: Hashable, Sendable {
        let query: [UInt8]
        let generation: UInt64
        let rows: [Int32]

        public static func == (a: Narrowing, b: Narrowing) -> Bool {
            a.query == b.query && a.generation == b.generation && a.rows.count == b.rows.count
        }

        public func hash(into h: inout Hasher) {
            h.combine(query)
            h.combine(generation)
        }
    }

    /// The best `limit` tasks of `index` for `query`, best first (an empty query finds nothing).
    public static func search(_ query: String, in index: TaskIndex, limit: Int = 50) -> [Hit] {
        search(query, in: index, limit: limit, after: nil).hits
    }

    /// The same, searching only the rows `previous` kept when `query` adds letters to its query
    /// (and the index is the one it was made for); with the narrowing for the next key.
    /// Only the best `limit` are kept as it goes (a query of one letter
    /// matches nearly every task, and every hit of a big vault kept at once
    /// is a lot of memory), and the notes' snippets are cut for those alone.
    public static func search(_ query: String, in index: TaskIndex, limit: Int = 50, after previous: Narrowing?) -> (hits: [Hit], narrowing: Narrowing?) {
        let q = FuzzyMatch.fold(query)
        guard !q.isEmpty, limit > 0 else { return ([], nil) }
        let tasks = index.tasks
        let narrowed: [Int32]? = if let previous, previous.generation == index.generation, q.starts(with: previous.query) { previous.rows } else { nil }
        // On every core, a share of the rows each (a task's lazy folds are then made by one thread, as when
        // the index is built): each share keeps its best, and the best of those are the best of all.
        let count = narrowed?.count ?? tasks.count
        let chunk = 2_048
        let shares = Parallel.map((count + chunk - 1) / chunk, chunk: 1) { c -> (best: [Candidate], holding: [Int32]) in
            var best = BestHits(limit: limit, tasks: tasks)
            var holding: [Int32] = []
            for k in (c * chunk)..<min(count, (c + 1) * chunk) {
                let row = narrowed.map { Int($0[k]) } ?? k
                guard row < tasks.count else { continue }
                if let found = visit(row, q, tasks[row], holding: &holding) { best.offer(found) }
            }
            return (best.kept, holding)
        }
        var best = BestHits(limit: limit, tasks: tasks)
        for share in shares { for c in share.best { best.offer(c) } }
        let hits = best.kept.map { c in
            let entry = tasks[c.row], body = entry.task.body
            // (Folding ASCII keeps every byte where it is: the notes' own bytes place the snippet.)
            let snippet = c.field == .notes ? Self.snippet(body, folded: c.notesLowered ? body : entry.bodySearch, aroundByte: c.notesAt) : nil
            return Hit(id: entry.id, score: c.score, field: c.field, snippet: snippet)
        }
        return (hits, Narrowing(query: q, generation: index.generation, rows: shares.flatMap(\.holding)))
    }

    /// The task's best match for `q` (nil: none, or only notes too scattered); `holding` gets its
    /// row when `q`'s letters are in some field in order.
    static func visit(_ row: Int, _ q: [UInt8], _ entry: IndexedTask, holding: inout [Int32]) -> Candidate? {
        let t = entry.task
        var found: Candidate?
        func consider(_ score: Int, _ field: Field, notesAt: Int = 0, notesLowered: Bool = false) {
            if found == nil || score > found!.score {
                found = Candidate(row: row, score: score, field: field, notesAt: notesAt, notesLowered: notesLowered)
            }
        }
        if let m = entry.withTitleSearch({ FuzzyMatch.match(q, in: $0, lowering: $1) }) { consider(m.score + 40, .title) }
        if let a = entry.areaKey, let m = FuzzyMatch.match(q, in: a) { consider(m.score + 20, .area) }
        if let p = entry.projectKey, let m = FuzzyMatch.match(q, in: p) { consider(m.score + 20, .project) }
        for (tag, key) in zip(t.tags, entry.tagKeys) { if let m = FuzzyMatch.match(q, in: key) { consider(m.score + 20, .tag(tag)) } }
        var holds = found != nil
        if found == nil, !t.body.isEmpty {
            let m: (FuzzyMatch.Match, Bool, close: Bool)? = entry.withBodySearch(upTo: notesLimit) { part, lowering in
                guard let m = FuzzyMatch.match(q, in: part, lowering: lowering), let first = m.positions.first, let last = m.positions.last else { return nil }
                return (m, lowering, last - first + 1 <= q.count + q.count / 2)
            }
            if let (m, lowering, close) = m {
                holds = true
                if close { consider(m.score, .notes, notesAt: m.positions[0], notesLowered: lowering) }
            }
        }
        if holds { holding.append(Int32(row)) }
        return found
    }

    /// A task's best match: its row, and where in the notes it is when there
    /// (`notesLowered`: in the notes' own bytes, capitals lowered, else in their fold).
    struct Candidate: Sendable {
        var row: Int
        var score: Int
        var field: Field
        var notesAt: Int
        var notesLowered: Bool
    }

    /// The best `limit` candidates so far, best first: higher scores, then ids A–Z.
    struct BestHits {
        let limit: Int
        let tasks: [IndexedTask]
        private(set) var kept: [Candidate] = []

        init(limit: Int, tasks: [IndexedTask]) {
            self.limit = limit
            self.tasks = tasks
        }

        func before(_ a: Candidate, _ b: Candidate) -> Bool {
            a.score != b.score ? a.score > b.score : tasks[a.row].id < tasks[b.row].id
        }

        mutating func offer(_ c: Candidate) {
            if kept.count == limit, !before(c, kept[limit - 1]) { return }
            var lo = 0, hi = kept.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if before(kept[mid], c) { lo = mid + 1 } else { hi = mid }
            }
            kept.insert(c, at: lo)
            if kept.count > limit { kept.removeLast() }
        }
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
