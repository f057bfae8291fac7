import Foundation
import XCTest

/// `todomd show` through the real binary: a task's reminders in the words of
/// the app (when each fires, in that order, a past one marked, a relative one
/// with what it counts from) and its time entries (start–end, length, the
/// running one to `--at`, the total), in a zone an hour from UTC.
final class ShowTrackingCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", v.path, "--today", "2026-11-24"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test", "TZ": "Europe/Berlin"])
    }

    static let task = """
        ---
        title: Call Anna
        due: 2026-11-25T10:00
        reminders:
          - id: r1
            type: relative
            relatedTo: due
            offset: -PT1H
            description: bring notes
          - id: r2
            type: absolute
            absoluteTime: 2026-11-23T08:00:00Z
          - id: r3
            type: relative
            relatedTo: scheduled
            offset: -P1D
          - id: r4
            type: absolute
            absoluteTime: 2026-12-02T08:00:00Z
        time_entries:
          - startTime: 2026-11-23T22:30:00Z
            endTime: 2026-11-24T00:15:00Z
            description: late fix
          - startTime: 2026-11-23T08:00:00Z
            endTime: 2026-11-23T09:30:00Z
          - startTime: 2026-11-24T11:00:00Z
        ---
        Notes.

        """

    func testShowSaysRemindersAndTimeEntries() throws {
        let v = TempVault()
        v.write("call.md", Self.task)
        let out = try run(v, ["show", "call.md", "--at", "2026-11-24T12:25:00Z"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let expected = """
              reminders          Mon 23 Nov 09:00 (past)
                                 Wed 25 Nov 09:00 (1h before due) · bring notes
                                 Wed 2 Dec 09:00
                                 1d before scheduled (cannot fire: the task has no scheduled)
              time entries       Mon 23 Nov 09:00–10:30  1h 30m
                                 Mon 23 Nov 23:30–Tue 24 Nov 01:15  1h 45m · late fix
                                 Tue 24 Nov 12:00–now  1h 25m (running)
              tracked            4h 40m (1h 25m of it running)

            Notes.

            """
        XCTAssertTrue(out.stdout.hasSuffix(expected), out.stdout)
        XCTAssertTrue(out.stdout.hasPrefix("Call Anna\n  id "), out.stdout)
        XCTAssertEqual(v.text("call.md"), Self.task, "show writes nothing")
        // Later: the relative one is past too, the running entry longer.
        let later = try run(v, ["show", "call.md", "--at", "2026-11-25T08:30:00Z"])
        XCTAssertTrue(later.stdout.contains("Wed 25 Nov 09:00 (past, 1h before due) · bring notes\n"), later.stdout)
        XCTAssertTrue(later.stdout.contains("Tue 24 Nov 12:00–now  21h 30m (running)\n"), later.stdout)
        // Before the running entry began: it is not counted, nor said to run "now" for 0m.
        let before = try run(v, ["show", "call.md", "--at", "2026-11-24T10:00:00Z"])
        XCTAssertTrue(before.stdout.contains("Tue 24 Nov 12:00–  not begun at that time (running)\n  tracked            3h 15m\n"), before.stdout)
        // A task with neither has no such lines; a bad --at is refused.
        v.write("plain.md", "---\ntitle: Plain\n---\n")
        let plain = try run(v, ["show", "plain.md"])
        XCTAssertFalse(plain.stdout.contains("reminders") || plain.stdout.contains("time entries") || plain.stdout.contains("tracked"), plain.stdout)
        let bad = try run(v, ["show", "plain.md", "--at", "soon"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--at: 'soon' is not a date and time"), bad.stderr)
    }
}
