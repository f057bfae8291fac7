import XCTest
@testable import TaskEngine
@testable import TUI

final class OverlayTests: XCTestCase {
    func testRulesOfABuiltInAreReadOnlyAndCanBeDuplicated() throws {
        let app = try Harness(files: ["a.md": f("title: Due today\ndue: 2026-11-22")], width: 100, height: 30)
        app.open("Today")
        app.press(.char("r"))
        let text = app.text
        XCTAssertTrue(text.contains("Today · rules"), text)
        XCTAssertTrue(text.contains("Due on or before today → until 22 Nov  · 1 task"), text)
        XCTAssertTrue(text.contains("Built-in rules are read-only. y duplicates"))
        app.press(.char("y"))
        XCTAssertEqual(app.runtime.state.perspective?.name, "Today Copy")
        XCTAssertFalse(app.runtime.state.perspective!.isBuiltin)
        XCTAssertTrue(app.text.contains("Today Copy · 1 task"))
    }

    func testProblemsListUnreadableFiles() throws {
        let app = try Harness(files: ["a.md": f("title: Fine"), "bad.md": "---\ntitle: [oops\n---\n", ".perspectives.json": "{oops"], width: 100, height: 30)
        XCTAssertTrue(app.lines.last!.contains("1 unreadable file (! lists them)"), app.lines.last!)
        app.press(.char("!"))
        XCTAssertTrue(app.text.contains("unreadable: bad.md: invalid YAML frontmatter"), app.text)
        XCTAssertTrue(app.text.contains("unreadable: .perspectives.json: Perspectives file could not be read. Using cached version."))
        app.press(.escape)
        XCTAssertNil(app.runtime.state.overlay)
    }

    func testEmptyStateNamesTheRulesKeyAndANewDayReevaluates() throws {
        let app = try Harness(files: ["a.md": f("title: Tomorrow's\ndue: 2026-11-23")])
        app.open("Today")
        XCTAssertTrue(app.text.contains("No tasks match this perspective's filters."))
        XCTAssertTrue(app.text.contains("Press r to view its rules."))
        app.runtime.dispatch(.dayChanged(Day.parseISO("2026-11-23")!))
        XCTAssertTrue(app.text.contains("Today · 1 task"), app.text)
        XCTAssertTrue(app.text.contains("Mon 23 Nov"))
    }

    /// Each overlay's own keys act only in an overlay of that kind: `y` (duplicate) in a built-in's
    /// rules, `W` (replace the perspectives file) in the problems, whatever the overlay's title says.
    func testAnOverlaysKeysActOnlyOnItsKind() throws {
        let app = try Harness(files: ["a.md": f("title: Fine"), ".perspectives.json": "{oops"], width: 100, height: 30)
        app.open("Today")
        app.press(.char("r"))
        XCTAssertEqual(app.runtime.state.overlay?.kind, .rules)
        XCTAssertNil(Action.overlay(.duplicate).requirement?.reason(app.runtime.state))
        XCTAssertEqual(Action.overlay(.replacePerspectivesFile).requirement?.reason(app.runtime.state),
                       "The perspectives file is readable: nothing to replace.")
        app.press(.escape, .char("!"))
        XCTAssertEqual(app.runtime.state.overlay?.kind, .problems)
        XCTAssertEqual(Action.overlay(.duplicate).requirement?.reason(app.runtime.state),
                       "Only a built-in perspective's rules can be duplicated from here.")
        XCTAssertNil(Action.overlay(.replacePerspectivesFile).requirement?.reason(app.runtime.state))
        // A problems overlay titled like a rules one is still the problems.
        var state = app.runtime.state
        state.mode = .overlay(Overlay(kind: .problems, title: "Today · rules", lines: []))
        XCTAssertNotNil(Action.overlay(.duplicate).requirement?.reason(state))
        XCTAssertNil(Action.overlay(.replacePerspectivesFile).requirement?.reason(state))
    }
}
