import Foundation

/// A task with what rules, sorting and grouping need computed once per load:
/// its state band and its area, project and tags folded for case- and
/// diacritic-insensitive matching (its title and notes are folded as they
/// are read, or once, when they are not ASCII).
/// A class: lists of tasks are filtered and sorted as pointers, not as
/// copies of thirty strings each.
// @unchecked: its lazy caches (folds, `made`) are written by whichever one thread evaluates perspectives; the index is built on many threads, each task by one.
public final class IndexedTask: @unchecked Sendable {
    public let task: TaskItem
    public let band: StateBand
    /// One bit per status / priority (their order in `allCases`), for set tests without hashing.
    public let statusBit: UInt8
    public let priorityBit: UInt8
    /// Title (1) and notes (2) whose fold is the text itself though it is not
    /// ASCII (`€`, `—`, most CJK): known without keeping anything made.
    /// (In the byte before `idRank`: the object keeps its size.)
    private var foldIsText: UInt8 = 0
    /// Where `id` stands among all ids, for cheap final tie-breaks: ranks ascend with the
    /// index's rows, spaced out (`TaskIndex.rank`), not a row itself. A task added takes a rank
    /// between its neighbours', so the tasks after it keep theirs: renumbering them touched an
    /// object a task, 3 to 4 ms an add at 100,000 tasks.
    /// (Beside the one-byte fields, so the object does not grow into malloc's next size class.)
    public internal(set) var idRank: Int32 = 0
    // Folded once for every task that shares the name (`TaskName`).
    public var areaKey: String? { task.areaName?.key }
    public var projectKey: String? { task.projectName?.key }
    public var tagKeys: [String] { task.tagList?.keys ?? [] }
    public var sourceKey: String? { task.sourceName?.key }
    // Folded when asked (most tasks have none of these; the rule columns keep them folded).
    public var recurrenceKey: String? { task.recurrence.map(TextFold.search) }
    public var contextKeys: [String] { task.contexts.map(TextFold.key) }
    public var assigneeKeys: [String] { task.assignees.map(Assignee.key) }
    /// What is made from the task on first use (one reference, not three
    /// optional values in every task: most tasks never need any of it).
    /// (Perspectives are evaluated on one thread; the index is built on many.)
    private var made: Made?

    /// Title and body folded for search. ASCII text folds to itself with
    /// capitals lowered, which readers do as they go (`withTitleSearch`), so
    /// only other text keeps its fold, made on first use: a search over
    /// every task then holds no second copy of every title and note.
    public var titleSearch: String {
        TextFold.asciiLowercased(task.title) ?? storedFold(\.title)
    }

    public var bodySearch: String {
        TextFold.asciiLowercased(task.body) ?? storedFold(\.body)
    }

    /// `body` over the folded title's bytes, read in place: for ASCII text
    /// the title's own bytes with `lowering` true (the reader lowers capitals).
    public func withTitleSearch<R>(_ body: (UnsafeBufferPointer<UInt8>, _ lowering: Bool) -> R) -> R {
        folded(\.title, upTo: .max, body)
    }

    /// The same over the notes' first `limit` bytes (folded: up to `limit` bytes of the fold).
    public func withBodySearch<R>(upTo limit: Int = .max, _ body: (UnsafeBufferPointer<UInt8>, _ lowering: Bool) -> R) -> R {
        folded(\.body, upTo: limit, body)
    }

    /// Whether the folded title or notes contain `query` (folded).
    public func searchContains(_ query: String) -> Bool {
        if query.isEmpty { return true }
        var q = query
        return q.withUTF8 { q in
            withTitleSearch { Self.find(q, in: $0, lowering: $1) } || withBodySearch { Self.find(q, in: $0, lowering: $1) }
        }
    }

    /// The notes' checklist progress (cmark-gfm), read once when a row first shows it.
    public var checklist: Checklist.Progress? {
        if let p = madeNow.checklist { return p }
        let p = Checklist.progress(task.body)
        made!.checklist = .some(p)
        return p
    }

    /// The title or the notes (`field`), as written.
    private func text(_ field: ReferenceWritableKeyPath<Made, String?>) -> String { field == \Made.title ? task.title : task.body }

    /// Up to `limit` bytes of the fold of the title or notes: the text itself
    /// when those are ASCII (a fold changes nothing before the first other
    /// character), else the fold, made as it is read for Latin text, else kept.
    private func folded<R>(_ field: ReferenceWritableKeyPath<Made, String?>, upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R) -> R {
        var text = text(field)
        return text.withUTF8 { all in
            let bytes = UnsafeBufferPointer(rebasing: all[0..<min(all.count, limit)])
            if !bytes.contains(where: { $0 >= 0x80 }) { return body(bytes, true) }
            if foldIsText & Self.bit(field) != 0 { return body(bytes, false) }
            if made?[keyPath: field] == nil {
                // Latin text (accents, dashes, currency signs) is folded as it is read, into room of
                // its own: nothing is kept for it (see `ScalarFolds`).
                let capacity = all.count * 4 + 8
                let read = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room -> R? in
                    guard let n = ScalarFolds.fold(all, into: room.baseAddress!, capacity: capacity) else { return nil }
                    let fold = UnsafeBufferPointer(rebasing: room[0..<n])
                    if fold.elementsEqual(all) { foldIsText |= Self.bit(field) }
                    return body(UnsafeBufferPointer(rebasing: fold[0..<min(n, limit)]), false)
                }
                if let read { return read }
            }
            var fold = storedFold(field)
            return fold.withUTF8 { body(UnsafeBufferPointer(rebasing: $0[0..<min($0.count, limit)]), false) }
        }
    }

    /// The fold of the title or notes: made when asked for Latin text, else made once and kept.
    private func storedFold(_ field: ReferenceWritableKeyPath<Made, String?>) -> String {
        if foldIsText & Self.bit(field) != 0 { return text(field) }
        if let s = made?[keyPath: field] { return s }
        let text = text(field)
        if let s = ScalarFolds.fold(text) {  // (made again when asked again: Latin text folds fast)
            if s.utf8.elementsEqual(text.utf8) { foldIsText |= Self.bit(field) }
            return s
        }
        let s = TextFold.search(text)
        // Text without case or accents (most CJK) folds to itself: only that is noted (a
        // third of the notes that are not ASCII, in the demo's vault).
        if s.utf8.elementsEqual(text.utf8) {
            foldIsText |= Self.bit(field)
            return text
        }
        madeNow[keyPath: field] = s
        return s
    }

    private static func bit(_ field: ReferenceWritableKeyPath<Made, String?>) -> UInt8 { field == \Made.title ? 1 : 2 }

    /// Whether anything was made and kept for this task (for tests).
    var keepsMade: Bool { made != nil }

    /// Whether a fold of the title or notes is kept (for tests: a row's checklist is kept beside).
    var keepsFold: Bool { made?.title != nil || made?.body != nil }

    /// `query` (folded bytes) in `text`, capitals of `text` lowered when `lowering`.
    static func find(_ query: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, lowering: Bool) -> Bool {
        let text = FuzzyMatch.Lowered(bytes: bytes, lowering: lowering)
        guard query.count <= text.count else { return false }
        var i = 0
        let last = text.count - query.count
        while i <= last {
            var k = 0
            while k < query.count, text[i + k] == query[k] { k += 1 }
            if k == query.count { return true }
            i += 1
        }
        return false
    }

    private var madeNow: Made {
        if let m = made { return m }
        let m = Made()
        made = m
        return m
    }

    private final class Made {
        var title: String?
        var body: String?
        /// `.some(nil)`: read, no checklist.
        var checklist: Checklist.Progress??
    }

    public init(_ task: consuming TaskItem) {
        // (Taken, not copied, from a caller done with it: a load makes one of these for every file.)
        let (status, priority) = (task.status, task.priority)
        self.task = consume task
        band = StateBand(status)
        statusBit = UInt8(1) << TaskStatus.allCases.firstIndex(of: status)!
        priorityBit = UInt8(1) << Priority.allCases.firstIndex(of: priority)!
    }

    public var id: String { task.id }

    convenience init(_ task: TaskItem, rank: Int32) {
        self.init(task)
        idRank = rank
    }
}

/// One `TaskIndex.update`: the generation it started from, the entries it added or replaced,
/// and the ids whose entry before it is gone (removed, or replaced by one of `entries`).
public struct IndexChange: Sendable {
    public let from: UInt64
    public let entries: [IndexedTask]
    public let gone: Set<String>

    /// Past this many edits (a checkout, a folder moved in) none is kept: a pass over every task
    /// costs less than following them, and the index keeps no copy of so many ids.
    static let maxEdits = 4_096

    init(from: UInt64, edits: [IndexEdit], changed: [TaskItem], removed: Set<String>) {
        self.from = from
        // (A task changed twice in one update has two edits: the later is its entry.)
        var entries: [String: IndexedTask] = [:]
        for e in edits {
            switch e {
            case .replace(_, let t), .insert(_, let t): entries[t.task.id] = t
            case .remove: break
            }
        }
        self.entries = Array(entries.values)
        gone = removed.union(changed.map(\.id))
    }
}

/// Every task of the vault, indexed: the app's one store of tasks. Entries
/// are kept in id order (`IDOrder`; `idRank` ascends with it), so a task is found by
/// binary search and a change of one task touches one entry.
public struct TaskIndex: Sendable {
    public private(set) var tasks: [IndexedTask]
    /// Changes whenever the tasks do (a random number, so two indexes never
    /// share one): views derived from the whole index rebuild only on a change.
    public private(set) var generation = UInt64.random(in: 0...UInt64.max)
    /// The columns and rule bits of these tasks (`RuleBits`), built on first use.
    private(set) var evaluation: IndexEvaluation
    /// Who waits for whom (`dependencies`), built on first use for each generation.
    private(set) var dependencyMemo = DependencyMemo()
    /// The projects whose tasks wait for each other in turn (`.perspectives.json`, project notes).
    public private(set) var sequentialProjects = SequentialProjects.none
    /// What the last `update` did, for a view kept by the app to follow one edit without a pass
    /// over every task (the reminder schedule): nil after anything else.
    public private(set) var lastChange: IndexChange?

    /// `entries` must be in id order.
    init(sortedEntries entries: [IndexedTask], evaluation: IndexEvaluation = IndexEvaluation()) {
        tasks = entries
        self.evaluation = evaluation
        Self.rank(entries)
    }

    /// Each entry's `idRank`: ascending with its position, `rankSpacing` apart, the first one
    /// spacing in (room before the first task and after the last as between two).
    static func rank(_ entries: [IndexedTask]) {
        let spacing = rankSpacing(entries.count)
        for (i, t) in entries.enumerated() {
            let rank = Int32(clamping: (i + 1) * spacing)
            if t.idRank != rank { t.idRank = rank }
        }
    }

    /// The room between two ranks for `count` tasks: Int32's positive range shared out
    /// (about 21,000 at 100,000 tasks: fourteen tasks added one after another in one gap
    /// before the tasks are ranked again).
    static func rankSpacing(_ count: Int) -> Int { max(1, Int(Int32.max) / (count + 1)) }

    /// A rank for the entry just put at `i` between its neighbours' (`rank`'s bounds at the ends):
    /// its own when that lies between them (a changed task keeps its rank), else the middle;
    /// false when they leave no room (then every entry is ranked again).
    static func placeRank(_ entries: [IndexedTask], at i: Int) -> Bool {
        let below = i > 0 ? Int(entries[i - 1].idRank) : 0
        let above = i + 1 < entries.count ? Int(entries[i + 1].idRank) : Int(Int32.max)
        let own = Int(entries[i].idRank)
        if below < own && own < above { return true }
        guard above - below > 1 else { return false }
        entries[i].idRank = Int32(below + (above - below) / 2)
        return true
    }

    /// Folds every task's text on all cores (most of the time a start spends
    /// indexing a big vault is here).
    public init(_ tasks: [TaskItem]) {
        var all = Parallel.map(tasks.count, chunk: 256) { IndexedTask(tasks[$0]) }
        if !zip(all, all.dropFirst()).allSatisfy({ IDOrder.less($0.task.id, $1.task.id) }) {
            all.sort { IDOrder.less($0.task.id, $1.task.id) }  // the loader lists in id order; others may not
        }
        self.init(sortedEntries: all)
    }

    /// Where `id` is, or where it would go.
    func position(of id: String) -> (Int, found: Bool) { Self.position(of: id, in: tasks) }

    static func position(of id: String, in tasks: [IndexedTask]) -> (Int, found: Bool) {
        var lo = 0, hi = tasks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if IDOrder.less(tasks[mid].task.id, id) { lo = mid + 1 } else { hi = mid }
        }
        return (lo, lo < tasks.count && IDOrder.same(tasks[lo].task.id, id))
    }

    public func task(id: String) -> IndexedTask? {
        let (i, found) = position(of: id)
        return found ? tasks[i] : nil
    }

    /// The row of the task `id` (its place in `tasks`, as the dependency graph counts), nil when there is none.
    public func row(id: String) -> Int? {
        let (i, found) = position(of: id)
        return found ? i : nil
    }

    /// Existing values of a field, for pickers: areas, projects, sources, tags (A–Z, first spelling wins).
    public func values(of field: TaskField) -> [String] {
        // Areas and projects (what quick add opens with) from the rule columns: one pass over a
        // row of numbers, not a fold and a lookup for each of 100,000 tasks on each `a`.
        if field == .area || field == .project { return evaluation.withColumns(self) { Self.firstSpellings(field == .area ? $0.area : $0.project, field, tasks) } }
        var seen: [String: String] = [:]
        for t in tasks {
            let values: [String]
            switch field {
            case .area: values = t.task.area.map { [$0] } ?? []
            case .project: values = t.task.project.map { [$0] } ?? []
            case .source: values = t.task.source.map { [$0] } ?? []
            case .tags: values = t.task.tags
            case .contexts: values = t.task.contexts
            case .assignees: values = t.task.assignees.map(Assignee.name)
            default: values = []
            }
            for v in values where seen[TextFold.key(v)] == nil { seen[TextFold.key(v)] = v }
        }
        return seen.sorted { $0.key < $1.key }.map(\.value)
    }
}

extension TaskIndex {
    /// Each folded name of an area or project column with the spelling of its first task in id
    /// order, A–Z by the folded name (a name no task has any more is left out).
    static func firstSpellings(_ column: TaskColumns.Interned, _ field: TaskField, _ tasks: [IndexedTask]) -> [String] {
        var first = [Int32](repeating: -1, count: column.values.count)
        var left = first.count
        column.rows.withUnsafeBufferPointer { rows in
            for row in rows.indices where rows[row] >= 0 && first[Int(rows[row])] < 0 {
                first[Int(rows[row])] = Int32(row)
                left -= 1
                if left == 0 { break }
            }
        }
        return first.indices.filter { first[$0] >= 0 }.sorted { column.values[$0] < column.values[$1] }.compactMap { k in
            let t = tasks[Int(first[k])].task
            return field == .area ? t.area : t.project
        }
    }

    /// The index with one task replaced (same id), reusing every other entry.
    public func replacing(_ task: TaskItem) -> TaskIndex { updating([task]) }

    public func removing(id: String) -> TaskIndex { updating([], removing: [id]) }

    /// The index with tasks added or changed and others removed: only those are
    /// folded again (an add, or an external edit of a few files among thousands),
    /// and only their rows of the rule columns and bits are patched. An id both
    /// removed and changed is a change. Kept entries are shared and re-ranked:
    /// use the returned index from then on.
    public func updating(_ changed: [TaskItem], removing removed: Set<String> = []) -> TaskIndex {
        var next = self
        next.update(changed, removing: removed)
        return next
    }

    /// `updating` in place: when this index holds the only reference to its
    /// entries (the app's state), no entry is copied or retained again.
    public mutating func update(_ changed: [TaskItem], removing removed: Set<String> = []) {
        var base = dependencyBase(after: changed, removing: removed)
        let edits = Self.edit(&tasks, changed, removing: removed)
        base?.noting(edits)
        evaluation = evaluation.next(tasks: tasks, edits: edits)
        lastChange = edits.count > IndexChange.maxEdits ? nil : IndexChange(from: generation, edits: edits, changed: changed, removed: removed)
        generation = UInt64.random(in: 0...UInt64.max)
        dependencyMemo = DependencyMemo(base: base)
    }

    /// The index with these sequential projects: when they differ, a new generation whose
    /// dependency graph and `blocked` conditions are made again (no task is read again).
    public mutating func setSequentialProjects(_ projects: SequentialProjects) {
        guard projects != sequentialProjects else { return }
        sequentialProjects = projects
        evaluation = evaluation.next(tasks: tasks, edits: [], dependenciesChanged: true)
        lastChange = nil
        generation = UInt64.random(in: 0...UInt64.max)
        dependencyMemo = DependencyMemo()
    }

    /// The entries after the change (ranked), and the edits by row that make them.
    func edited(_ changed: [TaskItem], removing removed: Set<String>) -> ([IndexedTask], [IndexEdit]) {
        var next = tasks
        let edits = Self.edit(&next, changed, removing: removed)
        return (next, edits)
    }

    static func edit(_ entries: inout [IndexedTask], _ changed: [TaskItem], removing removed: Set<String>) -> [IndexEdit] {
        var edits: [IndexEdit] = []
        // (A removed task leaves a gap in the ranks; a changed one keeps its rank; an added one takes
        // a rank between its neighbours'. All are final before the kept orders are patched: ties go by rank.)
        var rankAgain = false
        let changedIDs = Set(changed.map(\.id))
        for id in removed where !changedIDs.contains(id) {
            let (i, found) = position(of: id, in: entries)
            if found {
                entries.remove(at: i)
                edits.append(.remove(row: i))
            }
        }
        for t in changed {
            let (i, found) = position(of: t.id, in: entries)
            if found {
                entries[i] = IndexedTask(t, rank: entries[i].idRank)
                if !rankAgain && !placeRank(entries, at: i) { rankAgain = true }
                edits.append(.replace(row: i, entries[i]))
            } else {
                entries.insert(IndexedTask(t), at: i)
                if !rankAgain && !placeRank(entries, at: i) { rankAgain = true }
                edits.append(.insert(row: i, entries[i]))
            }
        }
        if rankAgain { rank(entries) }
        return edits
    }
}
