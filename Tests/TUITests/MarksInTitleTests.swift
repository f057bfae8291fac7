import XCTest
@testable import TaskEngine
@testable import TUI

/// How many tasks are marked is always in the list's title, at every width,
/// and says how many of them the list shows: the task keys act on marked
/// tasks the list hides too, and the status line says so.
final class MarksInTitleTests: XCTestCase {
    static var vault: [String: String] {
        var files: [String: String] = [
            ".perspectives.json": #"{"version": 1, "perspectives": {"plan": {"id": "plan", "name": "A rather long perspective name for planning", "#
                + #""rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}, "sort": {"field": "due", "direction": "asc"}}}}"#,
        ]
        for i in 1...30 { files["t\(i).md"] = f("title: Task number \(i)\narea: Work\ndue: 2026-12-\(String(format: "%02d", i))") }
        return files
    }

    /// The list pane's title: the top line's text right of the sidebar.
    func listTitle(_ app: Harness) -> String {
        let top = app.lines[1]
        let sidebar = app.runtime.layout.sidebarWidth
        return String(top.dropFirst(sidebar))
    }

    func testThreeMarkedShowsAtEveryWidthAndTheSortGivesWayFirst() throws {
        let app = try Harness(files: Self.vault, width: 80, height: 24)
        app.open("A rather long perspective name for planning")
        app.press(.mark, .mark, .mark)
        XCTAssertEqual(app.runtime.state.marks.count, 3)
        for width in AppView.minWidth...200 {
            app.width = width
            let title = listTitle(app)
            XCTAssertTrue(title.contains(" 3 marked "), "at \(width): \(title)")
            XCTAssertFalse(title.contains("shown"), "at \(width): all three are shown: \(title)")
        }
        app.width = 80
        let title = listTitle(app)
        XCTAssertTrue(title.contains("A rather long"), title)
        XCTAssertTrue(title.contains(" · 30 · 3 marked"), "the count gave way before the name: \(title)")
        XCTAssertFalse(title.contains("due date ↑"), "the sort gave way: \(title)")
        app.width = 200
        XCTAssertTrue(listTitle(app).contains("A rather long perspective name for planning · 30 tasks · due date ↑ · 3 marked"), listTitle(app))
    }

    func testMarkedTasksTheListHidesAreCountedAndNamedWhenActedOn() throws {
        let app = try Harness(files: Self.vault, width: 100, height: 24)
        app.open("A rather long perspective name for planning")
        app.press(.mark, .mark, .mark)   // tasks 1, 2, 3
        // The search shows one of them: the title says how many of the three are shown.
        app.press(.startSearch)
        app.type("number 2")
        app.press(.search(.keep))
        XCTAssertTrue(listTitle(app).contains("3 marked (1 shown)"), listTitle(app))
        for width in AppView.minWidth...200 {
            app.width = width
            XCTAssertTrue(listTitle(app).contains("3 marked (1 shown)"), "at \(width): \(listTitle(app))")
        }
        app.width = 100
        // Deleting asks about the hidden ones by number; flagging says how many it changed unseen.
        app.press(.deleteTask)
        XCTAssertTrue(app.text.contains("Delete the 3 marked tasks (2 not shown)? They go to the trash (u undoes)."), app.text)
        app.press(.confirm(false))
        app.press(.toggleFlag)
        XCTAssertTrue(app.lines.last!.contains("Done: flag 3 tasks, 2 of them not shown (u undoes)"), app.lines.last!)
        XCTAssertTrue(app.file("t1.md")!.contains("\nflagged: true\n"), app.file("t1.md")!)
        // Acting on marks the list shows says nothing more.
        app.press(.cancel, .cancel)
        XCTAssertNil(app.runtime.state.search)
        app.press(.moveToEdge(top: true), .mark, .mark, .cyclePriority)
        XCTAssertFalse(app.lines.last!.contains("not shown"), app.lines.last!)
    }

    func testMarkedTasksClosedOutOfTheListStayCounted() throws {
        var files = Self.vault
        files[".perspectives.json"] = #"{"version": 1, "perspectives": {"open": {"id": "open", "name": "Open work", "#
            + #""rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"field": "status", "op": "equals", "value": "todo"}]}}}}"#
        let app = try Harness(files: files, width: 80, height: 24)
        app.open("Open work")
        XCTAssertTrue(listTitle(app).contains("30 tasks"), app.text)
        app.press(.mark, .mark, .toggleDone)
        XCTAssertEqual(app.runtime.state.result.count, 28, app.text)
        XCTAssertTrue(listTitle(app).contains("2 marked (0 shown)"), listTitle(app))
        app.press(.toggleFlag)
        XCTAssertTrue(app.lines.last!.contains("flag 2 tasks, 2 of them not shown"), app.lines.last!)
    }
}
