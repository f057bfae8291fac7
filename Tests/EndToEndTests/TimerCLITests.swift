import Foundation
import XCTest

/// `start`, `stop`, `running`, `report` and `reminders` through the real
/// binary: each run is its own process, so what one starts the next sees in
/// the files.
final class TimerCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", v.path, "--today", "2026-11-24"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test", "TZ": "UTC"])
    }

    func testStartStopsEveryOtherTimerAndEachProcessSeesTheFiles() throws {
        let v = TempVault()
        v.write(["work/report.md": "---\ntitle: Write report\nproject: Work\n---\nNotes.\n",
                 "home/sink.md": "---\ntitle: Fix sink\nproject: Home\ntags: [house]\n---\n"])
        var out = try run(v, ["start", "work/report.md", "--at", "2026-11-23T09:00:00Z"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, "Started: Write report (work/report.md)\n")
        XCTAssertTrue(v.text("work/report.md")!.contains("time_entries:\n  - startTime: 2026-11-23T09:00:00Z\n---\nNotes.\n"), v.text("work/report.md")!)
        // Asked again with no file changed, the cache answers (`running` memoised as `count` is): the same answer.
        for _ in 0..<2 {
            out = try run(v, ["running", "--at", "2026-11-23T10:05:00Z"])
            XCTAssertEqual(out.stdout, "Write report (work/report.md) · 1h 05m\n")
        }
        // Twice on one task: refused, the file as it was.
        let before = v.text("work/report.md")
        out = try run(v, ["start", "work/report", "--at", "2026-11-23T10:06:00Z"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.stderr.contains("time_tracking_already_active"), out.stderr)
        XCTAssertEqual(v.text("work/report.md"), before)
        // Another task: the first timer stops at that moment.
        out = try run(v, ["start", "home/sink.md", "--at", "2026-11-23T10:30:00Z", "--note", "washer: new"])
        XCTAssertEqual(out.stdout, "Stopped: Write report (work/report.md) · 1h 30m\nStarted: Fix sink (home/sink.md)\n", out.stderr)
        XCTAssertTrue(v.text("work/report.md")!.contains("  - startTime: 2026-11-23T09:00:00Z\n    endTime: 2026-11-23T10:30:00Z\n"))
        XCTAssertTrue(v.text("home/sink.md")!.contains("  - startTime: 2026-11-23T10:30:00Z\n    description: \"washer: new\"\n"))
        out = try run(v, ["running", "--json", "--at", "2026-11-23T11:00:00Z"])
        let running = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(running.map { $0["id"] as? String }, ["home/sink.md"])
        XCTAssertEqual(running.first?["seconds"] as? Int, 1800)
        // A file changed by hand (another tool) is what the next command sees.
        v.write("work/report.md", v.text("work/report.md")!.replacingOccurrences(of: "    endTime: 2026-11-23T10:30:00Z\n", with: ""))
        out = try run(v, ["running", "--at", "2026-11-23T11:00:00Z"])
        XCTAssertEqual(out.stdout, "Write report (work/report.md) · 2h 00m\nFix sink (home/sink.md) · 30m\n")
        out = try run(v, ["stop", "--at", "2026-11-23T11:15:00Z"])
        XCTAssertEqual(out.stdout, "Stopped: Write report (work/report.md) · 2h 15m\nStopped: Fix sink (home/sink.md) · 45m\n", out.stderr)
        out = try run(v, ["running"])
        XCTAssertEqual(out.status, 0)
        XCTAssertEqual(out.stdout, "")
        out = try run(v, ["stop", "home/sink.md"])
        XCTAssertTrue(out.stderr.contains("no_active_time_entry"), out.stderr)
        XCTAssertEqual(try run(v, ["stop"]).stdout, "No timer is running.\n")
        XCTAssertTrue(v.text("work/report.md")!.hasSuffix("---\nNotes.\n"))
    }

    /// A list holding an entry todomd cannot read is never rewritten; a Backlog.md project keeps no
    /// time entries; TaskNotes gets its own key.
    func testRefusalsLoseNothingAndEachFormatGetsItsKey() throws {
        let v = TempVault()
        let bad = "---\ntitle: Odd\ntime_entries:\n  - {startTime: 2026-11-23T09:00:00Z, endTime: later}   # by hand\n---\n"
        v.write("odd.md", bad)
        var out = try run(v, ["start", "odd.md"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.stderr.contains("cannot be read"), out.stderr)
        XCTAssertEqual(v.text("odd.md"), bad)
        out = try run(v, ["start", "nope.md"])
        XCTAssertTrue(out.stderr.contains("no task with id 'nope.md'"), out.stderr)
        XCTAssertTrue(try run(v, ["running", "--at", "yesterday"]).stderr.contains("--at: 'yesterday' is not a date and time"))

        let tn = TempVault()
        tn.write([".obsidian/plugins/tasknotes/data.json": "{\"taskTag\": \"task\"}",
                  "TaskNotes/Tasks/Ship.md": "---\ntitle: Ship\nstatus: open\ntags: [task]\n---\n"])
        out = try run(tn, ["start", "TaskNotes/Tasks/Ship.md", "--at", "2026-11-23T09:00:00Z"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(tn.text("TaskNotes/Tasks/Ship.md")!.contains("timeEntries:\n  - startTime: 2026-11-23T09:00:00Z\n"), tn.text("TaskNotes/Tasks/Ship.md")!)

        let backlog = TempVault()
        let task = "---\nid: task-1\ntitle: Design\nstatus: To Do\n---\n"
        backlog.write(["backlog/config.yml": "project_name: \"P\"\n", "backlog/tasks/task-1 - Design.md": task])
        out = try run(backlog, ["start", "backlog/tasks/task-1 - Design.md"])
        XCTAssertTrue(out.stderr.contains("keeps no time entries"), out.stderr)
        XCTAssertEqual(backlog.text("backlog/tasks/task-1 - Design.md"), task)
    }

    func testReportSumsPerGroupPerDay() throws {
        let v = TempVault()
        v.write(["a.md": "---\ntitle: A\nproject: Work\ntags: [x, y]\ntime_entries:\n  - {startTime: 2026-11-23T22:00:00Z, endTime: 2026-11-24T01:30:00Z}\n  - {startTime: 2026-11-25T09:00:00Z}\n---\n",
                 "b.md": "---\ntitle: B\ntags: [y]\ntime_entries: [{startTime: 2026-11-24T09:00:00Z, endTime: 2026-11-24T09:45:00Z}, {startTime: 2026-11-16T09:00:00Z, endTime: 2026-11-16T10:00:00Z}]\n---\n"])
        var out = try run(v, ["report", "--at", "2026-11-25T10:00:00Z"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, """
            Time by project, 2026-11-23 to 2026-11-29
                          Mon 23  Tue 24  Wed 25  Thu 26  Fri 27  Sat 28  Sun 29  Total
            Work            2:00    1:30    1:00       –       –       –       –   4:30
            (no project)       –    0:45       –       –       –       –       –   0:45
            Total           2:00    2:15    1:00       –       –       –       –   5:15

            """)
        out = try run(v, ["report", "--from", "2026-11-16", "--to", "2026-11-24", "--by", "tag", "--json", "--at", "2026-11-25T10:00:00Z"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["total"] as? Int, (60 + 210 + 45) * 60)
        let rows = try XCTUnwrap(json["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["group"] as? String }, ["y", "x"])
        XCTAssertEqual(rows.map { $0["total"] as? Int }, [(60 + 210 + 45) * 60, 210 * 60])
        XCTAssertEqual((json["days"] as? [String])?.count, 9)
        XCTAssertTrue(try run(v, ["report", "--by", "colour"]).stderr.contains("--by: 'colour' is not one of project, area, tag, day"))
        XCTAssertTrue(try run(v, ["report", "--from", "2026-11-24", "--to", "2026-11-01"]).stderr.contains("is after --to"))
        XCTAssertTrue(try run(v, ["report", "--from", "2000-01-01", "--to", "2026-11-01"]).stderr.contains("at most 3660 days"))
        XCTAssertTrue(try run(v, ["report", "--week", "--month"]).stderr.contains("choose one of"))
        XCTAssertEqual(try run(v, ["report", "--month", "--by", "area", "--at", "2026-11-25T10:00:00Z"]).stdout.split(separator: "\n").last, "Total       6:15")
    }

    /// Run each minute with `--within 1m`, every reminder is listed by exactly one run; a done task's are not.
    func testRemindersComingDue() throws {
        let v = TempVault()
        v.write(["a.md": "---\ntitle: Call\ndue: 2026-11-24T10:00:00Z\nreminders:\n  - {id: before, type: relative, relatedTo: due, offset: -PT15M, description: Prepare}\n  - {id: at, type: absolute, absoluteTime: 2026-11-24T09:50:00+00:00}\n---\n",
                 "b.md": "---\ntitle: Done one\nstatus: done\ndue: 2026-11-24T10:00:00Z\nreminders: [{id: r, type: relative, relatedTo: due, offset: -PT15M}]\n---\n"])
        var out = try run(v, ["reminders", "--at", "2026-11-24T09:00:00Z"])
        XCTAssertEqual(out.stdout, "2026-11-24 09:45  Call (a.md) · Prepare\n2026-11-24 09:50  Call (a.md)\n", out.stderr)
        out = try run(v, ["reminders", "--at", "2026-11-24T09:00:00Z", "--within", "PT46M", "--json"])
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(items.map { $0["reminder"] as? String }, ["before"])
        XCTAssertEqual(items.first?["at"] as? String, "2026-11-24T09:45:00Z")
        var seen: [String] = []
        for minute in 40..<55 {
            out = try run(v, ["reminders", "--within", "1m", "--at", "2026-11-24T09:\(minute):00Z"])
            seen += out.stdout.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(seen, ["2026-11-24 09:45  Call (a.md) · Prepare", "2026-11-24 09:50  Call (a.md)"])
        // Cron starts each run at some second of its minute: the windows still meet exactly.
        for (k, second) in ["00.5", "01", "17", "59"].enumerated() {
            seen = []
            for minute in 40..<55 {
                let s = k % 2 == 0 || minute % 2 == 0 ? second : "30"  // (runs whose seconds differ from minute to minute)
                out = try run(v, ["reminders", "--within", "1m", "--at", "2026-11-24T09:\(minute):\(s)Z"])
                seen += out.stdout.split(separator: "\n").map(String.init)
            }
            XCTAssertEqual(seen, ["2026-11-24 09:45  Call (a.md) · Prepare", "2026-11-24 09:50  Call (a.md)"], "runs at :\(second)")
        }
        XCTAssertTrue(try run(v, ["reminders", "--within=-1h"]).stderr.contains("is not a length of time"))
        XCTAssertTrue(try run(v, ["reminders", "--within", "999999999999999999999h"]).stderr.contains("is not a length of time"))
    }

    func testModifyAddsAndClearsReminders() throws {
        let v = TempVault()
        v.write(["a.md": "---\ntitle: Call\ndue: 2026-11-24T10:00:00Z\n---\n", "b.md": "---\ntitle: Plain\n---\n"])
        var out = try run(v, ["modify", "a.md", "--remind=-15m", "--remind", "9am"])
        XCTAssertEqual(out.stdout, "changed: a.md: reminders -15m, at 2026-11-24 09:00\n", out.stderr)
        XCTAssertTrue(v.text("a.md")!.contains("reminders:\n  - id: rem_1\n    type: relative\n    relatedTo: due\n    offset: \"-PT15M\"\n  - id: rem_2\n    type: absolute\n    absoluteTime: 2026-11-24T09:00:00Z\n"), v.text("a.md")!)
        XCTAssertEqual(try run(v, ["reminders", "--at", "2026-11-24T08:00:00Z", "--within", "2h"]).stdout, "2026-11-24 09:00  Call (a.md)\n2026-11-24 09:45  Call (a.md)\n")
        // Relative to a date the task does not have: refused, nothing written; a word that is no reminder too.
        let plain = v.text("b.md")
        out = try run(v, ["modify", "b.md", "--remind=-1h"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("counts from due, which the task does not have"), out.stderr)
        XCTAssertTrue(try run(v, ["modify", "b.md", "--remind", "whenever"]).stderr.contains("'whenever' is not a reminder"))
        XCTAssertEqual(v.text("b.md"), plain)
        // With --due beside it, it counts from the new date.
        out = try run(v, ["modify", "b.md", "--due", "2026-11-26", "--remind=-1d"])
        XCTAssertEqual(out.stdout, "changed: b.md: due 2026-11-26, reminders -1d\n", out.stderr)
        out = try run(v, ["modify", "a.md", "--remind", "none"])
        XCTAssertEqual(out.stdout, "changed: a.md: reminders none\n")
        // The last one removed takes the key with it (TaskNotes writes no empty list of reminders).
        XCTAssertFalse(v.text("a.md")!.contains("reminders"), v.text("a.md")!)
        XCTAssertTrue(v.text("a.md")!.hasPrefix("---\ntitle: Call\ndue: 2026-11-24T10:00:00Z\nmodified: "), v.text("a.md")!)
    }
}
