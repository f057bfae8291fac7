import Foundation

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

    private func row(_ id: String) -> Int? {
        let (i, found) = position(of: id)
        return found ? i : nil
    }
}

/// The graph of one index generation, shared by the index's copies (a copy with another
/// generation builds its own and keeps that instead).
final class DependencyMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (generation: UInt64, graph: DependencyGraph)?

    func graph(for index: TaskIndex) -> DependencyGraph {
        lock.lock()
        if let kept, kept.generation == index.generation { lock.unlock(); return kept.graph }
        lock.unlock()
        let tasks = index.tasks
        let graph = DependencyGraph(count: tasks.count, id: { tasks[$0].task.id }, closed: { tasks[$0].task.status.isClosed },
                                    dependencies: { tasks[$0].task.dependencies })
        lock.lock()
        kept = (index.generation, graph)
        lock.unlock()
        return graph
    }
}
