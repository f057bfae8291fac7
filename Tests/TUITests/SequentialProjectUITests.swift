import XCTest
@testable import TaskEngine
@testable import TUI

/// A sequential project on screen: the key on its sidebar row makes it so (the
/// file says it, the row carries the glyph, undo takes it back), Today then
/// shows only its first open task, completing that one brings the next, and
/// moving a task up in the project's view changes which one comes first.
final class SequentialProjectUITests: XCTestCase {
    /// Three tasks of Q4 Report due today (by due, then id: First, Second, Third) and one of no project.
    static let files: [String: String] = [
        "1-first.md": f("title: First\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report"),
        "2-second.md": f("title: Second\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report"),
        "3-third.md": f("title: Third\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report"),
        "4-other.md": f("title: Other\nstatus: todo\ndue: 2026-11-22"),
    ]

    func today(_ app: Harness) -> [String] {
        app.open("Today")
        return ["First", "Second", "Third", "Other"].filter { app.row($0) != nil }
    }

    func testTheKeyMakesTheProjectSequentialAndTodayShowsItsFirstOpenTask() throws {
        let app = try Harness(files: Self.files, width: 100, height: 24)
        XCTAssertEqual(today(app), ["First", "Second", "Third", "Other"], app.text)
        app.open("+Q4 Report")
        app.press(.focus(.sidebar), .toggleSequential)
        XCTAssertTrue(app.runtime.state.message?.contains("'Q4 Report' is sequential") == true, app.runtime.state.message ?? "")
        let json = parseJSON(try XCTUnwrap(app.file(".perspectives.json")))
        XCTAssertEqual(json["projects"]?["Q4 Report"]?["sequential"], .bool(true))
        XCTAssertTrue(app.lines.contains { $0.contains("+ Q4 Report") && $0.contains(Glyphs.sequential) }, app.text)
        XCTAssertEqual(ASCIIGlyphs.fallback(Glyphs.sequential), "=")
        XCTAssertEqual(today(app), ["First", "Other"], app.text)
        // The second and third are marked blocked where they are shown.
        app.open("+Q4 Report")
        XCTAssertTrue(app.lines.contains { $0.contains("Second") && $0.contains(Glyphs.blocked) }, app.text)
        XCTAssertFalse(app.lines.contains { $0.contains("First") && $0.contains(Glyphs.blocked) }, app.text)

        // Completing the first brings the second; undo takes it back.
        app.open("Today")
        app.press(.moveToEdge(top: true))
        for _ in 0..<4 where app.runtime.state.selectedTask?.title != "First" { app.press(.move(1)) }
        app.press(.toggleDone)
        XCTAssertEqual(today(app), ["Second", "Other"], app.text)
        app.press(.undo)
        XCTAssertEqual(today(app), ["First", "Other"], app.text)

        // Third moved to the top of the project's view: saved as the project's order, and first of work.
        app.open("+Q4 Report")
        app.press(.moveToEdge(top: true))
        for _ in 0..<4 where app.runtime.state.selectedTask?.title != "Third" { app.press(.move(1)) }
        app.press(.reorderTask(.up), .reorderTask(.up))
        let order = parseJSON(try XCTUnwrap(app.file(".perspectives.json")))["projects"]?["Q4 Report"]?["manual_order"]
        XCTAssertEqual(order?.array?.first, .string("3-third.md"), "\(String(describing: order))")
        XCTAssertEqual(today(app), ["Third", "Other"], app.text)

        // Parallel again: everything due today is back; undo makes it sequential once more.
        app.open("+Q4 Report")
        app.press(.focus(.sidebar), .toggleSequential)
        XCTAssertEqual(today(app), ["First", "Second", "Third", "Other"], app.text)
        app.press(.undo)
        XCTAssertEqual(today(app), ["Third", "Other"], app.text)
    }

    /// Anywhere but a project row, the key says what it needs and writes nothing.
    func testOnlyAProjectCanBeSequential() throws {
        let app = try Harness(files: Self.files, width: 100, height: 24)
        app.open("Inbox")
        app.press(.focus(.sidebar), .toggleSequential)
        XCTAssertTrue(app.runtime.state.message?.contains("Only a project") == true, app.runtime.state.message ?? "")
        XCTAssertNil(app.file(".perspectives.json"))
    }

    /// A sub-project (`Q4 Report/Slides`) is a project of its own: its task is in no chain of
    /// Q4 Report's, so a sequential Q4 Report's view lists only Q4 Report's own tasks (its order
    /// of work: what J/K move is what waits), counts them alone in the sidebar, and the
    /// sub-project keeps its own row, where its task is found. Parallel again, the view takes the sub-project back.
    func testASequentialProjectsViewIsItsChainWithoutItsSubProjects() throws {
        var files = Self.files
        files["5-slide.md"] = f("title: Slides draft\nstatus: todo\ndue: 2026-11-21\nproject: Q4 Report/Slides")
        let app = try Harness(files: files, width: 100, height: 24)
        app.open("+Q4 Report")
        XCTAssertNotNil(app.row("Slides draft"), "parallel: the sub-project's task is in the view: \(app.text)")
        XCTAssertEqual(app.runtime.state.vaultTree.first { $0.label == "Q4 Report" }?.count, 4)
        app.press(.focus(.sidebar), .toggleSequential)
        app.open("+Q4 Report")
        XCTAssertNil(app.row("Slides draft"), "sequential: only the chain's tasks: \(app.text)")
        XCTAssertEqual(app.runtime.state.vaultTree.first { $0.label == "Q4 Report" }?.count, 3)
        XCTAssertTrue(app.lines.contains { $0.contains("+ Q4 Report") && $0.contains(" 3 ") }, app.text)
        // The rows J/K move are those the chain orders: the last one moved to the top comes first of work.
        app.press(.focus(.list), .moveToEdge(top: false))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Third")
        app.press(.reorderTask(.up), .reorderTask(.up))
        XCTAssertEqual(app.runtime.state.index.openTasks(ofProject: "Q4 Report").first, "3-third.md")
        XCTAssertEqual(today(app), ["Third", "Other"], "Slides draft is due tomorrow")
        // The sub-project's own row lists its task, which waits for nothing.
        app.open("+Q4 Report/Slides")
        XCTAssertNotNil(app.row("Slides draft"), app.text)
        XCTAssertFalse(app.lines.contains { $0.contains("Slides draft") && $0.contains(Glyphs.blocked) }, app.text)
        app.open("+Q4 Report")
        app.press(.focus(.sidebar), .toggleSequential)
        XCTAssertTrue(app.runtime.state.message?.contains("'Q4 Report' is parallel") == true, app.runtime.state.message ?? "")
        app.open("+Q4 Report")
        XCTAssertNotNil(app.row("Slides draft"), "parallel again: \(app.runtime.state.perspective?.rules as Any) \(app.text)")
    }
}

/// The detail pane says why a task of a sequential project waits: the task before it, with the
/// project named (its file lists no dependency), and on the other side who waits for it; a
/// relation other than finish-to-start, or a gap, is said beside the task waited for.
final class SequentialDetailUITests: XCTestCase {
    func testThePaneListsTheImpliedWaitAndARelationWithItsGap() throws {
        var files = SequentialProjectUITests.files
        files["4-other.md"] = f("title: Other\nstatus: todo\ndue: 2026-11-22\nblocked_by:\n  - uid: \"[[1-first]]\"\n    reltype: STARTTOSTART\n    gap: P2D")
        let app = try Harness(files: files, width: 160, height: 30)
        app.open("+Q4 Report")
        app.press(.focus(.sidebar), .toggleSequential, .focus(.list))
        for _ in 0..<5 where app.runtime.state.selectedTask?.title != "Second" { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Second", app.text)
        app.press(.toggleDetail)
        var text = app.text
        XCTAssertTrue(text.contains("Waits for"), text)
        XCTAssertTrue(text.contains("First (sequential project Q4 Report)"), text)
        XCTAssertTrue(text.contains("Third ⊘ (sequential project Q4 Report)"), "the waiter, with why\n\(text)")
        let refs = DetailReferences.of(app.runtime.state)
        XCTAssertEqual(refs.filter { $0.section == .waitsFor }.map(\.target), [.task("1-first.md")])
        XCTAssertEqual(refs.filter { $0.section == .waitedBy }.map(\.target), [.task("3-third.md")])
        // Other (no project) waits for First to start, two days after.
        app.open("Inbox")
        for _ in 0..<5 where app.runtime.state.selectedTask?.title != "Other" { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Other", app.text)
        text = app.text
        XCTAssertTrue(text.contains("First (STARTTOSTART, gap P2D)"), text)
    }

    /// `S` on a project whose order goes against a task's own wait says so at once.
    func testTheKeySaysWhenTheOrderGoesAgainstAWait() throws {
        var files = SequentialProjectUITests.files
        files["1-first.md"] = f("title: First\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\nblocked_by: [\"[[3-third]]\"]")
        let app = try Harness(files: files, width: 200, height: 30)
        app.open("+Q4 Report")
        app.press(.focus(.sidebar), .toggleSequential)
        let said = app.runtime.state.message ?? ""
        XCTAssertTrue(said.hasPrefix("'Q4 Report' is sequential, but its order goes against a wait ("), said)
        XCTAssertTrue(said.contains("none of these can start"), said)
        // Without the wait, the usual words.
        let plain = try Harness(files: SequentialProjectUITests.files, width: 200, height: 30)
        plain.open("+Q4 Report")
        plain.press(.focus(.sidebar), .toggleSequential)
        XCTAssertTrue(plain.runtime.state.message?.hasPrefix("'Q4 Report' is sequential: each task waits") == true, plain.runtime.state.message ?? "")
    }
}
