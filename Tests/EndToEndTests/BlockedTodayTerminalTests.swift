import Foundation
import XCTest

/// Today in a real terminal leaves a blocked task out: a script makes Alpha
/// wait for Beta, Alpha leaves Today (and shows ⊘ in the Inbox); completing
/// Beta with its key brings Alpha back.
final class BlockedTodayTerminalTests: TmuxTestCase {
    func testABlockedTaskLeavesTodayAndComesBackWhenItsBlockerIsDone() throws {
        let vault = TempVault()
        vault.write("Alpha.md", "---\ntitle: Alpha task\nstatus: todo\ndue: 2026-11-22\n---\n")
        vault.write("Beta.md", "---\ntitle: Beta task\nstatus: todo\ndue: 2026-11-22\n---\n")
        let s = try TmuxSession(command: "\(Binary.path) --vault \(vault.path) --today 2026-11-22", width: 100, height: 24)
        try s.waitFor("Inbox · 2 tasks")
        try s.send("j")  // Today
        try s.waitFor("Today · 2 tasks")
        vault.write("Alpha.md", "---\ntitle: Alpha task\nstatus: todo\ndue: 2026-11-22\nblocked_by: [\"[[Beta]]\"]\n---\n")
        var screen = try s.waitFor("Today · 1 task")
        XCTAssertFalse(screen.contains("Alpha task"), screen)
        try s.send("k")  // Inbox: both, Alpha marked
        screen = try s.waitFor("Inbox · 2 tasks")
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.contains("Alpha task") && $0.contains("⊘") }, screen)
        XCTAssertFalse(screen.split(separator: "\n").contains { $0.contains("Beta task") && $0.contains("⊘") }, screen)
        try s.send("j")
        try s.waitFor("Today · 1 task")
        try s.send("l")  // (to the list)
        try s.send("x")  // Beta, the only row, done
        screen = try s.waitFor("Alpha task")
        try s.send("q")
        XCTAssertTrue(vault.text("Beta.md")?.contains("status: done") == true, vault.text("Beta.md") ?? "")
    }
}
