import XCTest
@testable import TaskEngine

/// `idRank` is the last tie-break of every sort: it must ascend with the index's rows after any
/// edit, and an add must leave the other tasks' ranks alone while their gap has room (that is
/// what keeps an add from touching every task after it).
final class IndexRankTests: XCTestCase {
    let today = Day.parseISO("2026-11-21")!

    func assertAscending(_ index: TaskIndex, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = zip(index.tasks, index.tasks.dropFirst()).first { $0.idRank >= $1.idRank }
        XCTAssertNil(bad.map { "\($0.0.id) \($0.0.idRank) ≥ \($0.1.id) \($0.1.idRank)" }, what, file: file, line: line)
    }

    /// Random adds (some into one gap again and again), removals and changes, many rounds: after
    /// each, ranks ascend and every sort equals the sort of an index built afresh from the same tasks.
    func testRanksAscendAndSortsEqualAFreshIndexAfterRandomEdits() {
        var rng = SeededRandom(seed: 16)
        let specs: [(String, String)] = [("due", "asc"), ("priority", "desc"), ("flagged", "asc"), ("title", "desc"), ("created", "asc")]
        let sorters = specs.map { TaskSorter(spec: SortSpec(field: $0.0, direction: $0.1)) }
        for round in 0..<6 {
            var index = TaskIndex((0..<rng.int(20...200)).map { RuleBitsTests.randomTask("t\($0).md", &rng, today: today) })
            var next = 0
            for step in 0..<60 {
                let ids = index.tasks.map(\.id)
                var changed: [TaskItem] = [], removed: Set<String> = []
                switch rng.int(0...4) {
                case 0:  // one add into the same gap as the last (ids sorting one after another)
                    next += 1
                    changed = [RuleBitsTests.randomTask("t1-" + String(repeating: "0", count: 6 - String(next).count) + "\(next).md", &rng, today: today)]
                case 1:
                    changed = (0..<rng.int(1...5)).map { _ in RuleBitsTests.randomTask(rng.pick(["a", "t", "t5", "z"]) + "\(round)-\(step)-\(rng.int(0...999)).md", &rng, today: today) }
                case 2 where !ids.isEmpty:
                    removed = Set((0..<rng.int(1...4)).map { _ in rng.pick(ids) })
                case 3 where !ids.isEmpty:
                    changed = (0..<rng.int(1...3)).map { _ in RuleBitsTests.randomTask(rng.pick(ids), &rng, today: today) }
                default:
                    changed = [RuleBitsTests.randomTask("new-\(round)-\(step).md", &rng, today: today)]
                    removed = ids.isEmpty ? [] : [rng.pick(ids)]
                }
                if rng.chance(0.5) { index.update(changed, removing: removed) } else { index = index.updating(changed, removing: removed) }
                assertAscending(index, "round \(round) step \(step)")
                let fresh = TaskIndex(index.tasks.map(\.task))
                XCTAssertEqual(index.tasks.map(\.id), fresh.tasks.map(\.id))
                for (s, sorter) in sorters.enumerated() {
                    XCTAssertEqual(sorter.sorted(index.tasks).map(\.id), sorter.sorted(fresh.tasks).map(\.id), "round \(round) step \(step) \(specs[s])")
                }
            }
        }
    }

    /// Adds into one gap, each after the one before: the others keep their ranks while the gap
    /// has room; when it runs out every task is ranked again, in order, as a fresh index ranks them.
    func testAddsIntoOneGapKeepTheOtherRanksUntilTheGapIsFull() {
        var index = TaskIndex(["a.md", "b.md", "y.md", "z.md"].map { TaskItem(id: $0, title: $0) })
        var rankedAgain = 0
        for n in 1...80 {
            let before = Dictionary(uniqueKeysWithValues: index.tasks.map { ($0.id, $0.idRank) })
            let id = "b-" + String(repeating: "0", count: 3 - String(n).count) + "\(n).md"
            index.update([TaskItem(id: id, title: id)])
            assertAscending(index, "add \(n)")
            let moved = index.tasks.filter { $0.id != id && before[$0.id] != $0.idRank }
            if moved.isEmpty { continue }
            rankedAgain += 1
            XCTAssertEqual(index.tasks.map(\.idRank), TaskIndex(index.tasks.map(\.task)).tasks.map(\.idRank), "ranked again as a fresh index is, add \(n)")
        }
        XCTAssertGreaterThan(rankedAgain, 0, "eighty adds into one gap fill it")
        XCTAssertLessThan(rankedAgain, 10, "most adds move no other rank")
        // A removal and a change move no rank either.
        let before = Dictionary(uniqueKeysWithValues: index.tasks.map { ($0.id, $0.idRank) })
        index.update([TaskItem(id: "y.md", title: "why")], removing: ["b-040.md"])
        for t in index.tasks { XCTAssertEqual(t.idRank, before[t.id], t.id) }
    }
}
