import Foundation
import XCTest

/// The real binary in a real terminal (tmux): what a user sees and what lands on disk.
final class TerminalTests: TmuxTestCase {
    func testShowsTheVaultFullScreenAndQuitsOnQ() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Call the plumber\nstatus: in-progress\ndue: 2026-11-20\narea: Home\n---\n")
        vault.write("b.md", "---\ntitle: 買い物リスト 🛒\ndue: 2026-11-25\n---\n")
        vault.write("c.md", "---\ntitle: Pay rent\nstatus: done\n---\n")
        vault.write("broken.md", "---\ntitle: [oops\n---\n")
        let before = vault.contents()
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 80, height: 24, exitLine: true)
        var screen = try s.waitFor("Inbox · 1 task")
        XCTAssertTrue(screen.contains("todomd · \(vault.path)"), screen)
        XCTAssertTrue(screen.contains("買い物リスト 🛒"))
        XCTAssertTrue(screen.contains("in 3d"))
        XCTAssertTrue(screen.contains("1 unreadable file"), screen)
        try s.send("j")  // Today
        screen = try s.waitFor("Today · 1 task")
        XCTAssertTrue(screen.contains("▶ Call the plumber"), screen)
        XCTAssertTrue(screen.contains("2d overdue"))
        try s.send("q")
        try s.waitFor("EXITED-0")
        XCTAssertEqual(vault.contents(), before, "viewing writes nothing")
    }

    /// Change state, flag, reorder and delete with keys; quit; reopen: all of it persisted.
    func testTaskActionsPersistAcrossRestarts() throws {
        let vault = TempVault()
        for (i, name) in ["Alpha", "Bravo", "Charlie"].enumerated() {
            vault.write("\(name.lowercased()).md", "---\ntitle: \(name)\ncreated: 2026-11-0\(i + 1)\n---\n")
        }
        var s = try TmuxSession(todomd: vault, today: "2026-11-22", exitLine: true)
        try s.waitFor("Inbox · 3 tasks")
        try s.send("l")           // to the list: newest first, Charlie selected
        try s.send("f")           // flag Charlie
        try s.send("Space")       // Charlie → in progress
        try s.waitFor("ACTIVE")
        try s.send("j")           // Bravo
        try s.send("J")           // Bravo below Alpha
        try s.send("G")           // the last row: Bravo again
        try s.send("d")
        var screen = try s.waitFor("Delete '")
        XCTAssertTrue(screen.contains("Delete 'Bravo'?"), screen)
        try s.send("y")
        try s.waitFor("Deleted 'Bravo'")
        try s.send("q")
        try s.waitFor("EXITED-0")
        XCTAssertNil(vault.text("bravo.md"))
        let charlie = vault.text("charlie.md")!
        XCTAssertTrue(charlie.contains("flagged: true") && charlie.contains("status: in-progress"), charlie)
        XCTAssertTrue(vault.text(".perspectives.json")!.contains("\"manual_order\""))

        s = try TmuxSession(todomd: vault, today: "2026-11-22")
        screen = try s.waitFor("Inbox · 2 tasks")
        let lines = screen.split(separator: "\n").map(String.init)
        let charlieRow = lines.firstIndex { $0.contains("▶ Charlie") }
        let alphaRow = lines.firstIndex { $0.contains("○ Alpha") }
        XCTAssertNotNil(charlieRow, screen)
        XCTAssertNotNil(alphaRow, screen)
        XCTAssertTrue(lines[charlieRow!].contains("⚑"), screen)
        XCTAssertFalse(screen.contains("Bravo"))
        try s.send("q")
    }

    /// Add a task in the form, edit it, check the file after each step.
    func testAddAndEditInTheForm() throws {
        let vault = TempVault()
        vault.write("keep.md", "---\ntitle: Keep me\n---\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 100, height: 30, exitLine: true)
        try s.waitFor("Inbox · 1 task")
        try s.send("A")
        try s.waitFor("New task")
        try s.send("-l", "Write the report")
        for _ in 0..<7 { try s.send("Tab") }
        try s.send("-l", "fri")
        try s.send("Enter")
        var screen = try s.waitFor("Added 'Write the report'")
        XCTAssertTrue(screen.contains("Write the report"), screen)
        XCTAssertTrue(vault.text("write-the-report.md")!.contains("due: 2026-11-27"))
        try s.send("e")
        try s.waitFor("Edit task")
        try s.send("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try s.send("-l", "summary")
        try s.send("Tab", "Space")      // status → in progress
        try s.send("Enter")
        screen = try s.waitFor("Write the summary")
        XCTAssertTrue(screen.contains("▶ Write the summary"), screen)
        let file = vault.text("write-the-report.md")!
        XCTAssertTrue(file.contains("title: Write the summary\nstatus: in-progress\n"), file)
        try s.send("?")
        try s.waitFor("Keys · ? or Esc closes")
        try s.send("Escape")
        try s.send("q")
        try s.waitFor("EXITED-0")
    }

    /// `o` runs $EDITOR on the file in the real terminal and shows the edit after.
    func testOpenInEditorThenReload() throws {
        let vault = TempVault()
        vault.write("note.md", "---\ntitle: Before\n---\nbody\n")
        let editor = vault.path + "/.edit.sh"
        _ = FileManager.default.createFile(atPath: editor, contents: Data("#!/bin/sh\nsed -i 's/title: Before/title: After the editor/' \"$1\"\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 100, height: 24, env: ["EDITOR": editor])
        try s.waitFor("Before")
        try s.send("l")
        try s.send("o")
        try s.waitFor("After the editor")
        XCTAssertEqual(vault.text("note.md"), "---\ntitle: After the editor\n---\nbody\n")
        try s.send("q")
    }

    /// Build a perspective with two rules by keys, quit, reopen: it is in the sidebar with its count.
    func testCreateAPerspectiveWithTwoRules() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Write report\nflagged: true\n---\n")
        vault.write("b.md", "---\ntitle: Read report\n---\n")
        vault.write("c.md", "---\ntitle: Flagged other\nflagged: true\n---\n")
        var s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 110, height: 36, exitLine: true)
        try s.waitFor("Inbox · 3 tasks")
        try s.send("n")
        try s.waitFor("Rules · Showing 3 tasks")
        try s.send("G")
        try s.send("a")
        try s.send("-l", "flagged")
        try s.send("Enter")
        try s.send("Enter")
        try s.waitFor("Showing 2 tasks")
        try s.send("a")
        try s.send("-l", "title contains")
        try s.send("Enter")
        try s.send("-l", "report")
        try s.send("Enter")
        try s.waitFor("Showing 1 task")
        try s.send("Escape")
        try s.send("q")
        try s.waitFor("EXITED-0")
        XCTAssertTrue(vault.text(".perspectives.json")!.contains("\"string_contains\""))
        s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 110, height: 36)
        let screen = try s.waitFor("≡ Untitled Perspecti")  // the sidebar cuts the name with …
        let line = screen.split(separator: "\n").first { $0.contains("Untitled Perspecti") }
        XCTAssertTrue(line?.contains(" 1 ") == true, screen)
        try s.send("q")
    }

    /// A script edits, adds and deletes files while the app runs: the screen follows within 2 s.
    func testExternalChangesShowWithinTwoSeconds() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Original title\n---\n")
        vault.write("b.md", "---\ntitle: Doomed task\n---\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 100, height: 24)
        try s.waitFor("Original title")
        vault.write("a.md", "---\ntitle: Edited by a script\nstatus: in-progress\n---\n")
        vault.write("c.md", "---\ntitle: Added by a script\n---\n")
        try FileManager.default.removeItem(atPath: vault.path + "/b.md")
        let screen = try s.waitFor("Added by a script", timeout: 2.5)
        XCTAssertTrue(screen.contains("▶ Edited by a script"), screen)
        XCTAssertFalse(screen.contains("Doomed task"))
        try s.send("q")
        XCTAssertEqual(vault.text("c.md"), "---\ntitle: Added by a script\n---\n", "nothing the script wrote is lost")
    }

    func testTinyTerminalSaysSoAndRecovers() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Something\n---\n")
        let s = try TmuxSession(todomd: vault, today: nil, width: 20, height: 5)
        try s.waitFor("Terminal too small")
        try s.resize(width: 80, height: 20)
        try s.waitFor("Inbox · 1 task")
        try s.send("q")
    }
}

final class FirstRunTerminalTests: TmuxTestCase {
    func testFirstRunCreatesTheDefaultVaultAndSaysSo() throws {
        let home = TempVault()
        let s = try TmuxSession(todomd: nil, today: nil, width: 180, height: 20, env: ["HOME": home.path, "TODOMD_VAULT": ""])
        let screen = try s.waitFor("Welcome to todomd")
        XCTAssertTrue(screen.contains("Welcome! Another folder: --vault DIR or TODOMD_VAULT=DIR · this new vault: \(home.path)/todo.md"), screen)
        try s.send("q")
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/todo.md/welcome-to-todomd.md"))
    }
}
