import XCTest
@testable import TaskEngine
@testable import TUI

/// A TaskNotes vault in the app: the form edits the whole list of projects,
/// and a value read from an alias key is saved under the mapped key with the
/// status line saying so.
final class TaskNotesUITests: XCTestCase {
    let vault: [String: String] = [
        ".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "taskTag": "task", "fieldMapping": {"projects": "projects"}}"#,
        "Tasks/Landing page.md": f("title: Landing page\nstatus: open\nproject: \"[[Website Redesign]]\"\ntags: [task]"),
        "Tasks/Pitch deck.md": f("title: Pitch deck\nstatus: open\nprojects:\n  - \"[[Frameloop]]\"\n  - \"[[pixel glitch|Pixel]]\"\ntags: [task]"),
    ]

    func select(_ app: Harness, _ title: String) {
        // Down the sidebar to the project holding it.
        app.press(.focus(.sidebar), .moveToEdge(top: true))
        for _ in 0..<15 where app.runtime.state.selectedTask?.title != title { app.press(.move(1)) }
        app.press(.focus(.list))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, title, app.text)
    }

    func testTheFormEditsTheWholeListOfProjects() throws {
        let app = try Harness(files: vault, width: 140, height: 40)
        select(app, "Pitch deck")
        app.press(.editTask)
        XCTAssertEqual(app.runtime.state.form?[.project], "Frameloop, pixel glitch", "every project, by name")
        for _ in 0..<5 { app.press(.form(.nextField)) }
        XCTAssertEqual(app.runtime.state.form?.focus, .project)
        app.type(", Showreel")
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        let text = try XCTUnwrap(app.file("Tasks/Pitch deck.md"))
        XCTAssertTrue(text.contains("projects:\n  - \"[[Frameloop]]\"\n  - \"[[pixel glitch|Pixel]]\"\n  - \"[[Showreel]]\"\n"),
                      "the others kept as written, the new one a link, the block list a block list: \(text)")
    }

    func testAnAliasKeyMovesAndTheStatusLineSaysSo() throws {
        let app = try Harness(files: vault, width: 140, height: 40)
        select(app, "Landing page")
        app.press(.editTask)
        for _ in 0..<5 { app.press(.form(.nextField)) }
        for _ in 0..<30 { app.press(.text(.backspace)) }
        app.type("New Project")
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        XCTAssertEqual(app.runtime.state.message, "Saved; `project` is now `projects`")
        let text = try XCTUnwrap(app.file("Tasks/Landing page.md"))
        XCTAssertFalse(text.contains("\nproject:"), text)
        XCTAssertTrue(text.contains("projects: [\"[[New Project]]\"]\n"), text)
    }

    func testANewTaskFromTheFormOrQuickAddTakesTheVaultsDefaults() throws {
        let app = try Harness(files: [
            ".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "taskTag": "task", "storeTitleInFilename": true, "defaultTaskStatus": "in-progress", "defaultTaskPriority": "high"}"#,
        ], width: 140, height: 40)
        app.press(.addTaskInForm)
        app.type("Buy milk")
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        XCTAssertTrue(app.file("Tasks/Buy milk.md")?.hasPrefix("---\nstatus: in-progress\npriority: high\n") == true, app.file("Tasks/Buy milk.md") ?? app.text)
        // A status chosen in the form wins.
        app.press(.addTaskInForm)
        app.type("Sell car")
        app.press(.form(.nextField), .form(.choice(1)), .form(.choice(1)))           // todo → in-progress → done
        app.press(.form(.save))
        XCTAssertTrue(app.file("Tasks/Sell car.md")?.hasPrefix("---\nstatus: done\npriority: high\n") == true, app.file("Tasks/Sell car.md") ?? app.text)
    }
}
