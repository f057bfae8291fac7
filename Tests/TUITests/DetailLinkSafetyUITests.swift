import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The detail pane's links through symbolic links, in other case and in
/// angle brackets: a link that leads out of the vault through a linked folder
/// or file is refused and Enter opens nothing; a name in another case and a
/// bracketed path open the note; a note that became a link out after the pane
/// looked is not opened either.
final class DetailLinkSafetyUITests: XCTestCase {
    static let files: [String: String] = [
        ".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "taskTag": "task"}"#,
        "Tasks/Epsilon.md": f("title: Epsilon\nstatus: open\ntags: [task]\ndue: 2026-11-22",
                              body: "See [[linkdir/outside-secret]], [[secret-file]], [[design NOTES]] and [guide](<../Notes/Design notes.md>).\n"),
        "Notes/Design notes.md": "# Design\n",
    ]

    func testLinksOutThroughSymbolicLinksAreRefusedAndOthersOpen() throws {
        let outside = NSTemporaryDirectory() + "todomd-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "secret\n".write(toFile: outside + "/outside-secret.md", atomically: true, encoding: .utf8)
        let app = try Harness(files: Self.files, width: 200, height: 40)
        XCTAssertEqual(symlink(outside, app.path + "/linkdir"), 0)
        XCTAssertEqual(symlink(outside + "/outside-secret.md", app.path + "/Notes/secret-file.md"), 0)
        app.open("Today")
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Epsilon", app.text)
        var ran: [[String]] = []
        app.runtime.runExternal = { command in
            ran.append(command)
            return 0
        }
        app.press(.toggleDetail)
        let text = app.text
        for expected in ["[[linkdir/outside-secret]] → refused: path_traversal", "[[secret-file]] → refused: path_traversal",
                         "[[design NOTES]] → Notes/Design notes.md", "[guide](<../Notes/Design notes.md>) → Notes/Design notes.md"] {
            XCTAssertTrue(text.contains(expected), "\(expected)\n\(text)")
        }
        app.press(.switchFocus)
        for _ in 0..<2 {
            app.press(.detail(.follow))
            XCTAssertTrue(app.runtime.state.message?.contains("leads nowhere: refused: path_traversal") == true, app.runtime.state.message ?? "")
            app.press(.detail(.down))
        }
        XCTAssertEqual(ran, [], "nothing outside the vault was opened")
        app.press(.detail(.follow))
        app.press(.detail(.down), .detail(.follow))
        XCTAssertEqual(ran.map { $0.last }, [app.path + "/Notes/Design notes.md", app.path + "/Notes/Design notes.md"])
        // The note replaced by a link out of the vault after the pane looked: Enter asks again and opens nothing.
        try FileManager.default.removeItem(atPath: app.path + "/Notes/Design notes.md")
        XCTAssertEqual(symlink(outside + "/outside-secret.md", app.path + "/Notes/Design notes.md"), 0)
        app.press(.detail(.follow))
        XCTAssertEqual(ran.count, 2, "not opened")
        XCTAssertTrue(app.runtime.state.message?.contains("outside the vault") == true, app.runtime.state.message ?? "")
        XCTAssertEqual(try String(contentsOfFile: outside + "/outside-secret.md", encoding: .utf8), "secret\n")
    }

    /// A task file that is a symbolic link to a file outside the vault is listed (read), but `o`
    /// does not open the file outside in the editor; a task file of the vault opens.
    func testOpenInEditorRefusesATaskFileLinkedFromOutside() throws {
        let outside = NSTemporaryDirectory() + "todomd-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "---\ntitle: Ext\nstatus: open\ntags: [task]\ndue: 2026-11-22\n---\n".write(toFile: outside + "/task.md", atomically: true, encoding: .utf8)
        let app = try Harness(files: Self.files, width: 200, height: 40)
        XCTAssertEqual(symlink(outside + "/task.md", app.path + "/Tasks/Ext.md"), 0)
        app.runtime.pollChanges()
        var ran: [[String]] = []
        app.runtime.runExternal = { command in
            ran.append(command)
            return 0
        }
        app.open("Today")
        for _ in 0..<3 where app.runtime.state.selectedTask?.title != "Ext" { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Ext", app.text)
        app.press(.openInEditor)
        XCTAssertEqual(ran, [], "the file outside the vault was not opened")
        XCTAssertTrue(app.text.contains("Tasks/Ext.md was not opened: it is a symbolic link leading outside the vault"), app.text)
        for _ in 0..<3 where app.runtime.state.selectedTask?.title != "Epsilon" { app.press(.move(-1)) }
        app.press(.openInEditor)
        XCTAssertEqual(ran.map { $0.last }, [app.path + "/Tasks/Epsilon.md"])
    }
}
