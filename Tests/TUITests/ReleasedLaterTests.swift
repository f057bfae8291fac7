import XCTest
@testable import TaskEngine
@testable import TUI

/// What a keystroke replaced is let go of on another thread, and nothing
/// the app still shows goes with it.
final class ReleasedLaterTests: XCTestCase {
    final class Probe {}

    func testADroppedValueIsLetGoOfOnceTheQueueHasRun() {
        weak var seen: Probe?
        do {
            let values = (0..<1_000).map { _ in Probe() }
            seen = values[500]
            ReleasedLater.drop(values)
        }
        ReleasedLater.drain()
        XCTAssertNil(seen, "the last reference was the dropped array's")
    }

    /// Toggling a rule back and forth in the editor (a short list, then a
    /// long one) replaces the rows and groups each time: the rows shown are
    /// the new result's, each task still the index's, the screen says so.
    func testRowsAndGroupsReplacedByARuleKeyLeaveTheShownOnesWhole() throws {
        let files = Dictionary(uniqueKeysWithValues: (0..<300).map { i in
            ("t\(i).md", f("title: Task \(i)\narea: \(i % 10 == 0 ? "Work" : "Home")"))
        })
        let app = try Harness(files: files, width: 110, height: 40)
        app.newPerspective(rule: "is in area", value: "work")
        XCTAssertTrue(app.text.contains("Showing 30 tasks"), app.text)
        for round in 0..<6 {
            app.press(.char("t"))
            ReleasedLater.drain()
            let state = app.runtime.state
            let shown = state.rows.compactMap { row -> String? in if case .task(let id, _) = row { return id }; return nil }
            XCTAssertEqual(shown.count, round % 2 == 0 ? 300 : 30, "round \(round)")
            XCTAssertEqual(shown.count, state.result.count)
            XCTAssertEqual(Set(shown), Set(state.result.groups.flatMap { $0.tasks.map(\.id) }))
            for id in shown { XCTAssertEqual(state.task(id: id)?.id, id) }
            XCTAssertTrue(app.text.contains("Showing \(shown.count) tasks"), app.text)
        }
    }
}
