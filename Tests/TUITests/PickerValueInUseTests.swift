import XCTest
@testable import TaskEngine
@testable import TUI

/// The rule editor's pickers of a setting (Color, Sort, Group, Layout) open with the cursor on the value in
/// use and mark it (`•` before it, `[current]` after it in words), as the sort menu does; the icon grid's
/// search shows the terminal's cursor at its caret without the screen-reader setting, as every text field does.
final class PickerValueInUseTests: XCTestCase {
    let files: [String: String] = [
        "a.md": f("title: Alpha\narea: Work"),
        ".perspectives.json": ##"{"version": 1, "perspectives": {"p": {"id": "p", "name": "Deep", "color": "#7ed321", "group_by": "project", "layout": "compact", "sort": {"field": "priority", "direction": "desc"}, "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"##,
    ]

    func picker(_ app: Harness) -> Picker? {
        guard case .ruleEditor(let e) = app.runtime.state.mode, case .picker(let p, _) = e.control else { return nil }
        return p
    }

    func testEachSettingsPickerOpensOnAndMarksTheValueInUse() throws {
        let expected: [(line: Int, label: String)] = [(2, "Green #7ED321"), (3, SortField.priority.label), (4, "project"), (5, "compact")]
        for (config, words) in [(nil, false), ("glyphs: words\n", true)] as [(String?, Bool)] {
            let app = try Harness(files: files, width: 100, height: 30, today: "2026-11-23", config: config)
            app.open("Deep")
            app.press(.focus(.sidebar), .editPerspective)
            for (line, label) in expected {
                app.press(.editor(.first))
                for _ in 0..<line { app.press(.editor(.down)) }
                app.press(.editor(.edit))
                let p = try XCTUnwrap(picker(app), "no picker on line \(line)")
                let under = p.options[p.visible[p.cursor]].label
                XCTAssertTrue(under.hasSuffix(label), "the cursor starts on \(label), not \(under)")
                XCTAssertEqual(p.current, p.visible[p.cursor])
                let row = try XCTUnwrap(app.lines.first { $0.contains(label) && $0.contains("▸") }, app.text)
                XCTAssertTrue(words ? row.contains(label + " [current]") : row.contains("• "), row)
                XCTAssertEqual(app.lines.filter { words ? $0.contains("[current]") : $0.contains("• ") }.count, 1, app.text)
                app.press(.picker(.cancel))
            }
        }
    }

    func testTheIconSearchShowsItsCaret() throws {
        let app = try Harness(files: files, width: 100, height: 30, today: "2026-11-23")
        XCTAssertFalse(app.runtime.state.screenReader)
        app.open("Deep")
        app.press(.focus(.sidebar), .editPerspective, .editor(.first), .editor(.down), .editor(.edit))
        XCTAssertNotNil(picker(app)?.columns, "the icon grid")
        let empty = try XCTUnwrap(app.screen.caret, "the caret in the empty search")
        XCTAssertTrue(empty.typing)
        app.type("star")
        let screen = app.screen
        let caret = try XCTUnwrap(screen.caret)
        let before = (0..<caret.x).map { screen[$0, caret.y].text }.joined()
        XCTAssertTrue(before.hasSuffix("› star"), before)
        // The screen reader's focus is the icon under the cursor; the caret stays where typing goes.
        XCTAssertNotEqual(screen.focus, screen.caret)
        app.type("zzz")
        XCTAssertNotNil(app.screen.caret, "nothing matches: the caret stays")
    }
}
