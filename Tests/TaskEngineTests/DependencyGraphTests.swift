import XCTest
@testable import TaskEngine

/// Blocked state over random dependency graphs (chains, fans, diamonds,
/// cycles, names of no task, gaps and every relation), held to a reading of
/// tasknotes-spec §10.2.5 written here on its own: a task is blocked when one
/// of the tasks it names is not done or cancelled, or it names a task that is
/// not there; the relation and the gap change nothing.
final class DependencyGraphTests: XCTestCase {
    /// A vault made by a seed: task `i` is `folder/t<i>.md`; each dependency a (kind, target) pair.
    struct Case {
        enum Target { case task(Int), missing(String), itself }
        var closed: [Bool]
        var targets: [[Target]]
        var tasks: [TaskItem]
    }

    static func makeCase(seed: UInt64) -> Case {
        var rng = SeededRandom(seed: seed)
        let n = Int.random(in: 1...40, using: &rng)
        var closed = (0..<n).map { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        var targets = [[Case.Target]](repeating: [], count: n)
        switch seed % 5 {
        case 0:  // a chain: each waits for the one before
            for i in 1..<max(n, 1) { targets[i] = [.task(i - 1)] }
        case 1:  // a fan: every task waits for task 0, and task 0 for several
            for i in 1..<max(n, 1) { targets[i] = [.task(0)] }
            targets[0] = (1..<min(n, 4)).map { .task($0) }
        case 2:  // diamonds
            for i in stride(from: 3, to: n, by: 4) { targets[i] = [.task(i - 1), .task(i - 2)]; targets[i - 1] = [.task(i - 3)]; targets[i - 2] = [.task(i - 3)] }
        case 3:  // a cycle of a few, and open tasks in it
            let k = min(n, Int.random(in: 2...6, using: &rng))
            if k >= 2 { for i in 0..<k { targets[i] = [.task((i + 1) % k)] } }
            for i in 0..<k { closed[i] = false }
        default:  // anything
            for i in 0..<n {
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0: targets[i].append(.missing("gone-\(Int.random(in: 0...99, using: &rng))"))
                    case 1: targets[i].append(.itself)
                    default: targets[i].append(.task(Int.random(in: 0..<n, using: &rng)))
                    }
                }
            }
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { targets[Int.random(in: 0..<n, using: &rng)].append(.missing("nowhere")) }
        // Each uid in one of the ways a file can write it.
        let tasks: [TaskItem] = (0..<n).map { i in
            var t = TaskItem(id: "folder/t\(i).md", title: "t\(i)")
            t.status = closed[i] ? (i % 2 == 0 ? .done : .cancelled) : (i % 3 == 0 ? .inProgress : .todo)
            t.dependencies = targets[i].map { target in
                let name: String
                switch target {
                case .task(let j): name = "t\(j)"
                case .missing(let s): name = s
                case .itself: name = "t\(i)"
                }
                let uid = ["[[\(name)]]", "[[\(name)|Alias]]", name, "[x](\(name).md)", "[[folder/\(name)]]", "[[./\(name)]]"][Int.random(in: 0..<6, using: &rng)]
                let relation = DependencyRelation.allCases.randomElement(using: &rng)!
                return TaskDependency(uid: uid, relation: relation, gap: ["PT4H", "-P1D", nil, "P2W"].randomElement(using: &rng)!)
            }
            return t
        }
        return Case(closed: closed, targets: targets, tasks: tasks)
    }

    func testBlockedStateMatchesTheSpecsReadingOverRandomGraphs() {
        for seed in 0..<600 as Range<UInt64> {
            let c = Self.makeCase(seed: seed)
            let graph = DependencyGraph(c.tasks)
            for i in c.tasks.indices {
                let expected = c.targets[i].contains { target in
                    switch target {
                    case .task(let j): return j != i && !c.closed[j]
                    case .missing: return true
                    case .itself: return false  // a task naming itself is reported, not waited for
                    }
                }
                XCTAssertEqual(graph.isBlocked(i), expected, "seed \(seed), task \(i)")
                let waits = c.targets[i].compactMap { t -> Int? in if case .task(let j) = t, j != i { return j } else { return nil } }
                XCTAssertEqual(Set(graph.waitsFor(i)), Set(waits), "seed \(seed), task \(i) waits for")
                let waiters = c.targets.indices.filter { w in w != i && c.targets[w].contains { if case .task(i) = $0 { return true } else { return false } } }
                XCTAssertEqual(Set(graph.waitedBy(i)), Set(waiters), "seed \(seed), task \(i) waited by")
                XCTAssertEqual(graph.isBlocking(i), !c.closed[i] && waiters.contains { !c.closed[$0] }, "seed \(seed), task \(i) blocking")
            }
            // Every name of no task, and every task naming itself, is one problem of its task.
            let dangling = c.targets.enumerated().reduce(0) { n, e in n + e.element.filter { if case .missing = $0 { return true } else { return false } }.count }
            let selves = c.targets.enumerated().reduce(0) { n, e in
                n + e.element.filter { t in
                    switch t {
                    case .itself: return true
                    case .task(let j): return j == e.offset
                    case .missing: return false
                    }
                }.count
            }
            XCTAssertEqual(graph.problems.filter { $0.text.hasPrefix("unresolved_dependency_target") }.count, dangling, "seed \(seed)")
            XCTAssertEqual(graph.problems.filter { $0.text.hasPrefix("self_dependency") }.count, selves, "seed \(seed)")
            // Cycles, against the simplest test there is: a task is in one when it can reach itself.
            let onCycle = Set(c.tasks.indices.filter { reachesItself($0, c) })
            XCTAssertEqual(Set(graph.cycles.flatMap { $0 }), onCycle, "seed \(seed)")
            for cycle in graph.cycles {
                XCTAssertTrue(graph.problems.contains { $0.text.hasPrefix("dependency cycle") && $0.text.contains(c.tasks[cycle[0]].id) })
            }
        }
    }

    /// Depth-first from `i`'s targets, with a visited set.
    func reachesItself(_ i: Int, _ c: Case) -> Bool {
        var seen = Set<Int>(), todo = c.targets[i].compactMap { t -> Int? in if case .task(let j) = t, j != i { return j } else { return nil } }
        while let j = todo.popLast() {
            if j == i { return true }
            guard seen.insert(j).inserted else { continue }
            todo += c.targets[j].compactMap { t -> Int? in if case .task(let k) = t, k != j { return k } else { return nil } }
        }
        return false
    }

    /// A missing target blocks only while the spec's default (`treat_missing_target_as_blocked`) holds.
    func testAMissingTargetBlocksByDefaultOnly() {
        var t = TaskItem(id: "a.md", title: "a")
        t.dependencies = [TaskDependency(uid: "[[gone]]")]
        XCTAssertTrue(DependencyGraph([t]).isBlocked(0))
        XCTAssertFalse(DependencyGraph([t], missingTargetBlocks: false).isBlocked(0))
    }

    /// A chain and a cycle of 100,000 tasks: answered, the cycle found, no stack overflow and no hang.
    func testLongChainsAndCyclesAreWalkedWithoutRecursion() {
        let n = 100_000
        let tasks: [TaskItem] = (0..<n).map { i in
            var t = TaskItem(id: "c/t\(i).md", title: "t\(i)")
            t.dependencies = [TaskDependency(uid: "[[t\((i + 1) % n)]]")]
            return t
        }
        let graph = DependencyGraph(tasks)
        XCTAssertEqual(graph.cycles.count, 1)
        XCTAssertEqual(graph.cycles.first?.count, n)
        XCTAssertEqual(graph.blocked.count, n)
        XCTAssertEqual(graph.problems.count, 1)
        XCTAssertTrue(graph.problems[0].text.contains("(100000 tasks)"))
    }

    /// A vault with no dependencies builds nothing.
    func testNoDependenciesNoGraph() {
        let tasks = (0..<1000).map { TaskItem(id: "t\($0).md", title: "t") }
        let graph = DependencyGraph(tasks)
        XCTAssertTrue(graph.edges.isEmpty && graph.ids.isEmpty && graph.blocked.isEmpty && graph.problems.isEmpty)
    }

    /// Names resolve as a vault's tools write them: a Backlog.md id, a name in another case,
    /// two files of one name (ambiguous), a link climbing out of the vault (refused).
    func testHowNamesResolve() {
        func task(_ id: String, _ uids: [String] = []) -> TaskItem {
            var t = TaskItem(id: id, title: id)
            t.dependencies = uids.map { TaskDependency(uid: $0) }
            return t
        }
        let tasks = [task("backlog/tasks/task-12 - Write docs.md"), task("backlog/tasks/task-13 - Ship.md", ["task-12", "TASK-99"]),
                     task("a/Same.md"), task("b/Same.md"), task("a/Other Task.md"),
                     task("a/x.md", ["[[same]]", "[[other task]]", "[[../../up]]", "[y](../../../up.md)"])]
        let graph = DependencyGraph(tasks)
        XCTAssertEqual(graph.waitsFor(1), [0])
        XCTAssertEqual(graph.waitsFor(5), [4])
        let problems = graph.problems.filter { $0.id == "a/x.md" }.map(\.text)
        XCTAssertTrue(problems.contains { $0.hasPrefix("ambiguous_link") && $0.contains("a/Same.md") && $0.contains("b/Same.md") }, "\(problems)")
        XCTAssertEqual(problems.filter { $0.hasPrefix("path_traversal") }.count, 2, "\(problems)")
        XCTAssertTrue(graph.problems.contains { $0.id.hasPrefix("backlog/tasks/task-13") && $0.text.contains("TASK-99") })
    }

    /// Backlog.md ids as Backlog.md compares them: any case, leading zeros dropped in each part,
    /// and a bare number naming the task of that number; a file added later is found by a
    /// patched graph as by a fresh one (the watch of a bare number or a padded id sees it).
    func testBacklogIDsAsBacklogCompilesThem() {
        func task(_ id: String, _ uids: [String] = []) -> TaskItem {
            var t = TaskItem(id: id, title: id)
            t.dependencies = uids.map { TaskDependency(uid: $0) }
            return t
        }
        let cases: [(String, String?)] = [
            ("task-1", "backlog/tasks/task-1 - One.md"), ("TASK-1", "backlog/tasks/task-1 - One.md"), ("task-01", "backlog/tasks/task-1 - One.md"),
            ("1", "backlog/tasks/task-1 - One.md"), ("001", "backlog/tasks/task-1 - One.md"), ("3.1", "backlog/tasks/task-3.1 - Sub.md"),
            ("task-3.01", "backlog/tasks/task-3.1 - Sub.md"), ("task-3", nil), ("back-1", nil), ("99", nil), ("1.", nil), ("-1", nil),
            ("12345678901234567890", nil), ("task-", nil),
        ]
        for (uid, expected) in cases {
            let tasks = [task("backlog/tasks/task-1 - One.md"), task("backlog/tasks/task-3.1 - Sub.md"), task("backlog/tasks/task-9 - Waits.md", [uid])]
            var index = TaskIndex(tasks)
            XCTAssertEqual(index.waitsFor(id: "backlog/tasks/task-9 - Waits.md"), expected.map { [$0] } ?? [], uid)
            // The task of that id added afterwards: the patched graph agrees with a fresh one.
            if expected == nil, let parts = TaskTargets.idParts(uid), !parts.number.contains(".") {
                let added = task("backlog/tasks/\(parts.prefix ?? "task")-\(parts.number) - Late.md")
                _ = index.dependencies
                index.update([added])
                XCTAssertEqual(index.waitsFor(id: "backlog/tasks/task-9 - Waits.md"), TaskIndex(tasks + [added]).waitsFor(id: "backlog/tasks/task-9 - Waits.md"), uid)
            }
        }
    }

    /// The index keeps one graph per generation and answers by id.
    func testTheIndexAnswersByIDAndRebuildsOnAChange() {
        var a = TaskItem(id: "a.md", title: "a"), b = TaskItem(id: "b.md", title: "b")
        a.dependencies = [TaskDependency(uid: "[[b]]")]
        var index = TaskIndex([a, b])
        XCTAssertTrue(index.isBlocked(id: "a.md"))
        XCTAssertTrue(index.isBlocking(id: "b.md"))
        XCTAssertEqual(index.waitsFor(id: "a.md"), ["b.md"])
        XCTAssertEqual(index.waitedBy(id: "b.md"), ["a.md"])
        b.setStatus(.done)
        index.update([b])
        XCTAssertFalse(index.isBlocked(id: "a.md"))
        XCTAssertFalse(index.isBlocking(id: "b.md"))
        XCTAssertEqual(index.waitsFor(id: "a.md"), ["b.md"])
    }
}
