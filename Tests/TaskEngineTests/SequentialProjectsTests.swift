import XCTest
@testable import TaskEngine

/// Sequential projects over generated vaults (projects of several sizes, some
/// sequential, manual orders naming some tasks and some that are gone, done and
/// cancelled tasks, explicit dependencies mixed in), held to a plain reading
/// written here on its own: an open task of a sequential project is blocked when
/// an open task of the same project comes before it in the project's order (one
/// in progress first; then the ids its `manual_order` lists, as listed, then the
/// others by due date, undated last, then by id), or when a task it names is not done.
final class SequentialProjectsTests: XCTestCase {
    struct Case {
        var tasks: [TaskItem]
        var projects: SequentialProjects
        /// Explicit dependencies by task (places in `tasks`).
        var explicit: [[Int]]
    }

    static let names = ["Q4 Report", "Garden", "Move", "Taxes", "Launch"]

    static func makeCase(seed: UInt64) -> Case {
        var rng = SeededRandom(seed: seed)
        let n = Int.random(in: 1...40, using: &rng)
        var tasks: [TaskItem] = []
        for i in 0..<n {
            var t = TaskItem(id: String(format: "p/t%03d.md", i), title: "t\(i)")
            if Int.random(in: 0..<5, using: &rng) > 0 {
                // Spelled in another case now and then: a project is one whatever its case.
                let name = names.randomElement(using: &rng)!
                t.project = Bool.random(using: &rng) ? name : name.uppercased()
            }
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: t.status = .done
            case 1: t.status = .cancelled
            case 2: t.status = .inProgress
            default: t.status = .todo
            }
            // Distinct days, or none: the order does not hang on how ties break.
            if Bool.random(using: &rng) { t.due = TaskDate(day: Day(year: 2026, month: 1, day: 1)!.adding(days: Int.random(in: 0..<2000, using: &rng) * 64 + i)) }
            tasks.append(t)
        }
        var explicit = [[Int]](repeating: [], count: n)
        if seed % 3 == 0 {
            for i in 0..<n where Int.random(in: 0..<4, using: &rng) == 0 {
                let j = Int.random(in: 0..<n, using: &rng)
                guard j != i else { continue }
                explicit[i].append(j)
                tasks[i].dependencies.append(TaskDependency(uid: "[[t\(String(format: "%03d", j))]]"))
            }
        }
        var projects: [SequentialProjects.Project] = []
        for name in names where Int.random(in: 0..<3, using: &rng) > 0 {
            var order: [String] = []
            if Bool.random(using: &rng) {
                order = tasks.indices.shuffled(using: &rng).prefix(Int.random(in: 0...n, using: &rng)).map { tasks[$0].id } + ["p/gone.md"]
                order.shuffle(using: &rng)
            }
            projects.append(.init(name: Bool.random(using: &rng) ? name.lowercased() : name, sequential: Int.random(in: 0..<4, using: &rng) > 0,
                                  manualOrder: order))
        }
        return Case(tasks: tasks, projects: SequentialProjects(projects), explicit: explicit)
    }

    /// The plain reading of a project's order: in progress first; listed first, as listed; then by due, undated last, then by id.
    static func before(_ a: Int, _ b: Int, _ c: Case, order: [String]) -> Bool {
        let started = (c.tasks[a].status == .inProgress, c.tasks[b].status == .inProgress)
        if started.0 != started.1 { return started.0 }
        let pa = order.firstIndex(of: c.tasks[a].id), pb = order.firstIndex(of: c.tasks[b].id)
        switch (pa, pb) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil):
            let da = c.tasks[a].due?.sortKey ?? .max, db = c.tasks[b].due?.sortKey ?? .max
            return da != db ? da < db : c.tasks[a].id < c.tasks[b].id
        }
    }

    static func plainReading(_ c: Case) -> (blocked: [Bool], waits: [Set<Int>]) {
        let open = c.tasks.map { !$0.status.isClosed }
        var waits = c.explicit.map(Set.init)
        for i in c.tasks.indices where open[i] {
            guard let name = c.tasks[i].project, let p = c.projects.byKey.values.first(where: { $0.name.lowercased() == name.lowercased() }),
                  p.sequential else { continue }
            let peers = c.tasks.indices.filter { $0 != i && open[$0] && c.tasks[$0].project?.lowercased() == name.lowercased() }
            let earlier = peers.filter { before($0, i, c, order: p.manualOrder) }
            // The one right before it (the latest of those before it).
            if let last = earlier.first(where: { e in !earlier.contains { $0 != e && before(e, $0, c, order: p.manualOrder) } }) { waits[i].insert(last) }
        }
        let blocked = c.tasks.indices.map { i in waits[i].contains { open[$0] } }
        return (blocked, waits)
    }

    func testBlockedStateMatchesThePlainReadingOverGeneratedProjects() {
        var sawSequentialBlock = 0
        for seed in 0..<500 as Range<UInt64> {
            let c = Self.makeCase(seed: seed)
            var index = TaskIndex(c.tasks)
            index.setSequentialProjects(c.projects)
            let (blocked, waits) = Self.plainReading(c)
            // The index keeps tasks in id order, the case made them in that order.
            XCTAssertEqual(index.tasks.map(\.task.id), c.tasks.map(\.id))
            let graph = index.dependencies
            for i in c.tasks.indices {
                XCTAssertEqual(graph.isBlocked(i), blocked[i], "seed \(seed), task \(c.tasks[i].id)")
                XCTAssertEqual(Set(graph.waitsFor(i)), waits[i], "seed \(seed), task \(c.tasks[i].id) waits for")
                if blocked[i] && c.explicit[i].isEmpty { sawSequentialBlock += 1 }
            }
            // The rule field agrees with the graph.
            let bits = RuleBits.matching(try! RuleTextParser.parse("blocked"), in: index, today: pinnedToday).bits
            XCTAssertEqual(c.tasks.indices.filter { bits[$0] }, c.tasks.indices.filter { blocked[$0] }, "seed \(seed) rule")
            // Cycles: a task is on one when it can reach itself through explicit and implied waits.
            let onCycle = Set(c.tasks.indices.filter { reachesItself($0, waits) })
            XCTAssertEqual(Set(graph.cycles.flatMap { $0 }), onCycle, "seed \(seed) cycles")
        }
        XCTAssertGreaterThan(sawSequentialBlock, 200, "the cases block tasks by their project alone")
    }

    func reachesItself(_ i: Int, _ waits: [Set<Int>]) -> Bool {
        var seen = Set<Int>(), todo = Array(waits[i])
        while let j = todo.popLast() {
            if j == i { return true }
            guard seen.insert(j).inserted else { continue }
            todo += waits[j]
        }
        return false
    }

    /// Making a project sequential and parallel again changes what `blocked` matches, with no task changing
    /// (the conditions kept from before are made again); completing the first task frees the second.
    func testSettingTheProjectsAndCompletingTheFirstTask() throws {
        func task(_ id: String, _ due: Int) -> TaskItem {
            var t = TaskItem(id: id, title: id)
            t.project = "Q4 Report"
            t.due = TaskDate(day: Day(year: 2026, month: 3, day: due)!)
            return t
        }
        var index = TaskIndex([task("a.md", 3), task("b.md", 1), task("c.md", 2)])
        let rules = try RuleTextParser.parse("blocked")
        XCTAssertEqual(RuleBits.count(rules, in: index, today: pinnedToday), 0)
        index.setSequentialProjects(SequentialProjects([.init(name: "q4 report", sequential: true)]))
        // By due: b, c, a.
        XCTAssertEqual(RuleBits.count(rules, in: index, today: pinnedToday), 2)
        XCTAssertFalse(index.isBlocked(id: "b.md"))
        XCTAssertEqual(index.waitsFor(id: "c.md"), ["b.md"])
        XCTAssertEqual(index.dependencies.edges[0]?.first?.sequentialProject, "q4 report")
        // A manual order puts a first.
        index.setSequentialProjects(SequentialProjects([.init(name: "Q4 Report", sequential: true, manualOrder: ["a.md"])]))
        XCTAssertFalse(index.isBlocked(id: "a.md"))
        XCTAssertEqual(index.waitsFor(id: "b.md"), ["a.md"])
        var a = index.task(id: "a.md")!.task
        a.setStatus(.done)
        index.update([a])
        XCTAssertFalse(index.isBlocked(id: "b.md"))
        XCTAssertTrue(index.isBlocked(id: "c.md"))
        XCTAssertEqual(RuleBits.count(rules, in: index, today: pinnedToday), 1)
        index.setSequentialProjects(SequentialProjects([.init(name: "Q4 Report", sequential: false)]))
        XCTAssertEqual(RuleBits.count(rules, in: index, today: pinnedToday), 0)
    }

    /// A project made sequential against a task's own wait (ship waits for docs, the order puts ship
    /// first): the cycle is reported with the wait no file lists named, for each direction.
    func testACycleThroughASequentialProjectSaysWhichWaitTheProjectImplies() {
        for (first, second) in [("ship.md", "docs.md"), ("docs.md", "ship.md")] {
            var ship = TaskItem(id: "ship.md", title: "Ship"), docs = TaskItem(id: "docs.md", title: "Docs")
            ship.project = "Launch"
            docs.project = "Launch"
            ship.dependencies = [TaskDependency(uid: "[[docs]]")]
            var index = TaskIndex([ship, docs])
            index.setSequentialProjects(SequentialProjects([.init(name: "Launch", sequential: true, manualOrder: [first, second])]))
            let cycles = index.dependencies.problems.filter { $0.text.hasPrefix("dependency cycle") }
            if first == "ship.md" {
                XCTAssertEqual(cycles.map(\.text), ["dependency cycle: docs.md → ship.md → docs.md (each waits for the next; docs.md waits for ship.md in sequential project Launch)"])
            } else {
                XCTAssertEqual(cycles.count, 0, "the order agrees with the wait: \(cycles)")
            }
        }
    }

    /// 100,000 tasks in one sequential project: a chain of 99,999 waits, built without recursion.
    func testOneHugeSequentialProject() {
        let tasks: [TaskItem] = (0..<100_000).map { i in
            var t = TaskItem(id: "h/t\(i).md", title: "t")
            t.project = "Huge"
            return t
        }
        var index = TaskIndex(tasks)
        index.setSequentialProjects(SequentialProjects([.init(name: "Huge", sequential: true)]))
        XCTAssertEqual(index.dependencies.blocked.count, 99_999)
        XCTAssertTrue(index.dependencies.cycles.isEmpty)
    }
}
