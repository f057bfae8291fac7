import XCTest
@testable import TaskEngine
@testable import TUI

/// Making tasks wait by keys: `after:Title` in quick add (highlighted,
/// completing to an open task's title, previewed as "waits for …") and in the
/// change line `c`; the task written with the link, out of Today, and undo
/// and redo taking the edit back and again like any other.
final class WaitForUITests: XCTestCase {
    static let files: [String: String] = [
        "write-docs.md": f("title: Write docs\nstatus: todo\ndue: 2026-11-22"),
        "ship.md": f("title: Ship it\nstatus: todo\ndue: 2026-11-22"),
        "review.md": f("title: Review\nstatus: done"),
    ]

    /// Whether a row of the list (not the status line under it) shows `title`.
    func listed(_ app: Harness, _ title: String) -> Bool { app.lines.dropLast().contains { $0.contains(title) } }

    func testQuickAddAfterCompletesIsShownAndWritesTheLink() throws {
        let app = try Harness(files: Self.files, width: 120, height: 24, today: "2026-11-22")
        app.open("Today")
        app.press(.focus(.list), .addTask)
        app.type("Announce today after:wri")
        // The open task's title completes after the cursor; → takes it, quoted.
        XCTAssertTrue(app.lines[22].contains("after:wri") && app.lines[22].contains("te docs"), app.lines[22])
        XCTAssertTrue(app.lines[23].contains("after: no task is titled 'wri' to wait for"), "said before Enter refuses it: \(app.lines[23])")
        app.press(.text(.right))
        XCTAssertFalse(app.lines[23].contains("no task is titled"), app.lines[23])
        XCTAssertEqual(app.runtime.state.quickAddEntry?.text, "Announce today after:\"Write docs\"")
        XCTAssertTrue(app.lines[23].contains("→ Announce · due Sun 22 Nov · waits for Write docs"), app.lines[23])
        // The token is drawn like the others, not like the title.
        let line = app.lines[22]
        let at = line.distance(from: line.startIndex, to: line.range(of: "after:")!.lowerBound)
        let titleAt = line.distance(from: line.startIndex, to: line.range(of: "Announce")!.lowerBound)
        XCTAssertNotEqual(app.screen[at, 22].style, app.screen[titleAt, 22].style)
        app.press(.quickAdd(.add))
        let file = try XCTUnwrap(app.file("announce.md"))
        XCTAssertTrue(file.contains("\nblocked_by: [\"[[write-docs]]\"]\n"), file)
        // Blocked, so not in Today: the message says where it is instead.
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.contains("not shown in Today"), message)
        XCTAssertFalse(message.contains("it is in Today"), message)
        XCTAssertFalse(listed(app, "Announce"), app.text)
    }

    func testATitleNoTaskHasIsRefusedAndNothingIsAdded() throws {
        let app = try Harness(files: Self.files, width: 120, height: 24, today: "2026-11-22")
        app.press(.focus(.list), .addTask)
        app.type("Announce after:Nothing")
        app.press(.quickAdd(.add))
        XCTAssertEqual(app.runtime.state.quickAddEntry?.error, "No task is titled 'Nothing' to wait for.")
        XCTAssertNil(app.file("announce.md"))
    }

    func testTheChangeLineMakesATaskWaitAndUndoTakesItBack() throws {
        let app = try Harness(files: Self.files, width: 120, height: 24, today: "2026-11-22")
        app.open("Today")
        XCTAssertTrue(listed(app, "Ship it"), app.text)
        app.press(.focus(.list), .moveToEdge(top: true))
        for _ in 0..<3 where app.runtime.state.selectedTask?.title != "Ship it" { app.press(.move(1)) }
        let before = app.file("ship.md")
        app.press(.changeTasks)
        app.type("after:\"Write docs\"")
        XCTAssertTrue(app.lines[23].contains("→ waits for Write docs"), app.lines[23])
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.file("ship.md")?.contains("\nblocked_by: [\"[[write-docs]]\"]\n") == true, app.file("ship.md") ?? "")
        XCTAssertFalse(listed(app, "Ship it"), app.text)
        app.press(.undo)
        XCTAssertEqual(app.file("ship.md"), before)
        XCTAssertTrue(listed(app, "Ship it"), app.text)
        app.press(.redo)
        XCTAssertTrue(app.file("ship.md")?.contains("\nblocked_by: [\"[[write-docs]]\"]\n") == true, app.file("ship.md") ?? "")
        XCTAssertFalse(listed(app, "Ship it"), app.text)
        // Waiting for a task that waits for it is refused, the cycle named.
        app.open("Inbox")
        for _ in 0..<4 where app.runtime.state.selectedTask?.title != "Write docs" { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Write docs")
        app.press(.changeTasks)
        app.type("after:\"Ship it\"")
        app.press(.quickAdd(.add))
        XCTAssertEqual(app.runtime.state.quickAddEntry?.error,
                       "write-docs.md cannot wait for ship.md: that would close a cycle (write-docs.md → ship.md → write-docs.md; each would wait for the next)")
    }

    /// The form's Waits for field: the titles of what the task waits for, completing, saved as links; emptied, the key goes.
    func testTheFormsWaitsForField() throws {
        let app = try Harness(files: Self.files, width: 120, height: 30, today: "2026-11-22")
        app.open("Inbox")
        app.press(.focus(.list), .moveToEdge(top: true))
        for _ in 0..<3 where app.runtime.state.selectedTask?.title != "Ship it" { app.press(.move(1)) }
        app.press(.editTask)
        app.press(.form(.previousField))  // (the last field, from the first)
        XCTAssertEqual(app.runtime.state.form?.focus, .waitsFor)
        XCTAssertTrue(app.text.contains("Waits for"), app.text)
        app.type("Nothing")
        app.press(.form(.save))
        XCTAssertEqual(app.runtime.state.form?.error, "No task is titled 'Nothing' to wait for.")
        XCTAssertFalse(app.file("ship.md")?.contains("blocked_by") ?? true)
        for _ in 0..<7 { app.press(.text(.backspace)) }
        app.type("wri")
        XCTAssertTrue(app.text.contains("write docs") || app.text.contains("te docs"), app.text)
        app.press(.text(.right))
        XCTAssertEqual(app.runtime.state.form?[.waitsFor], "Write docs", "the typed part takes the title's own case")
        app.press(.form(.save))
        XCTAssertTrue(app.file("ship.md")?.contains("\nblocked_by: [\"[[write-docs]]\"]\n") == true, app.file("ship.md") ?? "")
        // Opened again, the field shows the title; emptied and saved, the key goes.
        app.press(.editTask, .form(.previousField))
        XCTAssertEqual(app.runtime.state.form?[.waitsFor], "Write docs")
        for _ in 0..<10 { app.press(.text(.backspace)) }
        app.press(.form(.save))
        XCTAssertFalse(app.file("ship.md")?.contains("blocked_by") ?? true, app.file("ship.md") ?? "")
        app.press(.undo)
        XCTAssertTrue(app.file("ship.md")?.contains("\nblocked_by: [\"[[write-docs]]\"]\n") == true, app.file("ship.md") ?? "")
    }
    /// Titles holding commas and quotes: shown quoted, read back as they were (generated lists).
    func testTheWaitsForFieldRoundTripsTitlesWithCommasAndQuotes() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["Buy milk", ", eggs", "\"quoted\"", "a,b,c", " spaced ", "say \"hi\", then go", "plain", "日本語, ok", "\""]
        for _ in 0..<500 {
            let titles = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined().trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            let shown = TaskForm.waitTitles(titles)
            XCTAssertEqual(TaskForm.waitTitles(shown), titles, shown)
        }
        XCTAssertEqual(TaskForm.waitTitles("Write docs, \"Buy milk, eggs\" ,Ship it"), ["Write docs", "Buy milk, eggs", "Ship it"])
        XCTAssertEqual(TaskForm.waitTitles("\"Buy milk, eggs"), ["Buy milk, eggs"], "an unclosed quote runs to the end")
        XCTAssertEqual(TaskForm.waitTitles(" , ,"), [])
    }

    /// A task titled with a comma: shown quoted in the field, kept when another wait is added, completed quoted.
    func testTheFormWaitsForATitleWithAComma() throws {
        var files = Self.files
        files["buy.md"] = f("title: Buy milk, eggs\nstatus: todo")
        files["ship.md"] = f("title: Ship it\nstatus: todo\ndue: 2026-11-22\nblocked_by: [\"[[buy]]\"]")
        let app = try Harness(files: files, width: 120, height: 30, today: "2026-11-22")
        app.open("Inbox")
        app.press(.focus(.list), .moveToEdge(top: true))
        for _ in 0..<4 where app.runtime.state.selectedTask?.title != "Ship it" { app.press(.move(1)) }
        app.press(.editTask, .form(.previousField))
        XCTAssertEqual(app.runtime.state.form?[.waitsFor], "\"Buy milk, eggs\"")
        app.type(", Wri")
        app.press(.text(.right))
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        let ship = try XCTUnwrap(app.file("ship.md"))
        XCTAssertTrue(ship.contains("[[buy]]") && ship.contains("[[write-docs]]"), ship)
        // Completion of a title with a comma comes quoted.
        app.press(.editTask, .form(.previousField))
        for _ in 0..<40 { app.press(.text(.backspace)) }
        app.type("Buy")
        app.press(.text(.right))
        XCTAssertEqual(app.runtime.state.form?[.waitsFor], "\"Buy milk, eggs\"")
    }

    /// The change line does not offer the tasks it changes (none can wait for itself); the form
    /// does not offer the task it edits.
    func testCompletionLeavesOutTheTaskBeingChanged() throws {
        let app = try Harness(files: Self.files, width: 120, height: 24, today: "2026-11-22")
        app.open("Inbox")
        app.press(.focus(.list), .moveToEdge(top: true))
        for _ in 0..<3 where app.runtime.state.selectedTask?.title != "Ship it" { app.press(.move(1)) }
        app.press(.changeTasks)
        app.type("after:Shi")
        XCTAssertNil(app.runtime.state.quickAddEntry?.afterCompletion(app.runtime.state.index), "not itself")
        for _ in 0..<3 { app.press(.text(.backspace)) }
        app.type("Wri")
        XCTAssertEqual(app.runtime.state.quickAddEntry?.afterCompletion(app.runtime.state.index), "te docs")
        app.press(.quickAdd(.cancel))
        app.press(.editTask, .form(.previousField))
        app.type("Shi")
        XCTAssertNil(app.runtime.state.form?.completion(from: app.runtime.state.index), "not itself")
    }
}
