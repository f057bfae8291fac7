import XCTest
@testable import TaskEngine
@testable import TUI

/// Esc on a form with changes asks, as a question over the form (`Dialog.discardForm`):
/// the keys, the mouse and help treat it as a question, and the form under it comes back as it was.
final class FormDiscardQuestionTests: XCTestCase {
    let vault = ["a.md": f("title: Existing\ntags: [writing]")]

    /// A form with the title typed and the cursor moved off its end, then Esc.
    func asking() throws -> (Harness, TaskForm) {
        let app = try Harness(files: vault)
        app.press(.char("A"))
        app.type("Call the bank")
        app.press(.left, .left)
        let form = try XCTUnwrap(app.runtime.state.form)
        app.press(.escape)
        XCTAssertEqual(app.runtime.state.mode, .dialog(.discardForm, over: .form(form)))
        XCTAssertEqual(app.runtime.state.form, form, "the form is kept under the question")
        return (app, form)
    }

    func testTheAnswersDropTheFormOrGiveItBackAsItWas() throws {
        for (answer, kept) in [(Key.char("n"), true), (.escape, true), (.char("y"), false)] {
            let (app, form) = try asking()
            XCTAssertTrue(app.text.contains("Discard your changes? y discards · [n or Esc] goes back to the form"), app.text)
            app.press(answer)
            if kept {
                XCTAssertEqual(app.runtime.state.mode, .form(form), "\(answer): back to the form, its text and cursor as they were")
                app.type("!")
                XCTAssertEqual(app.runtime.state.form?[.title], "Call the ba!nk", "\(answer): typing goes on where it was")
            } else {
                XCTAssertEqual(app.runtime.state.mode, .browse)
                // (Only the status line names it: what was dropped.)
                XCTAssertFalse(app.lines.dropLast().contains { $0.contains("Call the bank") }, app.text)
                XCTAssertEqual(app.runtime.state.message, "Discarded the new task 'Call the bank'")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path).filter { $0.hasSuffix(".md") }, ["a.md"],
                           "\(answer): nothing written")
        }
    }

    func testOtherKeysDoNotReachTheFormUnderTheQuestion() throws {
        let (app, form) = try asking()
        for key: Key in [.char("x"), .tab, .enter, .backspace, .down, .char(" "), .ctrl("u")] {
            app.press(key)
            XCTAssertEqual(app.runtime.state.mode, .dialog(.discardForm, over: .form(form)), "\(key) left the question alone")
        }
    }

    func testTheMouseLeavesTheFormAloneWhileItAsks() throws {
        let (app, form) = try asking()
        for y in 0..<app.height {
            for x in stride(from: 0, to: app.width, by: 7) {
                app.press(.click(x: x, y: y), .wheel(up: y % 2 == 0, x: x, y: y))
            }
        }
        XCTAssertEqual(app.runtime.state.mode, .dialog(.discardForm, over: .form(form)), "no click or wheel moved the form's focus")
        // Back in the form, a click on a field's row focuses it again.
        app.press(.char("n"))
        let tags = try XCTUnwrap(app.lines.firstIndex { $0.contains("Tags") })
        app.press(.click(x: 30, y: tags))
        XCTAssertEqual(app.runtime.state.form?.focus, .tags)
    }

    func testHelpOverTheQuestionGoesBackToIt() throws {
        let (app, form) = try asking()
        app.press(.char("?"))
        XCTAssertTrue(app.runtime.state.showHelp)
        XCTAssertEqual(app.runtime.state.form, form, "the form is found under help and the question")
        XCTAssertTrue(app.runtime.state.helpLines[0].hasSuffix(KeyContext.discard.title), app.runtime.state.helpLines[0])
        app.press(.char("?"))
        XCTAssertEqual(app.runtime.state.mode, .dialog(.discardForm, over: .form(form)))
        app.press(.char("y"))
        XCTAssertEqual(app.runtime.state.mode, .browse)
    }

    func testAFormWithoutChangesClosesWithoutAsking() throws {
        let app = try Harness(files: vault)
        app.press(.char("A"), .escape)
        XCTAssertEqual(app.runtime.state.mode, .browse)
        app.open("Inbox")
        app.press(.char("l"), .char("e"))
        XCTAssertNotNil(app.runtime.state.form)
        app.press(.tab, .tab, .escape)
        XCTAssertEqual(app.runtime.state.mode, .browse, "moving between fields changes nothing")
    }
}
