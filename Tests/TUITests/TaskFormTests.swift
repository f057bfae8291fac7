import XCTest
@testable import TaskEngine
@testable import TUI

final class TaskFormTests: XCTestCase {
    let vault: [String: String] = [
        "a.md": f("title: Existing\narea: Work/Clients\nproject: Q4 Report\ntags: [writing, deep]"),
        "odd.md": f("title: Odd\nstatus: doing\nmystery: kept\n", body: "Body text\n"),
    ]

    func testAddATaskWithEveryFieldTypedDatesAndCompletion() throws {
        let app = try Harness(files: vault, width: 100, height: 30)
        app.press(.addTaskInForm)
        XCTAssertTrue(app.text.contains("New task · \(app.keyLabel("form-save", in: [.form])) save"), app.text)
        app.type("  Book flights to Tokyo  ")
        app.press(.form(.nextField), .form(.choice(1)))                       // status → in-progress
        app.press(.form(.nextField), .form(.choice(1)), .form(.choice(1)), .form(.choice(1)))           // priority → high
        app.press(.form(.nextField), .form(.choice(1)))                       // flagged → yes
        app.press(.form(.nextField)); app.type("Wo")
        XCTAssertTrue(app.text.contains("Wo" + "rk/Clients"), "completion shown")
        app.press(.text(.right))                                 // accept: Work/Clients
        app.press(.form(.nextField)); app.type("Q4")
        app.press(.text(.right))
        app.press(.form(.nextField)); app.type("travel, wri")
        app.press(.text(.right))                                 // → writing
        app.press(.form(.nextField)); app.type("fri")
        app.press(.form(.nextField)); app.type("+1d")
        app.press(.form(.nextField))
        app.press(.form(.nextField)); app.type("45")
        app.press(.form(.nextField)); app.type("FREQ=YEARLY")
        app.press(.form(.nextField)); app.type("email")
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        let file = app.file("book-flights-to-tokyo.md")!
        for line in ["title: Book flights to Tokyo", "status: in-progress", "priority: high", "flagged: true", "due: 2026-11-27",
                     "scheduled: 2026-11-23", "area: Work/Clients", "project: Q4 Report", "tags: [travel, writing]",
                     "estimated_minutes: 45", "recurrence: FREQ=YEARLY", "source: email", "created: ", "modified: "] {
            XCTAssertTrue(file.contains(line), "\(line) in\n\(file)")
        }
        XCTAssertFalse(file.contains("defer:"))
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Added 'Book flights to Tokyo'") == true)
    }

    func testTheFormSaysWhyItCannotSaveAndKeepsTheInput() throws {
        let app = try Harness(files: vault)
        app.press(.addTaskInForm)
        app.type("   ")
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("A title is required"), app.text)
        app.type("Pay taxes")
        for _ in 0..<7 { app.press(.form(.nextField)) }                 // Due
        XCTAssertEqual(app.runtime.state.form?.focus, .due)
        app.type("2026-11-01")
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("A new task cannot be due in the past (2026-11-01)"), app.text)
        for _ in 0..<10 { app.press(.text(.backspace)) }
        app.type("someday soon")
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("is not a date"), app.text)
        XCTAssertEqual(app.runtime.state.form?[.title], "   Pay taxes", "input kept")
        app.press(.form(.cancel))
        XCTAssertTrue(app.text.contains("Discard your changes?"), "half-typed work is not dropped on one key: \(app.text)")
        app.press(.discard(false))
        XCTAssertEqual(app.runtime.state.form?[.title], "   Pay taxes", "n goes back to the form")
        app.press(.form(.cancel), .discard(true))
        XCTAssertNil(app.runtime.state.form)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path).filter { $0.hasSuffix(".md") }.sorted(), ["a.md", "odd.md"])
    }

    func testEditChangesOnlyWhatChangedAndKeepsOtherToolsWords() throws {
        let app = try Harness(files: vault)
        app.open("Inbox")
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Odd")
        app.press(.editTask)
        XCTAssertEqual(app.runtime.state.form?[.title], "Odd")
        XCTAssertEqual(app.runtime.state.form?[.status], "in-progress")
        for _ in 0..<7 { app.press(.form(.nextField)) }
        app.type("2026-11-01")                             // editing may keep a past due date
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form)
        let file = app.file("odd.md")!
        XCTAssertTrue(file.hasPrefix("---\ntitle: Odd\nstatus: doing\nmystery: kept\ndue: 2026-11-01\nmodified: "), file)
        XCTAssertTrue(file.hasSuffix("---\nBody text\n"))
    }

    func testAFailedWriteKeepsTheFormAndSaysWhy() throws {
        let app = try Harness(files: vault)
        app.open("Inbox")
        app.press(.editTask)
        app.type(" renamed")
        try "---\ntitle: Odd\nchanged: elsewhere\n---\n".write(toFile: app.path + "/odd.md", atomically: true, encoding: .utf8)
        app.press(.form(.save))
        XCTAssertEqual(app.runtime.state.form?[.title], "Odd renamed", "input kept")
        guard case .formConflict(let mine)? = app.runtime.state.dialog else { return XCTFail("the user is asked what to keep") }
        XCTAssertEqual(mine.title, "Odd renamed")
        XCTAssertTrue(app.text.contains("odd.md changed on disk while you edited it."), app.text)
        XCTAssertEqual(app.file("odd.md"), "---\ntitle: Odd\nchanged: elsewhere\n---\n")
    }

    func testSortMenuOffersEverySortAndTheThreeModes() throws {
        let app = try Harness(files: vault, width: 100, height: 30)
        app.open("Inbox")
        app.press(.openSortMenu)
        for f in SortField.allCases where f.rawValue != "manual" { XCTAssertTrue(app.text.contains(f.label), f.label) }
        XCTAssertNotNil(app.runtime.state.sortMenu)
        for _ in 0..<20 { app.press(.menu(.up)) }  // the top: Due date
        for _ in 0..<20 where app.runtime.state.sortMenu.map({ SortField.allCases[$0] }) != .title { app.press(.menu(.down)) }
        app.press(.sortMenu(.choose))
        XCTAssertTrue(app.text.contains("· title ↑"), app.text)
        let json = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))
        XCTAssertEqual(json["builtins"]?["inbox"]?["sort"]?["field"], .string("title"))
    }

    func testOpenInEditorReloadsTheFile() throws {
        let app = try Harness(files: vault)
        app.open("Inbox")
        var ran: [String] = []
        app.runtime.runExternal = { command in
            ran = command
            try? "---\ntitle: Edited outside\nstatus: doing\n---\n".write(toFile: command.last!, atomically: true, encoding: .utf8)
            return 0
        }
        app.press(.openInEditor)
        XCTAssertEqual(ran.last, app.path + "/odd.md")
        XCTAssertTrue(app.text.contains("Edited outside"), app.text)
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Edited outside")
    }

    /// A line editor in every text field: change a date without ten
    /// Backspaces, fix a word in the middle, and Alt-Backspace never closes the form.
    func testTextFieldsEditLikeALineEditor() throws {
        let app = try Harness(files: ["t.md": "---\ntitle: Call Anna about taxes\ndue: 2026-11-30\n---\n"], width: 100, height: 30)
        app.open("Inbox")
        app.press(.editTask)
        app.press(.text(.deleteWordBack))  // the last word of the title
        XCTAssertEqual(app.runtime.state.form?[.title], "Call Anna about ")
        XCTAssertNotNil(app.runtime.state.form, "Alt-Backspace edits; it does not cancel")
        app.type("the rent")
        app.press(.text(.home), .text(.wordRight), .text(.wordRight))
        app.type(" Smith")
        XCTAssertEqual(app.runtime.state.form?[.title], "Call Anna Smith about the rent")
        XCTAssertTrue(app.text.contains("Call Anna Smith about the rent"), app.text)
        while app.runtime.state.form?.focus != .due { app.press(.form(.nextField)) }
        app.press(.text(.deleteToStart))
        app.type("2026-12-04")
        app.press(.form(.save))
        let file = try XCTUnwrap(app.file("t.md"))
        XCTAssertTrue(file.contains("title: Call Anna Smith about the rent\n") && file.contains("due: 2026-12-04\n"), file)
    }
}
