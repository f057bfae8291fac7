import XCTest
@testable import TaskEngine
@testable import TUI

/// Blocked tasks on screen: the glyph on exactly the rows the `blocked` rule
/// matches, Today leaving them out, and a task coming back to Today when its
/// blocker is done.
final class BlockedTaskUITests: XCTestCase {
    /// Alpha waits for Beta, Beta for Gamma (open), Delta for Echo (done); all due today.
    static let files: [String: String] = [
        "Alpha.md": f("title: Alpha\nstatus: todo\ndue: 2026-11-22\nblocked_by: [\"[[Beta]]\"]"),
        "Beta.md": f("title: Beta\nstatus: todo\ndue: 2026-11-22\nblocked_by: [\"[[Gamma]]\"]"),
        "Gamma.md": f("title: Gamma\nstatus: todo\ndue: 2026-11-22"),
        "Delta.md": f("title: Delta\nstatus: todo\ndue: 2026-11-22\nblocked_by: [\"[[Echo]]\"]"),
        "Echo.md": f("title: Echo\nstatus: done\ndue: 2026-11-22"),
    ]

    func rowsWithGlyph(_ app: Harness) -> [String] {
        ["Alpha", "Beta", "Gamma", "Delta"].filter { title in app.lines.contains { $0.contains(title) && $0.contains(Glyphs.blocked) } }
    }

    func testTheGlyphMarksTheRowsTheRuleMatches() throws {
        let app = try Harness(files: Self.files, width: 100, height: 20)
        app.open("Inbox")
        let index = app.runtime.state.index
        let matched = RuleBits.matching(try RuleTextParser.parse("blocked and status = todo"), in: index, today: app.runtime.state.today)
        let ruled = index.tasks.indices.filter { matched.bits[$0] }.map { index.tasks[$0].task.title }.sorted()
        XCTAssertEqual(ruled, ["Alpha", "Beta"])
        XCTAssertEqual(rowsWithGlyph(app).sorted(), ruled, app.text)
        XCTAssertEqual(ASCIIGlyphs.fallback(Glyphs.blocked), "B")
    }

    func testTodayLeavesBlockedTasksOutUntilTheBlockerIsDone() throws {
        let app = try Harness(files: Self.files, width: 100, height: 20)
        app.open("Today")
        XCTAssertNil(app.row("Alpha"), app.text)
        XCTAssertNil(app.row("Beta"), app.text)
        XCTAssertNotNil(app.row("Gamma"), app.text)
        XCTAssertNotNil(app.row("Delta"), "its blocker is done: \(app.text)")
        // Completing Gamma frees Beta (Alpha still waits for Beta).
        app.press(.moveToEdge(top: true))
        for _ in 0..<5 where app.runtime.state.selectedTask?.title != "Gamma" { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Gamma")
        app.press(.toggleDone)
        XCTAssertTrue(app.file("Gamma.md")?.contains("status: done") == true, app.file("Gamma.md") ?? "")
        XCTAssertNotNil(app.row("Beta"), app.text)
        XCTAssertNil(app.row("Alpha"), app.text)
    }
    /// A done task waiting for an open one is not held up: no glyph on its row in the Logbook,
    /// nor beside its name in the detail pane of the task it waited for.
    func testADoneTaskWaitingForAnOpenOneCarriesNoGlyph() throws {
        var files = Self.files
        files["Foxtrot.md"] = f("title: Foxtrot\nstatus: done\nblocked_by: [\"[[Gamma]]\"]")
        let app = try Harness(files: files, width: 100, height: 20)
        XCTAssertTrue(app.runtime.state.index.isBlocked(id: "Foxtrot.md"), "the graph still says it waits")
        app.open("Logbook")
        let row = try XCTUnwrap(app.lines.first { $0.contains("Foxtrot") }, app.text)
        XCTAssertFalse(row.contains(Glyphs.blocked), row)
        app.open("Inbox")
        XCTAssertTrue(try XCTUnwrap(app.lines.first { $0.contains("Alpha") }).contains(Glyphs.blocked), app.text)
    }
    /// Deleting a task others wait for says so in the question (they would wait for a name of no task).
    func testTheDeleteQuestionSaysWhoWaitsForTheTask() throws {
        let app = try Harness(files: Self.files, width: 160, height: 30)
        app.open("Inbox")
        for (title, said) in [("Gamma", "1 task waits for it and would stay blocked."), ("Alpha", nil)] {
            app.press(.moveToEdge(top: true))
            for _ in 0..<6 where app.runtime.state.selectedTask?.title != title { app.press(.move(1)) }
            XCTAssertEqual(app.runtime.state.selectedTask?.title, title)
            app.press(.deleteTask)
            if let said { XCTAssertTrue(app.text.contains(said), app.text) } else { XCTAssertFalse(app.text.contains("would stay blocked"), app.text) }
            app.press(.confirm(false))
            XCTAssertNotNil(app.file("\(title).md"), "nothing deleted")
        }
    }
    /// The `!` panel lists the dependency problems `todomd problems` lists: a cycle, a name of no task.
    func testTheProblemsPanelListsCyclesAndNamesOfNoTask() throws {
        var files = Self.files
        files["Hotel.md"] = f("title: Hotel\nblocked_by: [\"[[India]]\"]")
        files["India.md"] = f("title: India\nblocked_by: [\"[[Hotel]]\", \"[[Nobody]]\"]")
        let app = try Harness(files: files, width: 160, height: 30)
        app.press(.showProblems)
        XCTAssertTrue(app.text.contains("dependency cycle: Hotel.md → India.md → Hotel.md"), app.text)
        XCTAssertTrue(app.text.contains("India.md") && app.text.contains("Nobody"), app.text)
        XCTAssertFalse(app.text.contains("No problems"), app.text)
    }
    /// A rename (the title is the file name in this vault) leaves those who waited for the old
    /// name waiting for a name of no task: the status line says how many.
    func testARenameSaysWhoWaitedForTheOldName() throws {
        let files = [".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "storeTitleInFilename": true}"#,
                     "Tasks/Write docs.md": f("title: Write docs\nstatus: open\ntags: [task]"),
                     "Tasks/Ship.md": f("title: Ship\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART")]
        let app = try Harness(files: files, width: 200, height: 30)
        XCTAssertTrue(app.runtime.state.index.isBlocked(id: "Tasks/Ship.md"))
        var renamed = try XCTUnwrap(app.runtime.state.index.task(id: "Tasks/Write docs.md")?.task)
        (renamed.id, renamed.title) = ("Tasks/Write the docs.md", "Write the docs")
        app.runtime.dispatch(.effect(.moved(from: "Tasks/Write docs.md", renamed)))
        XCTAssertTrue(app.runtime.state.message?.hasSuffix("1 task waits for it by its old name and now name no task") == true,
                      app.runtime.state.message ?? "")
    }
}
