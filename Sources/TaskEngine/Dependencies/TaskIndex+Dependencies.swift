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

    private func row(_ id: String) -> Int? {
        let (i, found) = position(of: id)
        return found ? i : nil
    }
}

/// The graph of one index generation, shared by the index's copies (a copy with another
/// generation builds its own and keeps that instead).
final class DependencyMemo: Sendable {
    private let kept = Mutex<(generation: UInt64, graph: DependencyGraph)?>(nil)

    func graph(for index: TaskIndex) -> DependencyGraph {
        if let graph = kept.withLock({ $0?.generation == index.generation ? $0?.graph : nil }) { return graph }
        let tasks = index.tasks
        let graph = DependencyGraph(count: tasks.count, id: { tasks[$0].task.id }, closed: { tasks[$0].task.status.isClosed },
                                    dependencies: { tasks[$0].task.dependencies }, implied: index.sequentialProjects.waits(tasks))
        kept.withLock { $0 = (index.generation, graph) }
        return graph
    }
}
