/// A graph made again from the previous index generation's after an edit that kept every
/// row and every task's own dependencies (`DependencyMemo`): the dependencies are not
/// resolved again (no map of 100,000 names), only what the edit can change is reckoned.
extension DependencyGraph {
    /// The same graph after some tasks were done or opened again (ids, edges, problems and
    /// cycles do not hang on status): only blocked and blocking are reckoned again, over the edges.
    func restated(closed: (Int) -> Bool, missingTargetBlocks: Bool = true) -> DependencyGraph {
        guard !edges.isEmpty else { return self }
        let (blocked, blocking) = Self.states(edges: edges, closed: closed, missingTargetBlocks: missingTargetBlocks)
        var next = DependencyGraph(ids: ids, edges: edges, waiters: waiters, blocked: blocked, blocking: blocking, problems: problems, cycles: cycles)
        next.resolutionProblems = resolutionProblems
        return next
    }

    /// The graph with other waits implied by sequential projects (a task of one done, moved or
    /// given another date): the tasks' own edges kept, waiters, states and cycles made again from
    /// them and `implied`, as the full build makes them. Nil when this graph kept no ids (no task
    /// had a dependency): then the full build is as cheap.
    func reimplied(_ implied: [SequentialProjects.Wait], closed: (Int) -> Bool, missingTargetBlocks: Bool = true) -> DependencyGraph? {
        guard !ids.isEmpty else { return nil }
        var edges: [Int: [Edge]] = [:], waiters: [Int: [Int]] = [:]
        edges.reserveCapacity(self.edges.count)
        for i in self.edges.keys.sorted() {
            let own = self.edges[i]!.filter { $0.sequentialProject == nil }
            guard !own.isEmpty else { continue }
            edges[i] = own
            for e in own { if let t = e.target, waiters[t]?.last != i { waiters[t, default: []].append(i) } }
        }
        for w in implied where w.waiter != w.target {
            edges[w.waiter, default: []].append(Edge(dependency: TaskDependency(uid: ids[w.target]), target: w.target, sequentialProject: w.project))
            if waiters[w.target]?.contains(w.waiter) != true { waiters[w.target, default: []].append(w.waiter) }
        }
        // No task's own dependency and no wait left: the empty graph, as the full build makes it.
        if edges.isEmpty && resolutionProblems.isEmpty { return .empty }
        return DependencyGraph(ids: ids, edges: edges, waiters: waiters, resolutionProblems: resolutionProblems, closed: closed,
                               missingTargetBlocks: missingTargetBlocks)
    }
}
