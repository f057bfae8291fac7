import Foundation
import XCTest

/// The real binary sends what it removes to a trash, and `u` takes it back:
/// the freedesktop trash (under the session's own XDG_DATA_HOME) for a
/// plain vault, the vault's `.trash/` for an Obsidian vault set to it.
final class TrashTerminalTests: TmuxTestCase {
    func testResolvingAConflictSendsTheCopyToTheTrashAndUUndoes() throws {
        let vault = TempVault(), data = TempVault()
        let mine = "---\ntitle: Report\npriority: high\n---\n", theirs = "---\ntitle: Report\npriority: low\n---\n"
        let copy = "report (conflicted copy 2026-11-27 153012).md"
        vault.write("report.md", mine)
        vault.write(copy, theirs)
        let s = try TmuxSession(todomd: vault, today: "2026-11-27", width: 110, height: 30,
                                env: ["XDG_DATA_HOME": data.path])
        try s.waitFor("1 sync conflict (C resolves)")
        try s.send("C")
        try s.waitFor("2 keeps + \(copy)")
        try s.send("1")                                                       // keep the original: the copy to the trash
        try s.waitFor("Resolved report.md (u undoes)")
        XCTAssertTrue(eventually { vault.text(copy) == nil })
        XCTAssertEqual(data.text("Trash/files/\(copy)"), theirs)
        let info = try XCTUnwrap(data.text("Trash/info/\(copy).trashinfo"))
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath=\(vault.path)/report%20%28conflicted%20copy%202026-11-27%20153012%29.md\nDeletionDate=2026-"), info)
        try s.send("u")
        try s.waitFor("Undone: conflict resolution of report.md")
        XCTAssertTrue(eventually { vault.text(copy) == theirs }, "u brings the copy back")
        XCTAssertNil(data.text("Trash/files/\(copy)"), "and takes it out of the trash")
        XCTAssertNil(data.text("Trash/info/\(copy).trashinfo"))

        try s.send("q")
    }

    func testADeletedTaskIsInTheTrashWithItsInfoAndUUndoes() throws {
        let vault = TempVault(), data = TempVault()
        let text = "---\ntitle: Zebra crossing\n---\nnotes\n"
        vault.write("zebra crossing.md", text)
        let s = try TmuxSession(todomd: vault, today: "2026-11-27", width: 110, height: 30,
                                env: ["XDG_DATA_HOME": data.path])
        try s.waitFor("Inbox · 1 task")
        try s.send("l")
        try s.send("d")
        try s.waitFor("Delete 'Zebra crossing'? It goes to the trash (u undoes).")
        try s.send("y")
        try s.waitFor("Deleted 'Zebra crossing' (in the trash; u undoes)")
        XCTAssertTrue(eventually { vault.text("zebra crossing.md") == nil })
        XCTAssertEqual(data.text("Trash/files/zebra crossing.md"), text)
        let info = try XCTUnwrap(data.text("Trash/info/zebra crossing.md.trashinfo"))
        XCTAssertTrue(info.contains("Path=\(vault.path)/zebra%20crossing.md\nDeletionDate="), info)
        try s.send("u")
        try s.waitFor("Inbox · 1 task")
        XCTAssertTrue(eventually { vault.text("zebra crossing.md") == text }, "u brings it back")
        XCTAssertNil(data.text("Trash/files/zebra crossing.md"), "and takes it out of the trash")
        XCTAssertNil(data.text("Trash/info/zebra crossing.md.trashinfo"))
        try s.send("q")
    }

    func testAnObsidianVaultSetToItsOwnTrashGetsTheFileThere() throws {
        let vault = TempVault(), data = TempVault()
        vault.write(".obsidian/app.json", #"{"trashOption": "local"}"#)
        let mine = "---\ntitle: Report\n---\nmine\n", theirs = "---\ntitle: Report\n---\ntheirs\n"
        let copy = "report.sync-conflict-20261127-153012-ABCDEFG.md"
        vault.write("report.md", mine)
        vault.write(copy, theirs)
        vault.write("OKR.md", "# OKR\n")
        vault.write("OKR 2.md", "# OKR\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-27", width: 110, height: 30,
                                env: ["XDG_DATA_HOME": data.path])
        try s.waitFor("1 sync conflict (C resolves)")
        try s.send("C")
        try s.waitFor("2 keeps + \(copy)")
        try s.send("2")                                                       // keep the copy: the original's text to .trash/
        try s.waitFor("Resolved report.md (u undoes)")
        XCTAssertTrue(eventually { vault.text("report.md") == theirs })
        XCTAssertNil(vault.text(copy))
        XCTAssertEqual(vault.text(".trash/report.md"), mine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: data.path + "/Trash"), "not the system trash")
        XCTAssertEqual(vault.text("OKR 2.md"), "# OKR\n", "Obsidian's duplicate note is left alone")
        try s.send("u")
        XCTAssertTrue(eventually { vault.text("report.md") == mine && vault.text(copy) == theirs })
        XCTAssertNil(vault.text(".trash/report.md"))
        try s.send("q")
    }
}
