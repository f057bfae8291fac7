import XCTest
@testable import TaskEngine
@testable import TUI

/// A key that ends a question says what came of it, in either mode: the
/// question going away is all a screen reader would otherwise notice.
/// Dropping the form's changes says whose ("Discarded changes to …"), and
/// "no" to a delete says what stayed ("Kept …"), with nothing written.
final class QuestionAnswersSaidTests: XCTestCase {
    func app(screenReader: Bool) throws -> Harness {
        try Harness(files: SnapshotTests.vault, width: 120, height: 30, today: "2026-11-23", config: screenReader ? "screen_reader: true\n" : nil)
    }

    /// What the key said, on the status line too.
    func said(_ app: Harness, file: StaticString = #filePath, line: UInt = #line) -> String {
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(!message.isEmpty && app.lines.last?.contains(message.prefix(40)) == true, "“\(message)” on the status line: \(app.lines.last ?? "")",
                      file: file, line: line)
        return message
    }

    func testDiscardingTheFormSaysWhoseChangesWentAndNoKeepsThem() throws {
        for screenReader in [true, false] {
            let app = try app(screenReader: screenReader)
            app.open("Work")
            app.press(.moveToEdge(top: true))
            let title = try XCTUnwrap(app.runtime.state.selectedTask?.title)
            let id = try XCTUnwrap(app.runtime.state.selectedTask?.id)
            let before = app.file(id)
            app.press(.editTask)
            app.type(" soon")
            // No: back to the form, the changes still in it.
            app.press(.form(.cancel), .discard(false))
            XCTAssertEqual(said(app), "Back to the form: your changes to '\(title)' are kept, not saved yet")
            XCTAssertEqual(app.runtime.state.form?.fields[.title]?.string, title + " soon")
            // Yes: gone, and said whose.
            app.press(.form(.cancel), .discard(true))
            XCTAssertEqual(app.runtime.state.mode, .browse)
            XCTAssertEqual(said(app), "Discarded changes to '\(title)'")
            XCTAssertEqual(app.file(id), before, "nothing written")
            // A new task's form: named by what was typed.
            app.press(.addTaskInForm)
            app.type("Call the bank")
            app.press(.form(.cancel), .discard(true))
            XCTAssertEqual(said(app), "Discarded the new task 'Call the bank'")
            XCTAssertFalse(app.lines.dropLast().contains { $0.contains("Call the bank") }, app.text)
        }
    }

    func testNoToADeleteSaysWhatWasKept() throws {
        for screenReader in [true, false] {
            let app = try app(screenReader: screenReader)
            let files = SnapshotTests.vault.keys.sorted().map { app.file($0) }
            app.open("Work")
            app.press(.moveToEdge(top: true))
            let title = try XCTUnwrap(app.runtime.state.selectedTask?.title)
            app.press(.deleteTask, .confirm(false))
            XCTAssertEqual(said(app), "Kept '\(title)'")
            app.press(.mark, .move(1), .mark, .deleteTask, .confirm(false))
            XCTAssertEqual(said(app), "Kept the 2 marked tasks")
            app.press(.focus(.sidebar), .deletePerspective, .confirm(false))
            XCTAssertEqual(said(app), "Kept 'Work'")
            XCTAssertEqual(SnapshotTests.vault.keys.sorted().map { app.file($0) }, files, "nothing written")
            XCTAssertTrue(app.runtime.state.perspectives.contains { $0.name == "Work" })
        }
    }

    /// In the rule editor: "no" to deleting a group keeps it, and to leaving without saving keeps editing.
    func testNoInTheRuleEditorSaysWhatWasKept() throws {
        let app = try app(screenReader: true)
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective, .editor(.first))
        while let e = app.runtime.state.editor, e.header != nil || e.path != [1] { app.press(.editor(.down)) }
        let rules = app.runtime.state.editor?.perspective.rules
        app.press(.editor(.deleteRule), .confirm(false))
        XCTAssertEqual(said(app), "Kept the group and its 2 rules")
        XCTAssertEqual(app.runtime.state.editor?.perspective.rules, rules)
        app.press(.editor(.toggleRule), .editor(.discard), .confirm(false))
        XCTAssertEqual(said(app), "Back to the editor: your changes are kept, not saved yet")
        XCTAssertNotNil(app.runtime.state.editor)
    }
}
