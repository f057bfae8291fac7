import Foundation
import XCTest

/// `todomd add --remind` as `modify --remind` reads it (a value starting with
/// `-` is the option's, `--remind -1h` and `--remind=-1h`), the refusals both
/// share (a capital M, `none` beside a reminder), the dry run refusing what
/// the add refuses, the `changed:` line naming a time as `reminders` lists it,
/// and a TaskNotes vault's reminder written as its plugin writes it.
final class ReminderOptionCLITests: XCTestCase {
    func run(_ vault: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", vault.path, "--today", "2026-11-23"])
    }

    func testAddTakesRemindAsModifyDoes() throws {
        let vault = TempVault()
        let out = try run(vault, ["add", "Call Anna", "--due", "2099-11-27", "--remind", "-1h", "--remind=scheduled-1d", "--remind", "-1d2h"])
        XCTAssertNotEqual(out.status, 0, "scheduled-1d without a scheduled date")
        XCTAssertTrue(out.stderr.contains("remind: the reminder counts from scheduled, which the task does not have"), out.stderr)
        XCTAssertNil(vault.text("call-anna.md"))
        let ok = try run(vault, ["add", "Call Anna fri 10am remind -30m", "--remind", "-1h", "--remind=-1d2h", "--remind", "-45s"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let file = try XCTUnwrap(vault.text("call-anna.md"))
        for offset in ["-PT30M", "-PT1H", "-P1DT2H", "-PT45S"] { XCTAssertTrue(file.contains("offset: \"\(offset)\"\n"), "\(offset): \(file)") }
        XCTAssertTrue(file.contains("  - id: rem_1\n") && file.contains("  - id: rem_4\n"), file)
        // The dry run prints them, and refuses what the add refuses, in the same words.
        let dry = try run(vault, ["add", "--dry-run", "Ring Bob fri 10am", "--remind", "-1h"])
        XCTAssertEqual(dry.stdout, "Ring Bob · due Fri 27 Nov 10:00 · remind 1h before due\n", dry.stderr)
        for (args, refused) in [(["Ring Bob", "--remind", "-1h"], "remind: the reminder counts from due, which the task does not have"),
                                (["Ring Bob fri", "--remind", "-1h", "--remind", "-60m"], "remind: the task already has a reminder 1h before due"),
                                (["Ring Bob fri", "--remind", "+1h"], "--remind: '+1h' is not a reminder: an offset takes no +"),
                                (["Ring Bob fri", "--remind", "-1M"], "--remind: '-1M' is not a reminder: M could be months or minutes"),
                                (["Ring Bob fri", "--remind", "-1h", "--remind", "none"], "--remind: none removes every reminder, and '-1h' adds one")] {
            for dryRun in [true, false] {
                let r = try run(vault, ["add"] + (dryRun ? ["--dry-run"] : []) + args)
                XCTAssertNotEqual(r.status, 0, "\(args)")
                XCTAssertTrue(r.stderr.contains(refused), "\(args): \(r.stderr)")
                XCTAssertEqual(r.stdout, "", "\(args)")
            }
        }
        XCTAssertNil(vault.text("ring-bob.md"), "nothing written")
        // `--remind none` alone takes away what TEXT named.
        let none = try run(vault, ["add", "Ring Carl fri remind -1h", "--remind", "none"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertFalse(try XCTUnwrap(vault.text("ring-carl.md")).contains("reminders"))
    }

    func testModifyRefusesTheMixAndNamesTimesLocally() throws {
        let vault = TempVault()
        vault.write(["a.md": "---\ntitle: Call\ndue: 2099-11-24T10:00:00Z\n---\n"])
        for mix in [["--remind", "-1h", "--remind", "none"], ["--remind=none", "--remind=9am"]] {
            let r = try run(vault, ["modify", "a.md"] + mix)
            XCTAssertNotEqual(r.status, 0, "\(mix)")
            XCTAssertTrue(r.stderr.contains("--remind: none removes every reminder"), r.stderr)
            XCTAssertEqual(vault.text("a.md"), "---\ntitle: Call\ndue: 2099-11-24T10:00:00Z\n---\n")
        }
        // `-0m` is at the due date, as `0m` is: written PT0M, and a second one is the same reminder.
        let zero = try run(vault, ["modify", "a.md", "--remind", "-0m"])
        XCTAssertEqual(zero.status, 0, zero.stderr)
        XCTAssertTrue(try XCTUnwrap(vault.text("a.md")).contains("offset: PT0M\n") || vault.text("a.md")!.contains("offset: \"PT0M\"\n"), vault.text("a.md")!)
        XCTAssertTrue(zero.stdout.contains("reminders 0m"), zero.stdout)
        let again = try run(vault, ["modify", "a.md", "--remind", "0m"])
        XCTAssertTrue(again.stderr.contains("the task already has a reminder at due"), again.stderr)
        // A time is named as `todomd reminders` lists times, in local time (the binary runs in UTC here).
        let at = try Binary.run(["modify", "a.md", "--remind", "2099-11-24T09:00:00+01:00", "--vault", vault.path, "--today", "2026-11-23"],
                                env: ["TZ": "UTC"])
        XCTAssertEqual(at.status, 0, at.stderr)
        XCTAssertTrue(at.stdout.contains("changed: a.md: reminders 0m, at 2099-11-24 08:00"), at.stdout)
    }

    /// A TaskNotes vault: the plugin's time without a zone is read as local time (listed by `reminders`,
    /// named by `show`); a new one is written as local time with its offset.
    func testATaskNotesVaultReadsAndWritesLocalTimes() throws {
        let vault = TempVault()
        let entry = "reminders:\n  - id: rem_1\n    type: absolute\n    absoluteTime: 2099-11-30T08:00:00\n"
        vault.write([".obsidian/plugins/tasknotes/data.json": "{\"taskTag\": \"task\"}",
                     "TaskNotes/Tasks/Call.md": "---\ntitle: Call\nstatus: open\ntags: [task]\ndue: 2099-12-01\n" + entry + "---\n"])
        let env = ["TZ": "Europe/Berlin"]
        let show = try Binary.run(["show", "TaskNotes/Tasks/Call.md", "--vault", vault.path, "--today", "2026-11-23"], env: env)
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("Mon 30 Nov 2099 08:00"), show.stdout)
        XCTAssertFalse(show.stdout.contains("⚠") || show.stderr.contains("invalid_reminder"), show.stdout + show.stderr)
        let listed = try Binary.run(["reminders", "--json", "--within", "1w", "--at", "2099-11-29T12:00:00Z", "--vault", vault.path], env: env)
        XCTAssertTrue(listed.stdout.contains("2099-11-30T07:00:00Z"), listed.stdout + listed.stderr)
        let add = try Binary.run(["modify", "TaskNotes/Tasks/Call.md", "--remind", "2099-12-01T09:30", "--vault", vault.path, "--today", "2026-11-23"], env: env)
        XCTAssertEqual(add.status, 0, add.stderr)
        let file = try XCTUnwrap(vault.text("TaskNotes/Tasks/Call.md"))
        XCTAssertTrue(file.contains(entry + "  - id: rem_2\n    type: absolute\n    absoluteTime: 2099-12-01T09:30:00+01:00\n"), file)
        XCTAssertTrue(add.stdout.contains("reminders at 2099-11-30 08:00, at 2099-12-01 09:30"), add.stdout)
    }
}

/// `todomd start` on a closed task starts the timer and says the task is closed, as the app does.
final class StartClosedCLITests: XCTestCase {
    func testStartOnADoneTaskSaysSo() throws {
        let vault = TempVault()
        vault.write(["a.md": "---\ntitle: Report\nstatus: done\n---\n", "b.md": "---\ntitle: Draft\nstatus: cancelled\n---\n", "c.md": "---\ntitle: Open\n---\n"])
        for (id, said) in [("a.md", "Started: Report (a.md) · on a done task (it stays so)\n"), ("b.md", "Started: Draft (b.md) · on a cancelled task (it stays so)\n"),
                           ("c.md", "Started: Open (c.md)\n")] {
            let out = try Binary.run(["start", id, "--at", "2026-11-23T09:00:00Z", "--vault", vault.path])
            XCTAssertEqual(out.status, 0, out.stderr)
            XCTAssertTrue(out.stdout.hasSuffix(said), out.stdout)
            XCTAssertTrue(try XCTUnwrap(vault.text(id)).contains("startTime: 2026-11-23T09:00:00Z"), id)
        }
        XCTAssertTrue(try XCTUnwrap(vault.text("a.md")).contains("status: done\n"))
    }
}
