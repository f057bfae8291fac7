import XCTest
@testable import TaskEngine
@testable import TUI

/// In a grouped view the cursor goes where something can be done: moves,
/// marks and the position kept after a change step over open group headers
/// (still shown); a folded header keeps the cursor, since unfolding happens
/// there; the keys say why when nothing is under the cursor.
final class GroupedCursorUITests: XCTestCase {
    let vault: [String: String] = [
        "g1.md": f("title: Water the roses\nproject: Garden\ncreated: 2026-11-01"),
        "g2.md": f("title: Mow the lawn\nproject: Garden\ncreated: 2026-11-02"),
        "h1.md": f("title: Fix the tap\nproject: House\ncreated: 2026-11-03"),
        "h2.md": f("title: Paint the door\nproject: House\ncreated: 2026-11-04"),
        "n1.md": f("title: Call mum\ncreated: 2026-11-05"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"p": {"id": "open-by-project", "name": "Open by project", "#
            + #""rules": {"operator": "AND", "conditions": [{"field": "status", "op": "in", "value": ["todo", "in-progress"]}]}, "#
            + #""sort": {"field": "created", "direction": "asc"}, "group_by": "project"}}}"#,
    ]

    var selected: (Harness) -> String? = { $0.runtime.state.selectedTask?.title }

    /// The screen line of the cursor (the row drawn in the selection's style) in the list pane.
    func cursorLine(_ app: Harness) -> String? {
        let screen = app.screen
        let x = app.runtime.layout.sidebarWidth + 1
        return app.runtime.layout.listHits.keys.sorted().first { screen[x, $0].style.role == .selected }
            .map { String(screen.lines[$0].dropFirst(x)) }
    }

    func testMarkMarkMarkMarksThreeTasksAcrossAGroupAndXClosesThemOnDisk() throws {
        let app = try Harness(files: vault, width: 100, height: 24)
        app.open("Open by project")
        app.press(.moveToEdge(top: true))
        XCTAssertEqual(selected(app), "Water the roses", "g lands on the first task, not the Garden header")
        XCTAssertTrue(cursorLine(app)?.hasPrefix("▸ ○ Water the roses") == true, app.text)
        XCTAssertLessThan(app.row("▾ Garden")!, app.row("Water the roses")!, "the header is still shown above")
        app.press(.mark, .mark, .mark)
        XCTAssertEqual(app.runtime.state.marks, ["g1.md", "g2.md", "h1.md"])
        XCTAssertTrue(app.text.contains("3 marked"), app.text)
        XCTAssertEqual(app.lines.filter { $0.contains("●") }.count, 3, app.text)
        XCTAssertEqual(selected(app), "Paint the door")
        app.press(.toggleDone)
        for id in ["g1.md", "g2.md", "h1.md"] { XCTAssertTrue(app.file(id)!.contains("\nstatus: done\n"), app.file(id)!) }
        for id in ["h2.md", "n1.md"] { XCTAssertFalse(app.file(id)!.contains("status:"), app.file(id)!) }
        XCTAssertFalse(app.text.contains("▾ Garden"), "an empty group goes:\n\(app.text)")
    }

    func testEveryMoveStepsOverOpenHeaders() throws {
        let app = try Harness(files: vault, width: 100, height: 24)
        app.open("Open by project")
        var seen: [String] = []
        app.press(.moveToEdge(top: true))
        for _ in 0..<6 {
            seen.append(selected(app) ?? "none")
            app.press(.move(1))
        }
        XCTAssertEqual(seen, ["Water the roses", "Mow the lawn", "Fix the tap", "Paint the door", "Call mum", "Call mum"])
        seen = []
        for key: Key in [.up, .up, .up, .up, .up] {
            app.press(key)
            seen.append(selected(app) ?? "none")
        }
        XCTAssertEqual(seen, ["Paint the door", "Fix the tap", "Mow the lawn", "Water the roses", "Water the roses"])
        app.press(.moveToEdge(top: false))
        XCTAssertEqual(selected(app), "Call mum")
        app.press(.moveToEdge(top: true))
        XCTAssertEqual(selected(app), "Water the roses")
        app.press(.page(1))
        XCTAssertEqual(selected(app), "Call mum")
        app.press(.page(-1))
        XCTAssertEqual(selected(app), "Water the roses")
        // M marks from the last marked task to the cursor: tasks only.
        app.press(.mark, .moveToEdge(top: false), .markRange)
        XCTAssertEqual(app.runtime.state.marks.count, 5)
        app.press(.cancel, .markAll)
        XCTAssertEqual(app.runtime.state.marks.count, 5)
        // A click on an open header leaves the cursor where it was.
        app.press(.cancel, .moveToEdge(top: true), .move(1))
        let header = app.row("▾ House")!
        app.press(.click(x: app.runtime.layout.sidebarWidth + 3, y: header))
        XCTAssertEqual(selected(app), "Mow the lawn")
        app.press(.click(x: app.runtime.layout.sidebarWidth + 3, y: app.row("Fix the tap")!))
        XCTAssertEqual(selected(app), "Fix the tap")
    }

    func testAFoldedHeaderKeepsTheCursorSaysSoAndZOpensIt() throws {
        let app = try Harness(files: vault, width: 100, height: 24)
        app.open("Open by project")
        app.press(.moveToEdge(top: true), .toggleCollapse)
        XCTAssertTrue(app.text.contains("▹ Garden"), app.text)
        XCTAssertTrue(cursorLine(app)?.hasPrefix("▸▹ Garden") == true, "the cursor rests on the folded header")
        let before = app.file("g1.md")
        for key in ["m", "x", "c", "e", " ", "d"] {
            app.press(.char(Character(key)))
            XCTAssertEqual(app.runtime.state.message, "'Garden' is folded: its tasks are hidden (z opens it).", "\(key)")
            XCTAssertEqual(app.runtime.state.mode, .browse, key)
        }
        XCTAssertTrue(app.runtime.state.marks.isEmpty)
        XCTAssertEqual(app.file("g1.md"), before)
        app.press(.move(1))
        XCTAssertEqual(selected(app), "Fix the tap", "down from a folded header: the next group's first task")
        app.press(.move(-1))
        XCTAssertTrue(cursorLine(app)?.hasPrefix("▸▹ Garden") == true, "up again: the folded header")
        // Marked tasks elsewhere: a key that acts on the marks still acts; one that needs the task under the cursor says why.
        app.press(.move(1), .mark, .moveToEdge(top: true))
        app.press(.mark)
        XCTAssertEqual(app.runtime.state.message, "'Garden' is folded: its tasks are hidden (z opens it).")
        XCTAssertEqual(app.runtime.state.marks, ["h1.md"])
        app.press(.toggleFlag)
        XCTAssertTrue(app.file("h1.md")!.contains("\nflagged: true\n"), app.file("h1.md")!)
        app.press(.cancel)
        // Fold every group: the cursor moves from header to header and each one opens again.
        app.press(.moveToEdge(top: false), .toggleCollapse, .move(-1), .toggleCollapse)
        XCTAssertEqual(app.runtime.state.rows.filter(\.isSelectable).count, 3, app.text)
        XCTAssertTrue(app.runtime.state.rows.allSatisfy { if case .group(_, _, _, true) = $0 { return true }; return false }, app.text)
        app.press(.moveToEdge(top: true))
        XCTAssertTrue(cursorLine(app)?.hasPrefix("▸▹ Garden") == true, app.text)
        app.press(.toggleDone)
        XCTAssertEqual(app.runtime.state.message, "'Garden' is folded: its tasks are hidden (z opens it).")
        app.press(.toggleCollapse)
        XCTAssertEqual(selected(app), "Water the roses", "z on a folded header opens it and lands on its first task")
        app.press(.moveToEdge(top: false), .toggleCollapse)
        XCTAssertEqual(selected(app), "Call mum")
        app.press(.move(-1), .toggleCollapse)
        XCTAssertEqual(selected(app), "Fix the tap")
        XCTAssertTrue(app.runtime.state.rows.allSatisfy { if case .group(_, _, _, true) = $0 { return false }; return true }, app.text)
    }

    func testTheCursorStaysOnATaskWhenOneLeavesAfterUndoSwitchingAndSearch() throws {
        let app = try Harness(files: vault, width: 100, height: 24)
        app.open("Open by project")
        XCTAssertEqual(selected(app), "Water the roses", "a perspective opens on its first task")
        app.press(.move(1), .toggleDone)
        XCTAssertEqual(selected(app), "Water the roses", "the last of Garden left: the nearest task, not House's header")
        app.press(.move(1), .toggleDone)
        XCTAssertEqual(selected(app), "Paint the door")
        app.press(.undo)
        XCTAssertNotNil(selected(app), app.text)
        app.press(.undo)
        XCTAssertNotNil(selected(app), app.text)
        XCTAssertEqual(app.runtime.state.result.count, 5)
        app.press(.startSearch)
        app.type("tap")
        XCTAssertEqual(selected(app), "Fix the tap", "search narrows to one task: the cursor is on it")
        app.press(.search(.keep), .cancel)
        XCTAssertEqual(selected(app), "Fix the tap")
        app.press(.startSearch)
        app.type("a")
        XCTAssertNotNil(selected(app), "search narrows: still on a task")
        app.press(.search(.clear))
        app.open("Inbox")
        app.open("Open by project")
        XCTAssertEqual(selected(app), "Water the roses")
        XCTAssertTrue(cursorLine(app)?.hasPrefix("▸ ○ Water the roses") == true)
    }

    func testAnEmptyListSaysItIsEmptyWithTheAddKeyOfTheKeymap() throws {
        let app = try Harness(files: ["notes/readme.txt": "not a task"], width: 100, height: 24)
        app.press(.focus(.list))
        for key in ["m", "c", "x", "d", "e", "M", "z"] {
            app.press(.char(Character(key)))
            XCTAssertEqual(app.runtime.state.message, "The list is empty (a adds a task).", key)
        }
        app.press(.markAll)
        XCTAssertEqual(app.runtime.state.message, "The list is empty (a adds a task).")
        // Remapped, the message names the key in use.
        let remapped = try Harness(files: [:], width: 100, height: 24, config: "keys:\n  add: [N]\n")
        remapped.press(.focus(.list), .toggleDone)
        XCTAssertEqual(remapped.runtime.state.message, "The list is empty (N adds a task).")
        // With the sidebar focused, the reason is that the task keys act in the list.
        remapped.press(.focus(.sidebar))
        XCTAssertEqual(Requirement.selectedTask.reason(remapped.runtime.state), "No task selected (l or → goes to the list).")
    }
}
