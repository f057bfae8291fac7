import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// `u` and `Ctrl-R` for every kind of change: the files go back byte for byte.
final class UndoTests: XCTestCase {
    let vault: [String: String] = [
        "a.md": f("title: Alpha\ncreated: 2026-11-01\nmystery: kept", body: "Body\n"),
        "b.md": f("title: Bravo\ncreated: 2026-11-02"),
    ]

    func snapshot(_ app: Harness) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: app.path)) ?? [] where name.hasSuffix(".md") || name == ".perspectives.json" {
            out[name] = FileManager.default.contents(atPath: app.path + "/" + name)
        }
        return out
    }

    func testEveryKindOfChangeUndoesAndRedoes() throws {
        let changes: [(String, (Harness) -> Void)] = [
            ("cycle state", { $0.press(.cycleState) }),
            ("done", { $0.press(.toggleDone) }),
            ("flag", { $0.press(.toggleFlag) }),
            ("priority", { $0.press(.cyclePriority) }),
            ("delete", { $0.press(.deleteTask, .confirm(true)) }),
            ("reorder", { $0.press(.reorderTask(.down)) }),
            ("reverse sort", { $0.press(.reverseSort) }),
            ("edit in the form", { app in app.press(.editTask); app.type(" renamed"); app.press(.form(.save)) }),
            ("quick add", { app in app.press(.addTask); app.type("Delta tomorrow #x +Home !!"); app.press(.quickAdd(.add)) }),
            ("add in the form", { app in app.press(.addTaskInForm); app.type("Charlie"); app.press(.form(.save)) }),
            ("new perspective", { app in app.press(.focus(.sidebar), .newPerspective, .editor(.close)) }),
            ("perspective edit", { app in app.press(.focus(.sidebar), .newPerspective, .editor(.close), .editPerspective, .editor(.last), .editor(.toggleRule), .editor(.close)) }),
        ]
        for (name, change) in changes {
            let app = try Harness(files: vault)
            app.open("Inbox")
            let before = snapshot(app)
            change(app)
            let after = snapshot(app)
            XCTAssertNotEqual(after, before, "\(name) changed something")
            // A multi-step change (new perspective, then its edit) undoes step by step.
            for _ in 0..<3 where snapshot(app) != before { app.press(.undo) }
            XCTAssertEqual(snapshot(app), before, "\(name): undone")
            XCTAssertTrue(app.runtime.state.message?.hasPrefix("Undone") == true, "\(name): \(app.runtime.state.message ?? "")")
            for _ in 0..<3 where snapshot(app) != after { app.press(.redo) }
            XCTAssertEqual(snapshot(app), after, "\(name): redone")
        }
    }

    func testUndoRefusesWhenTheFileChangedOutside() throws {
        let app = try Harness(files: vault)
        app.open("Inbox")
        app.press(.toggleFlag)
        try "---\ntitle: Alpha\nsomeone: else\n---\n".write(toFile: app.path + "/b.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Changed elsewhere\n---\n".write(toFile: app.path + "/a.md", atomically: true, encoding: .utf8)
        // The flag went to the newest task (b.md); it changed outside since.
        app.press(.undo)
        XCTAssertTrue(app.runtime.state.message?.contains("was changed outside todomd") == true, app.runtime.state.message ?? "")
        XCTAssertEqual(app.file("b.md"), "---\ntitle: Alpha\nsomeone: else\n---\n")
        app.press(.undo)  // still refused: the step stays
        XCTAssertTrue(app.runtime.state.message?.contains("changed outside") == true)
        XCTAssertEqual(app.runtime.history.undoStack.count, 1)
    }

    func testNothingToUndo() throws {
        let app = try Harness(files: vault)
        app.press(.undo)
        XCTAssertEqual(app.runtime.state.message, "Nothing to undo.")
        app.press(.redo)
        XCTAssertEqual(app.runtime.state.message, "Nothing to redo.")
    }
}
