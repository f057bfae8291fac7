import XCTest
@testable import TaskEngine
@testable import TUI

/// What a question says is what then happens: deletes go to the trash (or,
/// for a perspective, are written back) and `u` takes them back.
final class DialogWordsTests: XCTestCase {
    let files: [String: String] = [
        "a.md": f("title: Alpha\narea: Work"),
        "b.md": f("title: Bravo\narea: Work"),
        "c.md": f("title: Charlie\narea: Home"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"#,
    ]

    func testDeletingATaskSaysTrashAndUTakesItBack() throws {
        let app = try Harness(files: files)
        app.open("Work")
        let before = try XCTUnwrap(app.file("a.md"))
        app.press(.deleteTask)
        XCTAssertTrue(app.text.contains("Delete 'Alpha'? It goes to the trash (u undoes)."), app.text)
        XCTAssertFalse(app.text.contains("cannot be undone"))
        app.press(.confirm(true))
        XCTAssertNil(app.file("a.md"))
        XCTAssertTrue(app.text.contains("Deleted 'Alpha' (in the trash; u undoes)"), app.text)
        let trashed = try FileManager.default.contentsOfDirectory(atPath: app.trash + "/files")
        XCTAssertEqual(trashed, ["a.md"], "in the trash, as said")
        app.press(.undo)
        XCTAssertEqual(app.file("a.md"), before, "u takes it back, byte for byte")
        XCTAssertTrue(app.text.contains("Alpha"), app.text)
    }

    func testDeletingMarkedTasksSaysTrashAndUTakesThemBack() throws {
        let app = try Harness(files: files)
        app.open("Work")
        app.width = 100  // (at 80 columns the dialog keeps a margin of the panes and wraps its question)
        app.press(.mark, .mark, .deleteTask)
        XCTAssertTrue(app.text.contains("Delete the 2 marked tasks? They go to the trash (u undoes)."), app.text)
        app.press(.confirm(true))
        XCTAssertNil(app.file("a.md"))
        XCTAssertNil(app.file("b.md"))
        app.press(.undo)
        XCTAssertNotNil(app.file("a.md"))
        XCTAssertNotNil(app.file("b.md"))
    }

    func testDeletingAPerspectiveKeepsItsTasksAndUTakesItBack() throws {
        let app = try Harness(files: files)
        let before = try XCTUnwrap(app.file(".perspectives.json"))
        app.open("Work")
        app.press(.focus(.sidebar), .deletePerspective)
        XCTAssertTrue(app.text.contains("Delete perspective"), app.text)
        XCTAssertTrue(app.text.contains("Delete 'Work'? Its tasks stay (u undoes)."), app.text)
        app.press(.confirm(true))
        XCTAssertNil(app.runtime.state.perspectives.first { $0.name == "Work" })
        XCTAssertTrue(app.text.contains("Deleted 'Work' (u undoes)"), app.text)
        XCTAssertNotNil(app.file("a.md"), "its tasks stay")
        XCTAssertNotNil(app.file("b.md"))
        app.press(.undo)
        XCTAssertEqual(app.file(".perspectives.json"), before, "u writes the file back as it was")
        XCTAssertNotNil(app.runtime.state.perspectives.first { $0.name == "Work" }, "and the sidebar shows it again")
        XCTAssertTrue(app.lines.contains { $0.contains("Work") && $0.contains(" 2 ") }, app.text)
    }
}
