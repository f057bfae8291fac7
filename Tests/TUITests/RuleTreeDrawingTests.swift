import XCTest
@testable import TaskEngine
@testable import TUI

/// The rule tree as the editor draws it: guides, dimmed off groups, a long tree.
final class RuleTreeDrawingTests: XCTestCase {
    func testGuidesDimmedChildrenAndALongTreeThatMatchesNothing() throws {
        let many = (0..<18).map { #"{"field": "title", "op": "string_contains", "value": "nothing\#($0)"}"# }.joined(separator: ", ")
        let files = [
            "a.md": f("title: Alpha\narea: Work"),
            ".perspectives.json": #"{"version": 1, "perspectives": {"p": {"id": "p", "name": "Deep", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"operator": "OR", "enabled": false, "conditions": [{"field": "flagged", "op": "equals", "value": true}, {"operator": "AND", "conditions": [{"field": "priority", "op": "equals", "value": "high"}]}]}, {"operator": "AND", "conditions": [\#(many)]}]}}}}"#,
        ]
        let app = try Harness(files: files, width: 120, height: 40, today: "2026-11-23")
        app.open("Deep")
        app.press(.showRules)
        var text = app.text
        XCTAssertTrue(text.contains("├─ ⌂ Area equals \"Work\""), text)
        XCTAssertTrue(text.contains("├─ ∨ Any of the following (off)"), text)
        XCTAssertTrue(text.contains("│  ├─ ⚑ Flagged"), text)
        XCTAssertTrue(text.contains("│  └─ ∧ All of the following"), text)
        XCTAssertTrue(text.contains("│     └─ ! Priority is high"), text)
        // The children of the turned-off group are dimmed with it.
        let screen = app.screen
        let y = try XCTUnwrap(app.lines.firstIndex { $0.contains("Priority is high") })
        let x = app.lines[y].distance(from: app.lines[y].startIndex, to: app.lines[y].range(of: "Priority")!.lowerBound)
        XCTAssertEqual(screen[x, y].style.role, .dim)
        // Nothing matches and the tree is longer than the pane: the message stays, with where the view is.
        XCTAssertTrue(text.contains("No tasks match these rules. Try adjusting your filters."), text)
        XCTAssertTrue(text.contains(" of 31 "), text)
        for _ in 0..<40 { app.press(.editor(.down)) }
        text = app.text
        XCTAssertTrue(text.contains("No tasks match these rules"), text)
        XCTAssertTrue(text.contains("└─ T Title contains \"nothing17\""), text)
    }
}
