import XCTest
@testable import TaskEngine
@testable import TUI

/// The detail pane's dependencies and links: what it lists for a task, and
/// Enter following one to the task (switching views when needed), to a note
/// in the editor, or to nothing with a message; the back key returning.
final class DetailReferencesUITests: XCTestCase {
    /// A TaskNotes vault: Alpha waits for Beta (itself blocked by Gamma) and for a task that does not exist;
    /// Delta waits for Alpha; Epsilon, due today, links to Gamma (not in Today), a note, and to nowhere.
    static let files: [String: String] = [
        ".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "taskTag": "task"}"#,
        "Tasks/Alpha.md": f("title: Alpha\nstatus: open\ntags: [task]\nblockedBy: [\"[[Beta]]\", \"[[Ghost]]\"]"),
        "Tasks/Beta.md": f("title: Beta\nstatus: open\ntags: [task]\nblockedBy: [\"[[Gamma]]\"]"),
        "Tasks/Gamma.md": f("title: Gamma\nstatus: open\ntags: [task]"),
        "Tasks/Delta.md": f("title: Delta\nstatus: done\ntags: [task]\nblockedBy: [\"[[Alpha]]\"]"),
        "Tasks/Epsilon.md": f("title: Epsilon\nstatus: open\ntags: [task]\ndue: 2026-11-22",
                              body: "Read [[Design notes]] first, then [[Gamma|the gamma task]].\n\nAlso [spec](../Docs/spec.md), [[Nowhere at all]] and [out](../../outside.md).\n"),
        "Notes/Design notes.md": "# Design\n\nNot a task.\n",
    ]

    func select(_ app: Harness, _ title: String) {
        app.press(.moveToEdge(top: true))
        for _ in 0..<10 where app.runtime.state.selectedTask?.title != title { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, title, app.text)
    }

    func testThePaneListsWhatATaskWaitsForWhatWaitsForItAndItsLinks() throws {
        let app = try Harness(files: Self.files, width: 220, height: 40)
        app.open("Inbox")
        select(app, "Alpha")
        app.press(.toggleDetail)
        let text = app.text
        for expected in ["Waits for", "○ Beta ⊘", "no such task: [[Ghost]]", "Waited for by", "✓ Delta"] {
            XCTAssertTrue(text.contains(expected), "\(expected)\n\(text)")
        }
        XCTAssertFalse(text.contains("Links"), "Alpha's notes have no links\n\(text)")
        select(app, "Epsilon")
        let links = app.text
        for expected in ["Links", "[[Design notes]] → Notes/Design notes.md", "[[Gamma|the gamma task]] → ○ Gamma",
                         "[spec](../Docs/spec.md) → no file (Docs/spec.md)", "[[Nowhere at all]] → no file is named Nowhere at all",
                         "[out](../../outside.md) → refused: path_traversal"] {
            XCTAssertTrue(links.contains(expected), "\(expected)\n\(links)")
        }
        XCTAssertFalse(links.contains("Waits for"), links)
        // In the pane's order: the links come before the notes.
        let linkRow = try XCTUnwrap(app.lines.firstIndex { $0.contains("[[Design notes]] →") })
        let notesRow = try XCTUnwrap(app.lines.firstIndex { $0.contains("─ Notes") })
        XCTAssertLessThan(linkRow, notesRow, links)
        // Narrow: a long line wraps (indented) rather than losing where it points.
        app.width = 100
        let narrow = app.lines
        let refusal = try XCTUnwrap(narrow.firstIndex { $0.contains("[out](../../outside.md) →") }, app.text)
        XCTAssertTrue(narrow[refusal + 1].contains("    "), app.text)
        XCTAssertTrue((narrow[refusal] + narrow[refusal + 1]).contains("refused:"), app.text)
    }

    func testEnterGoesToATaskInTheSameView() throws {
        let app = try Harness(files: Self.files, width: 140, height: 40)
        app.open("Inbox")
        select(app, "Alpha")
        app.press(.toggleDetail, .switchFocus)
        XCTAssertEqual(app.runtime.state.focus, .detail)
        app.press(.detail(.follow))  // Beta, the first it waits for
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Beta")
        XCTAssertEqual(app.runtime.state.perspective?.name, "Inbox")
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Went to 'Beta'") == true, app.runtime.state.message ?? "")
        XCTAssertEqual(app.runtime.state.focus, .detail, "still in the pane, to follow on")
        XCTAssertTrue(app.text.contains("○ Gamma"), "the pane shows Beta's dependencies now\n\(app.text)")
        // Down to the name of no task: a message, nothing moves.
        app.press(.followBack)
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Alpha")
        app.press(.detail(.down))
        app.press(.detail(.follow))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Alpha")
        XCTAssertEqual(app.runtime.state.message, "no such task: [[Ghost]]")
        // Delta waits for Alpha: the third line.
        app.press(.detail(.down), .detail(.follow))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Delta")
    }

    func testEnterSwitchesToAViewThatShowsTheTaskAndTheBackKeyReturns() throws {
        let app = try Harness(files: Self.files, width: 140, height: 40)
        app.open("Today")
        select(app, "Epsilon")
        XCTAssertNil(app.row("Gamma"), "Gamma is not due: not in Today\n\(app.text)")
        app.press(.toggleDetail, .switchFocus)
        app.press(.detail(.down), .detail(.follow))  // [[Gamma|the gamma task]]
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Gamma")
        XCTAssertNotEqual(app.runtime.state.perspective?.name, "Today")
        let message = try XCTUnwrap(app.runtime.state.message)
        XCTAssertTrue(message.hasPrefix("'Gamma' is not in Today: showing it in \(app.runtime.state.perspective?.name ?? "?")"), message)
        XCTAssertTrue(app.lines.contains { $0.contains("Gamma") && $0.contains("Detail") == false }, app.text)
        app.press(.followBack)
        XCTAssertEqual(app.runtime.state.perspective?.name, "Today")
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Epsilon")
        XCTAssertEqual(app.runtime.state.message, "Back to 'Epsilon' in Today")
        app.press(.followBack)
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Nothing to go back to") == true, app.runtime.state.message ?? "")
    }

    func testEnterOpensANoteInTheEditorAndSaysWhyNothingElseOpens() throws {
        let app = try Harness(files: Self.files, width: 140, height: 40)
        app.open("Today")
        select(app, "Epsilon")
        var ran: [[String]] = []
        app.runtime.runExternal = { command in
            ran.append(command)
            return 0
        }
        app.press(.toggleDetail, .switchFocus)
        app.press(.detail(.follow))  // [[Design notes]]
        XCTAssertEqual(ran.last?.last, app.path + "/Notes/Design notes.md")
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Epsilon", "a note is not a task: the list stays")
        XCTAssertEqual(app.file("Notes/Design notes.md"), "# Design\n\nNot a task.\n")
        let expected = ["Docs/spec.md is not there", "leads nowhere: no file is named Nowhere at all", "leads nowhere: refused: path_traversal"]
        for (n, words) in expected.enumerated() {
            app.press(.detail(.down))
            if n == 0 { app.press(.detail(.down)) }  // past the task link
            app.press(.detail(.follow))
            XCTAssertTrue(app.runtime.state.message?.contains(words) == true, "\(words): \(app.runtime.state.message ?? "")")
            XCTAssertEqual(app.runtime.state.selectedTask?.title, "Epsilon")
        }
        XCTAssertEqual(ran.count, 1, "only the note opened the editor")
        // Past the links, Enter has nothing to follow; Space ticks nothing on a link.
        app.press(.moveToEdge(top: true))
        app.press(.detail(.toggleItem))
        XCTAssertNotNil(app.runtime.state.message)
    }

    func testANoteMadeOutsideTheAppIsFoundWhenTheVaultIsLookedAtAgain() throws {
        let app = try Harness(files: Self.files, width: 220, height: 40)
        app.open("Today")
        select(app, "Epsilon")
        app.press(.toggleDetail)
        XCTAssertTrue(app.text.contains("[[Nowhere at all]] → no file is named Nowhere at all"), app.text)
        try "# Now here\n".write(toFile: app.path + "/Notes/Nowhere at all.md", atomically: true, encoding: .utf8)
        app.runtime.pollChanges()
        XCTAssertTrue(app.text.contains("[[Nowhere at all]] → Notes/Nowhere at all.md"), app.text)
        try FileManager.default.removeItem(atPath: app.path + "/Notes/Design notes.md")
        app.runtime.pollChanges()
        XCTAssertTrue(app.text.contains("[[Design notes]] → no file is named Design notes"), app.text)
    }

    func testThePaneScrollsToTheCursorOnASmallTerminal() throws {
        var files = Self.files
        files["Tasks/Epsilon.md"] = f("title: Epsilon\nstatus: open\ntags: [task]\ndue: 2026-11-22",
                                      body: (1...30).map { "- see [[Gamma]] step \($0)" }.joined(separator: "\n") + "\n")
        let app = try Harness(files: files, width: 80, height: 24)
        app.open("Today")
        select(app, "Epsilon")
        app.press(.toggleDetail, .switchFocus)
        for _ in 0..<29 { app.press(.detail(.down)) }
        XCTAssertTrue(app.text.contains("of "), "the pane says it scrolls\n\(app.text)")
        app.press(.detail(.follow))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Gamma")
    }
}
