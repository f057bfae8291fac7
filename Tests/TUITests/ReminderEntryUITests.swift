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
        XCTAssertTrue(app.text.contains("remind: the reminder counts from due, which the task does not have"), app.text)
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
}
