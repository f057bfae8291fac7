import Foundation
import XCTest
@testable import TaskEngine

/// Time entries and reminders as each profile's files write them: the spec's
/// `time_entries` in todomd's format, TaskNotes' `timeEntries` exactly as its
/// plugin writes them, none in Backlog.md. A bad entry is a problem of its
/// task and stays in the file, byte for byte; its list is not rewritten.
final class TimeEntryReadingTests: XCTestCase {
    static let now = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!
    static func at(_ s: String) -> Date { ISO8601DateFormatter().date(from: s)! }

    func testTodomdFormatReadsTimeEntriesAndReminders() throws {
        let t = try parse("""
        ---
        title: Write report
        time_entries:
          - startTime: 2026-02-20T09:00:00Z
            endTime: 2026-02-20T10:30:00+01:00
            description: Draft
          - startTime: "2026-02-21T08:00:00.750Z"
        reminders:
          - id: r1
            type: relative
            relatedTo: due
            offset: -PT15M
          - {id: r2, type: absolute, absoluteTime: 2026-02-20T09:00:00Z, description: Call}
        ---
        """).task
        XCTAssertEqual(t.timeEntries, [TimeEntry(start: Self.at("2026-02-20T09:00:00Z"), end: Self.at("2026-02-20T09:30:00Z"), description: "Draft"),
                                       TimeEntry(start: Self.at("2026-02-21T08:00:00Z"))])
        XCTAssertEqual(t.reminders, [.relative(id: "r1", to: .due, offset: "-PT15M"),
                                     Reminder(id: "r2", kind: .absolute, absoluteTime: "2026-02-20T09:00:00Z", description: "Call")])
        XCTAssertEqual(t.warnings, [])
        XCTAssertEqual([t.badTimeEntries, t.badReminders], [0, 0])
        XCTAssertEqual(TimeTracking.totals(t.timeEntries, now: Self.at("2026-02-21T08:45:00Z")).closed, 30)
        XCTAssertEqual(TimeTracking.totals(t.timeEntries, now: Self.at("2026-02-21T08:45:00Z")).live, 75)
    }

    /// Each bad entry: a problem naming the entry and the spec's code; the good ones still count.
    func testBadEntriesAreReportedAndTheRestRead() throws {
        let times: [(String, String)] = [
            ("{endTime: 2026-02-20T10:00:00Z}", "missing_time_entry_start"),
            ("{startTime: 2026-02-20T10:00:00Z, endTime: 2026-02-20T09:00:00Z}", "invalid_time_range"),
            ("{startTime: yesterday}", "invalid_datetime_value: startTime 'yesterday'"),
            ("{startTime: 2026-02-20T09:00:00}", "invalid_datetime_value"),  // (no zone: ambiguous, §3.4.2)
            ("{startTime: 99999999999999999999-01-01T00:00:00Z}", "invalid_datetime_value"),
            ("{startTime: [a]}", "missing_time_entry_start"),
            ("{startTime: 2026-02-20T09:00:00Z, description: [a]}", "a description must be text"),
            ("{startTime: 2026-02-20T09:00:00Z, description: \(String(repeating: "x", count: 5000))}", "a description of 5000 bytes"),
            ("just text", "an entry must be"),
        ]
        for (entry, expected) in times {
            let t = try parse("---\ntime_entries:\n  - {startTime: 2026-02-20T08:00:00Z, endTime: 2026-02-20T08:30:00Z}\n  - \(entry)\n---\n").task
            XCTAssertEqual(t.timeEntries.count, 1, entry)
            XCTAssertEqual(t.badTimeEntries, 1, entry)
            XCTAssertEqual(t.warnings.count, 1, "\(entry): \(t.warnings)")
            XCTAssertTrue(t.warnings.first?.hasPrefix("time_entries entry 2: ") == true, "\(entry): \(t.warnings)")
            XCTAssertTrue(t.warnings.first?.contains(expected) == true, "\(entry): \(t.warnings)")
        }
        let reminders: [(String, String)] = [
            ("{type: absolute, absoluteTime: 2026-02-20T09:00:00Z}", "invalid_reminder_entry: a reminder has no id"),
            ("{id: r, type: soon}", "invalid_reminder_type"),
            ("{id: r, type: absolute}", "has no absoluteTime"),
            ("{id: r, type: absolute, absoluteTime: 2026-02-30T09:00:00Z}", "invalid_reminder_absolute_time"),
            ("{id: r, type: relative, relatedTo: start, offset: PT1H}", "invalid_reminder_related_to"),
            ("{id: r, type: relative, relatedTo: due, offset: +PT1H}", "invalid_reminder_offset"),
            ("{id: r, type: relative, relatedTo: due, offset: P99999999999D}", "invalid_reminder_offset"),
            ("{id: r, type: relative, relatedTo: due}", "has no offset"),
            ("{id: \(String(repeating: "i", count: 300)), type: relative, relatedTo: due, offset: PT1H}", "id is 300 bytes long"),
        ]
        for (entry, expected) in reminders {
            let t = try parse("---\ndue: 2026-02-20\nreminders:\n  - {id: ok, type: relative, relatedTo: due, offset: -PT1H}\n  - \(entry)\n---\n").task
            XCTAssertEqual(t.reminders.map(\.id), ["ok"], entry)
            XCTAssertEqual(t.badReminders, 1, entry)
            XCTAssertTrue(t.warnings.first?.contains(expected) == true, "\(entry): \(t.warnings)")
        }
        let twice = try parse("---\ntime_entries: [{startTime: 2026-02-20T08:00:00Z}, {startTime: 2026-02-20T09:00:00Z}]\n---\n").task
        XCTAssertEqual(twice.timeEntries.count, 2, "kept as the file has them")
        XCTAssertEqual(twice.warnings, ["time_entries: multiple_active_time_entries: 2 entries are running (at most one may be)"])
        let many = "---\ntime_entries:\n" + (0..<10_050).map { "  - {startTime: 2026-02-20T08:00:00Z, endTime: 2026-02-20T08:0\($0 % 10):00Z}\n" }.joined() + "---\n"
        let big = try parse(many).task
        XCTAssertEqual(big.timeEntries.count, TimeEntry.maxEntries)
        XCTAssertEqual(big.badTimeEntries, 50)
        XCTAssertThrowsError(try TimeTracking.started(big, at: Self.now, profile: .todomd)) { XCTAssertEqual($0 as? TimeTracking.Refusal, .unreadableEntries(50)) }
    }

    /// A write of another field leaves a list with a bad entry as it was, and the timer refuses to
    /// rewrite it; the cache's record keeps what was read.
    func testABadListIsKeptByteForByteAndNotRewritten() throws {
        let dir = TempDir()
        let list = "time_entries:\n  - startTime: 2026-02-20T08:00:00Z   # before the call\n    endTime: soon\n  - {startTime: 2026-02-20T09:00:00Z}\n"
        let reminders = "reminders:\n  - {id: a, type: later}\n"
        dir.write("ship.md", "---\ntitle: Ship\nstatus: todo\n" + list + reminders + "---\nBody.\n")
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        var ship = try XCTUnwrap(snapshot.task(id: "ship.md"))
        XCTAssertEqual(ship.timeEntries, [TimeEntry(start: Self.at("2026-02-20T09:00:00Z"))])
        XCTAssertEqual(snapshot.problems.filter { $0.id == "ship.md" }.count, 2)
        XCTAssertThrowsError(try TimeTracking.stopped(ship, at: Self.now, profile: .todomd)) { XCTAssertEqual($0 as? TimeTracking.Refusal, .unreadableEntries(1)) }
        // Even a task changed in memory does not carry a list that would lose an entry.
        ship.timeEntries = []
        ship.reminders = []
        ship.title = "Ship it"
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(ship, now: Self.now)
        let after = try XCTUnwrap(dir.text("ship.md"))
        XCTAssertTrue(after.contains(list + reminders), after)
        XCTAssertTrue(after.contains("title: Ship it"), after)
        let reread = try parse(after, id: "ship.md").task
        let decoded = TaskRecord.encode(reread).withUnsafeBytes { TaskRecord.decode($0, id: "ship.md", timeZone: utc) }
        XCTAssertEqual(decoded?.timeEntries, reread.timeEntries)
        XCTAssertEqual(decoded?.badTimeEntries, 1)
        XCTAssertEqual(decoded?.badReminders, 1)
    }

    /// Start and stop through the writer: the list is written as a block of maps in canonical
    /// instants, read back the same, other keys and the body untouched; the record keeps it.
    func testStartAndStopWriteTheList() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\ntags: [x]  # kept\n---\nNotes.\n")
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var a = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "a.md"))
        a = try writer.update(try TimeTracking.started(a, at: Self.at("2026-02-20T09:00:00Z").addingTimeInterval(0.9), profile: writer.profile), now: Self.now)
        XCTAssertThrowsError(try TimeTracking.started(a, at: Self.now, profile: writer.profile)) { XCTAssertEqual($0 as? TimeTracking.Refusal, .alreadyActive) }
        a = try writer.update(try TimeTracking.stopped(a, at: Self.at("2026-02-20T10:15:00Z"), profile: writer.profile), now: Self.now)
        a = try writer.update(try TimeTracking.started(a, at: Self.at("2026-02-20T11:00:00Z"), profile: writer.profile, description: "Review: #2"), now: Self.now)
        let text = try XCTUnwrap(dir.text("a.md"))
        XCTAssertTrue(text.contains("""
        time_entries:
          - startTime: 2026-02-20T09:00:00Z
            endTime: 2026-02-20T10:15:00Z
          - startTime: 2026-02-20T11:00:00Z
            description: "Review: #2"

        """), text)
        XCTAssertTrue(text.contains("tags: [x]  # kept\n") && text.hasSuffix("---\nNotes.\n"), text)
        let reread = try parse(text, id: "a.md").task
        XCTAssertEqual(reread.timeEntries, a.timeEntries)
        XCTAssertEqual(reread.timeEntries.last?.description, "Review: #2")
        XCTAssertThrowsError(try TimeTracking.stopped(try TimeTracking.stopped(reread, at: Self.now, profile: .todomd), at: Self.now, profile: .todomd)) {
            XCTAssertEqual($0 as? TimeTracking.Refusal, .noActive)
        }
        var withReminder = reread
        withReminder.reminders = [.absolute(id: "call", at: Self.at("2026-02-21T08:00:00+01:00")), .relative(id: "r2", to: .scheduled, offset: "-P1D")]
        _ = try writer.update(withReminder, now: Self.now)
        let again = try parse(try XCTUnwrap(dir.text("a.md")), id: "a.md").task
        XCTAssertEqual(again.reminders, withReminder.reminders)
        XCTAssertEqual(again.reminders.first?.absoluteTime, "2026-02-21T07:00:00Z")
        let decoded = TaskRecord.encode(again).withUnsafeBytes { TaskRecord.decode($0, id: "a.md", timeZone: utc) }
        XCTAssertEqual(decoded?.timeEntries, again.timeEntries)
        XCTAssertEqual(decoded?.reminders, again.reminders)
    }

    /// TaskNotes' plugin writes `timeEntries` with milliseconds and a "Work session" description;
    /// its field mapping renames the key. A Backlog.md project keeps none, unless its
    /// `.todomd-profile.yaml` names a key.
    func testEachProfileReadsItsOwnKey() throws {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}")
        let plugin = "timeEntries:\n  - startTime: 2026-05-19T06:45:00.000Z\n    description: Work session\n    endTime: 2026-05-19T07:05:00.000Z\n"
        dir.write("TaskNotes/Tasks/Ship.md", "---\ntitle: Ship\nstatus: open\ntags: [task]\n" + plugin + "reminders:\n  - id: rem_1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n---\n")
        var snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        let ship = try XCTUnwrap(snapshot.task(id: "TaskNotes/Tasks/Ship.md"))
        XCTAssertEqual(ship.timeEntries, [TimeEntry(start: Self.at("2026-05-19T06:45:00Z"), end: Self.at("2026-05-19T07:05:00Z"), description: "Work session")])
        XCTAssertEqual(ship.reminders.map(\.id), ["rem_1"])
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        _ = try writer.update(try TimeTracking.started(ship, at: Self.at("2026-05-20T08:00:00Z"), profile: writer.profile), now: Self.now)
        // (The plugin's entry kept as it wrote it; the new one in its shape: TimeEntryListWriterTests.)
        XCTAssertTrue(try XCTUnwrap(dir.text("TaskNotes/Tasks/Ship.md")).contains("timeEntries:\n" + plugin.dropFirst("timeEntries:\n".count) + "  - startTime: 2026-05-20T08:00:00.000Z\n"))
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\", \"fieldMapping\": {\"timeEntries\": \"sessions\", \"reminders\": \"alarms\"}}")
        dir.write("TaskNotes/Tasks/Ship.md", "---\ntitle: Ship\nstatus: open\ntags: [task]\nsessions: [{startTime: 2026-05-19T06:45:00Z}]\n" + plugin + "alarms: [{id: a, type: absolute, absoluteTime: 2026-05-19T06:45:00Z}]\n---\n")
        XCTAssertEqual(ProfileDetection.detect(root: dir.path).profile.timeEntriesKey, "sessions")
        snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.task(id: "TaskNotes/Tasks/Ship.md")?.timeEntries, [TimeEntry(start: Self.at("2026-05-19T06:45:00Z"))])
        XCTAssertEqual(snapshot.task(id: "TaskNotes/Tasks/Ship.md")?.reminders.map(\.id), ["a"])

        let backlog = TempDir()
        backlog.write(["backlog/config.yml": "project_name: \"P\"\n",
                       "backlog/tasks/task-1 - Design.md": "---\nid: task-1\ntitle: Design\nstatus: To Do\ntime_entries: [{startTime: 2026-05-19T06:45:00Z}]\n---\n"])
        let design = try XCTUnwrap(try VaultLoader.load(root: backlog.path, timeZone: utc).task(id: "backlog/tasks/task-1 - Design.md"))
        XCTAssertEqual(design.timeEntries, [])
        XCTAssertThrowsError(try TimeTracking.started(design, at: Self.now, profile: VaultWriter(root: backlog.path).profile)) {
            XCTAssertEqual($0 as? TimeTracking.Refusal, .noKey)
        }
        backlog.write(".todomd-profile.yaml", "base: backlog\nkeys:\n  time_entries: time_entries\n")
        let named = try XCTUnwrap(try VaultLoader.load(root: backlog.path, timeZone: utc).task(id: "backlog/tasks/task-1 - Design.md"))
        XCTAssertEqual(named.timeEntries, [TimeEntry(start: Self.at("2026-05-19T06:45:00Z"))])
    }

    func testCanonicalInstantsAreWholeSecondsInUTC() {
        for (text, canonical) in [("2026-02-20T09:00:00Z", "2026-02-20T09:00:00Z"), ("2026-02-20T09:00:00.999Z", "2026-02-20T09:00:00Z"),
                                  ("2026-02-20T01:30:00+05:30", "2026-02-19T20:00:00Z"), ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
                                  ("2026-03-08T02:30:00-05:00", "2026-03-08T07:30:00Z")] {
            XCTAssertEqual(TimeEntry.canonical(try TimeEntry.instant(text, key: "t")), canonical, text)
        }
    }
}
