import Foundation
import XCTest

/// The TUI on a TaskNotes vault (title in the file name): a title changed in the form
/// renames the file and the other files that named it (tasks and a note) follow, on disk; `u` puts every
/// file back, Ctrl-R does it again.
final class RenameFollowTerminalTests: TmuxTestCase {
    func testARenameInTheFormRewritesTheOtherFilesAndUndoPutsThemBack() throws {
        let vault = TempVault()
        let ship = "---\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n---\nThen [[Write docs|the docs]] again.\n"
        let sub = "---\nstatus: open\ntags: [task]\nprojects:\n  - \"[[Write docs]]\"\n---\n"
        vault.write(".obsidian/plugins/tasknotes/data.json", #"{"storeTitleInFilename": true, "taskTag": "task"}"#)
        vault.write("TaskNotes/Tasks/Write docs.md", "---\nstatus: open\ntags: [task]\ndue: 2026-11-22\n---\n")
        vault.write("TaskNotes/Tasks/Ship.md", ship)
        vault.write("TaskNotes/Tasks/Sub.md", sub)
        vault.write("Projects/Alpha.md", "# Alpha\n- [[Write docs]]\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 140, height: 30)
        try s.waitFor("Inbox")
        try s.send("j")
        try s.waitFor("Today · 1 task")  // Write docs alone (Ship waits for it)
        try s.send("l", "e")
        try s.send("C-u")
        try s.send("-l", "Write the docs")
        try s.send("Enter")
        let screen = try s.waitFor("3 other files now name the new name")
        XCTAssertTrue(screen.contains("Renamed to TaskNotes/Tasks/Write the docs.md"), screen)
        XCTAssertNil(vault.text("TaskNotes/Tasks/Write docs.md"))
        XCTAssertEqual(vault.text("TaskNotes/Tasks/Ship.md"), ship.replacingOccurrences(of: "[[Write docs", with: "[[Write the docs"))
        XCTAssertEqual(vault.text("TaskNotes/Tasks/Sub.md"), sub.replacingOccurrences(of: "[[Write docs", with: "[[Write the docs"))
        XCTAssertEqual(vault.text("Projects/Alpha.md"), "# Alpha\n- [[Write the docs]]\n")
        try s.send("u")
        try s.waitFor("Undone")
        XCTAssertEqual(vault.text("TaskNotes/Tasks/Ship.md"), ship)
        XCTAssertEqual(vault.text("TaskNotes/Tasks/Sub.md"), sub)
        XCTAssertEqual(vault.text("Projects/Alpha.md"), "# Alpha\n- [[Write docs]]\n")
        XCTAssertNotNil(vault.text("TaskNotes/Tasks/Write docs.md"))
        XCTAssertNil(vault.text("TaskNotes/Tasks/Write the docs.md"))
        try s.send("C-r")
        try s.waitFor("Redone")
        XCTAssertEqual(vault.text("TaskNotes/Tasks/Ship.md"), ship.replacingOccurrences(of: "[[Write docs", with: "[[Write the docs"))
        XCTAssertNotNil(vault.text("TaskNotes/Tasks/Write the docs.md"))
        try s.send("q")
    }
}
