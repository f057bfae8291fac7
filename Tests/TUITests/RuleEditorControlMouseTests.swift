import XCTest
@testable import TaskEngine
@testable import TUI

/// The rule editor's mouse follows its one open control: the wheel moves the
/// open list or the calendar's month, a click picks a line only with no control
/// open, and the name and the line of text take neither.
final class RuleEditorControlMouseTests: XCTestCase {
    /// Every row clicked: in the sidebar, the list's and the editor's left part, and their middle.
    func clickEverywhere(_ app: Harness) {
        for y in 0..<app.height {
            for x in [3, 30, app.width / 2] { app.press(.click(x: x, y: y)) }
        }
    }

    func control(_ app: Harness) throws -> RuleEditor.Control { try XCTUnwrap(app.runtime.state.editor).control }

    func testTheMouseGoesToTheOpenControlOnly() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\ndue: 2026-11-23")], width: 120, height: 40)
        app.press(.char("n"))
        XCTAssertEqual(try control(app), .none)

        // The name and the line of text: neither a click nor the wheel changes anything.
        for (open, close) in [([Key.char("g"), .enter], Key.enter), ([.char(":")], .escape)] {
            for k in open { app.press(k) }
            let before = try XCTUnwrap(app.runtime.state.editor)
            clickEverywhere(app)
            app.press(.wheel(up: false, x: 60, y: 30), .wheel(up: true, x: 60, y: 30))
            XCTAssertEqual(app.runtime.state.editor, before, "\(open): the mouse did nothing")
            app.press(close)
            XCTAssertEqual(try control(app), .none, "\(close) closed it")
        }

        // A list: the wheel moves its cursor; clicks leave it (and the editor's cursor) alone.
        app.press(.char("a"))
        guard case .picker(let list, let target) = try control(app) else { return XCTFail("the rule types' list") }
        XCTAssertEqual(target, .addRule(after: []))
        app.press(.wheel(up: false, x: 60, y: 30))
        guard case .picker(let moved, target) = try control(app) else { return XCTFail("still the list") }
        XCTAssertEqual(moved.cursor, list.cursor + 1)
        let cursor = app.runtime.state.editor?.cursor
        clickEverywhere(app)
        XCTAssertEqual(try control(app), .picker(moved, for: target))
        XCTAssertEqual(app.runtime.state.editor?.cursor, cursor)

        // A date rule's calendar: the wheel turns the month.
        app.press(.wheel(up: true, x: 60, y: 30), .escape, .char("a"))
        app.type("due date in")
        app.press(.enter)
        guard case .calendar(let calendar, let path) = try control(app) else { return XCTFail("the calendar: \(try control(app))") }
        XCTAssertEqual(app.runtime.state.editor?.path, path, "the calendar edits the rule under the cursor")
        app.press(.wheel(up: false, x: 60, y: 30))
        guard case .calendar(let later, path) = try control(app) else { return XCTFail("still the calendar") }
        XCTAssertEqual(later.cursor.month, calendar.cursor.month % 12 + 1)
        clickEverywhere(app)
        XCTAssertEqual(try control(app), .calendar(later, path: path))
        app.press(.escape)

        // No control: the wheel moves the editor's cursor, and a click on a line selects it.
        XCTAssertEqual(try control(app), .none)
        app.press(.char("g"), .wheel(up: false, x: 60, y: 30))
        XCTAssertEqual(app.runtime.state.editor?.cursor, 1)
        let editor = try XCTUnwrap(app.runtime.state.editor)
        let line = RuleEditor.Header.allCases.count + (try XCTUnwrap(editor.treeLines.firstIndex { $0.path == path }))
        let hits = try XCTUnwrap(app.runtime.layout.popup, "the editor's lines are where a click lands")
        let y = try XCTUnwrap(hits.rows.first { $0.value == line }?.key)
        app.press(.click(x: hits.x.lowerBound + 2, y: y))
        XCTAssertEqual(app.runtime.state.editor?.cursor, line)
        XCTAssertEqual(app.runtime.state.editor?.path, path)
    }
}
