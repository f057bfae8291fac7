import Foundation
import XCTest

/// Repeating tasks through the real binary: `done`, `skip` and `--on`, with
/// the files checked after each step.
final class RepeatingTaskEndToEndTests: XCTestCase {
    func testDoneAndSkipMoveTheSeriesOn() throws {
        let vault = TempVault()
        vault.write("w.md", "---\ntitle: Weekly\nrecurrence: FREQ=WEEKLY;BYDAY=MO\nscheduled: 2026-11-23\n---\n")
        vault.write("f.md", "---\ntitle: Last Friday\nrecurrence: FREQ=MONTHLY;BYDAY=-1FR\ndue: 2026-11-27\n---\n")
        vault.write("e.md", "---\ntitle: Every other day\nrecurrence: every 2 days\nrecurrence_anchor: completion\nscheduled: 2026-11-10\n---\n")
        vault.write("n.md", "---\ntitle: Twice\nrecurrence: FREQ=DAILY;COUNT=2\nscheduled: 2026-11-23\n---\n")
        let base = ["--vault", vault.path, "--today", "2026-11-23"]

        var out = try Binary.run(base + ["done", "w.md"])
        XCTAssertEqual(out.stdout, "Done: Weekly (w.md) · 2026-11-23 · repeats: next Mon 30 Nov\n", out.stderr)
        XCTAssertTrue(vault.text("w.md")!.contains("scheduled: 2026-11-30\n"))
        out = try Binary.run(base + ["skip", "w.md"])
        XCTAssertEqual(out.stdout, "Skipped: Weekly (w.md) · 2026-11-30 · repeats: next Mon 7 Dec\n")
        XCTAssertTrue(vault.text("w.md")!.contains("skipped_instances: [2026-11-30]\n"), vault.text("w.md")!)

        out = try Binary.run(base + ["done", "f.md"])
        XCTAssertTrue(out.stdout.contains("repeats: next Fri 25 Dec"), out.stdout)
        XCTAssertTrue(vault.text("f.md")!.contains("due: 2026-12-25\n"))

        out = try Binary.run(base + ["done", "e.md"])
        XCTAssertTrue(out.stdout.contains("2026-11-23 · repeats: next Wed 25 Nov"), out.stdout)
        XCTAssertTrue(vault.text("e.md")!.contains("recurrence: DTSTART:20261123;FREQ=DAILY;INTERVAL=2\n"), vault.text("e.md")!)
        out = try Binary.run(base + ["done", "e.md", "--on", "2026-11-24"])
        XCTAssertTrue(out.stdout.contains("next Thu 26 Nov"), out.stdout)

        try Binary.run(base + ["done", "n.md"])
        out = try Binary.run(base + ["done", "n.md"])
        XCTAssertTrue(out.stdout.contains("last occurrence"), out.stdout)
        XCTAssertTrue(vault.text("n.md")!.contains("status: done\n"))
        out = try Binary.run(base + ["skip", "n.md"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("series has ended"), out.stderr)

        let before = vault.contents()
        out = try Binary.run(base + ["done", "w.md", "--on", "someday"])
        XCTAssertEqual(out.status, 2)
        XCTAssertEqual(vault.contents(), before, "a bad --on writes nothing")
    }
}

/// `x` and `X` on repeating tasks in a real terminal, the file checked after each.
final class RepeatingTaskTerminalTests: TmuxTestCase {
    func testXInTheAppCompletesOneOccurrence() throws {
        let vault = TempVault()
        vault.write("w.md", "---\ntitle: Weekly review\nrecurrence: FREQ=WEEKLY;BYDAY=MO,TH\nscheduled: 2026-11-23\n---\n")
        let s = try TmuxSession(todomd: vault, width: 110, height: 24)
        try s.waitFor("Inbox")
        try s.send("j")
        try s.waitFor("Today · 1 task")
        try s.send("l")
        try s.send("x")
        let screen = try s.waitFor("repeats: next Thu 26 Nov")
        XCTAssertTrue(screen.contains("Today · 0 tasks"), screen)
        let file = try XCTUnwrap(vault.text("w.md"))
        XCTAssertTrue(file.contains("scheduled: 2026-11-26\n") && file.contains("complete_instances: [2026-11-23]\n"), file)
        try s.send("u")
        try s.waitFor("Today · 1 task")
        XCTAssertEqual(vault.text("w.md"), "---\ntitle: Weekly review\nrecurrence: FREQ=WEEKLY;BYDAY=MO,TH\nscheduled: 2026-11-23\n---\n")
    }

    func testSkipAndACountedSeriesInARealTerminal() throws {
        let vault = TempVault()
        vault.write("c.md", "---\ntitle: Three sessions\nrecurrence: FREQ=DAILY;COUNT=3\nscheduled: 2026-11-21\n---\n")
        let s = try TmuxSession(todomd: vault, width: 110, height: 24)
        try s.waitFor("Inbox")
        try s.send("j")
        try s.waitFor("Today · 1 task")
        try s.send("l")
        try s.send("X")
        try s.waitFor("Skipped 'Three sessions'")
        XCTAssertTrue(vault.text("c.md")!.contains("skipped_instances: [2026-11-21]\n") && vault.text("c.md")!.contains("scheduled: 2026-11-22\n"),
                      vault.text("c.md")!)
        try s.send("x")
        try s.waitFor("repeats: next Mon 23 Nov")
        try s.send("x")
        try s.waitFor("last occurrence")
        let file = try XCTUnwrap(vault.text("c.md"))
        XCTAssertTrue(file.contains("status: done\n") && file.contains("complete_instances: [2026-11-22, 2026-11-23]\n"), file)
        try s.send("u")
        try s.waitFor("Undone")
        XCTAssertTrue(vault.text("c.md")!.contains("scheduled: 2026-11-23\n") && !vault.text("c.md")!.contains("status: done"), vault.text("c.md")!)
        try s.send("q")
    }
}
