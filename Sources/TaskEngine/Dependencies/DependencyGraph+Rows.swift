/// The questions asked of a graph, by the rows of the index generation it is asked for: what it
/// keeps is by the rows it was built in, translated through `shift` (nothing to translate when no
/// task was inserted or removed since). The per-row questions cost a lookup and O(log k);
/// the whole tables (`edges`, `blocked`…) are made again when rows moved, for a command or a test.
extension DependencyGraph {
    /// How many tasks, in the current rows.
    public var rowCount: Int { shift.count(stored: keptIDs.count) }

    /// The task ids by row; empty when no task had a dependency (nothing kept).
    public var ids: [String] {
        if shift.isEmpty || keptIDs.isEmpty { return keptIDs }
        return (0..<rowCount).map { c in shift.stored(c).map { keptIDs[$0] } ?? shift.insertedID(c)! }
    }

    /// Each task's dependencies that count (a task's own name left out), by task; absent: none.
    public var edges: [Int: [Edge]] {
        if shift.isEmpty { return keptEdges }
        var out: [Int: [Edge]] = [:]
        for (s, list) in keptEdges { if let c = shift.current(s) { out[c] = list.map(moved) } }
        return out
    }

    /// The tasks waiting for each task (each once), by task; absent: none.
    public var waiters: [Int: [Int]] {
        if shift.isEmpty { return keptWaiters }
        var out: [Int: [Int]] = [:]
        for (s, list) in keptWaiters { if let c = shift.current(s) { out[c] = list.compactMap(shift.current) } }
        return out
    }

    /// The tasks blocked, and those not done that a task not done waits for.
    public var blocked: Set<Int> { shift.isEmpty ? keptBlocked : Set(keptBlocked.compactMap(shift.current)) }
    public var blocking: Set<Int> { shift.isEmpty ? keptBlocking : Set(keptBlocking.compactMap(shift.current)) }

    /// Each cycle's tasks, in the order they wait for each other.
    public var cycles: [[Int]] { shift.isEmpty ? keptCycles : keptCycles.map { $0.compactMap(shift.current) } }

    /// Each blocked task's row (in no order), without making a set of them.
    public func forEachBlocked(_ body: (Int) -> Void) {
        for s in keptBlocked { if let c = shift.current(s) { body(c) } }
    }

    /// Each blocking task's row (in no order).
    public func forEachBlocking(_ body: (Int) -> Void) {
        for s in keptBlocking { if let c = shift.current(s) { body(c) } }
    }

    private func moved(_ e: Edge) -> Edge {
        guard let t = e.target else { return e }
        var out = e
        out.target = shift.current(t)
        return out
    }

    /// Task `i`'s dependencies that count (its targets by current row).
    public func edges(of i: Int) -> [Edge] {
        guard let s = shift.stored(i), let list = keptEdges[s] else { return [] }
        return shift.isEmpty ? list : list.map(moved)
    }

    public func isBlocked(_ i: Int) -> Bool { shift.stored(i).map(keptBlocked.contains) ?? false }
    public func isBlocking(_ i: Int) -> Bool { shift.stored(i).map(keptBlocking.contains) ?? false }
    /// The tasks `i` waits for (each once, in its list's order).
    public func waitsFor(_ i: Int) -> [Int] {
        var seen = Set<Int>()
        return edges(of: i).compactMap(\.target).filter { seen.insert($0).inserted }
    }
    /// The tasks waiting for `i`.
    public func waitedBy(_ i: Int) -> [Int] {
        guard let s = shift.stored(i), let list = keptWaiters[s] else { return [] }
        return shift.isEmpty ? list : list.compactMap(shift.current)
    }
}
