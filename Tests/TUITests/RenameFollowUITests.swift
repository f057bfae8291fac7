import XCTest
@testable import TaskEngine
@testable import TUI

/// A title changed in the form of a vault whose file name is the title: the
/// files that named the old name (a dependency, a project, a link in the notes)
/// name the new one, in one undo step.
final class RenameFollowUITests: XCTestCase {
    static let ship = f("title: Ship\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Write docs|the docs]]\"\n    reltype: FINISHTOSTART\n    gap: P1D",
                        body: "After [[Write docs]], not `[[Write docs]]`.\n")
    static let sub = f("title: Sub\nstatus: open\ntags: [task]\nprojects:\n  - \"[[Write docs]]\"")
    static let files = [".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "storeTitleInFilename": true}"#,
                        "Tasks/Write docs.md": f("title: Write docs\nstatus: open\ntags: [task]"),
                        "Tasks/Ship.md": ship,
                        "Tasks/Sub.md": sub,
                        "Tasks/Lone.md": f("title: Lone\nstatus: open\ntags: [task]", body: "Write docs is plain text.\n"),
                        "Projects/Alpha.md": "# Alpha\n- [[Write docs]] first\n"]

    func rename(_ app: Harness, _ title: String, to new: String) {
        app.open("Inbox")
        app.press(.moveToEdge(top: true))
        for _ in 0..<6 where app.runtime.state.selectedTask?.title != title { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, title)
        app.press(.editTask)
        for _ in 0..<(title.count + 2) { app.press(.text(.backspace)) }
        app.type(new)
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form, app.runtime.state.form?.error ?? "")
    }

    func testTheOtherFilesFollowAndOneUndoPutsEveryFileBack() throws {
        let app = try Harness(files: Self.files, width: 200, height: 30)
        XCTAssertTrue(app.runtime.state.index.isBlocked(id: "Tasks/Ship.md"))
        rename(app, "Write docs", to: "Write the docs")
        XCTAssertNil(app.file("Tasks/Write docs.md"))
        XCTAssertNotNil(app.file("Tasks/Write the docs.md"))
        XCTAssertEqual(app.file("Tasks/Ship.md"), Self.ship.replacingOccurrences(of: "\"[[Write docs|", with: "\"[[Write the docs|")
                        .replacingOccurrences(of: "After [[Write docs]]", with: "After [[Write the docs]]"))
        XCTAssertEqual(app.file("Tasks/Sub.md"), Self.sub.replacingOccurrences(of: "[[Write docs]]", with: "[[Write the docs]]"))
        XCTAssertEqual(app.file("Tasks/Lone.md"), Self.files["Tasks/Lone.md"])
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.hasPrefix("Renamed to Tasks/Write the docs.md"), message)
        XCTAssertTrue(message.contains("; 3 other files now name the new name"), message)
        XCTAssertEqual(app.file("Projects/Alpha.md"), "# Alpha\n- [[Write the docs]] first\n", "a note that is no task follows too")
        XCTAssertFalse(message.contains("name no task"), message)
        // The app's view follows: Ship still waits, for the task under its new name.
        XCTAssertTrue(app.runtime.state.index.isBlocked(id: "Tasks/Ship.md"))
        XCTAssertEqual(app.runtime.state.index.waitsFor(id: "Tasks/Ship.md"), ["Tasks/Write the docs.md"])
        XCTAssertEqual(app.runtime.state.index.dependencies.problems.map(\.text), [])

        app.press(.undo)
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Undone") == true, app.runtime.state.message ?? "")
        for (id, text) in Self.files where !id.hasPrefix(".") { XCTAssertEqual(app.file(id), text, id) }
        XCTAssertNil(app.file("Tasks/Write the docs.md"))
        XCTAssertEqual(app.runtime.state.index.waitsFor(id: "Tasks/Ship.md"), ["Tasks/Write docs.md"])

        app.press(.redo)
        XCTAssertTrue(app.file("Tasks/Ship.md")?.contains("[[Write the docs|the docs]]") == true, app.file("Tasks/Ship.md") ?? "")
        XCTAssertTrue(app.file("Tasks/Sub.md")?.contains("[[Write the docs]]") == true)
        XCTAssertNil(app.file("Tasks/Write docs.md"))
    }

    /// A file changed on disk since the app read it is not written over: the status line names it,
    /// and it is read again as it now is.
    func testAFileChangedOutsideIsNamedNotClobbered() throws {
        let app = try Harness(files: Self.files, width: 300, height: 30)
        let outside = Self.sub + "Added outside.\n"
        try outside.write(toFile: app.path + "/Tasks/Sub.md", atomically: true, encoding: .utf8)
        rename(app, "Write docs", to: "Write the docs")
        XCTAssertEqual(app.file("Tasks/Sub.md"), outside)
        XCTAssertTrue(app.file("Tasks/Ship.md")?.contains("[[Write the docs|the docs]]") == true)
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.contains("; 2 other files now name the new name; not updated: Tasks/Sub.md (changed on disk)"), message)
        XCTAssertEqual(app.runtime.state.task(id: "Tasks/Sub.md")?.body, "Added outside.\n", "read again")
    }
}

/// A write of several tasks that renames some (the title is the file name) has the other files follow
/// every rename, in one undo step; where Obsidian's settings turn link updates off, nothing else is written.
extension RenameFollowUITests {
    func testSeveralRenamesInOneWriteFollowAndOneUndoPutsEveryFileBack() throws {
        let app = try Harness(files: RenameFollowUITests.files, width: 200, height: 30)
        let state = app.runtime.state
        var docs = try XCTUnwrap(state.task(id: "Tasks/Write docs.md")), ship = try XCTUnwrap(state.task(id: "Tasks/Ship.md"))
        docs.title = "Write the docs"
        ship.title = "Ship it"
        ship.setPriority(.high)
        for action in app.runtime.run(.writeTasks([docs, ship], label: "change of 2 tasks")) { app.runtime.dispatch(action) }
        XCTAssertNil(app.file("Tasks/Write docs.md"))
        XCTAssertNil(app.file("Tasks/Ship.md"))
        let shipped = try XCTUnwrap(app.file("Tasks/Ship it.md"))
        XCTAssertTrue(shipped.contains("\"[[Write the docs|the docs]]\"") && shipped.contains("After [[Write the docs]], not `[[Write docs]]`."), shipped)
        XCTAssertTrue(shipped.contains("title: Ship it\n") && shipped.contains("priority: high\n"), shipped)
        XCTAssertEqual(app.file("Tasks/Sub.md"), RenameFollowUITests.sub.replacingOccurrences(of: "[[Write docs]]", with: "[[Write the docs]]"))
        XCTAssertEqual(app.file("Projects/Alpha.md"), "# Alpha\n- [[Write the docs]] first\n")
        XCTAssertEqual(app.file("Tasks/Lone.md"), RenameFollowUITests.files["Tasks/Lone.md"])
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.hasPrefix("Done: change of 2 tasks"), message)
        XCTAssertTrue(message.contains("4 links to the old names now name the new ones (2 other files)"), message)
        // The app's view follows: Ship (under its new name) still waits, for the task under its new name.
        XCTAssertEqual(app.runtime.state.index.waitsFor(id: "Tasks/Ship it.md"), ["Tasks/Write the docs.md"])
        XCTAssertEqual(app.runtime.state.index.dependencies.problems.map(\.text), [])
        XCTAssertNil(app.runtime.state.task(id: "Tasks/Ship.md"))

        app.press(.undo)
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Undone") == true, app.runtime.state.message ?? "")
        for (id, text) in RenameFollowUITests.files where !id.hasPrefix(".") { XCTAssertEqual(app.file(id), text, id) }
        XCTAssertNil(app.file("Tasks/Write the docs.md"))
        XCTAssertNil(app.file("Tasks/Ship it.md"))
        XCTAssertEqual(app.runtime.state.index.waitsFor(id: "Tasks/Ship.md"), ["Tasks/Write docs.md"])
    }

    func testWithLinkUpdatesOffInObsidianARenameLeavesTheOtherFilesAndSaysSo() throws {
        var files = RenameFollowUITests.files
        files[".obsidian/app.json"] = #"{"alwaysUpdateLinks": false}"#
        let app = try Harness(files: files, width: 300, height: 30)
        rename(app, "Write docs", to: "Write the docs")
        XCTAssertNotNil(app.file("Tasks/Write the docs.md"))
        for (id, text) in files where id != "Tasks/Write docs.md" { XCTAssertEqual(app.file(id), text, id) }
        let message = app.runtime.state.message ?? ""
        XCTAssertTrue(message.hasPrefix("Renamed to Tasks/Write the docs.md"), message)
        XCTAssertTrue(message.contains("; links to the old name were left as they were (off in .obsidian/app.json alwaysUpdateLinks)"), message)
        XCTAssertTrue(message.contains("2 tasks wait for it by its old name") || message.contains("1 task waits for it by its old name"), message)
        // One undo step: the rename alone.
        app.press(.undo)
        XCTAssertEqual(app.file("Tasks/Write docs.md"), files["Tasks/Write docs.md"])
        XCTAssertNil(app.file("Tasks/Write the docs.md"))

        // The same in a write of several tasks.
        let state = app.runtime.state
        var docs = try XCTUnwrap(state.task(id: "Tasks/Write docs.md"))
        docs.title = "Write the docs"
        var lone = try XCTUnwrap(state.task(id: "Tasks/Lone.md"))
        lone.setPriority(.high)
        for action in app.runtime.run(.writeTasks([docs, lone], label: "change of 2 tasks")) { app.runtime.dispatch(action) }
        XCTAssertNotNil(app.file("Tasks/Write the docs.md"))
        for id in ["Tasks/Ship.md", "Tasks/Sub.md", "Projects/Alpha.md"] { XCTAssertEqual(app.file(id), files[id], id) }
        let bulk = app.runtime.state.message ?? ""
        XCTAssertTrue(bulk.contains("; links to the old names were left as they were (off in .obsidian/app.json alwaysUpdateLinks)"), bulk)
    }
}
