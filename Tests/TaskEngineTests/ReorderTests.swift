import XCTest
@testable import TaskEngine

/// Reordering swept over every start index, direction and band boundary.
final class ReorderTests: XCTestCase {
    func rows(_ layout: [(StateBand, String)]) -> [ManualReorder.Row] {
        layout.enumerated().map { ManualReorder.Row(id: "t\($0.offset)", band: $0.element.0, group: $0.element.1) }
    }

    func testEveryStartIndexAndDirectionStaysInsideItsBandAndGroup() {
        let layout: [(StateBand, String)] = [(.active, "A"), (.active, "A"), (.notStarted, "A"), (.notStarted, "A"), (.notStarted, "A"),
                                             (.completed, "A"), (.active, "B"), (.notStarted, "B"), (.notStarted, "B"), (.completed, "B"), (.completed, "B")]
        let r = rows(layout)
        for i in r.indices {
            // The segment: same band and group, contiguous.
            var lo = i, hi = i
            while lo > 0, layout[lo - 1] == layout[i] { lo -= 1 }
            while hi + 1 < layout.count, layout[hi + 1] == layout[i] { hi += 1 }
            for (dir, want) in [(ManualReorder.Direction.up, max(lo, i - 1)), (.down, min(hi, i + 1)), (.top, lo), (.bottom, hi)] {
                let (order, at) = ManualReorder.move(r, at: i, dir)!
                XCTAssertEqual(at, want, "\(i) \(dir)")
                XCTAssertEqual(order[at], "t\(i)", "the moved task is where the index says")
                var expected = r.map(\.id)
                expected.remove(at: i)
                expected.insert("t\(i)", at: want)
                XCTAssertEqual(order, expected, "only the moved task changes place: \(i) \(dir)")
            }
        }
        XCTAssertNil(ManualReorder.move(r, at: 99, .up))
    }

    func testMoveThenEvaluateShowsExactlyTheMovedOrder() {
        // Sweep: in a real perspective, every task moved up and down lands where expected and nothing else moves.
        let tasks = (0..<9).map { i in task("t\(i)", status: [.inProgress, .todo, .done][i % 3], due: "2026-11-\(10 + i)", tags: i % 2 == 0 ? ["x"] : []) }
        let index = TaskIndex(tasks)
        for groupBy in ["none", "tags"] {
            for start in 0..<tasks.count {
                for dir in [ManualReorder.Direction.up, .down, .top, .bottom] {
                    var p = Perspective(id: "p", name: "p", rules: RuleGroup(.and), sort: SortSpec(field: "due"), groupBy: groupBy)
                    let before = PerspectiveEvaluator.evaluate(p, in: index, today: pinnedToday)
                    let rows = before.rows.map { ManualReorder.Row(id: $0.task.id, band: $0.task.band, group: $0.group.key) }
                    let (order, at) = ManualReorder.move(rows, at: start, dir)!
                    p.applyManualOrder(order)
                    XCTAssertEqual(p.sort.field, "manual")
                    XCTAssertEqual(p.previousSort?.field, "due")
                    let after = PerspectiveEvaluator.evaluate(p, in: index, today: pinnedToday)
                    XCTAssertEqual(after.orderedIDs, order, "\(groupBy) \(start) \(dir)")
                    XCTAssertEqual(after.rows[at].task.id, rows[start].id)
                    p.resetOrder()
                    XCTAssertEqual(p.sort.field, "due")
                    XCTAssertNil(p.manualOrder)
                    XCTAssertEqual(PerspectiveEvaluator.evaluate(p, in: index, today: pinnedToday).orderedIDs, before.orderedIDs)
                }
            }
        }
    }

    func testMovingCustomPerspectivesInOrder() {
        let ids = ["a", "b", "c", "d"]
        XCTAssertEqual(ManualReorder.move(ids, id: "a", .up), ids)
        XCTAssertEqual(ManualReorder.move(ids, id: "a", .down), ["b", "a", "c", "d"])
        XCTAssertEqual(ManualReorder.move(ids, id: "d", .down), ids)
        XCTAssertEqual(ManualReorder.move(ids, id: "c", .top), ["c", "a", "b", "d"])
        XCTAssertEqual(ManualReorder.move(ids, id: "b", .bottom), ["a", "c", "d", "b"])
        XCTAssertEqual(ManualReorder.move(ids, id: "zz", .up), ids)
    }
}
