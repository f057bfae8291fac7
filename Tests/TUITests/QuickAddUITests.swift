import XCTest
@testable import TaskEngine
@testable import TUI

/// Quick add (`a`): one line, read live, written as a task.
final class QuickAddUITests: XCTestCase {
    let vault: [String: String] = [
        "existing.md": f("title: Existing\narea: Work\nproject: Clients\ncreated: 2026-11-01"),
        "home.md": f("title: Fix the tap\narea: Home\nproject: House\ncreated: 2026-11-02"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"clients": {"id": "clients", "name": "Clients", "rules": {"operator": "AND", "conditions": [{"field": "project", "op": "equals", "value": "Clients"}, {"field": "tags", "op": "contains", "value": "work"}]}}}}"#,
    ]

    /// Presses and counts every key, as a user would type them.
    final class Counter {
        let app: Harness
        var keys = 0
        init(_ app: Harness) { self.app = app }
        func press(_ k: Key...) { for key in k { app.press(key); keys += 1 } }
        func type(_ s: String) { app.type(s); keys += s.count }
    }

    func testEveryKindOfTokenIsShownLiveAndWritten() throws {
        let app = try Harness(files: vault, width: 170, height: 30, today: "2026-11-23")
        app.press(.char("l"), .char("a"))
        XCTAssertTrue(app.lines[28].contains("Add ›"), app.text)
        app.type("Call Anna tomorrow 3pm #phone #work/q4 !high * +cli @Work ~1h30m sched fri defer 1 Dec")
        XCTAssertTrue(app.lines[29].contains("→ Call Anna · due Tue 24 Nov 15:00 · sched Fri 27 Nov · defer Tue 1 Dec · #phone · #work/q4 · high · flagged · +Clients · @Work · ~1h30m"),
                      app.lines[29])
        // The recognised words are drawn in another style than the title.
        let row = app.screen
        let titleStyle = row[7, 28].style
        let column = app.lines[28].distance(from: app.lines[28].startIndex, to: app.lines[28].range(of: "tomorrow")!.lowerBound)
        XCTAssertNotEqual(row[column, 28].style, titleStyle)
        app.press(.enter)
        XCTAssertEqual(app.runtime.state.mode, .browse)
        let file = try XCTUnwrap(app.file("call-anna.md"))
        for line in ["title: Call Anna", "status: todo", "priority: high", "flagged: true", "due: 2026-11-24T15:00", "scheduled: 2026-11-27",
                     "defer: 2026-12-01", "area: Work", "project: Clients", "tags: [phone, work/q4]", "estimated_minutes: 90"] {
            XCTAssertTrue(file.contains("\n" + line + "\n"), "\(line) in\n\(file)")
        }
        XCTAssertTrue(app.runtime.state.message!.hasPrefix("Added 'Call Anna' · due Tue 24 Nov 15:00"), app.runtime.state.message!)
        XCTAssertTrue(app.runtime.state.message!.contains("not shown in Inbox; it is in Upcoming"), app.runtime.state.message!)
    }

    func testAddedFromAPerspectiveItStaysThereInTenKeysPlusTheTitle() throws {
        let app = try Harness(files: vault, width: 120, height: 30, today: "2026-11-23")
        app.open("Clients")
        XCTAssertEqual(app.runtime.state.result.count, 0)
        let user = Counter(app)
        user.press(.char("a"))
        XCTAssertTrue(app.lines[29].contains("adds #work · +Clients"), app.lines[29])
        app.type("Send the offer")
        user.type(" tmr !h")
        user.press(.enter)
        XCTAssertLessThanOrEqual(user.keys, 10, "a task due tomorrow, high, in the project: \(user.keys) keys plus the title")
        let file = try XCTUnwrap(app.file("send-the-offer.md"))
        for line in ["due: 2026-11-24", "priority: high", "project: Clients", "tags: [work]"] {
            XCTAssertTrue(file.contains("\n" + line + "\n"), "\(line) in\n\(file)")
        }
        XCTAssertEqual(app.runtime.state.selectedTask?.id, "send-the-offer.md", "it stays in view, selected")
        XCTAssertTrue(app.text.contains("Send the offer"), app.text)
        XCTAssertTrue(app.runtime.state.message!.hasPrefix("Added 'Send the offer' · due Tue 24 Nov"), app.runtime.state.message!)

        // From anywhere else, in an existing project, the project's start is enough.
        app.open("Inbox")
        let other = Counter(app)
        other.press(.char("a"))
        app.type("Call the plumber")
        other.type(" tmr !h +ho")
        other.press(.enter)
        let plumber = try XCTUnwrap(app.file("call-the-plumber.md"))
        XCTAssertTrue(plumber.contains("\nproject: House\n"), plumber)
        XCTAssertEqual(other.keys, 13)
    }

    func testTabOpensTheFormWithWhatWasReadAndEscKeepsTheLine() throws {
        let app = try Harness(files: vault, width: 120, height: 30, today: "2026-11-23")
        app.press(.char("a"))
        app.type("Book flights fri 9am !! #travel")
        app.press(.tab)
        let form = try XCTUnwrap(app.runtime.state.form)
        XCTAssertEqual(form[.title], "Book flights")
        XCTAssertEqual(form[.due], "2026-11-27T09:00")
        XCTAssertEqual(form[.priority], "medium")
        XCTAssertEqual(form[.tags], "travel")
        app.press(.enter)
        let file = try XCTUnwrap(app.file("book-flights.md"))
        XCTAssertTrue(file.contains("\ndue: 2026-11-27T09:00\n"), file)

        // Esc closes without adding; ↑ brings the line back, ↓ returns to what was typed.
        app.press(.char("a"))
        app.type("Half a thought #idea")
        app.press(.escape)
        XCTAssertEqual(app.runtime.state.mode, .browse)
        XCTAssertTrue(app.runtime.state.message!.contains("↑"), app.runtime.state.message!)
        app.press(.char("a"))
        app.type("new")
        app.press(.up)
        XCTAssertEqual(entry(app)?.text, "Half a thought #idea")
        app.press(.up)
        XCTAssertEqual(entry(app)?.text, "Book flights fri 9am !! #travel")
        app.press(.up)
        XCTAssertEqual(entry(app)?.text, "Book flights fri 9am !! #travel", "the oldest stays")
        app.press(.down, .down)
        XCTAssertEqual(entry(app)?.text, "new", "back to what was being typed")
        // Line editing works in the entry.
        app.press(.ctrl("u"))
        app.type("Water plants every mon")
        app.press(.ctrl("a"), .char("["), .ctrl("e"), .char("]"))
        XCTAssertEqual(entry(app)?.text, "[Water plants every mon]")
        app.press(.alt("\u{7F}"))
        XCTAssertEqual(entry(app)?.text, "[Water plants every ", "the edit stays in the line, not closed")
    }

    func testALineThatCannotBeAddedSaysWhyAndWritesNothing() throws {
        let app = try Harness(files: vault, width: 100, height: 24, today: "2026-11-23")
        let before = try FileManager.default.contentsOfDirectory(atPath: app.path).sorted()
        app.press(.char("a"), .enter)
        XCTAssertTrue(app.lines[23].contains("Type a title first."), app.lines[23])
        app.type("tomorrow #x !high")
        app.press(.enter)
        XCTAssertTrue(app.lines[23].contains("No title left once read"), app.lines[23])
        app.press(.ctrl("u"))
        app.type("Old 2026-01-05")
        app.press(.enter)
        XCTAssertTrue(app.lines[23].contains("cannot be due in the past (2026-01-05)"), app.lines[23])
        if case .quickAdd = app.runtime.state.mode {} else { XCTFail("the line stays open") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path).sorted(), before)
        // A title with escape sequences is added, and drawn without them acting.
        app.press(.ctrl("u"))
        app.runtime.dispatch(.insert("Evil \u{1B}]0;pwned\u{07} title"))
        XCTAssertFalse(app.text.contains("\u{1B}"))
        app.press(.enter)
        XCTAssertFalse(app.text.contains("\u{1B}"))
        XCTAssertEqual(app.runtime.state.tasks.filter { $0.title.hasPrefix("Evil") }.count, 1)
    }

    func testProjectsAndAreasCompleteWithRightArrow() throws {
        var files = vault
        files["q4.md"] = f("title: Numbers\nproject: Q4 Report\narea: Work")
        let app = try Harness(files: files, width: 120, height: 30, today: "2026-11-23")
        app.press(.char("a"))
        app.type("Fix +cl")
        XCTAssertTrue(app.lines[28].contains("Fix +clients▏") || app.lines[28].contains("Fix +clients"), app.lines[28])
        app.press(.right)
        XCTAssertEqual(entry(app)?.text, "Fix +Clients")
        app.type(" +q")
        app.press(.right)
        XCTAssertEqual(entry(app)?.text, "Fix +Clients +\"Q4 Report\"", "a name with blanks is quoted")
        app.press(.ctrl("u"))
        app.type("Fix @wo")
        app.press(.right)
        XCTAssertTrue(entry(app)?.text.hasSuffix("@Work") == true, entry(app)?.text ?? "")
        // In the change line too: +ho → +House.
        app.press(.escape)
        app.open("+Clients @Work")
        app.press(.char("c"))
        app.type("+ho")
        app.press(.right)
        XCTAssertEqual(entry(app)?.text, "+House")
    }

    func testTheQuickAddKeysAreInHelpAndRemappable() throws {
        let app = try Harness(files: vault, width: 120, height: 40, config: "keys:\n  quick-add-form: [ctrl-f]\n")
        app.press(.char("a"), .function(1))
        XCTAssertTrue(app.text.contains("Quick add"), app.text)
        XCTAssertTrue(app.text.contains("the full form, with what is read so far"), app.text)
        app.press(.escape)
        app.type("Remapped fri")
        app.press(.ctrl("f"))
        XCTAssertEqual(app.runtime.state.form?[.title], "Remapped")
    }

    func entry(_ app: Harness) -> QuickAddEntry? {
        if case .quickAdd(let e) = app.runtime.state.mode { return e }
        return nil
    }
}
