import XCTest
@testable import TaskEngine

/// The commonest adds and deletes only move rows: a task with no dependency added under a
/// name no dependency looks at, or a task that waits for none and that none waits for
/// removed. The patched graph then keeps the previous one's cycles (and its blocked and
/// blocking, when no status changed) at their new rows instead of reckoning them again: over
/// generated vaults (chains, fans, diamonds, cycles, dangling names, sequential projects) and
/// runs of such edits mixed with status changes, it is the graph a fresh build makes.
final class DependencyGraphShiftTests: XCTestCase {
    func testRowsMovedKeepCyclesAndStatesAsAFreshBuildMakesThem() {
        var checked = 0, cycles = 0
        for seed in 0..<300 as Range<UInt64> {
            var rng = SeededRandom(seed: seed &+ 31)
            let start = DependencyGraphTests.makeCase(seed: seed).tasks
            let projects = SequentialProjectsTests.makeCase(seed: seed).projects
            var tasks = Dictionary(uniqueKeysWithValues: start.map { ($0.id, $0) })
            var index = TaskIndex(start)
            index.setSequentialProjects(projects)
            _ = index.dependencies
            for step in 0..<14 {
                let graph = index.dependencies
                var changed: [TaskItem] = [], removed = Set<String>()
                switch Int.random(in: 0..<5, using: &rng) {
                case 0, 1:
                    // A name no dependency of the generated vaults uses (they name t…, gone-…, nowhere).
                    let t = TaskItem(id: "\(["", "p/", "q/r/"].randomElement(using: &rng)!)added-\(seed)-\(step).md", title: "added")
                    changed = [t]
                case 2, 3:
                    // A task outside the graph (nothing waits for it, it waits for nothing), if there is one.
                    let free = index.tasks.indices.filter { graph.edges[$0] == nil && graph.waiters[$0] == nil && !graph.ids.isEmpty }
                    guard let row = free.randomElement(using: &rng) else { continue }
                    removed = [index.tasks[row].id]
                default:
                    // A status change in the same run of edits (blocked and blocking are then reckoned again).
                    guard let id = tasks.keys.sorted().randomElement(using: &rng) else { continue }
                    var t = tasks[id]!
                    t.status = [.todo, .done, .cancelled, .inProgress].randomElement(using: &rng)!
                    changed = [t]
                }
                for t in changed { tasks[t.id] = t }
                for id in removed { tasks[id] = nil }
                index.update(changed, removing: removed)
                guard Int.random(in: 0..<3, using: &rng) > 0 else { continue }
                var fresh = TaskIndex(Array(tasks.values))
                fresh.setSequentialProjects(projects)
                DependencyGraphPatchTests.assertSame(index.dependencies, fresh.dependencies, "seed \(seed), step \(step)")
                checked += 1
                cycles += index.dependencies.cycles.count
            }
        }
        XCTAssertGreaterThan(checked, 2_000)
        XCTAssertGreaterThan(cycles, 100, "the generated vaults keep cycles through the edits")
    }
}
