import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Files changed by other programs while the app runs.
final class ExternalChangeTests: XCTestCase {
    func write(_ app: Harness, _ id: String, _ text: String) throws {
        // A different size or a later time: make sure the stamp moves even within one clock tick.
        let path = app.path + "/" + id
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var times = [timespec(tv_sec: time(nil) + 5, tv_nsec: 0), timespec(tv_sec: time(nil) + 5, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    func testEditsAddsRenamesAndDeletesShowUpKeepingTheSelection() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\ncreated: 2026-11-01"), "b.md": f("title: Bravo\ncreated: 2026-11-02")])
        app.open("Inbox")
        app.press(.move(1))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Alpha")
        try write(app, "a.md", "---\ntitle: Alpha edited outside\ncreated: 2026-11-01\n---\n")
        try write(app, "c.md", "---\ntitle: Charlie from a script\ncreated: 2026-11-03\n---\n")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertTrue(app.text.contains("Alpha edited outside"))
        XCTAssertTrue(app.text.contains("Charlie from a script"))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Alpha edited outside", "the selection stays on the same task")
        try FileManager.default.moveItem(atPath: app.path + "/b.md", toPath: app.path + "/renamed.md")
        try FileManager.default.removeItem(atPath: app.path + "/c.md")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertFalse(app.text.contains("Charlie"))
        XCTAssertTrue(app.text.contains("Bravo"))
        XCTAssertEqual(app.runtime.state.tasks.map(\.id).sorted(), ["a.md", "renamed.md"])
        XCTAssertFalse(app.runtime.pollChanges(), "nothing new")
    }

    /// A form whose file changed on disk meanwhile: the save is refused and the user chooses.
    func formInConflict() throws -> Harness {
        let app = try Harness(files: ["a.md": f("title: Alpha")], width: 100)
        app.open("Inbox")
        app.press(.editTask)
        app.type(" mine")
        try write(app, "a.md", "---\ntitle: Alpha\nnote: theirs\n---\n")
        app.runtime.pollChanges()
        XCTAssertEqual(app.runtime.state.form?[.title], "Alpha mine", "the form in progress survives")
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("a.md changed on disk while you edited it."), app.text)
        XCTAssertTrue(app.text.contains("c  keep mine as a copy   d  take the disk version   [Esc] back to the form"), app.text)
        XCTAssertEqual(app.file("a.md"), "---\ntitle: Alpha\nnote: theirs\n---\n", "their change is kept")
        return app
    }

    func testAFormConflictCanKeepMineAsACopy() throws {
        let app = try formInConflict()
        app.press(.char("x"))
        XCTAssertNotNil(app.runtime.state.dialog, "other keys do not dismiss the choice")
        app.press(.formConflict(.keepMineAsCopy))
        XCTAssertNil(app.runtime.state.form)
        XCTAssertEqual(app.file("a.md"), "---\ntitle: Alpha\nnote: theirs\n---\n", "the disk version stays")
        let copy = try XCTUnwrap(app.file("alpha-mine.md"), "my edit is a new file named after its title")
        XCTAssertTrue(copy.contains("title: Alpha mine"), copy)
        XCTAssertTrue(app.text.contains("Alpha mine") && app.text.contains("Alpha"), app.text)
        app.press(.undo)
        XCTAssertNil(app.file("alpha-mine.md"), "the copy is undoable like any add")
        XCTAssertEqual(app.file("a.md"), "---\ntitle: Alpha\nnote: theirs\n---\n")
    }

    func testAFormConflictCanTakeTheDiskVersion() throws {
        let app = try formInConflict()
        app.press(.formConflict(.takeDisk))
        XCTAssertNil(app.runtime.state.form)
        XCTAssertTrue(app.lines.last!.contains("Kept the version on disk"), app.lines.last!)
        XCTAssertEqual(app.file("a.md"), "---\ntitle: Alpha\nnote: theirs\n---\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path).filter { $0.hasSuffix(".md") }, ["a.md"])
    }

    func testAFormConflictCanGoBackToTheForm() throws {
        let app = try formInConflict()
        app.press(.formConflict(.backToForm))
        XCTAssertEqual(app.runtime.state.form?[.title], "Alpha mine", "the input is still there")
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("changed on disk while you edited it"), "saving again asks again")
        XCTAssertEqual(app.file("a.md"), "---\ntitle: Alpha\nnote: theirs\n---\n")
    }

    func testAnUnreadableFileWrittenOutsideIsReported() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha")])
        try write(app, "a.md", "---\ntitle: [broken\n---\n")
        app.runtime.pollChanges()
        XCTAssertTrue(app.lines.last!.contains("1 unreadable file"), app.lines.last!)
        XCTAssertTrue(app.runtime.state.tasks.isEmpty)
    }

    func testThePerspectivesFileChangedOutsideIsMerged() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\nflagged: true")])
        try write(app, ".perspectives.json", #"{"version":1,"perspectives":{"f":{"id":"f","name":"From an agent","rules":{"operator":"AND","conditions":[{"field":"flagged","op":"equals","value":true}]}}}}"#)
        app.runtime.pollChanges()
        XCTAssertTrue(app.lines.contains { $0.contains("From an") && $0.contains(" 1 ") }, app.text)
        XCTAssertEqual(app.runtime.state.perspectives.last?.name, "From an agent")
    }

    func perspectivesFile(name: String, flagged: Bool) -> String {
        #"{"version":1,"perspectives":{"f":{"id":"f","name":"\#(name)","rules":{"operator":"AND","conditions":[{"field":"flagged","op":"equals","value":\#(flagged)}]}}}}"#
    }

    func testTheOpenPerspectiveChangedOnDiskIsNotClobberedSilently() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\nflagged: true"), ".perspectives.json": perspectivesFile(name: "Mine", flagged: true)], width: 100, height: 30)
        app.open("Mine")
        app.press(.focus(.sidebar), .editPerspective)
        XCTAssertNotNil(app.runtime.state.editor)
        try write(app, ".perspectives.json", perspectivesFile(name: "Theirs", flagged: false))
        app.runtime.pollChanges()
        XCTAssertTrue(app.lines.last!.contains("was also changed on disk: Esc saves your version over it, u then brings theirs back"), app.lines.last!)
        XCTAssertEqual(app.runtime.state.editor?.perspective.name, "Mine", "the open edit is kept")
        app.press(.editor(.close))
        XCTAssertTrue(app.file(".perspectives.json")!.contains("\"Mine\""))
        app.press(.undo)
        XCTAssertTrue(app.file(".perspectives.json")!.contains("\"Theirs\""), "undo brings their version back")
    }

    func testTheOpenPerspectiveDeletedOnDiskCanBeSavedBack() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\nflagged: true"), ".perspectives.json": perspectivesFile(name: "Mine", flagged: true)], width: 100, height: 30)
        app.open("Mine")
        app.press(.focus(.sidebar), .editPerspective)
        try write(app, ".perspectives.json", #"{"version":1,"perspectives":{}}"#)
        app.runtime.pollChanges()
        XCTAssertTrue(app.lines.last!.contains("'Mine' was deleted on disk while you edited it: Esc saves it back"), app.lines.last!)
        app.press(.editor(.close))
        XCTAssertTrue(app.file(".perspectives.json")!.contains("\"Mine\""))
        XCTAssertTrue(app.runtime.state.perspectives.contains { $0.name == "Mine" })
    }
}
