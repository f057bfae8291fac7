import XCTest
@testable import TaskEngine
@testable import TUI

final class AppScreenTests: XCTestCase {
    let vault: [String: String] = [
        "plumber.md": f("title: Call the plumber\nstatus: in-progress\ndue: 2026-11-20\narea: Home"),
        "flights.md": f("title: Book flights\ndue: 2026-11-25\narea: Travel\npriority: high\nflagged: true"),
        "rent.md": f("title: Pay rent\nstatus: done\narea: Home"),
        "inbox-a.md": f("title: Idea one"),
        "inbox-b.md": f("title: 買い物リスト 🛒 with a long title that keeps going and going"),
        "inbox-c.md": f("title: Idea three"),
    ]

    func testSidebarListsBuiltInsThenCustomWithLiveCounts() throws {
        var files = vault
        files[".perspectives.json"] = #"{"version":1,"order":["home"],"perspectives":{"home":{"id":"home","name":"Home stuff","icon":"house","rules":{"operator":"AND","conditions":[{"field":"area","op":"equals","value":"Home"}]}}}}"#
        for (w, h) in [(80, 24), (120, 40), (40, 12)] {
            let app = try Harness(files: files, width: w, height: h)
            let lines = app.lines
            XCTAssertEqual(lines.count, h)
            for line in lines { XCTAssertEqual(DisplayWidth.of(line), w, "every row is exactly \(w) columns: «\(line)»") }
            let text = app.text
            for name in ["Inbox", "Today", "Upcoming", "Flagged", "Someday", "Logbook"] where h > 12 {
                XCTAssertTrue(text.contains(name), "\(w)x\(h) \(name)")
            }
            if h > 12 {
                XCTAssertTrue(text.contains("─ Custom"))
                XCTAssertTrue(lines.contains { $0.contains("⌂ Home stuff") && $0.contains("2") }, text)
                XCTAssertTrue(lines.contains { $0.contains("Inbox") && $0.contains(" 3 ") }, text)
            }
            XCTAssertTrue(text.contains("Inbox · 3 tasks"), text)
        }
    }

    func testSelectingAPerspectiveShowsItsTasksInBands() throws {
        let app = try Harness(files: vault)
        app.open("Today")
        let text = app.text
        XCTAssertTrue(text.contains("Today · 1 task"), text)
        XCTAssertTrue(text.contains("ACTIVE"))
        XCTAssertTrue(text.contains("▶ Call the plumber"))
        XCTAssertTrue(text.contains("2d overdue ⚠"), "overdue marked by a glyph and a word")
        app.open("Upcoming")
        XCTAssertTrue(app.text.contains("▾ Wed 25 Nov"), app.text)
        XCTAssertTrue(app.text.contains("in 3d"))
        XCTAssertTrue(app.text.contains("!!!"))
        XCTAssertTrue(app.text.contains("⚑"))
    }

    func testSpaceCyclesStateAndTheTaskMovesBandStaysSelectedAndIsSaved() throws {
        let app = try Harness(files: vault)
        app.open("Inbox")
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Idea one")
        app.press(.cycleState)
        XCTAssertTrue(app.file("inbox-a.md")!.contains("status: in-progress"))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Idea one", "still selected after moving to ACTIVE")
        let lines = app.lines
        XCTAssertLessThan(app.row("ACTIVE")!, app.row("Idea one")!)
        XCTAssertLessThan(app.row("Idea one")!, app.row("NOT STARTED")!)
        XCTAssertTrue(lines[app.row("Idea one")!].contains("▸ ▶ Idea one"))
        app.press(.cycleState)  // in-progress → done: leaves the Inbox (open tasks only)
        XCTAssertTrue(app.file("inbox-a.md")!.contains("status: done"))
        XCTAssertTrue(app.file("inbox-a.md")!.contains("completed: "))
        XCTAssertFalse(app.text.contains("Idea one"))
        XCTAssertNotNil(app.runtime.state.selectedTask, "the selection moves to a neighbour")
        app.open("Logbook")
        XCTAssertTrue(app.text.contains("✓ Idea one"))
        app.press(.toggleDone)
        XCTAssertTrue(app.file("inbox-a.md")!.contains("status: todo"))
        XCTAssertFalse(app.file("inbox-a.md")!.contains("completed:"))
    }

    func testFlagPriorityAndDeleteWithConfirmation() throws {
        let app = try Harness(files: vault)
        app.open("Inbox")
        app.press(.toggleFlag, .cyclePriority, .cyclePriority)
        let file = app.file("inbox-a.md")!
        XCTAssertTrue(file.contains("flagged: true"))
        XCTAssertTrue(file.contains("priority: medium"))
        XCTAssertTrue(app.lines[app.row("Idea one")!].contains("!!"))
        app.press(.deleteTask)
        XCTAssertTrue(app.text.contains("Delete 'Idea one'? It goes to the trash (u undoes)."), app.text)
        app.press(.confirm(false))
        XCTAssertNotNil(app.file("inbox-a.md"))
        app.press(.deleteTask, .confirm(true))
        XCTAssertNil(app.file("inbox-a.md"))
        XCTAssertTrue(app.text.contains("Inbox · 2 tasks"))
        XCTAssertTrue(app.text.contains("Deleted 'Idea one' (in the trash; u undoes)"), app.text)
        XCTAssertEqual(try String(contentsOfFile: app.trash + "/files/inbox-a.md", encoding: .utf8), file)
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.trash + "/info/inbox-a.md.trashinfo"))
        app.press(.undo)
        XCTAssertEqual(app.file("inbox-a.md"), file, "undo brings the file back")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.trash + "/files"), [], "and takes it out of the trash")
        XCTAssertTrue(app.text.contains("Inbox · 3 tasks"))
    }

    func testReorderWithinTheBandPersistsAndResetGoesBack() throws {
        let app = try Harness(files: vault)
        app.open("Inbox")
        app.press(.moveToEdge(top: false))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Idea three")
        app.press(.reorderTask(.up))
        XCTAssertLessThan(app.row("Idea three")!, app.row("買い物")!)
        app.press(.reorderTask(.up), .reorderTask(.up), .reorderTask(.up))  // stops at the band's edge
        XCTAssertLessThan(app.row("NOT STARTED")!, app.row("Idea three")!)
        XCTAssertEqual(app.row("Idea three")!, app.row("NOT STARTED")! + 1)
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Idea three")
        let json = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))
        XCTAssertEqual(json["builtins"]?["inbox"]?["manual_order"], .strings(["inbox-c.md", "inbox-a.md", "inbox-b.md"]))
        XCTAssertNil(app.file("inbox-c.md")!.range(of: "modified"), "a reorder never writes a task file")
        // Reopen: the order is kept.
        let again = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache")
        XCTAssertEqual(again.state.result.orderedIDs.first, "inbox-c.md")
        app.press(.resetOrder)
        XCTAssertLessThan(app.row("Idea one")!, app.row("Idea three")!)
    }

    func testReverseSortCollapseSearchAndHelp() throws {
        let app = try Harness(files: vault, width: 100, height: 30)
        app.open("Upcoming")
        XCTAssertTrue(app.text.contains("due date ↑"))
        app.press(.reverseSort)
        XCTAssertTrue(app.text.contains("due date ↓"))
        app.press(.moveToEdge(top: true), .toggleCollapse)
        XCTAssertTrue(app.text.contains("▸ "), app.text)
        app.press(.toggleCollapse)
        app.open("Inbox")
        app.press(.startSearch)
        app.type("IDEA")
        XCTAssertTrue(app.text.contains("/IDEA"))
        XCTAssertTrue(app.text.contains("Idea one") && app.text.contains("Idea three"))
        XCTAssertFalse(app.text.contains("買い物"))
        app.press(.text(.backspace), .text(.backspace), .text(.backspace), .text(.backspace))
        app.type("kaimono")
        XCTAssertTrue(app.text.contains("no title or note matches"))
        app.press(.search(.clear))
        XCTAssertTrue(app.text.contains("買い物"))
        app.press(.toggleHelp)
        XCTAssertTrue(app.text.contains("Keys · ? or Esc closes"))
        XCTAssertTrue(app.text.contains("cycle state"))
        app.press(.toggleHelp)
        XCTAssertFalse(app.text.contains("Keys · ? or Esc closes"))
    }

    func testPerspectivesInTheSidebar() throws {
        let app = try Harness(files: vault)
        app.press(.newPerspective)
        XCTAssertTrue(app.text.contains("Untitled Perspective"), app.text)
        XCTAssertEqual(app.runtime.state.perspective?.name, "Untitled Perspective")
        XCTAssertTrue(app.text.contains("Untitled Perspective · 5 tasks"), app.text)
        XCTAssertNotNil(app.runtime.state.editor, "a new perspective opens in the rule editor")
        app.press(.editor(.close))
        app.press(.duplicatePerspective)
        XCTAssertEqual(app.runtime.state.perspective?.name, "Untitled Perspective Copy")
        XCTAssertNotNil(app.runtime.state.editor, "so does a duplicate")
        app.press(.editor(.close))
        app.press(.reorderPerspective(down: false))
        let names = app.runtime.state.perspectives.filter { !$0.isBuiltin }.map(\.name)
        XCTAssertEqual(names, ["Untitled Perspective Copy", "Untitled Perspective"])
        app.width = 100  // (at 80 columns the dialog keeps a margin of the panes and wraps its question)
        app.press(.deletePerspective)
        XCTAssertTrue(app.text.contains("Delete 'Untitled Perspective Copy'? Its tasks stay (u undoes)."), app.text)
        app.press(.confirm(true))
        XCTAssertEqual(app.runtime.state.perspective?.name, "Inbox", "deleting the shown perspective goes to Inbox")
        app.open("Today")
        app.press(.focus(.sidebar), .deletePerspective)
        XCTAssertTrue(app.text.contains("Built-in perspectives cannot be deleted"))
        let json = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))
        XCTAssertEqual(json["order"], .strings(["untitled-perspective"]))
    }

    func testEmptyStateTinyTerminalAndResize() throws {
        let app = try Harness(files: ["done.md": f("title: Old\nstatus: done")])
        XCTAssertTrue(app.text.contains("No tasks match this perspective’s filters.") || app.text.contains("No tasks match this perspective's filters."), app.text)
        app.width = 30
        app.height = 8
        XCTAssertTrue(app.lines[0].hasPrefix("Terminal too small"))
        XCTAssertEqual(DisplayWidth.of(app.lines[0]), 30)
        app.press(.char("j"), .resize)
        app.width = 80
        app.height = 24
        XCTAssertFalse(app.text.contains("Today · 0 tasks"), "a key pressed while too small must do nothing: \(app.text)")
        XCTAssertTrue(app.text.contains("Inbox ·"), app.text)
    }

    func testWideCharactersNeverOverflow() throws {
        let app = try Harness(files: vault, width: 40, height: 12)
        app.open("Inbox")
        for line in app.lines { XCTAssertEqual(DisplayWidth.of(line), 40, line) }
        XCTAssertTrue(app.text.contains("…"))
    }

    func testKeymapHelpIsGeneratedFromTheBindings() {
        let help = Keymap.default.helpLines()
        for b in Keymap.default.bindings { XCTAssertTrue(help.contains { $0.contains(b.description) }, b.description) }
        XCTAssertEqual(DisplayWidth.of("☕️"), 2)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.truncate("日本語テキスト", to: 7), "日本語…")
    }
}
