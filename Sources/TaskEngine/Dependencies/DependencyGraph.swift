/// Which tasks wait for which, over a whole vault (tasknotes-spec §10.2.5):
/// a task is **blocked** while a task it depends on is not done (done or
/// cancelled), or names no task at all (`treat_missing_target_as_blocked`,
/// the spec's default). The relation and the gap are kept but, as the spec's
/// v0.1 says, do not change that. Blocking is decided by each dependency's
/// own status, never by following chains, so a cycle cannot hang it; cycles
/// are found apart (iteratively, in linear time) and reported.
///
/// Built once for a vault's tasks (`TaskIndex.dependencies` keeps it until the
/// tasks change); a vault where no task has dependencies costs one look at each task.
public struct DependencyGraph: Sendable {
    /// One dependency of one task, and where it led.
    public struct Edge: Hashable, Sendable {
        public var dependency: TaskDependency
        /// The task it names (a place in the tasks given), nil when it names none.
        public var target: Int?
        /// Why it names no task (`unresolved_dependency_target`, `ambiguous_link`, `path_traversal`…).
        public var problem: String?
        /// The sequential project that implies it (`SequentialProjects`), nil for one the task's file lists.
        public var sequentialProject: String?
        /// The names its resolution looked at: a file added or removed of one of them may change it.
        var watch = TaskTargets.Watch.none
    }

    /// A problem of one task's dependencies, for `todomd problems`.
    public struct Problem: Hashable, Sendable {
        public var id: String
        public var text: String
    }

    // What the graph keeps is by the rows of the generation it was built for ("stored" rows); a
    // later generation that only inserted or removed tasks no dependency touches keeps it and
    // translates rows (`shift`, see DependencyGraph+Rows.swift for the questions by current row).
    /// The tasks' ids, by stored row.
    var keptIDs: [String]
    /// Each task's dependencies that count (a task's own name left out), by stored row; absent: none.
    var keptEdges: [Int: [Edge]]
    /// The tasks waiting for each task (each once), by stored row; absent: none.
    var keptWaiters: [Int: [Int]]
    /// The tasks blocked, and those not done that a task not done waits for (stored rows).
    var keptBlocked: Set<Int>
    var keptBlocking: Set<Int>
    public let problems: [Problem]
    /// Each cycle's tasks, in the order they wait for each other (stored rows).
    var keptCycles: [[Int]]
    /// The inserts and removals since the stored rows.
    var shift = RowShift()
    /// The name keys (`TaskTargets.Watch`) the tasks' own dependencies looked at, and whether one looked at several:
    /// a file added or removed under another name changes no resolution.
    var watched: Set<Int> = []
    var watchesAny = false
    /// The problems met resolving the tasks' own dependencies (not the cycles): kept for a graph
    /// made again from this one with other sequential-project waits (`reimplied`).
    var resolutionProblems: [Problem] = []
    /// The dependencies that named their own task, for what they watch (`patched`).
    var selfLoops: [SelfLoop] = []

    public static let empty = DependencyGraph(ids: [], edges: [:], waiters: [:], blocked: [], blocking: [], problems: [], cycles: [])

    init(ids: [String], edges: [Int: [Edge]], waiters: [Int: [Int]], blocked: Set<Int>, blocking: Set<Int>, problems: [Problem], cycles: [[Int]]) {
        (keptIDs, keptEdges, keptWaiters, keptBlocked, keptBlocking, self.problems, keptCycles) = (ids, edges, waiters, blocked, blocking, problems, cycles)
    }

    /// `tasks` in any order; results name them by their place in it.
    public init(_ tasks: [TaskItem], missingTargetBlocks: Bool = true) {
        self.init(count: tasks.count, id: { tasks[$0].id }, closed: { tasks[$0].status.isClosed },
                  dependencies: { tasks[$0].dependencies }, missingTargetBlocks: missingTargetBlocks)
    }

    /// `implied`: the waits of sequential projects, after each task's own dependencies.
    /// `targets`: the vault's names, when the caller keeps them (`DependencyMemo`) for the next generation.
    init(count: Int, id: (Int) -> String, closed: (Int) -> Bool, dependencies: (Int) -> [TaskDependency], missingTargetBlocks: Bool = true,
         implied: [SequentialProjects.Wait] = [], targets given: TaskTargets? = nil) {
        var withDependencies: [(Int, [TaskDependency])] = []
        for i in 0..<count {
            let d = dependencies(i)
            if !d.isEmpty { withDependencies.append((i, d)) }
        }
        guard !withDependencies.isEmpty || !implied.isEmpty else {
            self.init(ids: [], edges: [:], waiters: [:], blocked: [], blocking: [], problems: [], cycles: [])
            return
        }
        let ids = given?.ids ?? (0..<count).map(id)
        // (Names are looked up only for the tasks' own dependencies: sequential projects' waits name rows.)
        let targets = withDependencies.isEmpty ? nil : given ?? TaskTargets(ids: ids)
        var own = Own()
        for (i, list) in withDependencies { own.resolve(i, list, ids: ids, targets: targets!) }
        self.init(ids: ids, own: own, implied: implied, closed: closed, missingTargetBlocks: missingTargetBlocks)
    }

    /// The tasks' own dependencies resolved (not the sequential projects' waits): what a graph
    /// keeps to be made again with other waits (`reimplied`) or other rows (`patched`).
    struct Own: Sendable {
        var edges: [Int: [Edge]] = [:]
        /// The problems met resolving, each with the task it is of.
        var problems: [Problem] = []
        /// The dependencies that named their own task (left out, reported): kept for what they watch.
        var selfLoops: [SelfLoop] = []

        /// Task `i`'s dependencies `list` resolved among `targets`.
        mutating func resolve(_ i: Int, _ list: [TaskDependency], ids: [String], targets: TaskTargets) {
            var out: [Edge] = []
            for d in list {
                var watch = TaskTargets.Watch.none
                switch targets.resolve(d.uid, from: ids[i], watch: &watch) {
                case .success(let t) where t == i:
                    problems.append(Problem(id: ids[i], text: TaskDependency.Refusal.selfDependency(BoundedQuote.prefix(d.uid)).description))
                    selfLoops.append(SelfLoop(row: i, watch: watch))
                case .success(let t):
                    out.append(Edge(dependency: d, target: t, watch: watch))
                case .failure(let why):
                    out.append(Edge(dependency: d, target: nil, problem: why.description, watch: watch))
                    problems.append(Problem(id: ids[i], text: why.description))
                }
            }
            if !out.isEmpty { edges[i] = out }
        }
    }

    struct SelfLoop: Hashable, Sendable {
        var row: Int
        var watch: TaskTargets.Watch
    }

    /// The graph of the tasks' own edges and the waits `implied`: each task's waiters in row
    /// order, then those of the sequential projects; the empty graph when there is neither.
    init(ids: [String], own: Own, implied: [SequentialProjects.Wait], closed: (Int) -> Bool, missingTargetBlocks: Bool, carried: Carried? = nil) {
        var edges = own.edges, waiters: [Int: [Int]] = [:]
        for i in own.edges.keys.sorted() {
            for e in own.edges[i]! { if let t = e.target, waiters[t]?.last != i { waiters[t, default: []].append(i) } }
        }
        for w in implied where w.waiter != w.target {
            edges[w.waiter, default: []].append(Edge(dependency: TaskDependency(uid: ids[w.target]), target: w.target, sequentialProject: w.project))
            if waiters[w.target]?.contains(w.waiter) != true { waiters[w.target, default: []].append(w.waiter) }
        }
        // No task's own dependency and no wait: the empty graph.
        if edges.isEmpty && own.problems.isEmpty {
            self = .empty
            return
        }
        self.init(ids: ids, edges: edges, waiters: waiters, resolutionProblems: own.problems, closed: closed, missingTargetBlocks: missingTargetBlocks,
                  carried: carried)
        selfLoops = own.selfLoops
        for list in own.edges.values { for e in list { noteWatch(e.watch) } }
        for loop in own.selfLoops { noteWatch(loop.watch) }
    }

    private mutating func noteWatch(_ w: TaskTargets.Watch) {
        if w == .any { watchesAny = true } else if w != .none { watched.insert(w.raw) }
    }

    /// The tasks' own edges and problems, kept by this graph (the sequential projects' waits left out).
    var own: Own {
        var out = Own(problems: resolutionProblems, selfLoops: selfLoops)
        out.edges.reserveCapacity(keptEdges.count)
        for (i, list) in keptEdges {
            let mine = list.filter { $0.sequentialProject == nil }
            if !mine.isEmpty { out.edges[i] = mine }
        }
        return out
    }

    /// The graph of these edges: blocked and blocking by each task's status, and the cycles,
    /// reported beside the problems met resolving the tasks' dependencies.
    /// `carried`: the cycles (and the states) a patch kept from the previous graph.
    init(ids: [String], edges: [Int: [Edge]], waiters: [Int: [Int]], resolutionProblems: [Problem], closed: (Int) -> Bool, missingTargetBlocks: Bool,
         carried: Carried? = nil) {
        let (blocked, blocking) = carried?.states ?? Self.states(edges: edges, closed: closed, missingTargetBlocks: missingTargetBlocks)
        let cycles = carried?.cycles ?? Self.cycles(count: ids.count, edges: edges)
        var problems = resolutionProblems
        for c in cycles {
            let names = c.prefix(12).map { ids[$0] } + (c.count > 12 ? ["… (\(c.count) tasks)"] : [])
            // A wait no file lists (a sequential project's order) is named, else the cycle cannot be found in the files.
            let implied = c.indices.compactMap { k -> String? in
                let (from, to) = (c[k], c[(k + 1) % c.count])
                guard let project = edges[from]?.first(where: { $0.target == to && $0.sequentialProject != nil })?.sequentialProject else { return nil }
                return "\(ids[from]) waits for \(ids[to]) in sequential project \(project)"
            }
            let why = implied.isEmpty ? "" : "; " + implied.prefix(3).joined(separator: ", ") + (implied.count > 3 ? ", …" : "")
            problems.append(Problem(id: ids[c.min { ids[$0] < ids[$1] }!],
                                    text: "dependency cycle: " + (names + [ids[c[0]]]).joined(separator: " → ") + " (each waits for the next\(why))"))
        }
        problems.sort { ($0.id, $0.text) < ($1.id, $1.text) }
        self.init(ids: ids, edges: edges, waiters: waiters, blocked: blocked, blocking: blocking, problems: problems, cycles: cycles)
        self.resolutionProblems = resolutionProblems
    }

    /// Which tasks are blocked and which block, from the edges and each task's status.
    static func states(edges: [Int: [Edge]], closed: (Int) -> Bool, missingTargetBlocks: Bool) -> (blocked: Set<Int>, blocking: Set<Int>) {
        var blocked = Set<Int>(), blocking = Set<Int>()
        for (i, list) in edges {
            for e in list {
                if let t = e.target {
                    if !closed(t) {
                        blocked.insert(i)
                        if !closed(i) { blocking.insert(t) }
                    }
                } else if missingTargetBlocks {
                    blocked.insert(i)
                }
            }
        }
        return (blocked, blocking)
    }

    /// The cycles among the edges: Tarjan's strongly connected components, with an explicit stack (no
    /// recursion, so a chain of 100,000 tasks is no deeper than one), each of two tasks or more.
    /// Its marks are flat tables by row, not dictionaries: every add or delete walks the graph
    /// again, and hashing each task's row several times was most of that walk.
    static func cycles(count: Int, edges: [Int: [Edge]]) -> [[Int]] {
        var index = [Int32](repeating: -1, count: count), low = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = [], found: [[Int]] = [], next: Int32 = 0
        for start in edges.keys.sorted() where index[start] < 0 {
            // Each frame: a task, its edges, and how many of them are done.
            var frames: [(node: Int, out: [Edge], edge: Int)] = [(start, edges[start] ?? [], 0)]
            index[start] = next; low[start] = next; next += 1
            stack.append(start); onStack[start] = true
            while let (v, out, k) = frames.last {
                if k < out.count {
                    frames[frames.count - 1].edge += 1
                    guard let w = out[k].target else { continue }
                    if index[w] < 0 {
                        index[w] = next; low[w] = next; next += 1
                        stack.append(w); onStack[w] = true
                        frames.append((w, edges[w] ?? [], 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { low[parent] = min(low[parent], low[v]) }
                guard low[v] == index[v] else { continue }
                var component: [Int] = []
                while let w = stack.popLast() {
                    onStack[w] = false
                    component.append(w)
                    if w == v { break }
                }
                if component.count > 1 { found.append(component.reversed()) }
            }
        }
        return found
    }

}
