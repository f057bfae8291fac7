import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Sidebar counts moved by one task at a time agree with a full recount.
final class IncrementalCountTests: XCTestCase {
    func testCountsAfterManyChangesEqualARecount() throws {
        var files: [String: String] = [:]
        for t in DemoVaultGenerator(count: 120, seed: 5, today: Day.parseISO("2026-11-22")!, timeZone: .current).taskItems() {
            files[t.id] = String(decoding: try TaskFileCodec.renderNew(t), as: UTF8.self)
        }
        let app = try Harness(files: files, width: 110, height: 40)
        app.open("Today")
        var rng = SeededRandom(seed: 9)
        let keys: [Key] = [.char(" "), .char("x"), .char("f"), .char("p"), .char("j"), .char("j"), .char("k")]
        for step in 0..<150 {
            if step % 25 == 24 {
                app.press(.deleteTask, .confirm(true))  // a delete
            } else if step % 30 == 29 {
                app.press(.addTask)
                app.type("Added \(step)")
                app.press(.quickAdd(.add))
            } else if step % 40 == 39 {
                app.open(rng.pick(["Inbox", "Flagged", "Upcoming", "Someday", "Logbook", "Today"]))
            } else {
                app.press(rng.pick(keys))
            }
            let state = app.runtime.state
            XCTAssertEqual(state.counts, PerspectiveEvaluator.counts(state.perspectives, in: TaskIndex(state.tasks), today: state.today), "step \(step)")
        }
        app.press(.undo, .undo, .undo)
        let state = app.runtime.state
        XCTAssertEqual(state.counts, PerspectiveEvaluator.counts(state.perspectives, in: TaskIndex(state.tasks), today: state.today))
    }
}
