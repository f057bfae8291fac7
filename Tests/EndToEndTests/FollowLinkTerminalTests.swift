import Foundation
import XCTest

/// Following the detail pane's links in a real terminal: Enter on a link to
/// a task not in Today shows it in a view that has it (and says so), Ctrl-O
/// comes back, and Enter on a note that is no task runs $EDITOR on its file.
final class FollowLinkTerminalTests: TmuxTestCase {
    func testFollowALinkToATaskAndToANote() throws {
        let vault = TempVault()
        vault.write(".obsidian/plugins/tasknotes/data.json", #"{"tasksFolder": "Tasks/", "taskTag": "task"}"#)
        vault.write("Tasks/Epsilon.md", "---\ntitle: Epsilon task\nstatus: open\ntags: [task]\ndue: 2026-11-22\n---\nFirst [[Gamma]], then read [[Design notes]].\n")
        vault.write("Tasks/Gamma.md", "---\ntitle: Gamma task\nstatus: open\ntags: [task]\n---\n")
        vault.write("Notes/Design notes.md", "# Design\n")
        let recorded = vault.path + "/.editor-argument"
        let editor = vault.path + "/.record.sh"
        _ = FileManager.default.createFile(atPath: editor, contents: Data("#!/bin/sh\nprintf '%s' \"$1\" > '\(recorded)'\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 160, height: 30, env: ["EDITOR": editor, "VISUAL": ""])
        try s.waitFor("Inbox")
        try s.send("j")
        try s.waitFor("Today · 1 task")
        try s.send("l", "i")
        var screen = try s.waitFor("[[Design notes]] → Notes/Design notes.md")
        XCTAssertTrue(screen.contains("[[Gamma]] → ○ Gamma task"), screen)
        try s.send("Tab", "Enter")  // the first link: Gamma, not due, not in Today
        screen = try s.waitFor("'Gamma task' is not in Today: showing it in")
        XCTAssertFalse(screen.contains("Today · 1 task"), "another view is shown\n\(screen)")
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.contains("Gamma task") && !$0.contains("→") }, "Gamma's row in the list\n\(screen)")
        try s.send("C-o")
        screen = try s.waitFor("Back to 'Epsilon task' in Today")
        XCTAssertTrue(screen.contains("Today · 1 task"), screen)
        try s.send("j", "Enter")  // (still in the pane) the second link, a note
        try s.waitFor("Opened Notes/Design notes.md in the editor")
        XCTAssertEqual(try? String(contentsOfFile: recorded, encoding: .utf8), vault.path + "/Notes/Design notes.md")
        XCTAssertEqual(vault.text("Notes/Design notes.md"), "# Design\n", "the note is left as it was")
        try s.send("q")
    }
}
