import XCTest
@testable import TaskEngine

/// What the sidebar's counts ask after each add, delete, rename, undo or change: the
/// `blocked` conditions scanned from a graph patched from the previous generation's (done
/// tasks read from the rule columns' status column), every other condition's bits carried to
/// the rows' new places, against an index of the same tasks built from scratch.
final class BlockedBitsPatchTests: XCTestCase {
    static let rules = ["blocked", "blocked = false", "blocked op=blocks_others", "status = done or blocked",
                        "project = \"q4 report\"", "not (status = done)", "title contains \"t1\""]

    func testRuleBitsAfterEachEditEqualAFreshIndex() throws {
        let parsed = try Self.rules.map { try RuleTextParser.parse($0) }
        var patched = 0, blocked = 0
        for seed in 0..<120 as Range<UInt64> {
            var rng = SeededRandom(seed: seed &+ 7_919)
            let projects = SequentialProjectsTests.makeCase(seed: seed).projects
            var tasks: [String: TaskItem] = [:]
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                if let t = DependencyGraphAddRemoveTests.newTask(&rng, existing: tasks) { tasks[t.id] = t }
            }
            var gone: [TaskItem] = []
            var index = TaskIndex(Array(tasks.values))
            index.setSequentialProjects(projects)
            // Every rule asked first through the bits (as the sidebar does), so their bits are kept and patched.
            for r in parsed { _ = RuleBits.matching(r, in: index, today: pinnedToday) }
            for step in 0..<14 {
                let (changed, removed) = DependencyGraphAddRemoveTests.edit(&tasks, &gone, &rng)
                index.update(changed, removing: removed)
                if index.dependencyMemo.startsFromBase { patched += 1 }
                guard Int.random(in: 0..<4, using: &rng) > 0 else { continue }
                var fresh = TaskIndex(Array(tasks.values))
                fresh.setSequentialProjects(projects)
                for (text, r) in zip(Self.rules, parsed) {
                    let got = RuleBits.matching(r, in: index, today: pinnedToday).bits
                    XCTAssertEqual(got, RuleBits.matching(r, in: fresh, today: pinnedToday).bits, "seed \(seed), step \(step): \(text)")
                    if text == "blocked" { blocked += got.population }
                }
                DependencyGraphPatchTests.assertSame(index.dependencies, fresh.dependencies, "seed \(seed), step \(step)")
            }
        }
        XCTAssertGreaterThan(patched, 500, "most edits start from the previous graph")
        XCTAssertGreaterThan(blocked, 500, "tasks are blocked in the generated vaults")
    }
}
