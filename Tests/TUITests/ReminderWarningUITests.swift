import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A reminder that can never fire is written when asked for, and the status
/// line says so; a typed `+1h` is refused with the forms that are meant.
final class ReminderWarningUITests: XCTestCase {
    func testQuickAddAndTheChangeLineSayAReminderWillNotFire() throws {
        let app = try Harness(files: ["a.md": f("title: Existing\ndue: 2026-11-25")], width: 160, height: 30, today: "2026-11-23")
        app.press(.focus(.list), .addTask)
        app.type("Old call remind 2026-11-20T09:00")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.file("old-call.md")?.contains("absoluteTime: ") == true, app.file("old-call.md") ?? "")
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.hasPrefix("Added 'Old call'"), message)
        XCTAssertTrue(message.contains("; the reminder at 2026-11-20 09:00 will not fire: that time is past"), message)
        // A reminder that will fire: nothing more said.
        app.press(.addTask)
        app.type("New call fri 10am remind -1h")
        app.press(.quickAdd(.add))
        XCTAssertFalse(app.runtime.state.message?.contains("will not fire") ?? true, app.runtime.state.message ?? "")
    }

    /// Tab to a form field.
    func to(_ field: TaskForm.Field, _ app: Harness) {
        for _ in TaskForm.Field.allCases where app.runtime.state.form?.focus != field { app.press(.form(.nextField)) }
    }

    func testTheFormSaysAClearedDueDateSilencesAReminderAndRefusesAPlus() throws {
        let task = f("title: Call Anna\ndue: 2026-11-25T10:00\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H")
        let app = try Harness(files: ["a.md": task], width: 160, height: 40, today: "2026-11-23")
        app.press(.focus(.list), .editTask)
        to(.reminders, app)
        app.type(", +1h")
        app.press(.form(.save))
        XCTAssertTrue(app.runtime.state.form?.error?.hasPrefix("Remind: '+1h' is not a reminder: an offset takes no + (1h is an hour after the due date") == true,
                      app.runtime.state.form?.error ?? "")
        XCTAssertTrue(app.text.contains("Remind: '+1h' is not a reminder"), app.text)
        XCTAssertEqual(app.file("a.md"), task)
        app.press(.text(.deleteToStart))
        app.type("-PT1H")
        to(.due, app)
        app.press(.text(.deleteToStart))
        app.press(.form(.save))
        let file = try XCTUnwrap(app.file("a.md"))
        XCTAssertFalse(file.contains("due:"), file)
        XCTAssertTrue(file.contains("offset: -PT1H"), "kept: " + file)
        XCTAssertEqual(app.runtime.state.message, "The reminder 1h before due will not fire: the task has no due date")
        XCTAssertTrue(app.lines[app.height - 1].contains("The reminder 1h before due will not fire"),
                      app.lines[app.height - 1])
    }

    /// The change line on several marked tasks: each reminder the change silences is said with its task.
    func testTheChangeLineOnSeveralTasksNamesEach() throws {
        let remind = "\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H"
        let app = try Harness(files: ["a.md": f("title: Alpha\ndue: 2026-11-25" + remind), "b.md": f("title: Beta\ndue: 2026-11-26" + remind),
                                      "c.md": f("title: Gamma\ndue: 2026-11-26")], width: 200, height: 30, today: "2026-11-23")
        app.press(.focus(.list), .moveToEdge(top: true))
        for _ in 0..<3 { app.press(.mark) }
        XCTAssertEqual(app.runtime.state.marks.count, 3)
        app.press(.changeTasks)
        app.type("due none")
        app.press(.quickAdd(.add))
        XCTAssertFalse(app.file("a.md")!.contains("due:"), app.file("a.md")!)
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.contains("'Alpha': the reminder 1h before due will not fire: the task has no due date"), message)
        XCTAssertTrue(message.contains("'Beta': the reminder 1h before due will not fire: the task has no due date"), message)
        XCTAssertFalse(message.contains("'Gamma'"), message)
    }
}
