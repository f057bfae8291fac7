import XCTest
@testable import TaskEngine
@testable import TUI

/// The rule editor's safety net: undo and redo inside it, leaving without
/// saving, and a question before a group with rules is deleted.
final class RuleEditorSafetyTests: XCTestCase {
    let files: [String: String] = [
        "a.md": f("title: Call Acme\narea: Work\npriority: high"),
        "b.md": f("title: Write the report\narea: Work\nflagged: true"),
        "c.md": f("title: Water plants\narea: Home"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"operator": "OR", "conditions": [{"field": "priority", "op": "equals", "value": "high"}, {"field": "flagged", "op": "equals", "value": true}]}]}}}}"#,
    ]

    func rules(_ app: Harness) -> String { app.runtime.state.editor.map { RuleText.text($0.perspective.rules) } ?? "(closed)" }

    func open(_ app: Harness) {
        app.open("Work")
        app.press(.showRules)
    }

    func moveTo(_ app: Harness, _ check: (RuleNode?) -> Bool) {
        for _ in 0..<15 {
            if let e = app.runtime.state.editor, e.header == nil, check(RuleTreeEditing.node(e.perspective.rules, at: e.path)) { return }
            app.press(.editor(.down))
        }
    }

    func testUndoAndRedoEveryChangeOfTheWorkingCopy() throws {
        let app = try Harness(files: files, width: 120, height: 40, today: "2026-11-23")
        open(app)
        let start = rules(app)
        moveTo(app) { if case .condition(let c)? = $0 { return c.field == "area" }; return false }
        app.press(.editor(.toggleRule))                     // turn the area rule off
        XCTAssertEqual(rules(app), "off area = Work and (priority = high or flagged)")
        XCTAssertEqual(app.runtime.state.result.count, 2)
        app.press(.editor(.moveRuleDown))                     // move it down
        let moved = rules(app)
        XCTAssertNotEqual(moved, "off area = Work and (priority = high or flagged)")
        app.press(.editor(.undo))
        XCTAssertEqual(rules(app), "off area = Work and (priority = high or flagged)", app.runtime.state.message ?? "")
        app.press(.editor(.undo))
        XCTAssertEqual(rules(app), start)
        XCTAssertEqual(app.runtime.state.result.count, 2, "the list follows the undo")
        app.press(.editor(.undo))
        XCTAssertEqual(app.runtime.state.message, "Nothing to undo in the editor.")
        app.press(.editor(.redo), .editor(.redo))
        XCTAssertEqual(rules(app), moved)
        // Typing a name is one step.
        app.press(.editor(.first), .editor(.edit))
        app.type(" team")
        app.press(.editor(.finishName))
        XCTAssertEqual(app.runtime.state.editor?.perspective.name, "Work team")
        app.press(.editor(.undo))
        XCTAssertEqual(app.runtime.state.editor?.perspective.name, "Work")
        XCTAssertEqual(rules(app), moved)
    }

    func testLeavingWithoutSavingAsksAndKeepsTheFile() throws {
        let app = try Harness(files: files, width: 120, height: 40, today: "2026-11-23")
        let before = app.file(".perspectives.json")
        open(app)
        app.press(.editor(.discard))
        XCTAssertNil(app.runtime.state.editor, "nothing changed: it leaves at once")
        open(app)
        moveTo(app) { if case .condition(let c)? = $0 { return c.field == "area" }; return false }
        app.press(.editor(.deleteRule))
        app.press(.editor(.discard))
        XCTAssertTrue(app.text.contains("Leave the editor without saving your changes?"), app.text)
        app.press(.confirm(false))
        XCTAssertNotNil(app.runtime.state.editor, "n goes back to the editor")
        XCTAssertEqual(rules(app), "all(priority = high or flagged)")
        app.press(.editor(.discard), .confirm(true))
        XCTAssertNil(app.runtime.state.editor)
        XCTAssertEqual(app.file(".perspectives.json"), before, "nothing was written")
        XCTAssertEqual(app.runtime.state.result.count, 2, "the list shows the saved rules again")
        XCTAssertEqual(app.runtime.state.message, "Left the editor; nothing was saved.")
    }

    func testDeletingAGroupWithRulesAsksFirst() throws {
        let app = try Harness(files: files, width: 120, height: 40, today: "2026-11-23")
        open(app)
        moveTo(app) { if case .group(let g)? = $0 { return g.kind == .or }; return false }
        app.press(.editor(.deleteRule))
        XCTAssertTrue(app.text.contains("Delete this group and the 2 rules in it?"), app.text)
        app.press(.confirm(false))
        XCTAssertEqual(rules(app), "area = Work and (priority = high or flagged)")
        app.press(.editor(.deleteRule), .confirm(true))
        XCTAssertEqual(rules(app), "area = Work")
        XCTAssertEqual(app.runtime.state.result.count, 2)
        app.press(.editor(.undo))
        XCTAssertEqual(rules(app), "area = Work and (priority = high or flagged)", "undo brings the group back")
        // An empty group goes without a question.
        app.press(.editor(.addGroup))
        let groups = rules(app)
        app.press(.editor(.deleteRule))
        XCTAssertNotEqual(rules(app), groups)
        XCTAssertFalse(app.text.contains("Delete this group"))
    }
}
