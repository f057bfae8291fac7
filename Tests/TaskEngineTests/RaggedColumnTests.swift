import XCTest
@testable import TaskEngine

/// The one mechanism behind word lists and time entries in the rule columns
/// (`RaggedColumn`): random appends, replacements, insertions and removals
/// against a plain array of rows, for entries of one item (word numbers) and of
/// two (a session's start and end); and stored rows that do not fit refused.
final class RaggedColumnTests: XCTestCase {
    func check<T: Equatable>(_ c: RaggedColumn<T>, _ model: [[T]], _ what: String) {
        XCTAssertEqual(c.count, model.count, what)
        XCTAssertEqual(c.starts.first, 0, what)
        XCTAssertEqual(Int(c.starts.last ?? -1) * c.stride, c.items.count, "\(what): the starts count entries, not items")
        for (row, want) in model.enumerated() {
            let e = c.entries(row)
            XCTAssertEqual(Array(c.items[c.stride * e.lowerBound..<c.stride * e.upperBound]), want, "\(what): row \(row)")
        }
        XCTAssertEqual(RaggedColumn(stride: c.stride, starts: c.starts, items: c.items)?.items, c.items, "\(what): its own rows read back")
    }

    func sweep(stride: Int, seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var c = RaggedColumn<Int64>(stride: stride), model: [[Int64]] = []
        func row() -> [Int64] {
            // Most rows hold nothing, as most tasks have no tags and no time entries.
            let entries = rng.int(0...9) < 6 ? 0 : rng.int(1...4)
            return (0..<(entries * stride)).map { _ in Int64(rng.int(0...1_000)) }
        }
        for step in 0..<2_000 {
            let what = "stride \(stride), seed \(seed), step \(step)"
            switch rng.int(0...9) {
            case 0...2:
                let r = row()
                if rng.int(0...1) == 0 {
                    c.append(r)
                } else {
                    for item in r { c.appendItem(item) }
                    c.endRow()
                }
                model.append(r)
            case 3...4 where !model.isEmpty:
                let at = rng.int(0...(model.count - 1)), r = row()
                c.replace(row: at, with: r)
                model[at] = r
            case 5...6:
                let at = rng.int(0...model.count), r = row()
                c.insert(row: at, r)
                model.insert(r, at: at)
            case 7...9 where !model.isEmpty:
                let at = rng.int(0...(model.count - 1))
                c.remove(row: at)
                model.remove(at: at)
            default: continue
            }
            if step % 50 == 0 || step == 1_999 { check(c, model, what) }
        }
    }

    func testRandomEditsKeepEveryRowAsAPlainListOfRowsWould() {
        for seed in 1...4 as ClosedRange<UInt64> {
            sweep(stride: 1, seed: seed)
            sweep(stride: 2, seed: seed)
        }
    }

    func testStoredRowsThatDoNotFitAreRefused() {
        XCTAssertNotNil(RaggedColumn<Int64>(stride: 2, starts: [0, 0, 2, 3], items: [1, 2, 3, 4, 5, 6]))
        XCTAssertNotNil(RaggedColumn<Int32>(starts: [0], items: []))
        let refused: [([Int32], [Int64])] = [
            ([], []),                          // no first start
            ([1, 3], [1, 2, 3, 4]),            // not from 0
            ([0, 2, 1], [1, 2]),               // falling
            ([0, 2], [1, 2, 3]),               // a session cut in half
            ([0, 3], [1, 2, 3, 4]),            // more sessions than items
        ]
        for (starts, items) in refused {
            XCTAssertNil(RaggedColumn(stride: 2, starts: starts, items: items), "\(starts) \(items)")
        }
        XCTAssertNil(TrackedColumn(starts: [0, 1], bounds: [5]))
    }

    /// Tracked time and word lists in the index's columns, built at once and changed a row at a time, agree.
    func testTheIndexColumnsBuiltAtOnceEqualThoseChangedRowByRow() {
        var rng = SeededRandom(seed: 9)
        let tasks = (0..<120).map { RuleBitsTests.randomTask(String(format: "t%04d.md", $0), &rng, today: pinnedToday) }
        let whole = TaskColumns(TaskIndex(tasks).tasks)
        var grown = TaskColumns(TaskIndex(Array(tasks.prefix(60))).tasks)
        for (i, t) in tasks.enumerated().dropFirst(60) { grown.insert(row: i, IndexedTask(t)) }
        XCTAssertEqual(grown.tracked.starts, whole.tracked.starts)
        XCTAssertEqual(grown.tracked.bounds, whole.tracked.bounds)
        XCTAssertEqual(grown.tags.starts, whole.tags.starts)
        XCTAssertEqual(grown.tags.items.map { grown.tags.words.values[Int($0)] }, whole.tags.items.map { whole.tags.words.values[Int($0)] })
        for row in stride(from: 119, through: 0, by: -3) { grown.remove(row: row) }
        let kept = tasks.indices.filter { ($0 - 119) % 3 != 0 }.map { tasks[$0] }
        let rebuilt = TaskColumns(TaskIndex(kept).tasks)
        XCTAssertEqual(grown.tracked.starts, rebuilt.tracked.starts)
        XCTAssertEqual(grown.tracked.bounds, rebuilt.tracked.bounds)
        XCTAssertEqual(grown.contexts.starts, rebuilt.contexts.starts)
    }
}
