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
        func press(_ a: Action...) { for action in a { app.press(action); keys += 1 } }
        func type(_ s: String) { app.type(s); keys += s.count }
    }

    func testEveryKindOfTokenIsShownLiveAndWritten() throws {
        let app = try Harness(files: vault, width: 170, height: 30, today: "2026-11-23")
        app.press(.focus(.list), .addTask)
        XCTAssertTrue(app.lines[28].contains("Add ›"), app.text)
        app.type("Call Anna tomorrow 3pm #phone #work/q4 !high * +cli @Work ~1h30m sched fri defer 1 Dec")
        XCTAssertTrue(app.lines[29].contains("→ Call Anna · due Tue 24 Nov 15:00 · sched Fri 27 Nov · defer Tue 1 Dec · #phone · #work/q4 · high · flagged · +Clients · @Work · ~1h30m"),
                      app.lines[29])
        // The recognised words are drawn in another style than the title.
        let row = app.screen
        let titleStyle = row[7, 28].style
        let column = app.lines[28].distance(from: app.lines[28].startIndex, to: app.lines[28].range(of: "tomorrow")!.lowerBound)
        XCTAssertNotEqual(row[column, 28].style, titleStyle)
        app.press(.quickAdd(.add))
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
        user.press(.addTask)
        XCTAssertTrue(app.lines[29].contains("adds #work · +Clients"), app.lines[29])
        app.type("Send the offer")
        user.type(" tmr !h")
        user.press(.quickAdd(.add))
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
        other.press(.addTask)
        app.type("Call the plumber")
        other.type(" tmr !h +ho")
        other.press(.quickAdd(.add))
        let plumber = try XCTUnwrap(app.file("call-the-plumber.md"))
        XCTAssertTrue(plumber.contains("\nproject: House\n"), plumber)
        XCTAssertEqual(other.keys, 13)
    }

    func testTabOpensTheFormWithWhatWasReadAndEscKeepsTheLine() throws {
        let app = try Harness(files: vault, width: 120, height: 30, today: "2026-11-23")
        app.press(.addTask)
        app.type("Book flights fri 9am !! #travel")
        app.press(.quickAdd(.openForm))
        let form = try XCTUnwrap(app.runtime.state.form)
        XCTAssertEqual(form[.title], "Book flights")
        XCTAssertEqual(form[.due], "2026-11-27T09:00")
        XCTAssertEqual(form[.priority], "medium")
        XCTAssertEqual(form[.tags], "travel")
        app.press(.form(.save))
        let file = try XCTUnwrap(app.file("book-flights.md"))
        XCTAssertTrue(file.contains("\ndue: 2026-11-27T09:00\n"), file)

        // Esc closes without adding; ↑ brings the line back, ↓ returns to what was typed.
        app.press(.addTask)
        app.type("Half a thought #idea")
        app.press(.quickAdd(.cancel))
        XCTAssertEqual(app.runtime.state.mode, .browse)
        XCTAssertTrue(app.runtime.state.message!.contains(app.keyLabel("quick-add-older", in: [.quickAdd])), app.runtime.state.message!)
        app.press(.addTask)
        app.type("new")
        app.press(.quickAdd(.older))
        XCTAssertEqual(entry(app)?.text, "Half a thought #idea")
        app.press(.quickAdd(.older))
        XCTAssertEqual(entry(app)?.text, "Book flights fri 9am !! #travel")
        app.press(.quickAdd(.older))
        XCTAssertEqual(entry(app)?.text, "Book flights fri 9am !! #travel", "the oldest stays")
        app.press(.quickAdd(.newer), .quickAdd(.newer))
        XCTAssertEqual(entry(app)?.text, "new", "back to what was being typed")
        // Line editing works in the entry.
        app.press(.text(.deleteToStart))
        app.type("Water plants every mon")
        app.press(.text(.home)); app.type("["); app.press(.text(.end)); app.type("]")
        XCTAssertEqual(entry(app)?.text, "[Water plants every mon]")
        app.press(.text(.deleteWordBack))
        XCTAssertEqual(entry(app)?.text, "[Water plants every ", "the edit stays in the line, not closed")
    }

    func testALineThatCannotBeAddedSaysWhyAndWritesNothing() throws {
        let app = try Harness(files: vault, width: 100, height: 24, today: "2026-11-23")
        let before = try FileManager.default.contentsOfDirectory(atPath: app.path).sorted()
        app.press(.addTask, .quickAdd(.add))
        XCTAssertTrue(app.lines[23].contains("Type a title first."), app.lines[23])
        app.type("tomorrow #x !high")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.lines[23].contains("No title left once read"), app.lines[23])
        app.press(.text(.deleteToStart))
        app.type("Old 2026-01-05")
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.lines[23].contains("cannot be due in the past (2026-01-05)"), app.lines[23])
        if case .quickAdd = app.runtime.state.mode {} else { XCTFail("the line stays open") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path).sorted(), before)
        // A title with escape sequences is added, and drawn without them acting.
        app.press(.text(.deleteToStart))
        app.runtime.dispatch(.insert("Evil \u{1B}]0;pwned\u{07} title"))
        XCTAssertFalse(app.text.contains("\u{1B}"))
        app.press(.quickAdd(.add))
        XCTAssertFalse(app.text.contains("\u{1B}"))
        XCTAssertEqual(app.runtime.state.tasks.filter { $0.title.hasPrefix("Evil") }.count, 1)
    }

    func testProjectsAndAreasCompleteWithRightArrow() throws {
        var files = vault
        files["q4.md"] = f("title: Numbers\nproject: Q4 Report\narea: Work")
        let app = try Harness(files: files, width: 120, height: 30, today: "2026-11-23")
        app.press(.addTask)
        app.type("Fix +cl")
        XCTAssertTrue(app.lines[28].contains("Fix +cl▏[ients]"), "offered after the caret, bracketed: \(app.lines[28])")
        app.press(.text(.right))
        XCTAssertEqual(entry(app)?.text, "Fix +Clients")
        app.type(" +q")
        app.press(.text(.right))
        XCTAssertEqual(entry(app)?.text, "Fix +Clients +\"Q4 Report\"", "a name with blanks is quoted")
        app.press(.text(.deleteToStart))
        app.type("Fix @wo")
        app.press(.text(.right))
        XCTAssertTrue(entry(app)?.text.hasSuffix("@Work") == true, entry(app)?.text ?? "")
        // In the change line too: +ho → +House.
        app.press(.quickAdd(.cancel))
        app.open("+Clients @Work")
        app.press(.changeTasks)
        app.type("+ho")
        app.press(.text(.right))
        XCTAssertEqual(entry(app)?.text, "+House")
    }

    func testTheQuickAddKeysAreInHelpAndRemappable() throws {
        let app = try Harness(files: vault, width: 120, height: 40, config: "keys:\n  quick-add-form: [ctrl-f]\n")
        app.press(.addTask, .toggleHelp)
        XCTAssertTrue(app.text.contains("Quick add"), app.text)
        XCTAssertTrue(app.text.contains("the full form, with what is read so far"), app.text)
        app.press(.toggleHelp)
        app.type("Remapped fri")
        app.press(.quickAdd(.openForm))
        XCTAssertEqual(app.runtime.state.form?[.title], "Remapped")
    }

    func entry(_ app: Harness) -> QuickAddEntry? {
        if case .quickAdd(let e) = app.runtime.state.mode { return e }
        return nil
    }
}
