import XCTest
@testable import TaskEngine
@testable import TUI

/// One pane carries the focus's mark (`▸ `, `[focus] ` in words) before its title: the one keys go to.
/// While the rule editor is open that is the Rules pane, whichever pane opened it; on a narrow
/// terminal the list keeps its mark and cuts its title instead.
final class PaneFocusMarkTests: XCTestCase {
    func marked(_ app: Harness, _ mark: String) -> [String] {
        app.lines.filter { $0.contains("┌ " + mark) }
    }

    func testTheRuleEditorsPaneCarriesTheMark() throws {
        for (config, mark) in [(nil, "▸ "), ("glyphs: words\n", "[focus] ")] as [(String?, String)] {
            let app = try Harness(files: SnapshotTests.vault, width: 120, height: 40, today: "2026-11-23", config: config)
            app.open("Work")
            app.press(.focus(.sidebar))
            XCTAssertTrue(app.lines[1].hasPrefix("┌ " + mark + "Perspectives"), app.lines[1])
            app.press(.editPerspective)
            XCTAssertNotNil(app.runtime.state.editor)
            XCTAssertTrue(app.lines[1].hasPrefix("┌ Perspectives"), "the sidebar gave the mark up: \(app.lines[1])")
            let rules = marked(app, mark)
            XCTAssertEqual(rules.count, 1, app.text)
            XCTAssertTrue(rules.first?.contains("┌ " + mark + "Rules · Showing") == true, app.text)
            // A popup over the editor (the icon grid, over the pane's title): the sidebar is still not marked.
            app.press(.editor(.first), .editor(.down), .editor(.edit))
            XCTAssertTrue(app.lines[1].hasPrefix("┌ Perspectives"), app.lines[1])
            XCTAssertLessThanOrEqual(marked(app, mark).count, 1, app.text)
            app.press(.picker(.cancel), .editor(.close))
            XCTAssertNil(app.runtime.state.editor)
            XCTAssertTrue(app.lines[1].hasPrefix("┌ " + mark + "Perspectives"), "back to the sidebar: \(app.lines[1])")
            // Opened from the list (r on a custom perspective): the list gives the mark up as well.
            app.press(.focus(.list), .showRules)
            XCTAssertNotNil(app.runtime.state.editor)
            let now = marked(app, mark)
            XCTAssertEqual(now.count, 1, app.text)
            XCTAssertTrue(now.first?.contains(mark + "Rules · ") == true, app.text)
        }
    }

    /// At 40×10 the list is narrow: its title keeps the mark and cuts the name (to its icon at last).
    func testANarrowListKeepsItsMark() throws {
        for (config, mark) in [(nil, "▸ "), ("glyphs: words\n", "[focus]")] as [(String?, String)] {
            let app = try Harness(files: SnapshotTests.vault, width: 40, height: 10, today: "2026-11-23", config: config)
            app.open("Work")
            XCTAssertEqual(app.runtime.state.focus, .list)
            XCTAssertTrue(app.lines[1].contains("┌ " + mark), "the list's title: \(app.lines[1])")
            XCTAssertFalse(app.lines[1].hasPrefix("┌ " + mark), "the sidebar has no mark: \(app.lines[1])")
        }
    }
}
