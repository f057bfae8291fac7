import XCTest
@testable import TaskEngine
@testable import TUI

/// A task whose file holds a value its field cannot (`due: recurring-monthly`)
/// on the headless screen: listed, shown as written with ⚠ in the detail pane,
/// named in the `!` panel, and the form will not save that field as it is.
final class BadValueUITests: XCTestCase {
    let vault: [String: String] = [
        "passport.md": f("title: Renew passport\ndue: recurring-monthly\nstatus: todo\nmystery: kept", body: "Photo rules.\n"),
        "plain.md": f("title: Plain task"),
    ]

    func testTheDetailPaneAndTheProblemsPanelShowTheValueAsWritten() throws {
        let app = try Harness(files: vault, width: 140, height: 40)
        app.open("Inbox")
        XCTAssertNotNil(app.row("Renew passport"), "listed: \(app.text)")
        while app.runtime.state.selectedTask?.title != "Renew passport" { app.press(.move(1)) }
        app.press(.toggleDetail)
        XCTAssertTrue(app.text.contains("Due       ⚠ recurring-monthly (not a date"), app.text)
        app.press(.showProblems)
        XCTAssertTrue(app.text.contains("`due` is \"recurring-monthly\""), app.text)
    }

    func testTheFormShowsTheTextAndWillNotSaveItUntilFixedOrCleared() throws {
        let app = try Harness(files: vault, width: 140, height: 40)
        let before = app.file("passport.md")
        app.open("Inbox")
        while app.runtime.state.selectedTask?.title != "Renew passport" { app.press(.move(1)) }
        app.press(.editTask)
        XCTAssertEqual(app.runtime.state.form?[.due], "recurring-monthly", "the form shows the text as written")
        app.press(.form(.save))
        XCTAssertEqual(app.runtime.state.form?.error,
                       "Due: 'recurring-monthly' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM): fix it or clear it to save.")
        XCTAssertEqual(app.runtime.state.form?.focus, .due, "the field to fix")
        XCTAssertEqual(app.file("passport.md"), before, "nothing written")

        // Cleared: the line goes, every other line stays.
        for _ in 0..<20 { app.press(.text(.backspace)) }
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        let cleared = try XCTUnwrap(app.file("passport.md"))
        XCTAssertFalse(cleared.contains("due:"), cleared)
        XCTAssertTrue(cleared.hasPrefix("---\ntitle: Renew passport\nstatus: todo\nmystery: kept\nmodified: "), cleared)
        XCTAssertTrue(cleared.hasSuffix("---\nPhoto rules.\n"))
    }

    func testAFixedValueIsSavedInItsPlace() throws {
        let app = try Harness(files: vault, width: 140, height: 40)
        app.open("Inbox")
        while app.runtime.state.selectedTask?.title != "Renew passport" { app.press(.move(1)) }
        app.press(.editTask)
        for _ in 0..<7 { app.press(.form(.nextField)) }
        XCTAssertEqual(app.runtime.state.form?.focus, .due)
        for _ in 0..<20 { app.press(.text(.backspace)) }
        app.type("2026-12-01")
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
        let fixed = try XCTUnwrap(app.file("passport.md"))
        XCTAssertTrue(fixed.hasPrefix("---\ntitle: Renew passport\ndue: 2026-12-01\nstatus: todo\nmystery: kept\n"), fixed)
        XCTAssertEqual(app.runtime.state.problems.filter { $0.id == "passport.md" }, [], "its problem is gone")
    }
}
