import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Snapshots of the modes the first snapshots left out, at the same sizes.
extension SnapshotTests {
    func testTheFinder() throws {
        try assertScreens("finder") { app in
            app.press(.openFinder)
            app.type("report")
        }
    }

    func testTheDetailPane() throws {
        try assertScreens("detail-pane") { $0.press(.move(1), .focus(.list), .toggleDetail) }
    }

    func testTheChangeLineAndMarks() throws {
        try assertScreens("marks") { $0.press(.move(1), .focus(.list), .mark, .move(1), .mark) }
        try assertScreens("change-line") { app in
            app.press(.move(1), .focus(.list), .changeTasks)
            app.type("+Garden fri")
        }
    }

    func testTheFormsDiscardQuestion() throws {
        try assertScreens("form-discard") { app in
            app.press(.addTaskInForm)
            app.type("Call the bank")
            app.press(.form(.cancel))
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
            app.press(.move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .editPerspective, .editor(.addRule))
            app.type("due date in")
            app.press(.picker(.pick), .picker(.down), .picker(.down), .picker(.down))
        }
    }

    /// The Forecast on tomorrow: the strip (scrolled where narrow) and the day's tasks.
    func testTheForecast() throws {
        try assertScreens("forecast") { $0.open("Forecast"); $0.press(.forecastMove(1)) }
    }

    func testAGroupedList() throws {
        try assertScreens("list-grouped") { $0.press(.move(1), .move(1), .focus(.list)) }
    }
}
