import Foundation
import XCTest

/// Making a task wait by keys in a real terminal: on Today, the change line
/// `c after:Bet` completes to the other task's title and makes the selected
/// task wait for it, so it leaves Today; `u` brings it back, redo takes it
/// away again, and completing the blocker with `x` brings it back. The file
/// on disk is checked at each step.
final class WaitForTerminalTests: TmuxTestCase {
    func testATaskMadeToWaitByKeysLeavesTodayAndComesBack() throws {
        let vault = TempVault()
        let alpha = "---\ntitle: Alpha task\nstatus: todo\ndue: 2026-11-22\n---\n"
        vault.write(["Alpha.md": alpha, "Beta.md": "---\ntitle: Beta task\nstatus: todo\ndue: 2026-11-22\n---\n"])
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 100, height: 24)
        try s.waitFor("Inbox · 2 tasks")
        try s.send("j")  // Today
        try s.waitFor("Today · 2 tasks")
        try s.send("l")  // the list, on its first row: Alpha
        try s.send("c")
        try s.send(sequence: [(true, "after:Bet")])
        try s.waitFor("after:Bet▏[a task]")  // the rest of the title, offered after the cursor (bracketed)
        try s.send("Right")
        var screen = try s.waitFor("waits for Beta task")
        XCTAssertTrue(screen.contains("after:\"Beta task\""), screen)
        try s.send("Enter")
        screen = try s.waitFor("Today · 1 task")
        XCTAssertFalse(screen.split(separator: "\n").dropLast().contains { $0.contains("Alpha task") }, screen)
        XCTAssertTrue(eventually { vault.text("Alpha.md")?.contains("\nblocked_by: [\"[[Beta]]\"]\n") == true }, vault.text("Alpha.md") ?? "")
        // u: the file as it was, and Alpha back in Today.
        try s.send("u")
        try s.waitFor("Today · 2 tasks")
        XCTAssertTrue(eventually { vault.text("Alpha.md") == alpha }, vault.text("Alpha.md") ?? "")
        // Redo: waiting again.
        try s.send("C-r")
        try s.waitFor("Today · 1 task")
        XCTAssertTrue(eventually { vault.text("Alpha.md")?.contains("\nblocked_by: [\"[[Beta]]\"]\n") == true }, vault.text("Alpha.md") ?? "")
        // Beta, the only row, done: Alpha is free and back.
        try s.send("x")
        screen = try s.waitFor("Alpha task")
        XCTAssertTrue(eventually { vault.text("Beta.md")?.contains("status: done") == true }, vault.text("Beta.md") ?? "")
        XCTAssertTrue(vault.text("Alpha.md")?.contains("\nblocked_by: [\"[[Beta]]\"]\n") == true, "the dependency stays; it no longer blocks")
        try s.send("q")
    }
}
