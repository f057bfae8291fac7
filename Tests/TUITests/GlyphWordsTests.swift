import XCTest
@testable import TaskEngine
@testable import TUI

/// config.yaml's `glyphs: words`: every state a row, the sidebar, the rule
/// editor and the Forecast mark with a symbol is drawn as a word instead, the
/// symbols are gone, and the words still fit beside the titles at every size.
/// Today is Sunday 22 November 2026.
final class GlyphWordsTests: XCTestCase {
    static let files: [String: String] = {
        var files: [String: String] = [
            "call.md": f("title: Call Anna\npriority: high\nflagged: true\ndue: 2026-11-20\ncreated: 2026-11-01"),
            "plan.md": f("title: Plan the week\nstatus: in-progress\npriority: medium\nrecurrence: FREQ=WEEKLY\ncreated: 2026-11-02"),
            "wait.md": f("title: Wait for Anna\npriority: low\nblocked_by: [\"[[call]]\"]\ncreated: 2026-11-03"),
            "book.md": f("title: Read a book\nstatus: someday\ncreated: 2026-11-04"),
            "taxes.md": f("title: File the taxes\nstatus: done\ncompleted: 2026-11-21\ncreated: 2026-11-05"),
            ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "icon": "briefcase", "rules": {"operator": "AND", "conditions": [{"field": "title", "op": "contains", "value": "a"}, {"enabled": false, "field": "priority", "op": "equals", "value": "high"}]}}}}"#,
        ]
        for i in 1...9 { files["busy-\(i).md"] = f("title: Busy \(i)\nscheduled: 2026-11-24\ncreated: 2026-11-06") }
        return files
    }()

    /// (`busy`: with the nine tasks that make Tuesday busy, which push the others down the Inbox.)
    func app(_ glyphs: String?, width: Int = 100, height: Int = 30, busy: Bool = false) throws -> Harness {
        try Harness(files: Self.files.filter { busy || !$0.key.hasPrefix("busy-") }, width: width, height: height,
                    config: glyphs.map { "glyphs: \($0)\n" })
    }

    /// The list pane's rows with `title` (the sidebar's column cut off).
    func row(_ app: Harness, _ title: String) -> String {
        let x = app.runtime.layout.sidebarWidth
        return app.lines.first { $0.contains(title) && $0.dropFirst(x).contains(title) }.map { String($0.dropFirst(x)) } ?? ""
    }

    func testEveryRowStateIsAWord() throws {
        let app = try app("words")
        XCTAssertEqual(app.runtime.state.glyphs, .words)
        app.open("Inbox")
        app.press(.focus(.list), .moveToEdge(top: false))  // Call Anna, the oldest
        app.press(.mark, .moveToEdge(top: true))
        let expected: [(title: String, words: [String])] = [
            ("Call Anna", ["[todo]", "[overdue 2d]", "[high]", "[flagged]", "[marked]"]),
            ("Plan the week", ["[active]", "[medium]", "[repeats]"]),
            ("Wait for Anna", ["[todo]", "[low]", "[blocked]"]),
        ]
        for (title, words) in expected {
            let line = row(app, title)
            for word in words { XCTAssertTrue(line.contains(word), "\(word) on \(title)'s row: “\(line)”\n\(app.text)") }
            for symbol in ["○", "▶", "⚑", "⚠", "⊘", "↻", "●", "!"] {
                XCTAssertFalse(line.contains(symbol), "no \(symbol) on \(title)'s row in words: “\(line)”")
            }
        }
        // The other statuses, in their perspectives.
        app.open("Someday")
        XCTAssertTrue(row(app, "Read a book").contains("[someday] Read a book"), app.text)
        app.open("Logbook")
        XCTAssertTrue(row(app, "File the taxes").contains("[done] File the taxes"), app.text)
    }

    /// The list, the sidebar and the rule editor in words, as text files (`Snapshots/words-*`).
    func testSnapshots() throws {
        for (w, h) in [(50, 14), (80, 24)] {
            let app = try app("words", width: w, height: h)
            app.open("Inbox")
            app.press(.moveToEdge(top: false), .mark, .moveToEdge(top: true))
            try check(app, "words-list-\(w)x\(h).txt")
            app.open("Work")
            app.press(.focus(.sidebar), .editPerspective, .editor(.last))
            try check(app, "words-rule-editor-\(w)x\(h).txt")
        }
    }

    func check(_ app: Harness, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = ScreenSnapshot.screen(of: app).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
        try ScreenSnapshot.check(text, named: name, file: file, line: line)
    }

    func testSymbolsStayTheDefault() throws {
        let app = try app(nil)
        XCTAssertEqual(app.runtime.state.glyphs, .symbols)
        app.open("Inbox")
        let line = row(app, "Call Anna")
        for symbol in ["○", "⚠", "!!!", "⚑"] { XCTAssertTrue(line.contains(symbol), "\(symbol) in “\(line)”") }
        XCTAssertFalse(line.contains("[high]"), line)
    }

    func testABadValueIsSaidAndSymbolsAreUsed() throws {
        let app = try app("pictures")
        XCTAssertEqual(app.runtime.state.glyphs, .symbols)
        let message = try XCTUnwrap(app.runtime.state.message)
        XCTAssertTrue(message.contains("glyphs must be symbols or words, not 'pictures'"), message)
    }

    func testTheSidebarDropsItsIconsAndTheTitleItsIcon() throws {
        let app = try app("words")
        app.open("Work")
        app.press(.focus(.sidebar))
        let sidebar = app.lines.map { String($0.prefix(app.runtime.layout.sidebarWidth)) }
        for icon in ["▤", "★", "▦", "⚑", "☾", "✔", "⌘"] {
            XCTAssertFalse(sidebar.contains { $0.contains(icon) }, "no \(icon) in the sidebar:\n\(sidebar.joined(separator: "\n"))")
        }
        XCTAssertTrue(sidebar.contains { $0.contains("▸ Work") }, sidebar.joined(separator: "\n"))
        XCTAssertTrue(sidebar.contains { $0.contains("  Inbox") }, "the names stay where they were")
        XCTAssertTrue(app.lines[1].contains("┌ Work · "), "the list's title without its icon: \(app.lines[1])")
        XCTAssertEqual(app.screen.focus.map { app.screen[$0.x, $0.y].text }, "W", "the cursor on the name")
    }

    func testTheRuleEditorHasNoTreeLinesOrGlyphs() throws {
        let app = try app("words")
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective)
        let text = app.text
        for glyph in ["├─ ", "└─ ", "∧", "⌂"] { XCTAssertFalse(text.contains(glyph), "no \(glyph) in words:\n\(text)") }
        XCTAssertTrue(text.contains("  Title contains \"a\""), text)
        XCTAssertTrue(text.contains("Priority is high (off)"), text)
        app.press(.editor(.last))
        let focus = try XCTUnwrap(app.screen.focus)
        XCTAssertEqual(app.screen[focus.x, focus.y].text, "P", "the cursor on the rule's words")
    }

    func testTheForecastsBusyDayIsAWord() throws {
        let app = try app("words", width: 200, busy: true)
        app.open("Forecast")
        let strip = app.lines.first { $0.contains("Overdue") } ?? ""
        XCTAssertTrue(strip.contains("Tue 24 9 [busy]"), strip)
        XCTAssertFalse(strip.contains("▲"), strip)
    }

    /// Words are wider: at every size the fields give way in order, no row runs past its pane, and each title keeps its start.
    func testTheWordsFitAtEverySize() throws {
        for (w, h) in [(40, 10), (50, 14), (60, 16), (80, 24), (120, 40)] {
            let app = try app("words", width: w, height: h)
            app.open("Inbox")
            app.press(.focus(.list), .moveToEdge(top: false), .mark)
            let screen = app.screen
            let x = app.runtime.layout.sidebarWidth
            // (At the smallest size the list pane is 20 columns: the words leave a title its first letter.)
            for title in w > 40 ? ["Call", "Plan", "Wait"] : ["C", "Pl", "Wa"] {
                // (After its status word, or, on a row too narrow for it and the task's state, right after the cursor's place.)
                guard let y = screen.lines.firstIndex(where: { line in ["] ", "  ", "▸ "].contains { line.dropFirst(x).contains($0 + title) } }) else {
                    XCTFail("\(title) at \(w)×\(h):\n\(screen.text)")
                    continue
                }
                XCTAssertEqual(screen[w - 1, y].text, "│", "the pane's border stands at \(w)×\(h)")
                let pane = screen.lines[y].dropFirst(x)
                XCTAssertTrue(pane.contains(title), "the title keeps its start at \(w)×\(h): \(pane)")
            }
            // Where there is room the words show whole: never a cut "[overd…".
            XCTAssertFalse(screen.text.contains("[overd…"), screen.text)
            if w >= 80 { XCTAssertTrue(row(app, "Call Anna").contains("[overdue 2d]"), "\(w)×\(h): \(row(app, "Call Anna"))") }
        }
    }
}
