import Foundation
import XCTest

/// A sequential project in a real terminal: its key on the project's sidebar
/// row makes it so, the second task leaves Today, and completing the first
/// with its key brings the second back.
final class SequentialProjectTerminalTests: TmuxTestCase {
    func testMarkedByKeyTheSecondTaskWaitsUntilTheFirstIsDone() throws {
        let vault = TempVault()
        vault.write("1-first.md", "---\ntitle: First step\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\n---\n")
        vault.write("2-second.md", "---\ntitle: Second step\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\n---\n")
        let s = try TmuxSession(command: "\(Binary.path) --vault \(vault.path) --today 2026-11-22", width: 100, height: 30)
        try s.waitFor("Inbox · 0 tasks")  // (tasks of a project are not in the Inbox)
        try s.send("j")
        try s.waitFor("Today · 2 tasks")
        try s.send("G")  // the last row of the sidebar: the project
        try s.waitFor("Q4 Report · 2 open · 2 tasks")  // (an area or project says its open tasks first, as its sidebar row counts them)
        try s.send("S")
        var screen = try s.waitFor("is sequential")
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.contains("+ Q4 Report") && $0.contains("⇉") }, screen)
        try s.send("g")
        try s.send("j")
        screen = try s.waitFor("Today · 1 task")
        XCTAssertTrue(screen.contains("First step") && !screen.contains("Second step"), screen)
        try s.send("l")
        try s.send("x")  // First, the only row, done
        screen = try s.waitFor("Second step")
        try s.send("q")
        XCTAssertTrue(vault.text("1-first.md")?.contains("status: done") == true, vault.text("1-first.md") ?? "")
        XCTAssertTrue(vault.text(".perspectives.json")?.contains("\"sequential\": true") == true, vault.text(".perspectives.json") ?? "")
    }
}
