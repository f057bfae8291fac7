import XCTest
@testable import TaskEngine
@testable import TUI

final class ConflictTests: XCTestCase {
    func testConflictsAreShownWithBothVersionsAndResolvedByKeys() throws {
        let app = try Harness(files: [
            "report.md": f("title: Report\npriority: high"),
            "report (Ann's conflicted copy 2026-11-22).md": f("title: Report\npriority: low"),
            ".perspectives.json": #"{"version":1}"#,
            ".perspectives.sync-conflict-20261122-101500-ABC.json": #"{"version":1,"perspectives":{"x":{"id":"x","name":"Theirs","rules":{"operator":"AND","conditions":[]}}}}"#,
        ], width: 100, height: 30)
        XCTAssertTrue(app.lines.last!.contains("2 sync conflicts (C resolves)"), app.lines.last!)
        app.press(.char("C"))
        var text = app.text
        XCTAssertTrue(text.contains("Sync conflict 1 of 2"), text)
        XCTAssertTrue(text.contains("keep this: .perspectives.json"))
        app.press(.char("2"))                                  // take the other device's perspectives
        XCTAssertTrue(app.runtime.state.perspectives.contains { $0.name == "Theirs" })
        text = app.text
        XCTAssertTrue(text.contains("Sync conflict 1 of 1"), text)
        XCTAssertTrue(text.contains("priority: high") && text.contains("priority: low"), "both versions shown")
        app.press(.char("b"))                                  // keep both
        XCTAssertNil(app.runtime.state.conflictPanel)
        XCTAssertTrue(app.runtime.state.conflicts.isEmpty)
        XCTAssertEqual(app.file("report-conflict.md"), f("title: Report\npriority: low"))
        XCTAssertFalse(app.lines.last!.contains("sync conflict"))
        app.press(.char("u"))                                  // undo brings the copy back
        XCTAssertEqual(app.runtime.state.conflicts.count, 1)
        XCTAssertNil(app.file("report-conflict.md"))
    }
}
