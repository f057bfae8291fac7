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
    /// alone, so each key typed searches fewer tasks. It carries the index's text as the finder
    /// reads it (`FinderText`), made once for the index. Equal by query, index and size (a
    /// finder's state is compared often; its rows and text follow from those).
    public struct Narrowing: Hashable, Sendable {
        let query: [UInt8]
        let text: FinderText
        /// nil: every row.
        let rows: [Int32]?

        var generation: UInt64 { text.generation }

        public static func == (a: Narrowing, b: Narrowing) -> Bool {
            a.query == b.query && a.generation == b.generation && a.rows?.count == b.rows?.count
        }

        public func hash(into h: inout Hasher) {
            h.combine(query)
            h.combine(generation)
        }
    }

    /// What the finder starts from when it opens: the index's text made (the only pass over
    /// every task's objects), for the first letter to search every row of.
    public static func start(in index: TaskIndex) -> Narrowing {
        Narrowing(query: [], text: FinderText(index), rows: nil)
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
        let kept = previous.flatMap { $0.generation == index.generation ? $0 : nil }
        guard !q.isEmpty, limit > 0 else { return ([], kept.map { Narrowing(query: [], text: $0.text, rows: nil) }) }
        let text = kept?.text ?? FinderText(index)
        let tasks = index.tasks
        let narrowed: [Int32]? = if let kept, q.starts(with: kept.query) { kept.rows } else { nil }
        let scores = q.withUnsafeBufferPointer { q in
            FieldScores(area: FinderText.scores(q, text.areaKeys, bonus: 20), project: FinderText.scores(q, text.projectKeys, bonus: 20),
                        tag: FinderText.scores(q, text.tagKeys, bonus: 20))
        }
        // On every core, a share of the rows each: each share keeps its best, and the best of those are the best of all.
        let count = narrowed?.count ?? text.count
        let chunk = 2_048
        let shares = Parallel.map((count + chunk - 1) / chunk, chunk: 1) { c -> (best: [Candidate], holding: [Int32]) in
            var best = BestHits(limit: limit, tasks: tasks)
            var holding: [Int32] = []
            let scan = Scan(text: text, scores: scores, tasks: tasks)
            q.withUnsafeBufferPointer { q in
                text.titles.withUnsafeBufferPointer { titles in
                    text.starts.withUnsafeBufferPointer { starts in
                        for k in (c * chunk)..<min(count, (c + 1) * chunk) {
                            let row = narrowed.map { Int($0[k]) } ?? k
                            guard row < text.count else { continue }
                            if let found = scan.visit(row, q, titles: titles, starts: starts, holding: &holding) { best.offer(found) }
                        }
                    }
                }
            }
            return (best.kept, holding)
        }
        var best = BestHits(limit: limit, tasks: tasks)
        for share in shares { for c in share.best { best.offer(c) } }
        let hits = best.kept.map { c in
            let entry = tasks[c.row], body = entry.task.body
            let field: Field = switch c.field {
            case .title: .title
            case .area: .area
            case .project: .project
            case .tag: .tag(entry.task.tags[c.at])
            case .notes: .notes
            }
            // (Folding ASCII keeps every byte where it is: the notes' own bytes place the snippet.)
            let snippet = c.field == .notes ? Self.snippet(body, folded: c.notesLowered ? body : entry.bodySearch, aroundByte: c.at) : nil
            return Hit(id: entry.id, score: c.score, field: field, snippet: snippet)
        }
        return (hits, Narrowing(query: q, text: text, rows: shares.flatMap(\.holding)))
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
