import XCTest
@testable import TaskEngine

/// A graph keeps its storage across adds and deletes that touch no dependency, translating rows
/// through a `RowShift`. The shift is checked against a plain list of where each row came from,
/// over generated runs of inserts and removals; the graph against a fresh build over long runs of
/// such edits (past the shift's bound, so it is renumbered again and again) mixed with edits
/// that resolve dependencies again, status changes, sequential projects' tasks and undos.
final class DependencyRowShiftTests: XCTestCase {
    func testShiftTranslatesRowsAsTheEditsMovedThem() {
        var checked = 0
        for seed in 0..<400 as Range<UInt64> {
            var rng = SeededRandom(seed: seed &+ 7_919)
            let stored = Int.random(in: 0...40, using: &rng)
            // Each current row's stored row, or -1 - k for the k-th row inserted.
            var from = Array(0..<stored)
            var shift = RowShift()
            var made = 0
            for _ in 0..<Int.random(in: 1...RowShift.maxEdits, using: &rng) {
                if from.isEmpty || Bool.random(using: &rng) {
                    let r = Int.random(in: 0...from.count, using: &rng)
                    from.insert(-1 - made, at: r)
                    made += 1
                    XCTAssertNil(shift.apply(.insert(r)))
                } else {
                    let r = Int.random(in: 0..<from.count, using: &rng)
                    let was = from.remove(at: r)
                    XCTAssertEqual(shift.apply(.remove(r)), was >= 0 ? was : nil, "seed \(seed): the stored row removed")
                }
                shift.nameInserted { "new-\(-1 - from[$0])" }
                XCTAssertEqual(shift.count(stored: stored), from.count, "seed \(seed)")
                for (c, s) in from.enumerated() {
                    XCTAssertEqual(shift.stored(c), s >= 0 ? s : nil, "seed \(seed), row \(c)")
                    XCTAssertEqual(shift.insertedID(c), s >= 0 ? nil : "new-\(-1 - s)", "seed \(seed), row \(c)")
                }
                for s in 0..<stored { XCTAssertEqual(shift.current(s), from.firstIndex(of: s), "seed \(seed), stored row \(s)") }
                checked += 1
            }
            // The edits kept compose, from the stored rows, the map a patch renumbers with.
            let map = RowMap(oldCount: stored, edits: shift.edits)
            for s in 0..<stored { XCTAssertEqual(map.new(s), shift.current(s), "seed \(seed)") }
        }
        XCTAssertGreaterThan(checked, 5_000)
    }

    func testLongRunsOfAddsAndDeletesKeepTheGraphAFreshBuildMakes() {
        var shifted = 0, renumbered = 0, checked = 0
        for seed in 0..<40 as Range<UInt64> {
            var rng = SeededRandom(seed: seed &+ 65_537)
            let start = DependencyGraphTests.makeCase(seed: seed).tasks
            let projects = SequentialProjectsTests.makeCase(seed: seed).projects
            var tasks = Dictionary(uniqueKeysWithValues: start.map { ($0.id, $0) })
            var index = TaskIndex(start)
            index.setSequentialProjects(projects)
            var gone: [TaskItem] = []
            var wasShifted = false
            for step in 0..<220 {
                let graph = index.dependencies
                XCTAssertLessThanOrEqual(graph.shift.edits.count, RowShift.maxEdits)
                if !graph.shift.isEmpty { shifted += 1 } else if wasShifted { renumbered += 1 }
                wasShifted = !graph.shift.isEmpty
                var changed: [TaskItem] = [], removed = Set<String>()
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<7:
                    // A name no dependency of the generated vaults uses, in any folder (any row).
                    let folder = ["", "a/", "p/", "q/r/", "z/"].randomElement(using: &rng)!
                    changed = [TaskItem(id: "\(folder)added-\(step).md", title: "added")]
                case 7..<12:
                    // A task nothing waits for and that waits for nothing, or any task now and then.
                    let free = index.tasks.indices.filter { graph.edges(of: $0).isEmpty && graph.waitedBy($0).isEmpty }
                    let any = Int.random(in: 0..<5, using: &rng) == 0
                    guard let row = (any ? Array(index.tasks.indices) : free).randomElement(using: &rng) else { continue }
                    let id = index.tasks[row].id
                    gone.append(tasks.removeValue(forKey: id)!)
                    removed = [id]
                case 12, 13:
                    // An undo of a delete.
                    guard let t = gone.popLast(), tasks[t.id] == nil else { continue }
                    changed = [t]
                case 14, 15:
                    guard let id = tasks.keys.sorted().randomElement(using: &rng) else { continue }
                    var t = tasks[id]!
                    t.status = [.todo, .done, .cancelled, .inProgress].randomElement(using: &rng)!
                    changed = [t]
                case 16:
                    // Another dependency: resolved again, so the graph is patched for real.
                    guard let id = tasks.keys.sorted().randomElement(using: &rng),
                          let other = tasks.keys.sorted().randomElement(using: &rng) else { continue }
                    var t = tasks[id]!
                    t.dependencies.append(TaskDependency(uid: "[[\(TaskTargets.name(other).dropLast(3))]]"))
                    changed = [t]
                case 17:
                    // A task of a sequential project: its waits are made again.
                    var t = TaskItem(id: "p/seq-\(step).md", title: "seq")
                    t.project = SequentialProjectsTests.names.randomElement(using: &rng)
                    changed = [t]
                case 18:
                    // A name a dependency may use (a dangling one may name it now).
                    changed = [TaskItem(id: "x/t\(Int.random(in: 0..<40, using: &rng)).md", title: "named")]
                default:
                    // A title edit keeps the rows (and the shift).
                    guard let id = tasks.keys.sorted().randomElement(using: &rng) else { continue }
                    var t = tasks[id]!
                    t.title += "!"
                    changed = [t]
                }
                for t in changed { tasks[t.id] = t }
                for id in removed { tasks[id] = nil }
                index.update(changed, removing: removed)
                // Asked after most steps, as a drawn screen does; several edits in a row compose.
                guard Int.random(in: 0..<4, using: &rng) > 0 else { continue }
                var fresh = TaskIndex(Array(tasks.values))
                fresh.setSequentialProjects(projects)
                let mine = index.dependencies, theirs = fresh.dependencies
                DependencyGraphPatchTests.assertSame(mine, theirs, "seed \(seed), step \(step)")
                // The questions by row answer as the tables do.
                for r in index.tasks.indices where Int.random(in: 0..<3, using: &rng) == 0 {
                    XCTAssertEqual(mine.isBlocked(r), theirs.isBlocked(r), "seed \(seed), step \(step), row \(r)")
                    XCTAssertEqual(mine.isBlocking(r), theirs.isBlocking(r), "seed \(seed), step \(step), row \(r)")
                    XCTAssertEqual(mine.waitsFor(r), theirs.waitsFor(r), "seed \(seed), step \(step), row \(r)")
                    XCTAssertEqual(mine.waitedBy(r), theirs.waitedBy(r), "seed \(seed), step \(step), row \(r)")
                    XCTAssertEqual(mine.edges(of: r), theirs.edges(of: r), "seed \(seed), step \(step), row \(r)")
                }
                var blocked = Set<Int>(), blocking = Set<Int>()
                mine.forEachBlocked { blocked.insert($0) }
                mine.forEachBlocking { blocking.insert($0) }
                XCTAssertEqual(blocked, theirs.blocked, "seed \(seed), step \(step)")
                XCTAssertEqual(blocking, theirs.blocking, "seed \(seed), step \(step)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
        XCTAssertGreaterThan(shifted, 2_000, "adds and deletes that touch no dependency keep the graph's storage")
        XCTAssertGreaterThan(renumbered, 200, "past its bound, or after an edit that resolves again, the graph is renumbered")
    }
}
