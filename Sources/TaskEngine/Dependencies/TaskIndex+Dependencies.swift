import Foundation
import Synchronization

extension TaskIndex {
    /// Who waits for whom among these tasks (`DependencyGraph`; places are rows of `tasks`),
    /// built on first use and kept until the tasks change (a new `generation`): a view asks
    /// it for every row it draws, and each answer is a lookup.
    public var dependencies: DependencyGraph { dependencyMemo.graph(for: self) }

    /// Blocked, blocking, waits-for and waited-by by task id (for the CLI and the detail pane).
    public func isBlocked(id: String) -> Bool { row(id).map(dependencies.isBlocked) ?? false }
    public func isBlocking(id: String) -> Bool { row(id).map(dependencies.isBlocking) ?? false }
    public func waitsFor(id: String) -> [String] { row(id).map { dependencies.waitsFor($0).map { tasks[$0].task.id } } ?? [] }
    public func waitedBy(id: String) -> [String] { row(id).map { dependencies.waitedBy($0).map { tasks[$0].task.id } } ?? [] }
    /// How many open tasks wait for it (what a delete or a rename of it would leave naming no task).
    public func openWaiters(of id: String) -> Int {
        row(id).map { dependencies.waitedBy($0).count { !tasks[$0].task.status.isClosed } } ?? 0
    }

    private func row(_ id: String) -> Int? {
        let (i, found) = position(of: id)
        return found ? i : nil
    }
}

extension TaskIndex {
    /// The memo for this index once `changed` and `removed` are applied. Most edits change
    /// no dependency: when each changed task replaces one of the same id with the same
    /// dependencies and none is added or removed, the rows and the edges stay, and the new
    /// generation starts from this one's graph (`DependencyMemo.Base`) instead of resolving every
    /// dependency of the vault again. Asked before the edit (it compares with the old tasks).
    func dependencyMemo(after changed: [TaskItem], removing removed: Set<String>) -> DependencyMemo {
        guard var base = dependencyMemo.base(for: generation) else { return DependencyMemo() }
        let changedIDs = Set(changed.map(\.id))
        for id in removed where !changedIDs.contains(id) && position(of: id).found { return DependencyMemo() }
        let projects = sequentialProjects
        func sequential(_ key: String?) -> Bool { key.map { projects.byKey[$0]?.sequential == true } ?? false }
        for t in changed {
            let (i, found) = position(of: t.id)
            guard found else { return DependencyMemo() }
            let old = tasks[i].task
            guard old.id == t.id, old.dependencies == t.dependencies else { return DependencyMemo() }
            if old.status.isClosed != t.status.isClosed { base.statusChanged = true }
            // A sequential project's waits hang on its tasks' order and status: reckoned again when one of them changed.
            if sequential(tasks[i].projectKey) || sequential(t.projectName?.key) { base.sequentialTouched = true }
        }
        return DependencyMemo(base: base)
    }
}

/// The graph of one index generation, shared by the index's copies (a copy with another
/// generation builds its own and keeps that instead). A memo made for an edit that kept every
/// row and every task's dependencies starts from the previous generation's graph.
final class DependencyMemo: Sendable {
    /// A graph of the same rows and edges, and what the edits since may have changed.
    struct Base: Sendable {
        var graph: DependencyGraph
        var implied: [SequentialProjects.Wait]
        var statusChanged = false
        var sequentialTouched = false
    }

    private struct Kept: Sendable {
        var generation: UInt64
        var graph: DependencyGraph
        var implied: [SequentialProjects.Wait]
    }

    private let state: Mutex<(kept: Kept?, base: Base?)>

    init(base: Base? = nil) { state = Mutex((nil, base)) }

    /// Whether the graph, not built yet, will start from a previous generation's.
    var startsFromBase: Bool { state.withLock { $0.kept == nil && $0.base != nil } }

    /// What a following generation can start from: this one's graph when built, else the base it
    /// would have been built from (so edits in a row, none drawn between them, still carry it).
    func base(for generation: UInt64) -> Base? {
        state.withLock { s in
            if let k = s.kept { return k.generation == generation ? Base(graph: k.graph, implied: k.implied) : nil }
            return s.base
        }
    }

    func graph(for index: TaskIndex) -> DependencyGraph {
        let (kept, base) = state.withLock { s in (s.kept?.generation == index.generation ? s.kept : nil, s.base) }
        if let kept { return kept.graph }
        let tasks = index.tasks
        let closed: (Int) -> Bool = { tasks[$0].task.status.isClosed }
        let implied = base.map { $0.sequentialTouched ? index.sequentialProjects.waits(tasks) : $0.implied } ?? index.sequentialProjects.waits(tasks)
        let graph: DependencyGraph
        if let base, base.implied == implied {
            graph = base.statusChanged ? base.graph.restated(closed: closed) : base.graph
        } else if let base, let again = base.graph.reimplied(implied, closed: closed) {
            graph = again
        } else {
            graph = DependencyGraph(count: tasks.count, id: { tasks[$0].task.id }, closed: closed,
                                    dependencies: { tasks[$0].task.dependencies }, implied: implied)
        }
        state.withLock { $0 = (Kept(generation: index.generation, graph: graph, implied: implied), nil) }
        return graph
    }
}
