import XCTest
@testable import TaskEngine
@testable import TUI

/// An empty list says what empties it, and the key that shows the tasks
/// again: the perspective's rules (r), the quick filter (F) or the search (Esc).
final class EmptyListWordsTests: XCTestCase {
    let files: [String: String] = [
        "a.md": f("title: Garden task\nproject: Garden"),
        "b.md": f("title: Work task\nproject: Work"),
        "c.md": f("title: Work low\nproject: Work\npriority: low"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"all": {"id": "all", "name": "All", "rules": {"operator": "AND", "conditions": []}}, "#
            + #""none": {"id": "none", "name": "Nothing", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Nowhere"}]}}}}"#,
    ]

    func testTheQuickFilterHidingEverythingSaysSoAndNamesF() throws {
        let app = try Harness(files: files, width: 100, height: 24)
        app.open("All")
        app.press(.openFilterPanel, .filter(.none), .filter(.close))   // no projects: every task is hidden
        XCTAssertEqual(app.runtime.state.result.count, 0)
        XCTAssertTrue(app.text.contains("0 of 3 tasks"), app.text)
        XCTAssertTrue(app.text.contains("The quick filter hides all 3 tasks of this perspective."), app.text)
        XCTAssertTrue(app.text.contains("Press F to change it."), app.text)
        XCTAssertFalse(app.text.contains("No tasks match this perspective's filters"), app.text)
        XCTAssertFalse(app.text.contains("Press r"), app.text)
        // F is what it says: the filter opens, `a` shows every project again.
        app.press(.openFilterPanel, .filter(.all), .filter(.close))
        XCTAssertTrue(app.text.contains("Garden task"), app.text)
    }

    func testARemappedQuickFilterKeyIsTheOneNamed() throws {
        let app = try Harness(files: files, width: 100, height: 24, config: "keys:\n  quick-filter: [ctrl-f]\n")
        app.open("All")
        app.press(.openFilterPanel, .filter(.none), .filter(.close))
        XCTAssertTrue(app.text.contains("Press Ctrl-F to change it."), app.text)
    }

    func testTheSearchHidingEverythingSaysSoAndEscClearsIt() throws {
        let app = try Harness(files: files, width: 100, height: 24)
        app.open("All")
        app.press(.startSearch)
        app.type("zzz")
        XCTAssertTrue(app.text.contains("The search hides all 3 tasks: no title or note matches."), app.text)
        XCTAssertTrue(app.text.contains("Esc clears it."), app.text)
        app.press(.search(.keep))   // the search is kept: still said
        XCTAssertTrue(app.text.contains("The search hides all 3 tasks"), app.text)
        app.press(.cancel)
        XCTAssertNil(app.runtime.state.search)
        XCTAssertTrue(app.text.contains("Work low"), app.text)
    }

    func testAnEmptyPerspectiveStillPointsToItsRules() throws {
        let app = try Harness(files: files, width: 100, height: 24)
        app.open("Nothing")
        XCTAssertTrue(app.text.contains("No tasks match this perspective's filters."), app.text)
        XCTAssertTrue(app.text.contains("Press r to view its rules."), app.text)
        // A search over an empty perspective: the rules empty it, not the search.
        app.press(.startSearch)
        app.type("x")
        XCTAssertTrue(app.text.contains("No tasks match this perspective's filters."), app.text)
    }
}
