import XCTest
@testable import TaskEngine

/// A condition's kept bits follow the index's rows when a task is added or removed
/// (`TaskBits.insert` / `remove`, used by `IndexEvaluation.next`): against a plain array of
/// booleans edited the same way, at every place around the words' edges.
final class TaskBitsShiftTests: XCTestCase {
    static func bits(_ model: [Bool]) -> TaskBits { TaskBits(count: model.count) { model[$0] } }

    func testInsertAndRemoveEqualTheSameEditOfAPlainArray() {
        var rng = SeededRandom(seed: 43)
        var checked = 0
        for n in [0, 1, 2, 62, 63, 64, 65, 127, 128, 129, 191, 192, 200] {
            for _ in 0..<6 {
                let model = (0..<n).map { _ in rng.chance(0.5) }
                // Every place, each with both values; and every row taken out.
                for row in 0...n {
                    for value in [false, true] {
                        var b = Self.bits(model), m = model
                        b.insert(value, at: row)
                        m.insert(value, at: row)
                        XCTAssertEqual(b, Self.bits(m), "n \(n), \(value) inserted at \(row)")
                        XCTAssertEqual(b.population, m.count { $0 })
                        checked += 1
                    }
                }
                for row in 0..<n {
                    var b = Self.bits(model), m = model
                    b.remove(at: row)
                    m.remove(at: row)
                    XCTAssertEqual(b, Self.bits(m), "n \(n), removed at \(row)")
                    XCTAssertEqual(b.population, m.count { $0 })
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    /// Long runs of edits, as a session of adds and deletes makes them, the tail kept clear
    /// (an inverted set must still count only its rows).
    func testRunsOfEditsKeepTheTailClear() {
        var rng = SeededRandom(seed: 7)
        for round in 0..<50 {
            var m = (0..<rng.int(0...300)).map { _ in rng.chance(0.3) }
            var b = Self.bits(m)
            for step in 0..<200 {
                if m.isEmpty || rng.chance(0.5) {
                    let row = rng.int(0...m.count), value = rng.chance(0.5)
                    b.insert(value, at: row)
                    m.insert(value, at: row)
                } else {
                    let row = rng.int(0...(m.count - 1))
                    b.remove(at: row)
                    m.remove(at: row)
                }
                XCTAssertEqual(b.count, m.count)
                var inverted = b
                inverted.invert()
                XCTAssertEqual(inverted.population, m.count { !$0 }, "round \(round) step \(step)")
            }
            XCTAssertEqual(b, Self.bits(m), "round \(round)")
        }
    }
}
