import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The form shows and edits a task's whole lists: contexts and assignees as
/// well as projects and tags. A list the user did not touch is not written; a
/// name kept keeps its text as the file wrote it; a list stays in its style.
final class FormListFieldsTests: XCTestCase {
    /// Tab presses from Title to a field (the form's order).
    func tabs(to field: TaskForm.Field) -> Int { TaskForm.Field.allCases.firstIndex(of: field)! }

    func replace(_ app: Harness, _ field: TaskForm.Field, with text: String) {
        for _ in 0..<tabs(to: field) { app.press(.form(.nextField)) }
        for _ in 0..<(app.runtime.state.form?[field].count ?? 0) { app.press(.text(.backspace)) }
        app.type(text)
    }

    func testTheFormShowsEveryContextAndAssigneeAndSavesAnEditedList() throws {
        let files = ["a.md": f("title: Call Anna\ncontexts: [phone, office]\nassignees:\n  - alice\n  - bob\nmystery: kept")]
        for (field, typed, expected) in [
            (TaskForm.Field.contexts, "@phone, @car", "contexts: [phone, car]\n"),
            (.contexts, "", nil),
            (.assignees, "alice, carol", "assignees:\n  - alice\n  - carol\n"),
            (.assignees, "@Alice, bob, dave, bob", "assignees:\n  - alice\n  - bob\n  - dave\n"),
        ] as [(TaskForm.Field, String, String?)] {
            let app = try Harness(files: files, width: 100, height: 30)
            app.open("Inbox")
            app.press(.editTask)
            let form = try XCTUnwrap(app.runtime.state.form)
            XCTAssertEqual(form[.contexts], "@phone, @office")
            XCTAssertEqual(form[.assignees], "alice, bob")
            replace(app, field, with: typed)
            app.press(.form(.save))
            XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
            let file = try XCTUnwrap(app.file("a.md"))
            XCTAssertTrue(file.contains("mystery: kept\n"), file)
            if let expected {
                XCTAssertTrue(file.contains(expected), "\(typed): \(file)")
            } else {
                XCTAssertFalse(file.contains("contexts"), "cleared: \(file)")
            }
            // The other list is untouched, line for line.
            if field == .contexts { XCTAssertTrue(file.contains("assignees:\n  - alice\n  - bob\n"), file) }
            if field == .assignees { XCTAssertTrue(file.contains("contexts: [phone, office]\n"), file) }
        }
    }

    func testABacklogAssigneeKeepsItsAtAndAnUntouchedFormWritesNothing() throws {
        let files = [
            "backlog/config.yml": "project_name: \"Demo\"\nstatuses: [\"To Do\", \"In Progress\", \"Done\"]\n",
            "backlog/tasks/task-1 - Fix-login.md": f("id: TASK-1\ntitle: Fix login\nstatus: To Do\nassignee:\n  - '@alice'\ncreated_date: '2026-11-20 10:00'"),
        ]
        let app = try Harness(files: files, width: 100, height: 30)
        app.open("Inbox")
        let before = app.file("backlog/tasks/task-1 - Fix-login.md")
        app.press(.editTask)
        XCTAssertEqual(app.runtime.state.form?[.assignees], "@alice")
        app.press(.form(.save))
        XCTAssertEqual(app.file("backlog/tasks/task-1 - Fix-login.md"), before, "an untouched form writes nothing")

        app.press(.editTask)
        replace(app, .assignees, with: "alice, @bob")
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        let file = try XCTUnwrap(app.file("backlog/tasks/task-1 - Fix-login.md"))
        XCTAssertTrue(file.contains("assignee:\n  - '@alice'\n  - '@bob'\n"), file)
    }

    func testQuickAddCarriesItsAssigneesIntoTheForm() {
        var entry = QuickAddEntry()
        entry.text = "Fix login @alice"
        entry.atAssigns = true
        let form = entry.form(today: Day(year: 2026, month: 11, day: 27)!)
        XCTAssertEqual(form[.title], "Fix login")
        XCTAssertEqual(form[.assignees].replacingOccurrences(of: "@", with: ""), "alice")
    }
}
