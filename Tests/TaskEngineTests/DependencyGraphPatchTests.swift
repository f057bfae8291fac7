import XCTest
@testable import TaskEngine

/// An index edited step by step keeps its dependency graph from the previous
/// generation when an edit allows it (`DependencyMemo.Base`): over generated
/// vaults and generated edits (status, due, project, title, dependencies,
/// tasks added and removed, the graph asked for after some steps only), its
/// every answer is the one an index built from scratch on the same tasks gives.
final class DependencyGraphPatchTests: XCTestCase {
    func testAPatchedIndexAnswersAsOneBuiltFromScratch() {
        var reused = 0
        for seed in 0..<400 as Range<UInt64> {
            var rng = SeededRandom(seed: seed &+ 7_919)
            let (start, projects) = seed % 2 == 0
                ? (DependencyGraphTests.makeCase(seed: seed).tasks, SequentialProjectsTests.makeCase(seed: seed).projects)
                : (SequentialProjectsTests.makeCase(seed: seed).tasks, SequentialProjectsTests.makeCase(seed: seed).projects)
            var tasks = Dictionary(uniqueKeysWithValues: start.map { ($0.id, $0) })
            var index = TaskIndex(start)
            index.setSequentialProjects(projects)
            _ = index.dependencies
            for step in 0..<12 {
                let (changed, removed) = Self.edit(&tasks, &rng, names: SequentialProjectsTests.names)
                index.update(changed, removing: removed)
                if index.dependencyMemo.startsFromBase { reused += 1 }
                // Asked after most steps (as a drawn screen does), not after every one.
                guard Int.random(in: 0..<4, using: &rng) > 0 else { continue }
                var fresh = TaskIndex(Array(tasks.values))
                fresh.setSequentialProjects(projects)
                Self.assertSame(index.dependencies, fresh.dependencies, "seed \(seed), step \(step)")
            }
        }
        XCTAssertGreaterThan(reused, 100, "the cases reach graphs kept across edits")
    }

    /// One generated edit of `tasks`: mostly a change of one task, now and then one added or removed.
    static func edit(_ tasks: inout [String: TaskItem], _ rng: inout SeededRandom, names: [String]) -> ([TaskItem], Set<String>) {
        let ids = tasks.keys.sorted()
        guard let id = ids.randomElement(using: &rng) else {
            let added = TaskItem(id: "p/new0.md", title: "new")
            tasks[added.id] = added
            return ([added], [])
        }
        var t = tasks[id]!
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            tasks[id] = nil
            return ([], [id])
        case 1:
            let added = TaskItem(id: "p/new\(Int.random(in: 0..<1000, using: &rng)).md", title: "new")
            tasks[added.id] = added
            return ([added], [])
        case 2:
            let other = ids.randomElement(using: &rng)!
            let name = String(other.split(separator: "/").last!.dropLast(3))
            t.dependencies = Bool.random(using: &rng) ? t.dependencies + [TaskDependency(uid: "[[\(name)]]")] : []
        case 3:
            t.project = Bool.random(using: &rng) ? names.randomElement(using: &rng) : nil
        case 4:
            t.due = Bool.random(using: &rng) ? TaskDate(day: Day(year: 2026, month: 3, day: Int.random(in: 1...28, using: &rng))!) : nil
        case 5:
            t.title += "!"
        default:
            t.status = [.todo, .inProgress, .done, .cancelled].randomElement(using: &rng)!
        }
        tasks[id] = t
        return ([t], [])
    }

    static func assertSame(_ a: DependencyGraph, _ b: DependencyGraph, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.blocked, b.blocked, "blocked, " + message, file: file, line: line)
        XCTAssertEqual(a.blocking, b.blocking, "blocking, " + message, file: file, line: line)
        XCTAssertEqual(a.edges, b.edges, "edges, " + message, file: file, line: line)
        XCTAssertEqual(a.waiters, b.waiters, "waiters, " + message, file: file, line: line)
        XCTAssertEqual(a.problems, b.problems, "problems, " + message, file: file, line: line)
        XCTAssertEqual(a.cycles, b.cycles, "cycles, " + message, file: file, line: line)
        XCTAssertEqual(a.ids, b.ids, "ids, " + message, file: file, line: line)
    }
}
