import Foundation
import XCTest

/// A sync tool drops a conflict copy into the vault while todomd runs: the
/// real binary notices it, `C` shows the two versions as a diff, and a key
/// keeps one of them on disk.
final class SyncConflictTerminalTests: TmuxTestCase {
    func testAConflictCopyArrivingWhileRunningIsShownAsADiffAndResolved() throws {
        let vault = TempVault()
        vault.write("report.md", "---\ntitle: Report\npriority: high\n---\nFirst draft.\n")
        let s = try TmuxSession(todomd: vault, width: 100, height: 30)
        try s.waitFor("Inbox")
        let copy = "report.sync-conflict-20261123-101500-ABCDEFG.md"
        vault.write(copy, "---\ntitle: Report\npriority: low\ndue: 2026-11-30\n---\nFirst draft.\n")
        try s.waitFor("A sync conflict appeared: \(copy)")
        try s.send("C")
        let screen = try s.waitFor("1 line only in the original, 2 only in the copy")
        XCTAssertTrue(screen.contains("1 keeps − report.md"), screen)
        XCTAssertTrue(screen.contains("3   − priority: high"), screen)
        XCTAssertTrue(screen.contains("  3 + priority: low"), screen)
        XCTAssertTrue(screen.contains("  4 + due: 2026-11-30"), screen)
        XCTAssertTrue(screen.contains("5 6   First draft."), screen)
        try s.send("2")
        try s.waitFor("Inbox · 1 task")
        XCTAssertTrue(eventually { vault.text(copy) == nil }, "the copy is gone")
        XCTAssertEqual(vault.text("report.md"), "---\ntitle: Report\npriority: low\ndue: 2026-11-30\n---\nFirst draft.\n")
        let after = try s.capture()
        XCTAssertFalse(after.contains("sync conflict (C"), after)
        try s.send("q")
    }
}

/// `todomd problems` names the conflict copies not resolved yet, and only them.
final class SyncConflictProblemsCLITests: XCTestCase {
    func testProblemsListsUnresolvedCopies() throws {
        let vault = TempVault()
        vault.write("report.md", "---\ntitle: Report\n---\n")
        vault.write("report.sync-conflict-20261127-153012-ABCDEFG.md", "---\ntitle: Report\npriority: low\n---\n")
        vault.write("plan.md", "---\ntitle: Plan\n---\n")
        vault.write("plan 2.md", "---\ntitle: Another plan\n---\n")      // not a copy: another title
        let out = try Binary.run(["problems", "--vault", vault.path])
        XCTAssertEqual(out.status, 1, out.stderr)
        XCTAssertEqual(out.stdout, "conflict: report.sync-conflict-20261127-153012-ABCDEFG.md: a sync tool's conflict copy of report.md, "
                       + "not resolved (C in todomd shows both and keeps one or both)\n")
        vault.write(".obsidian/app.json", "{}")
        try FileManager.default.removeItem(atPath: vault.path + "/report.sync-conflict-20261127-153012-ABCDEFG.md")
        vault.write("plan 2.md", "---\ntitle: Plan\n---\n")                // Obsidian's duplicate, not iCloud's copy
        XCTAssertEqual(try Binary.run(["problems", "--vault", vault.path]).stdout, "No problems.\n")
    }
}
