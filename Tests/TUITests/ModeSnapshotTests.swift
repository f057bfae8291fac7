import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Snapshots of the modes the first snapshots left out, at the same sizes.
extension SnapshotTests {
    func testTheFinder() throws {
        try assertScreens("finder") { app in
            app.press(.ctrl("p"))
            app.type("report")
        }
    }

    func testTheDetailPane() throws {
        try assertScreens("detail-pane") { $0.press(.char("j"), .char("l"), .char("i")) }
    }

    func testTheChangeLineAndMarks() throws {
        try assertScreens("marks") { $0.press(.char("j"), .char("l"), .char("m"), .char("j"), .char("m")) }
        try assertScreens("change-line") { app in
            app.press(.char("j"), .char("l"), .char("c"))
            app.type("+Garden fri")
        }
    }

    func testTheFormsDiscardQuestion() throws {
        try assertScreens("form-discard") { app in
            app.press(.char("A"))
            app.type("Call the bank")
            app.press(.escape)
        }
    }

    /// A form saved after its file changed on disk: the question over the form.
    func testTheFormsConflictQuestion() throws {
        try assertScreens("form-conflict") { app in
            app.press(.char("j"), .char("l"), .char("e"))
            app.type(" (mine)")
            guard let id = app.runtime.state.form?.original?.id else { return XCTFail("no form on a task") }
            let disk = (app.file(id) ?? "") + "Changed by another program.\n"
            XCTAssertTrue(FileManager.default.createFile(atPath: app.path + "/" + id, contents: Data(disk.utf8)))
            app.press(.enter)
        }
    }

    func testTheDatePickersRelativeSide() throws {
        try assertScreens("rule-editor-dates") { app in
            app.press(.char("j"), .char("j"), .char("j"), .char("j"), .char("j"), .char("j"), .char("e"), .char("a"))
            app.type("due date in")
            app.press(.enter, .down, .down, .down)
        }
    }

    func testAGroupedList() throws {
        try assertScreens("list-grouped") { $0.press(.char("j"), .char("j"), .char("l")) }
    }
}
