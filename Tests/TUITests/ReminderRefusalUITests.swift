import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// What the app's lines and form say when a reminder cannot be added as
/// typed (`+1h`, one the task has already, no date to count from, in the
/// app's own words), and how they keep entries the file holds that todomd
/// cannot read.
final class ReminderRefusalUITests: XCTestCase {
    let reminded = "title: Call Anna\ndue: 2026-11-25T10:00\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n    description: Bring notes"

    func testQuickAddAndTheChangeLineRefuseAPlusByName() throws {
        let app = try Harness(files: ["a.md": f(reminded)], width: 160, height: 30, today: "2026-11-23")
        let before = app.file("a.md")
        app.press(.focus(.list), .addTask)
        app.type("Call Bob remind +1h")
        XCTAssertTrue(app.lines[29].contains("Call Bob · remind '+1h' is not a reminder"), app.lines[29])
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("Remind: '+1h' is not a reminder: an offset takes no + (1h is an hour after the due date"), app.text)
        XCTAssertNil(app.file("call-bob.md"), "nothing added")
        // Taken into the form, it goes along as typed and the form refuses it the same way.
        app.press(.quickAdd(.openForm))
        XCTAssertEqual(app.runtime.state.form?[.reminders], "+1h")
        XCTAssertEqual(app.runtime.state.form?[.title], "Call Bob")
        app.press(.form(.save))
        XCTAssertTrue(app.runtime.state.form?.error?.hasPrefix("Remind: '+1h' is not a reminder: an offset takes no +") == true, app.runtime.state.form?.error ?? "")
        XCTAssertNil(app.file("call-bob.md"))
        app.press(.form(.cancel), .discard(true))
        app.press(.addTask, .quickAdd(.cancel))
        app.press(.changeTasks)
        app.type("remind +1h")
        XCTAssertFalse(app.text.contains("not understood"), app.text)
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("Remind: '+1h' is not a reminder: an offset takes no + (1h is an hour after the due date"), app.text)
        XCTAssertEqual(app.file("a.md"), before)
    }

    func testADuplicateIsRefusedInTheLineAndTheForm() throws {
        let app = try Harness(files: ["a.md": f(reminded)], width: 160, height: 40, today: "2026-11-23")
        let before = app.file("a.md")
        app.press(.focus(.list), .changeTasks)
        app.type("remind -60m")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("Remind: the task already has a reminder 1h before due."), app.text)
        XCTAssertEqual(app.file("a.md"), before)
        app.press(.quickAdd(.cancel))
        // The form: the same reminder typed beside the one shown is refused; typed in its place, it is kept as it was.
        app.press(.editTask)
        toRemind(app)
        app.type(", -1h")
        app.press(.form(.save))
        XCTAssertEqual(app.runtime.state.form?.error, "Remind: the task already has a reminder 1h before due.")
        XCTAssertEqual(app.file("a.md"), before)
        app.press(.text(.deleteToStart))
        app.type("-1h, -1h30m")
        app.press(.form(.save))
        let file = try XCTUnwrap(app.file("a.md"))
        XCTAssertTrue(file.contains("  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n    description: Bring notes\n  - id: rem_2\n"), file)
        XCTAssertTrue(file.contains("    offset: -PT1H30M\n"), file)
    }

    /// Without the date a reminder counts from: said with what to do in the app, no command-line flag.
    func testAMissingDateIsSaidInTheAppsWords() throws {
        let app = try Harness(files: ["a.md": f("title: Plain")], width: 160, height: 40, today: "2026-11-23")
        app.press(.focus(.list), .changeTasks)
        app.type("remind scheduled-1d")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("counts from scheduled, which the task does not have (give it a scheduled date on the line first, like sched fri)"), app.text)
        app.press(.quickAdd(.cancel))
        app.press(.editTask)
        toRemind(app)
        app.type("-1h")
        app.press(.form(.save))
        XCTAssertEqual(app.runtime.state.form?.error, "Remind: the reminder counts from due, which the task does not have (fill in Due first).")
        XCTAssertFalse(app.text.contains("--due"), app.text)
        // On the same line a due date is what it counts from.
        app.press(.form(.cancel), .discard(true), .changeTasks)
        app.type("fri 10am remind -1h")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.file("a.md")?.contains("offset: \"-PT1H\"") == true, app.file("a.md") ?? "")
    }

    func testAnUnreadableEntryIsKeptAndSaidAndNoneRemovesIt() throws {
        let odd = "  - id: odd\n    type: sometimes\n"
        let task = "---\ntitle: Call Anna\ndue: 2026-11-25T10:00\nreminders:\n  - {id: r1, type: relative, relatedTo: due, offset: -PT1H}\n" + odd + "---\n"
        let app = try Harness(files: ["a.md": task], width: 200, height: 40, today: "2026-11-23")
        app.press(.focus(.list), .changeTasks)
        app.type("remind -30m")
        app.press(.quickAdd(.add))
        var file = try XCTUnwrap(app.file("a.md"))
        XCTAssertTrue(file.contains("reminders:\n  - {id: r1, type: relative, relatedTo: due, offset: -PT1H}\n" + odd
                                    + "  - {id: rem_3, type: relative, relatedTo: due, offset: -PT30M}\n"), file)
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.contains("1 reminder entry todomd cannot read is kept as written (remind none on the change line removes every reminder)"), message)
        // The form takes one out: the unreadable entry stays.
        app.press(.editTask)
        toRemind(app)
        app.press(.text(.deleteToStart))
        app.type("-30m")
        app.press(.form(.save))
        file = try XCTUnwrap(app.file("a.md"))
        XCTAssertTrue(file.contains("reminders:\n" + odd + "  - {id: rem_3, type: relative, relatedTo: due, offset: -PT30M}\n"), file)
        // `none` is the way out: every entry goes, and the key.
        app.press(.changeTasks)
        app.type("remind none")
        app.press(.quickAdd(.add))
        file = try XCTUnwrap(app.file("a.md"))
        XCTAssertFalse(file.contains("reminders") || file.contains("odd"), file)
    }

    /// Tab to the form's Remind field.
    func toRemind(_ app: Harness) {
        for _ in TaskForm.Field.allCases where app.runtime.state.form?.focus != .reminders { app.press(.form(.nextField)) }
    }
}
