/// A graph made again from the previous index generation's (`DependencyMemo`): the
/// dependencies are not resolved again (no table of 100,000 names), only what the edits
/// can change is reckoned.
extension DependencyGraph {
    /// The same graph after some tasks were done or opened again (ids, edges, problems and
    /// cycles do not hang on status): only blocked and blocking are reckoned again, over the edges.
    /// `closed` is asked by current row (a graph whose rows moved keeps them: no row it keeps was removed).
    func restated(closed: (Int) -> Bool, missingTargetBlocks: Bool = true) -> DependencyGraph {
        guard !keptEdges.isEmpty else { return self }
        var next = self
        let shift = shift
        (next.keptBlocked, next.keptBlocking) = shift.isEmpty
            ? Self.states(edges: keptEdges, closed: closed, missingTargetBlocks: missingTargetBlocks)
            : Self.states(edges: keptEdges, closed: { shift.current($0).map(closed) ?? true }, missingTargetBlocks: missingTargetBlocks)
        return next
    }

    /// The graph with other waits implied by sequential projects (a task of one done, moved or
    /// given another date): the tasks' own edges kept, waiters, states and cycles made again from
    /// them and `implied`, as the full build makes them. Nil when this graph kept no ids (no task
    /// had a dependency): then the full build is as cheap.
    func reimplied(_ implied: [SequentialProjects.Wait], closed: (Int) -> Bool, missingTargetBlocks: Bool = true) -> DependencyGraph? {
        guard !keptIDs.isEmpty else { return nil }
        precondition(shift.isEmpty, "a graph whose rows moved is patched, not reimplied")
        return DependencyGraph(ids: keptIDs, own: own, implied: implied, closed: closed, missingTargetBlocks: missingTargetBlocks)
    }

    /// The graph after tasks were added and removed (the rows moved as `map` says) and some
    /// tasks' dependencies changed: the kept tasks' edges carried to their new rows, and only these
    /// resolved again among `targets` (the new rows' names): the tasks of `again` (new rows: added,
    /// or their dependencies changed) and every task with a dependency that looked at a name of
    /// `names` (`TaskTargets.key` of each file added or removed: a name that named nothing, or
    /// several files, may name one now, and one that named a file removed names none or another).
    /// Then waiters, states and cycles as the full build makes them. Nil when this graph kept no ids.
    /// `impliedMoved`: `implied` is this graph's waits carried to their new rows (no sequential project
    /// changed); `statusKept`: no task kept was done or opened again.
    func patched(_ map: RowMap, ids newIDs: [String], targets: TaskTargets, again: Set<Int>, names: Set<Int>,
                 dependencies: (Int) -> [TaskDependency], implied: [SequentialProjects.Wait], impliedMoved: Bool = false,
                 statusKept: Bool = false, closed: (Int) -> Bool, missingTargetBlocks: Bool = true) -> DependencyGraph? {
        guard !keptIDs.isEmpty else { return nil }
        var again = again
        var own = Own()
        own.edges.reserveCapacity(keptEdges.count)
        for (i, list) in keptEdges {
            guard let row = map.new(i) else { continue }
            var out: [Edge] = []
            out.reserveCapacity(list.count)
            var redo = false
            for e in list where e.sequentialProject == nil {
                if e.watch.sees(names) { redo = true; break }
                var moved = e
                if let t = e.target {
                    guard let to = map.new(t) else { redo = true; break }
                    moved.target = to
                }
                out.append(moved)
            }
            if redo { again.insert(row) } else if !out.isEmpty { own.edges[row] = out }
        }
        for loop in selfLoops {
            guard let row = map.new(loop.row) else { continue }
            if loop.watch.sees(names) { again.insert(row) } else { own.selfLoops.append(SelfLoop(row: row, watch: loop.watch)) }
        }
        // The problems of the tasks kept and not resolved again stay; those of the tasks removed go.
        var gone = Set<String>()
        for i in map.removed { gone.insert(keptIDs[i]) }
        for row in again { gone.insert(newIDs[row]) }
        own.problems = resolutionProblems.filter { !gone.contains($0.id) }
        for row in again.sorted() {
            own.edges[row] = nil
            own.selfLoops.removeAll { $0.row == row }
            let list = dependencies(row)
            if !list.isEmpty { own.resolve(row, list, ids: newIDs, targets: targets) }
        }
        // Rows only moved (a task with no dependency added, one no task waits for and waiting for
        // none removed, nothing resolved again): the cycles are this graph's at their new rows, and
        // so are blocked and blocking when no status changed. (The rows keep their order, so the
        // cycles come out as a new search would find them.)
        var carried: Carried?
        if again.isEmpty, impliedMoved, map.removed.allSatisfy({ keptEdges[$0] == nil && keptWaiters[$0] == nil }) {
            let move = { (rows: Set<Int>) in Set(rows.map { map.new($0)! }) }
            carried = Carried(cycles: keptCycles.map { $0.map { map.new($0)! } }, states: statusKept ? (move(keptBlocked), move(keptBlocking)) : nil)
        }
        return DependencyGraph(ids: newIDs, own: own, implied: implied, closed: closed, missingTargetBlocks: missingTargetBlocks, carried: carried)
    }

    /// The same graph at the rows after `rows` (inserts and removals, in order) when they touch
    /// no dependency: no file added or removed under a name a dependency looked at (`names`), no
    /// task removed that waits, is waited for or named itself, and the shift within its bound. Its
    /// storage is kept, shared and not copied (an add or delete costs O(edits), not O(edges)); nil
    /// when it must be patched. `id`: a current row's task id (for the rows inserted).
    func shifted(by rows: [RowMap.Edit], names: Set<Int>, id: (Int) -> String) -> DependencyGraph? {
        guard !keptIDs.isEmpty, shift.edits.count + rows.count <= RowShift.maxEdits,
              !watchesAny || names.isEmpty, watched.isDisjoint(with: names) else { return nil }
        var next = self
        for e in rows {
            guard let s = next.shift.apply(e) else { continue }
            if keptEdges[s] != nil || keptWaiters[s] != nil || selfLoops.contains(where: { $0.row == s }) { return nil }
        }
        next.shift.nameInserted(id)
        return next
    }

    /// What a patch knows without reckoning it again (`patched`).
    struct Carried {
        var cycles: [[Int]]
        var states: (blocked: Set<Int>, blocking: Set<Int>)?
    }
}
