import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Setting reminders from the keyboard: `remind …` in quick add (shown in
/// the live preview, written to the new file) and in the change line (`c`).
final class ReminderEntryUITests: XCTestCase {
    func testQuickAddRemindIsPreviewedAndWritten() throws {
        let app = try Harness(files: ["a.md": f("title: Existing")], width: 140, height: 30, today: "2026-11-23")
        app.press(.focus(.list), .addTask)
        app.type("Call Anna tomorrow 10am remind -1h")
        XCTAssertTrue(app.lines[29].contains("→ Call Anna · due Tue 24 Nov 10:00 · remind 1h before due"), app.lines[29])
        app.press(.quickAdd(.add))
        let file = try XCTUnwrap(app.file("call-anna.md"))
        XCTAssertTrue(file.contains("reminders:\n  - id: rem_1\n    type: relative\n    relatedTo: due\n    offset: \"-PT1H\"\n"), file)
        // Without a due date to count from: said in the line, nothing added.
        app.press(.addTask)
        app.type("Ring Bob remind -1h")
        app.press(.quickAdd(.add))
        // (In the app's words: no command-line flag is named.)
        XCTAssertTrue(app.text.contains("Remind: the reminder counts from due, which the task does not have (give it a due date on the line first, like fri 10am)"),
                      app.text)
        XCTAssertFalse(app.text.contains("--due"), app.text)
        XCTAssertNil(app.file("ring-bob.md"))
    }

    func testTheChangeLineAddsAReminderToTheSelectedTask() throws {
        let app = try Harness(files: ["a.md": f("title: Existing\ndue: 2026-11-25")], width: 140, height: 30, today: "2026-11-23")
        app.press(.focus(.list), .changeTasks)
        app.type("remind 9am")
        app.press(.quickAdd(.add))
        let file = try XCTUnwrap(app.file("a.md"))
        XCTAssertTrue(file.contains("reminders:\n  - id: rem_1\n    type: absolute\n    absoluteTime: "), file)
        XCTAssertTrue(file.contains("due: 2026-11-25\n"), "the due date is not shifted: " + file)
        app.press(.toggleDetail)
        XCTAssertTrue(app.text.contains("Remind") && app.text.contains("Wed 25 Nov 09:00"), app.text)
    }

    func testABacklogVaultRefusesReminders() throws {
        let app = try Harness(files: ["backlog/config.yml": "project_name: \"P\"\n", "backlog/tasks/task-1 - One.md": f("id: task-1\ntitle: One\nstatus: To Do")],
                              width: 140, height: 30, today: "2026-11-23")
        app.press(.focus(.list), .addTask)
        app.type("Two tomorrow remind -1h")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("keeps no reminders"), app.text)
    }

    /// Tab to the form's Remind field.
    func toRemind(_ app: Harness) {
        for _ in TaskForm.Field.allCases where app.runtime.state.form?.focus != .reminders { app.press(.form(.nextField)) }
    }

    /// 09:00 local time on 24 Nov 2026, as the file writes an instant.
    static let nineOn24th = TimeEntry.canonical(ReminderTrigger.instant(of: TaskDate(parsing: "2026-11-24T09:00")!, timeZone: .current)!)

    func testTheFormsRemindFieldKeepsAddsAndRemoves() throws {
        let task = f("title: Call Anna\ndue: 2026-11-25T10:00\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n    description: Bring notes\n  - id: r2\n    type: absolute\n    absoluteTime: \(Self.nineOn24th)")
        let app = try Harness(files: ["a.md": task], width: 140, height: 40, today: "2026-11-23")
        app.press(.focus(.list), .editTask)
        XCTAssertTrue(app.text.contains("-1h, 9am 24 Nov"), "shown as typed, not as stored: \(app.text)")
        toRemind(app)
        app.press(.text(.deleteToStart))
        app.type("-1h, -30m")
        app.press(.form(.save))
        let file = try XCTUnwrap(app.file("a.md"))
        // The one kept stays as the file wrote it; the new one is written as the file writes offsets (unquoted).
        XCTAssertTrue(file.contains("reminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n    description: Bring notes\n  - id: rem_2\n    type: relative\n    relatedTo: due\n    offset: -PT30M\n"), file)
        XCTAssertFalse(file.contains(Self.nineOn24th), "the one taken out is removed: " + file)
        // What cannot be a reminder is said in the form, and nothing is written.
        app.press(.editTask)
        toRemind(app)
        app.type(", soon")
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("Remind: 'soon' is not a reminder"), app.text)
        XCTAssertEqual(app.file("a.md"), file)
    }

    func testQuickAddsRemindGoesIntoTheForm() throws {
        let app = try Harness(files: ["a.md": f("title: Existing")], width: 140, height: 40, today: "2026-11-23")
        app.press(.focus(.list), .addTask)
        app.type("Call Anna tomorrow 10am remind -1h")
        app.press(.quickAdd(.openForm))
        XCTAssertEqual(app.runtime.state.form?[.reminders], "-1h", "as it was typed")
        app.press(.form(.save))
        XCTAssertTrue(app.file("call-anna.md")?.contains("    offset: \"-PT1H\"\n") == true, app.file("call-anna.md") ?? "")
    }
}
