import Foundation
import Synchronization

extension TaskIndex {
    /// Who waits for whom among these tasks (`DependencyGraph`; places are rows of `tasks`),
    /// built on first use and kept until the tasks change (a new `generation`): a view asks
    /// it for every row it draws, and each answer is a lookup.
    public var dependencies: DependencyGraph { dependencyMemo.graph(for: self) }

    /// The same graph, asked by a rule scan that holds the index's columns: whether a task is
    /// done is read from their status column (a byte a task, side by side) instead of from each
    /// task, which is a cache miss a task among 100,000 when the graph is made again after an edit.
    func dependencies(status: [UInt8]) -> DependencyGraph { dependencyMemo.graph(for: self, status: status) }

    /// Blocked, blocking, waits-for and waited-by by task id (for the CLI and the detail pane).
    public func isBlocked(id: String) -> Bool { row(id: id).map(dependencies.isBlocked) ?? false }
    public func isBlocking(id: String) -> Bool { row(id: id).map(dependencies.isBlocking) ?? false }
    public func waitsFor(id: String) -> [String] { row(id: id).map { dependencies.waitsFor($0).map { tasks[$0].task.id } } ?? [] }
    public func waitedBy(id: String) -> [String] { row(id: id).map { dependencies.waitedBy($0).map { tasks[$0].task.id } } ?? [] }
    /// How many open tasks wait for it (what a delete or a rename of it would leave naming no task).
    public func openWaiters(of id: String) -> Int {
        row(id: id).map { dependencies.waitedBy($0).count { !tasks[$0].task.status.isClosed } } ?? 0
    }
}

extension TaskIndex {
    /// What the next generation's graph can start from once `changed` and `removed` are
    /// applied (`DependencyMemo.Base`), or nil when it must be built in full. Most edits change
    /// no dependency (the graph stays, only blocked is reckoned again); a task added, removed or
    /// given other dependencies has only what it touches resolved again. Asked before the edit
    /// (it compares with the old tasks); the rows the edit moves are noted after it (`noting`).
    func dependencyBase(after changed: [TaskItem], removing removed: Set<String>) -> DependencyMemo.Base? {
        guard var base = dependencyMemo.base(for: generation) else { return nil }
        let projects = sequentialProjects
        func sequential(_ key: String?) -> Bool { key.map { projects.byKey[$0]?.sequential == true } ?? false }
        let changedIDs = Set(changed.map(\.id))
        for id in removed where !changedIDs.contains(id) {
            let (i, found) = position(of: id)
            guard found else { continue }
            base.names.insert(TaskTargets.key(ofPath: id))
            if sequential(tasks[i].projectKey) { base.sequentialTouched = true }
        }
        for t in changed {
            let (i, found) = position(of: t.id)
            // A sequential project's waits hang on its tasks' order and status: reckoned again when one of them changed.
            if sequential(t.projectName?.key) || (found && sequential(tasks[i].projectKey)) { base.sequentialTouched = true }
            guard found else {
                base.names.insert(TaskTargets.key(ofPath: t.id))
                if !t.dependencies.isEmpty { base.again.insert(t.id) }
                continue
            }
            let old = tasks[i].task
            if old.dependencies != t.dependencies { base.again.insert(t.id) }
            if old.status.isClosed != t.status.isClosed { base.statusChanged = true }
        }
        return base
    }
}

/// The graph of one index generation, shared by the index's copies (a copy with another
/// generation builds its own and keeps that instead). A memo made for an edit starts from the
/// previous generation's graph (`Base`) when it can.
final class DependencyMemo: Sendable {
    /// A graph of an earlier generation, and what the edits since may have changed.
    struct Base: Sendable {
        var graph: DependencyGraph
        /// Its sequential projects' waits and its names, in the rows it keeps (`DependencyGraph.shift`).
        var implied: [SequentialProjects.Wait]
        /// That graph's names (`TaskTargets`), when it kept them.
        var targets: TargetsHandoff?
        var statusChanged = false
        var sequentialTouched = false
        /// Rows inserted and removed since, in order.
        var rows: [RowMap.Edit] = []
        /// `TaskTargets.key` of each file added or removed.
        var names: Set<Int> = []
        /// Tasks (by id) whose own dependencies are resolved again: added, or given other dependencies.
        var again: Set<String> = []

        /// Past this many rows added or removed (a folder moved in, a checkout), the graph is built in full.
        static let maxRowEdits = 512

        /// With the rows an edit inserted and removed.
        mutating func noting(_ edits: [IndexEdit]) {
            for e in edits {
                switch e {
                case .insert(let row, _): rows.append(.insert(row))
                case .remove(let row): rows.append(.remove(row))
                case .replace: break
                }
            }
        }

        var keepsRows: Bool { rows.isEmpty && names.isEmpty && again.isEmpty }
    }

    private struct Kept: Sendable {
        var generation: UInt64
        var graph: DependencyGraph
        var implied: [SequentialProjects.Wait]
        var targets: TargetsHandoff?
    }

    private let state: Mutex<(kept: Kept?, base: Base?)>

    init(base: Base? = nil) { state = Mutex((nil, base.flatMap { $0.rows.count > Base.maxRowEdits ? nil : $0 })) }

    /// Whether the graph, not built yet, will start from a previous generation's.
    var startsFromBase: Bool { state.withLock { $0.kept == nil && $0.base != nil } }

    /// What a following generation can start from: this one's graph when built, else the base it
    /// would have been built from (so edits in a row, none drawn between them, still carry it).
    func base(for generation: UInt64) -> Base? {
        state.withLock { s in
            if let k = s.kept { return k.generation == generation ? Base(graph: k.graph, implied: k.implied, targets: k.targets) : nil }
            return s.base
        }
    }

    /// The status bits (`IndexedTask.statusBit`) of the statuses that are done.
    static let closedBits = TaskStatus.allCases.enumerated().reduce(UInt8(0)) { $0 | ($1.element.isClosed ? UInt8(1) << $1.offset : 0) }

    /// `status`: the index's status column (`TaskColumns.status`), when the caller holds it.
    func graph(for index: TaskIndex, status: [UInt8]? = nil) -> DependencyGraph {
        let (kept, base) = state.withLock { s in (s.kept?.generation == index.generation ? s.kept : nil, s.base) }
        if let kept { return kept.graph }
        let tasks = index.tasks
        let closed: (Int) -> Bool
        if let status, status.count == tasks.count {
            let bits = Self.closedBits
            closed = { status[$0] & bits != 0 }
        } else {
            closed = { tasks[$0].task.status.isClosed }
        }
        var made: (graph: DependencyGraph, implied: [SequentialProjects.Wait], targets: TaskTargets?)?
        if let base, let graph = Self.shifted(base, index) {
            // Rows only moved: the graph, its waits and its names stay in the rows they were made in.
            state.withLock { $0 = (Kept(generation: index.generation, graph: graph, implied: base.implied, targets: base.targets), nil) }
            return graph
        }
        if let base, !base.keepsRows || (!base.graph.shift.isEmpty && base.sequentialTouched) {
            // (A graph whose rows moved is renumbered when its sequential projects' waits are made again.)
            made = Self.patched(base, index, closed: closed)
        } else if let base {
            let implied = base.sequentialTouched ? index.sequentialProjects.waits(tasks) : base.implied
            let graph = base.implied == implied
                ? (base.statusChanged ? base.graph.restated(closed: closed) : base.graph)
                : base.graph.reimplied(implied, closed: closed)
            // (The same rows: the names the base kept are this generation's too.)
            if let graph { made = (graph, implied, base.targets?.take()) }
        }
        let (graph, implied, targets) = made ?? Self.built(index, closed: closed)
        let handoff: TargetsHandoff? = if let targets { TargetsHandoff(targets) } else { nil }
        state.withLock { $0 = (Kept(generation: index.generation, graph: graph, implied: implied, targets: handoff), nil) }
        return graph
    }

    /// The graph built in full: every dependency of the vault resolved among its names.
    private static func built(_ index: TaskIndex, closed: (Int) -> Bool) -> (DependencyGraph, [SequentialProjects.Wait], TaskTargets?) {
        let tasks = index.tasks
        let implied = index.sequentialProjects.waits(tasks)
        let targets = tasks.contains { !$0.task.dependencies.isEmpty } ? TaskTargets(ids: tasks.map(\.task.id), inIDOrder: true) : nil
        let graph = DependencyGraph(count: tasks.count, id: { tasks[$0].task.id }, closed: closed,
                                    dependencies: { tasks[$0].task.dependencies }, implied: implied, targets: targets)
        return (graph, implied, targets)
    }

    /// The base's graph at the rows its edits moved, its storage kept (`DependencyGraph.shifted`), when
    /// the edits added and removed only tasks no dependency and no sequential project touches.
    private static func shifted(_ base: Base, _ index: TaskIndex) -> DependencyGraph? {
        guard !base.rows.isEmpty, base.again.isEmpty, !base.sequentialTouched, !base.statusChanged else { return nil }
        let tasks = index.tasks
        guard let graph = base.graph.shifted(by: base.rows, names: base.names, id: { tasks[$0].task.id }),
              graph.rowCount == tasks.count else { return nil }
        return graph
    }

    /// The base's graph carried over the rows its edits added and removed (and those its shift
    /// kept translating: the map is from its stored rows), or nil (then built in full).
    private static func patched(_ base: Base, _ index: TaskIndex, closed: (Int) -> Bool) -> (DependencyGraph, [SequentialProjects.Wait], TaskTargets?)? {
        let old = base.graph
        guard !old.keptIDs.isEmpty else { return nil }
        let tasks = index.tasks
        let map = RowMap(oldCount: old.keptIDs.count, edits: old.shift.edits + base.rows)
        guard map.count - map.removed.count + map.inserted.count == tasks.count else { return nil }
        let ids = tasks.map(\.task.id)
        let targets: TaskTargets
        if let kept = base.targets?.take(), kept.apply(map, ids: ids) { targets = kept } else { targets = TaskTargets(ids: ids, inIDOrder: true) }
        var again = Set<Int>()
        for id in base.again {
            let (row, found) = index.position(of: id)
            if found { again.insert(row) }
        }
        // The sequential projects' waits: moved with their rows, unless a task of one changed (then made again).
        var implied: [SequentialProjects.Wait]
        var impliedMoved = !base.sequentialTouched
        if base.sequentialTouched {
            implied = index.sequentialProjects.waits(tasks)
        } else {
            implied = []
            implied.reserveCapacity(base.implied.count)
            for w in base.implied {
                guard let waiter = map.new(w.waiter), let target = map.new(w.target) else {
                    implied = index.sequentialProjects.waits(tasks)
                    impliedMoved = false
                    break
                }
                implied.append(SequentialProjects.Wait(waiter: waiter, target: target, project: w.project))
            }
        }
        let graph = old.patched(map, ids: ids, targets: targets, again: again, names: base.names,
                                dependencies: { tasks[$0].task.dependencies }, implied: implied, impliedMoved: impliedMoved,
                                statusKept: !base.statusChanged, closed: closed)
        return graph.map { ($0, implied, targets) }
    }
}

/// One generation's `TaskTargets`, handed to the next generation that builds its graph: taken
/// once (a second copy of the index edited apart builds its own), as they are patched in place.
final class TargetsHandoff: Sendable {
    private let held: Mutex<TaskTargets?>
    init(_ targets: sending TaskTargets) { held = Mutex(targets) }
    func take() -> sending TaskTargets? { held.withLock { t in t.take() } }
}
