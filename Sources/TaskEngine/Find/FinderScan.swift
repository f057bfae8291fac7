extension TaskFinder {
    /// One query's score for each distinct area, project and tag (`FinderText.none`: not matched).
    struct FieldScores: Sendable {
        let area: [Int32], project: [Int32], tag: [Int32]
    }

    /// The finder's look at one task: its title from the finder's text, its area, project and
    /// tags from the scores of their names, its notes (read in place) when nothing else matched.
    struct Scan {
        let text: FinderText
        let scores: FieldScores
        let tasks: [IndexedTask]

        /// The task's best match for `q` (nil: none, or only notes too scattered); `holding` gets its
        /// row when `q`'s letters are in some field in order. The first field of the best score wins:
        /// title, area, project, the tags in order, then the notes.
        @inline(__always)
        func visit(_ row: Int, _ q: UnsafeBufferPointer<UInt8>, titles: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int32>,
                   holding: inout [Int32]) -> Candidate? {
            var score = FinderText.none, field = Candidate.Kind.title, at = 0
            let title = UnsafeBufferPointer(rebasing: titles[Int(starts[row])..<Int(starts[row + 1])])
            if let w = FuzzyMatch.window(q, in: FuzzyMatch.Lowered(bytes: title, lowering: false)) { score = Int32(w.score + 40) }
            let a = text.area[row]
            if a >= 0, scores.area[Int(a)] > score { (score, field) = (scores.area[Int(a)], .area) }
            let p = text.project[row]
            if p >= 0, scores.project[Int(p)] > score { (score, field) = (scores.project[Int(p)], .project) }
            let first = Int(text.tagStarts[row])
            for k in first..<Int(text.tagStarts[row + 1]) {
                let s = scores.tag[Int(text.tagWords[k])]
                if s > score { (score, field, at) = (s, .tag, k - first) }
            }
            if score != FinderText.none {
                holding.append(Int32(row))
                return Candidate(row: row, score: Int(score), field: field, at: at, notesLowered: false)
            }
            guard text.hasNotes[row] else { return nil }
            let found = TaskFinder.notesMatch(tasks[row], q)
            guard let (w, lowering) = found else { return nil }
            holding.append(Int32(row))
            // (Notes must match closely, within half again the query's length.)
            guard w.end - w.start + 1 <= q.count + q.count / 2 else { return nil }
            return Candidate(row: row, score: w.score, field: .notes, at: w.start, notesLowered: lowering)
        }
    }

    /// The match in the first `notesLimit` bytes of the notes' fold, and whether it is in the notes' own
    /// bytes (ASCII notes, read in place with capitals lowered, as `withBodySearch` reads them).
    @inline(__always)
    static func notesMatch(_ entry: IndexedTask, _ q: UnsafeBufferPointer<UInt8>) -> (FuzzyMatch.Window, Bool)? {
        var body = entry.task.body
        let ascii: (FuzzyMatch.Window, Bool)?? = body.withUTF8 { all in
            let part = UnsafeBufferPointer(rebasing: all[0..<min(all.count, notesLimit)])
            guard !part.contains(where: { $0 >= 0x80 }) else { return .none }
            return .some(FuzzyMatch.window(q, in: FuzzyMatch.Lowered(bytes: part, lowering: true)).map { ($0, true) })
        }
        if let ascii { return ascii }
        return entry.withBodySearch(upTo: notesLimit) { part, lowering in
            FuzzyMatch.window(q, in: FuzzyMatch.Lowered(bytes: part, lowering: lowering)).map { ($0, lowering) }
        }
    }

    /// A task's best match: its row, the field, and which tag, or where in the notes it is
    /// (`notesLowered`: in the notes' own bytes, capitals lowered, else in their fold). Plain
    /// values only: a scan makes one for nearly every task.
    struct Candidate: Sendable {
        enum Kind: UInt8 { case title, area, project, tag, notes }
        var row: Int
        var score: Int
        var field: Kind
        /// The tag's place among the task's tags, or the notes' byte the match starts at.
        var at: Int
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
}
