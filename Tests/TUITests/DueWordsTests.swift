import XCTest
@testable import TaskEngine
@testable import TUI

/// A due time already gone today is overdue like a day gone, and a new task
/// cannot be made due at it (quick add and the form alike).
final class DueWordsTests: XCTestCase {
    /// The app's clock at 19:22 on the harness's today (2026-11-22).
    func at1922(_ app: Harness) {
        app.runtime.dispatch(.minuteChanged(TaskDate(parsing: "2026-11-22T19:22")!.sortKey / 60))
    }

    /// The style of the first cell of `text` on the screen.
    func style(of text: String, in app: Harness) -> CellStyle? {
        let screen = app.screen
        guard let y = app.lines.firstIndex(where: { $0.contains(text) }) else { return nil }
        let prefix = app.lines[y].components(separatedBy: text)[0]
        let x = DisplayWidth.of(prefix)
        return screen[x, y].style
    }

    func testHoursOverdueLookLikeDaysOverdue() throws {
        let app = try Harness(files: [
            "h.md": f("title: Call the bank\ndue: 2026-11-22T09:00"),
            "d.md": f("title: Pay rent\ndue: 2026-11-21"),
            "l.md": f("title: Evening walk\ndue: 2026-11-22T21:30"),
            "x.md": f("title: Old call\ndue: 2026-11-22T08:00\nstatus: done"),
        ], width: 100)
        at1922(app)
        app.open("Today")
        app.press(.focus(.list), .moveToEdge(top: false))  // the cursor (whose row takes the selection's style) on the last row, later today
        XCTAssertTrue(app.text.contains("10h overdue ⚠"), app.text)
        XCTAssertTrue(app.text.contains("1d overdue ⚠"), app.text)
        XCTAssertEqual(style(of: "Call the bank", in: app)?.role, .overdue, app.text)
        XCTAssertEqual(style(of: "Call the bank", in: app)?.role, style(of: "Pay rent", in: app)?.role, "overdue is overdue")
        // Later today is not overdue; a done task never is.
        XCTAssertTrue(app.text.contains("in 2h"), app.text)
        XCTAssertFalse(app.lines.contains { $0.contains("in 2h ⚠") })
        // The detail pane says it the same way.
        app.press(.toggleDetail, .moveToEdge(top: true))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Pay rent")
        XCTAssertTrue(app.lines.contains { $0.contains("Due") && $0.contains("1d overdue ⚠") }, app.text)
        app.press(.move(1))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Call the bank")
        XCTAssertTrue(app.lines.contains { $0.contains("Due") && $0.contains("10h overdue ⚠") }, app.text)
    }

    func testWithoutAClockOnlyDaysAreOverdue() throws {
        // (A pinned day reads no clock: "today" is as far as it can tell.)
        let app = try Harness(files: ["h.md": f("title: Call the bank\ndue: 2026-11-22T09:00")], width: 100)
        app.open("Today")
        XCTAssertTrue(app.text.contains("today"), app.text)
        XCTAssertFalse(app.text.contains("⚠"), app.text)
    }

    func testQuickAddRefusesATimeTodayAlreadyGone() throws {
        let app = try Harness(files: ["a.md": f("title: A")], width: 100)
        at1922(app)
        app.press(.addTask)
        app.type("Call Anna today 9am")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("A new task cannot be due in the past (2026-11-22 09:00)."), app.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path).filter { $0.hasSuffix(".md") }, ["a.md"], "nothing written")
        // The line is kept: Tab takes it to the form, which refuses it the same way.
        app.press(.quickAdd(.openForm))
        XCTAssertNotNil(app.runtime.state.form)
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("A new task cannot be due in the past (2026-11-22 09:00)."), app.text)
        XCTAssertEqual(app.runtime.state.form?.focus, .due)
        app.press(.form(.cancel), .discard(true))
        // Later today is fine.
        app.press(.addTask)
        app.type("Call Anna today 9pm")
        app.press(.quickAdd(.add))
        XCTAssertNil(app.runtime.state.form)
        let added = try XCTUnwrap(app.runtime.state.tasks.first { $0.title == "Call Anna" })
        XCTAssertEqual(added.due?.localText, "2026-11-22 21:00")
    }
}
