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

    /// `modify --status done` on repeating tasks completes each one's occurrence as `done` does (the
    /// status stays open, the dates move on), beside a plain task that is made done; a series past its
    /// end is done for good; other changes of the same call are made too.
    func testModifyStatusDoneCompletesAnOccurrenceNotTheSeries() throws {
        let vault = TempVault()
        let rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY;BYMONTHDAY=23", "every 2 days", "FREQ=DAILY;COUNT=1"]
        for (i, rule) in rules.enumerated() {
            vault.write("r\(i).md", "---\ntitle: Repeats \(i)\nrecurrence: \(rule)\nscheduled: 2026-11-23\n---\n")
        }
        vault.write("plain.md", "---\ntitle: Plain\n---\n")
        let base = ["--vault", vault.path, "--today", "2026-11-23"]
        // The same occurrence completed by `done`, on a copy, is what modify must write.
        let twin = TempVault()
        for (i, rule) in rules.enumerated() {
            twin.write("r\(i).md", "---\ntitle: Repeats \(i)\nrecurrence: \(rule)\nscheduled: 2026-11-23\n---\n")
            let done = try Binary.run(["--vault", twin.path, "--today", "2026-11-23", "done", "r\(i).md"])
            XCTAssertEqual(done.status, 0, done.stderr)
        }
        let ids = rules.indices.map { "r\($0).md" } + ["plain.md"]
        let out = try Binary.run(base + ["modify"] + ids + ["--status", "done", "--flag"])
        XCTAssertEqual(out.status, 0, out.stderr)
        for (i, _) in rules.enumerated() {
            let file = try XCTUnwrap(vault.text("r\(i).md"))
            let expected = try XCTUnwrap(twin.text("r\(i).md"))
            let strip = { (t: String) in t.split(separator: "\n").filter { !$0.hasPrefix("modified:") && !$0.hasPrefix("completed:") && !$0.hasPrefix("flagged:") } }
            XCTAssertEqual(strip(file), strip(expected), "r\(i).md")
            XCTAssertTrue(file.contains("flagged: true"), file)
            XCTAssertTrue(out.stdout.contains("changed: r\(i).md: done 2026-11-23"), out.stdout)
        }
        XCTAssertFalse(vault.text("r0.md")!.contains("status: done"), "the series stays open")
        XCTAssertTrue(vault.text("r4.md")!.contains("status: done"), "past its COUNT the series is done")
        XCTAssertTrue(vault.text("plain.md")!.contains("status: done"))
        XCTAssertTrue(out.stdout.contains("changed: plain.md: status done"), out.stdout)
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
