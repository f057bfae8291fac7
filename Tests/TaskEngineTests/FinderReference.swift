@testable import TaskEngine

/// The finder as it was first written, for tests to compare the real one
/// with: every field of every task folded to a string and scored with
/// `FuzzyMatch.match` (positions and all), every hit kept, then sorted.
enum FinderReference {
    /// Each task's title and notes folded (`folds`, for many queries over one vault: folding is most of the time taken).
    typealias Folds = [(title: String, body: String)]

    static func folds(_ tasks: [IndexedTask]) -> Folds { tasks.map { (TextFold.search($0.task.title), TextFold.search($0.task.body)) } }

    static func search(_ query: String, _ tasks: [IndexedTask], limit: Int = 50, folds: Folds? = nil) -> [TaskFinder.Hit] {
        let q = FuzzyMatch.fold(query)
        guard !q.isEmpty else { return [] }
        var hits: [TaskFinder.Hit] = []
        for (row, entry) in tasks.enumerated() {
            let t = entry.task
            var best: TaskFinder.Hit?
            func consider(_ score: Int, _ field: TaskFinder.Field, _ snippet: String? = nil) {
                if best == nil || score > best!.score { best = TaskFinder.Hit(id: t.id, score: score, field: field, snippet: snippet) }
            }
            if let m = FuzzyMatch.match(q, in: folds?[row].title ?? TextFold.search(t.title)) { consider(m.score + 40, .title) }
            if let a = entry.areaKey, let m = FuzzyMatch.match(q, in: a) { consider(m.score + 20, .area) }
            if let p = entry.projectKey, let m = FuzzyMatch.match(q, in: p) { consider(m.score + 20, .project) }
            for (tag, key) in zip(t.tags, entry.tagKeys) { if let m = FuzzyMatch.match(q, in: key) { consider(m.score + 20, .tag(tag)) } }
            if best == nil, !t.body.isEmpty {
                var body = folds?[row].body ?? TextFold.search(t.body)
                let found: FuzzyMatch.Match? = body.withUTF8 { all in
                    let part = UnsafeBufferPointer(rebasing: all[0..<min(all.count, TaskFinder.notesLimit)])
                    guard let m = FuzzyMatch.match(q, in: part), let first = m.positions.first, let last = m.positions.last,
                          last - first + 1 <= q.count + q.count / 2 else { return nil }
                    return m
                }
                if let m = found { consider(m.score, .notes, TaskFinder.snippet(t.body, folded: body, aroundByte: m.positions[0])) }
            }
            if let best { hits.append(best) }
        }
        hits.sort { a, b in a.score != b.score ? a.score > b.score : a.id < b.id }
        return Array(hits.prefix(limit))
    }
}
