import XCTest
@testable import TaskEngine
@testable import TUI

/// In the rule editor, `:` opens the selected rule or group as a line of text.
final class RuleTextEditorTests: XCTestCase {
    let files: [String: String] = [
        "a.md": f("title: Call Acme\narea: Work\npriority: high\ntags: [phone]"),
        "b.md": f("title: Write the report\narea: Work\nflagged: true"),
        "c.md": f("title: Water plants\narea: Home"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"operator": "OR", "conditions": [{"field": "priority", "op": "equals", "value": "high"}, {"field": "flagged", "op": "equals", "value": true}]}]}}}}"#,
    ]

    func editor(_ app: Harness) -> RuleEditor? { app.runtime.state.editor }

    func testEditAGroupAsTextAndAMistakeShowsItsColumn() throws {
        let app = try Harness(files: files, width: 120, height: 40, today: "2026-11-23")
        app.open("Work")
        app.press(.char("r"))
        XCTAssertEqual(app.runtime.state.result.count, 2)
        // The Any group: the header lines, the top group, the area rule, then the group.
        func onAnyGroup() -> Bool {
            guard let e = editor(app), e.header == nil, case .group(let g)? = RuleTreeEditing.node(e.perspective.rules, at: e.path) else { return false }
            return g.kind == .or
        }
        for _ in 0..<12 where !onAnyGroup() { app.press(.char("j")) }
        app.press(.char(":"))
        XCTAssertEqual(editor(app)?.textLine?.text, "priority = high or flagged")
        XCTAssertTrue(app.text.contains("As text › priority = high or flagged"), app.text)
        app.press(.ctrl("u"))
        app.type("tags has phone and oops")
        app.press(.enter)
        XCTAssertTrue(app.text.contains("^ column 20"), app.text)
        XCTAssertNotNil(editor(app)?.textLine, "the line stays open with the mistake")
        XCTAssertEqual(editor(app)?.textLine?.field.cursor, 19, "the cursor is put on the mistake")
        app.press(.ctrl("e"), .ctrl("u"))
        app.type("tags has phone or priority = low")
        app.press(.enter)
        XCTAssertNil(editor(app)?.textLine)
        XCTAssertEqual(RuleText.text(editor(app)!.perspective.rules), "area = Work and (tags has phone or priority = low)")
        XCTAssertEqual(app.runtime.state.result.count, 1, "the list follows at once")
        // Esc on the line leaves the rule as it was; on the header the line holds every rule.
        app.press(.char("g"), .char(":"))
        XCTAssertEqual(editor(app)?.textLine?.text, "area = Work and (tags has phone or priority = low)")
        app.press(.ctrl("u"))
        app.type("area = Home")
        app.press(.escape)
        XCTAssertEqual(RuleText.text(editor(app)!.perspective.rules), "area = Work and (tags has phone or priority = low)")
        app.press(.char(":"), .ctrl("u"))
        app.type("area = Home")
        app.press(.enter, .escape)
        XCTAssertTrue(app.file(".perspectives.json")!.contains("Home"), app.file(".perspectives.json")!)
        XCTAssertEqual(app.runtime.state.result.count, 1)
    }
}
