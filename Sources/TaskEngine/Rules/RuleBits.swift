import Foundation

/// Rule trees evaluated as bit sets over an index's columns. Each
/// condition's bits are kept (per index and day) and patched when a task
/// changes, so a change in the rule editor only recombines groups (AND, OR,
/// NOT over 64 tasks a word) and every count is a population count.
/// Same meaning as `RuleCompiler` (a randomized test holds them equal).
public enum RuleBits {
    /// The tasks `rules` matches, and why a part of it was skipped.
    public static func matching(_ rules: RuleGroup, in index: TaskIndex, today: Day) -> (bits: TaskBits, warnings: [RuleWarning]) {
        var warnings: [RuleWarning] = []
        let bits = index.evaluation.withLeaves(index, today: today) { leaves in
            var bits = fold(rules, count: leaves.count, leaf: leaves.bits, warnings: &warnings)
            if !DraftRule.asksForDrafts(rules), case .success(let notDraft) = leaves.bits(DraftRule.notDraft) { bits.formIntersection(notDraft) }
            return bits
        }
        return (bits, warnings)
    }

    /// The same over columns alone, with no task at hand (`CacheColumns`):
    /// nil when a condition reads a task's text (title or notes), or its
    /// dependencies (`blocked`) in a vault where a task has some: columns
    /// hold neither.
    static func matching(_ rules: RuleGroup, columns: TaskColumns, today: Day) -> (bits: TaskBits, warnings: [RuleWarning])? {
        var readsMore = false
        var warnings: [RuleWarning] = []
        var bits = fold(rules, count: columns.count, leaf: { c in
            var key = c
            key.enabled = true
            return ConditionCompiler.test(key, today: today).map { test in
                // Columns hold no text and no dependency graph: the caller loads the tasks instead
                // (but where no task has dependencies, none is blocked: the empty graph answers).
                switch test {
                case .search:
                    readsMore = true
                    return TaskBits(count: columns.count)
                case .dependency where columns.waits.contains(true):
                    readsMore = true
                    return TaskBits(count: columns.count)
                default: return ColumnScan.bits(test, columns: columns, tasks: [])
                }
            }
        }, warnings: &warnings)
        if !DraftRule.asksForDrafts(rules) { bits.formIntersection(ColumnScan.bits(.flag(.draft, want: false), columns: columns, tasks: [])) }
        return readsMore ? nil : (bits, warnings)
    }

    static func fold(_ rules: RuleGroup, count n: Int, leaf: (RuleCondition) -> Result<TaskBits, RuleSkip>,
                     warnings: inout [RuleWarning]) -> TaskBits {
        withoutActuallyEscaping(leaf) { leaf in
            RuleFold<TaskBits>(
                leaf: leaf,
                all: { TaskBits(count: n, allSet: true) },
                none: { TaskBits(count: n) },
                and: { found in
                    var out = found[0]
                    for b in found.dropFirst() { out.formIntersection(b) }
                    return out
                },
                or: union,
                not: { found in
                    var out = union(found)
                    out.invert()
                    return out
                })
            .top(rules, warnings: &warnings)
        }
    }

    static func union(_ found: [TaskBits]) -> TaskBits {
        var out = found[0]
        for b in found.dropFirst() { out.formUnion(b) }
        return out
    }

    /// How many tasks `rules` matches.
    public static func count(_ rules: RuleGroup, in index: TaskIndex, today: Day) -> Int {
        matching(rules, in: index, today: today).bits.population
    }
}

/// The bits of each condition seen so far, for one index and one day.
final class LeafBits {
    let columns: TaskColumns
    let tasks: [IndexedTask]
    let today: Day
    /// The tasks' dependency graph, asked for only by a condition on it.
    let dependencies: () -> DependencyGraph
    var cached: [RuleCondition: (test: ValueTest, bits: TaskBits)]

    var count: Int { tasks.count }

    init(columns: TaskColumns, tasks: [IndexedTask], today: Day, cached: [RuleCondition: (test: ValueTest, bits: TaskBits)],
         dependencies: @escaping () -> DependencyGraph = { .empty }) {
        self.dependencies = dependencies
        self.columns = columns
        self.tasks = tasks
        self.today = today
        self.cached = cached
    }

    /// At most this many conditions are kept (each is one bit per task);
    /// typing a value in the editor makes a new condition per key.
    static let limit = 256

    func bits(_ c: RuleCondition) -> Result<TaskBits, RuleSkip> {
        var key = c
        key.enabled = true
        if let hit = cached[key] { return .success(hit.bits) }
        switch ConditionCompiler.test(key, today: today) {
        case .failure(let skip): return .failure(skip)
        case .success(let test):
            let b = ColumnScan.bits(test, columns: columns, tasks: tasks, dependencies: dependencies)
            if cached.count >= Self.limit { cached.removeAll(keepingCapacity: true) }
            cached[key] = (test, b)
            return .success(b)
        }
    }
}

/// An index's columns and condition bits, built on first use and carried
/// to the next index when tasks change (only the changed rows are patched).
/// Shared by copies of one index; evaluation is serialized by a lock.
// @unchecked: every read and write of its state holds `lock`.
final class IndexEvaluation: @unchecked Sendable {
    private let lock = NSLock()
    private var columns: TaskColumns?
    private var leaves: [RuleCondition: (test: ValueTest, bits: TaskBits)] = [:]
    private var today: Day?
    private var orders = KeptOrders()

    init() {}

    /// With the index's columns already made (by the load that read its tasks, or read from the cache).
    init(columns: TaskColumns) {
        self.columns = columns
    }

    /// Whether the columns are made (or were handed over) yet.
    var hasColumns: Bool {
        lock.lock()
        defer { lock.unlock() }
        return columns != nil
    }

    /// The rows of `bits` in `sorter`'s order, grouped: from the kept order
    /// of every task when one is kept (or worth keeping), else sorted here;
    /// grouped from the columns where a task is in one group.
    func ordered(_ bits: TaskBits, by sorter: TaskSorter, grouping: GroupBy, today: Day, in index: TaskIndex) -> [TaskGroup] {
        lock.lock()
        defer { lock.unlock() }
        let tasks = index.tasks
        let rows: [Int32]
        if let kept = orders.ordered(bits, by: sorter, tasks: tasks) {
            rows = kept
        } else {
            var matching: [Int32] = []
            matching.reserveCapacity(bits.population)
            bits.forEachSet { matching.append(Int32($0)) }
            rows = sorter.order(matching.map { tasks[Int($0)] }).map { matching[Int($0)] }
        }
        if columns == nil { columns = TaskColumns(tasks) }
        return ColumnGrouping.group(rows, by: grouping, today: today, columns: columns!, tasks: tasks)
            ?? TaskGrouper.group(rows.map { tasks[Int($0)] }, by: grouping, today: today)
    }

    /// The columns (built if need be), for a look over every task without touching one.
    func withColumns<T>(_ index: TaskIndex, _ body: (TaskColumns) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if columns == nil { columns = TaskColumns(index.tasks) }
        return body(columns!)
    }

    func withLeaves<T>(_ index: TaskIndex, today: Day, _ body: (LeafBits) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if columns == nil { columns = TaskColumns(index.tasks) }
        if self.today != today { leaves = [:] }
        self.today = today
        let status = columns!.status
        let state = LeafBits(columns: columns!, tasks: index.tasks, today: today, cached: leaves, dependencies: { index.dependencies(status: status) })
        leaves = [:]  // (one owner while the body runs: no copy on write)
        let out = body(state)
        leaves = state.cached
        return out
    }

    /// The evaluation of the index that follows this one after `edits` (rows of
    /// the new index, in the order applied). What was built moves to it and is
    /// patched there (this one builds again if it is ever asked again), so the
    /// columns and bits are changed in place, not copied.
    /// `dependenciesChanged`: the waits changed with no task changing (a project made sequential).
    func next(tasks: [IndexedTask], edits: [IndexEdit], dependenciesChanged: Bool = false) -> IndexEvaluation {
        lock.lock()
        defer { lock.unlock() }
        let out = IndexEvaluation()
        out.today = today
        swap(&out.orders, &orders)
        out.orders.apply(edits, tasks: tasks)
        guard var cols = columns.take() else {
            leaves = [:]
            return out
        }
        var carried: [RuleCondition: (test: ValueTest, bits: TaskBits)] = [:]
        swap(&carried, &leaves)
        // One task changing can block or free another: a dependency condition is scanned again.
        if !edits.isEmpty || dependenciesChanged { carried = carried.filter { if case .dependency = $0.value.test { return false } else { return true } } }
        for edit in edits {
            switch edit {
            case .replace(let row, let t):
                cols.replace(row: row, with: t)
                for k in Array(carried.keys) { carried[k]!.bits[row] = carried[k]!.test.predicate(t) }
            case .insert(let row, let t):
                cols.insert(row: row, t)
                // The rows after it move up one: each condition's bits too, the new task's bit asked of it alone.
                for k in Array(carried.keys) { carried[k]!.bits.insert(carried[k]!.test.predicate(t), at: row) }
            case .remove(let row):
                cols.remove(row: row)
                for k in Array(carried.keys) { carried[k]!.bits.remove(at: row) }
            }
        }
        out.columns = cols
        out.leaves = carried
        return out
    }
}

/// One change from an index to the next, by row.
enum IndexEdit {
    case replace(row: Int, IndexedTask)
    case insert(row: Int, IndexedTask)
    case remove(row: Int)
}
