import Foundation
import XCTest
@testable import TaskEngine

/// An absolute reminder's time without a zone, as TaskNotes' plugin writes it
/// (`absoluteTime: 2026-11-30T08:00:00`, its date and time inputs) and reads it
/// (local time): read so in a TaskNotes vault, refused in todomd's format and
/// by the spec's strict reading; new times written there as local time with
/// their offset, which the plugin reads back as written.
final class ReminderLocalTimeTests: XCTestCase {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "UTC"].map { TimeZone(identifier: $0)! }

    /// The instant a wall clock in `zone` shows, told independently of `LocalClock` (a formatter set to the zone).
    static func wall(_ text: String, _ zone: TimeZone) -> Date? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return f.date(from: text)
    }

    /// Generated clock times around each zone's changes of 2026: read in the zone, each is the
    /// instant the zone's clock shows then (a time a change skips is left out: no clock shows it).
    func testAZonelessTimeIsTheInstantTheLocalClockShows() throws {
        var rng = SeededRandom(seed: 1444)
        var checked = 0
        for zone in Self.zones {
            for change in ["2026-03-08", "2026-03-29", "2026-04-05", "2026-09-27", "2026-10-04", "2026-10-25", "2026-11-01", "2026-12-31"] {
                for _ in 0..<40 {
                    let day = Day.parseISO(change)!.adding(days: rng.int(-1...1))
                    let (h, m, s) = (rng.int(0...23), rng.pick([0, 15, 30, 45, 59]), rng.pick([0, 0, 30]))
                    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
                    let full = "\(day.iso)T\(two(h)):\(two(m)):\(two(s))"
                    guard let want = Self.wall(full, zone), Self.formatted(want, zone) == full else { continue }  // (skipped by a change)
                    // A time a change shows twice (the hour after it falls back) is the first, as the plugin's JavaScript reads it.
                    let twice = Self.formatted(want.addingTimeInterval(-3600), zone) == full || Self.formatted(want.addingTimeInterval(-1800), zone) == full
                    let first = [-3600.0, -1800, 0].map { want.addingTimeInterval($0) }.first { Self.formatted($0, zone) == full }!
                    for text in [full, full + ".000", s == 0 ? "\(day.iso)T\(two(h)):\(two(m))" : full] {
                        let got = try Reminder.instant(text, localIn: zone)
                        XCTAssertEqual(Self.formatted(got, zone), full, "\(zone.identifier) \(text)")
                        XCTAssertEqual(got, first, "\(zone.identifier) \(text)\(twice ? " (shown twice)" : "")")
                        XCTAssertNoThrow(try Reminder.validated(id: "r", type: "absolute", relatedTo: nil, offset: nil, absoluteTime: text, zonelessTimes: true), text)
                        // The spec's reading (the bridge, todomd's format) still asks for a zone.
                        XCTAssertThrowsError(try Reminder.validated(id: "r", type: "absolute", relatedTo: nil, offset: nil, absoluteTime: text)) {
                            XCTAssertEqual(($0 as? Reminder.Refusal)?.code, "invalid_reminder_absolute_time")
                        }
                        let fires = ReminderTrigger.instant(Reminder(id: "r", kind: .absolute, absoluteTime: text), due: nil, scheduled: nil, timeZone: zone)
                        XCTAssertEqual(fires, first, "\(zone.identifier) \(text)")
                    }
                    // Written back as local time with its offset: the same instant, the same clock.
                    for at in [want, first] {
                        let written = LocalClock.written(at, in: zone)
                        XCTAssertTrue(written.hasPrefix(full), "\(zone.identifier) \(written)")
                        XCTAssertEqual(try TimeEntry.instant(written, key: "absoluteTime"), at, written)
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 1500)
    }

    static func formatted(_ d: Date, _ zone: TimeZone) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return f.string(from: d)
    }

    /// What is no clock time stays refused, in a TaskNotes vault too.
    func testWhatIsNoTimeIsStillRefused() {
        for text in ["2026-11-30", "2026-11-30 08:00:00", "2026-11-30T8:00", "2026-11-30T25:00:00", "2026-02-30T08:00:00", "2026-11-30T08:00:00ZZ",
                     "2026-11-30T08:00:00+1", "2026-11-30T08:00:00.", "soon", "", "2026-11-30T08:00:00 ", String(repeating: "2", count: 80)] {
            XCTAssertThrowsError(try Reminder.validated(id: "r", type: "absolute", relatedTo: nil, offset: nil, absoluteTime: text, zonelessTimes: true), text)
        }
    }

    /// The plugin's file in a TaskNotes vault: read, fires at 08:00 local, shown in the form's words,
    /// kept byte for byte when another reminder is added (written as local time with its offset).
    /// The same entry in todomd's format is a problem, left as written.
    func testATaskNotesVaultReadsAndKeepsThePluginsTime() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let entry = "reminders:\n  - id: rem_1764486000000\n    type: absolute\n    absoluteTime: 2026-11-30T08:00:00\n"
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}")
        dir.write("TaskNotes/Tasks/Call.md", "---\ntitle: Call\nstatus: open\ndue: 2026-12-01\ntags: [task]\n" + entry + "---\n")
        let call = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: berlin).task(id: "TaskNotes/Tasks/Call.md"))
        XCTAssertEqual(call.warnings, [])
        XCTAssertEqual(call.badReminders, 0)
        XCTAssertEqual(call.reminders, [Reminder(id: "rem_1764486000000", kind: .absolute, absoluteTime: "2026-11-30T08:00:00")])
        XCTAssertEqual(ReminderTrigger.firing(call, from: .distantPast, to: .distantFuture, timeZone: berlin).map { TimeEntry.canonical($0.at) },
                       ["2026-11-30T07:00:00Z"])
        XCTAssertEqual(ReminderTyping.shown(call.reminders[0], today: Day.parseISO("2026-11-28")!, timeZone: berlin), "8am 30 Nov")
        // Typed again as the same instant: the one the task has.
        XCTAssertThrowsError(try ReminderRequest.parse("2026-11-30T08:00", timeZone: berlin)!.reminder(for: call, now: Date(), timeZone: berlin, localTimes: true)) {
            XCTAssertEqual($0 as? ReminderRequest.Refusal, .duplicate("at 2026-11-30 08:00"))
        }

        var more = call
        try ReminderRequest.parse("2026-12-01T09:30", timeZone: berlin)!.apply(to: &more, now: Date(), timeZone: berlin, localTimes: true)
        XCTAssertEqual(more.reminders.last?.absoluteTime, "2026-12-01T09:30:00+01:00")
        let writer = VaultWriter(root: dir.path, timeZone: berlin)
        XCTAssertTrue(writer.profile.reminderTimesLocal)
        _ = try writer.update(more, now: Date())
        let text = try XCTUnwrap(dir.text("TaskNotes/Tasks/Call.md"))
        XCTAssertTrue(text.contains(entry + "  - id: rem_2\n    type: absolute\n    absoluteTime: 2026-12-01T09:30:00+01:00\n"), text)
        let again = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: berlin).task(id: "TaskNotes/Tasks/Call.md"))
        XCTAssertEqual(again.reminders, more.reminders)
        XCTAssertEqual(again.badReminders, 0)

        let own = try parse("---\ntitle: Call\n" + entry + "---\n", tz: berlin).task
        XCTAssertEqual(own.reminders, [])
        XCTAssertEqual(own.badReminders, 1)
        XCTAssertTrue(own.warnings.first?.contains("invalid_reminder_absolute_time") == true, "\(own.warnings)")
    }

    /// A vault configured by tasknotes.yaml follows the spec: a time without a zone is refused there.
    func testATasknotesYamlVaultFollowsTheSpec() throws {
        let dir = TempDir()
        dir.write("tasknotes.yaml", "tasks:\n  folder: Tasks\n")
        dir.write("Tasks/Call.md", "---\ntitle: Call\nstatus: open\ntags: [task]\nreminders:\n  - {id: r, type: absolute, absoluteTime: 2026-11-30T08:00:00}\n---\n")
        XCTAssertFalse(ProfileDetection.detect(root: dir.path).profile.reminderTimesLocal)
        let call = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "Tasks/Call.md"))
        XCTAssertEqual([call.reminders.count, call.badReminders], [0, 1])
        XCTAssertTrue(call.warnings.first?.contains("invalid_reminder_absolute_time") == true, "\(call.warnings)")
    }

    /// In todomd's format a new time is still written in UTC, as before.
    func testTodomdsFormatWritesUTC() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        var t = TaskItem(id: "a.md", title: "A")
        try ReminderRequest.parse("2026-12-01T09:30", timeZone: berlin)!.apply(to: &t, now: Date(), timeZone: berlin)
        XCTAssertEqual(t.reminders.map(\.absoluteTime), ["2026-12-01T08:30:00Z"])
        XCTAssertFalse(VaultProfile.todomd.reminderTimesLocal)
    }
}
