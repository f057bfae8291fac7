import XCTest
@testable import TaskEngine
@testable import TUI

/// In the screen-reader mode the status line says what a task key did, in
/// words; without it the line stays as it was (the row shows the change).
final class SpokenChangeTests: XCTestCase {
    let vault = ["anna.md": f("title: Call Anna\ncreated: 2026-11-01"), "milk.md": f("title: Buy milk\ncreated: 2026-11-02")]

    func app(screenReader: Bool) throws -> Harness {
        let app = try Harness(files: vault, width: 100, height: 24, config: screenReader ? "screen_reader: true\n" : nil)
        XCTAssertEqual(app.runtime.state.screenReader, screenReader)
        app.open("Inbox")
        return app
    }

    func testEachTaskKeySaysWhatItDid() throws {
        let app = try app(screenReader: true)
        let task = try XCTUnwrap(app.runtime.state.selectedTask)
        let title = task.title
        app.press(.toggleFlag)
        XCTAssertEqual(app.runtime.state.message, "Flagged \(title)")
        XCTAssertTrue(app.lines.last?.contains("Flagged \(title)") == true, app.text)
        app.press(.toggleFlag)
        XCTAssertEqual(app.runtime.state.message, "Unflagged \(title)")
        // Priority and state: each step named as the task now has it.
        for _ in 0..<4 {
            app.press(.cyclePriority)
            let p = try XCTUnwrap(app.runtime.state.selectedTask?.priority)
            XCTAssertEqual(app.runtime.state.message, (p == .none ? "No priority" : "Priority \(p.rawValue)") + ": \(title)")
        }
        var seen: Set<String> = []
        for _ in 0..<3 {
            // (the task under the cursor each time: a state change can move a task in the list)
            let acted = try XCTUnwrap(app.runtime.state.selectedTask)
            app.press(.cycleState)
            let status = try XCTUnwrap(app.runtime.state.task(id: acted.id)).status
            let message = try XCTUnwrap(app.runtime.state.message)
            XCTAssertEqual(message.lowercased().replacingOccurrences(of: " ", with: "-"),
                           (status.rawValue + ": " + acted.title).lowercased().replacingOccurrences(of: " ", with: "-"))
            seen.insert(message.components(separatedBy: ":")[0])
        }
        XCTAssertGreaterThanOrEqual(seen.count, 2, "each state is named: \(seen)")
        // Marks already say how many.
        app.press(.mark)
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("1 marked") == true, app.runtime.state.message ?? "")
    }

    func testWithoutTheSettingNothingMoreIsSaid() throws {
        let app = try app(screenReader: false)
        app.press(.toggleFlag)
        XCTAssertNil(app.runtime.state.message)
        XCTAssertEqual(app.runtime.state.selectedTask?.flagged, true)
    }

    func testTheWords() {
        var a = TaskItem(id: "a.md", title: "Call Anna")
        a.status = .todo
        var b = a
        XCTAssertNil(SpokenChange.of(a, b))
        b.status = .inProgress
        XCTAssertEqual(SpokenChange.of(a, b), "In progress: Call Anna")
        b.flagged = true
        XCTAssertEqual(SpokenChange.of(a, b), "In progress, flagged: Call Anna")
        b = a
        b.status = .done
        XCTAssertEqual(SpokenChange.of(a, b), "Done: Call Anna")
    }
}
