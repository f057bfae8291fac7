import Foundation
import XCTest
@testable import TaskEngine

/// When reminders fire: relative ones across zones and daylight-saving
/// changes, absolute ones, and each exactly once over windows that follow one
/// another (as a running app or `todomd reminders` every minute sees them).
final class ReminderTriggerTests: XCTestCase {
    let f = ISO8601DateFormatter()

    func testRelativeOffsetsMoveTheCalendarThenTheClock() throws {
        let ny = TimeZone(identifier: "America/New_York")!
        var t = TaskItem(id: "a.md", title: "A")
        // Summer time began in New York on 2026-03-08 at 02:00.
        t.due = TaskDate(parsing: "2026-03-08T09:00", timeZone: ny)
        t.scheduled = TaskDate(parsing: "2026-03-09", timeZone: ny)
        func at(_ offset: String, _ base: Reminder.Base = .due, anchor: ReminderTrigger.Anchor = .midnight) -> String? {
            ReminderTrigger.instant(.relative(id: "r", to: base, offset: offset), due: t.due, scheduled: t.scheduled, anchor: anchor, timeZone: ny).map(TimeEntry.canonical)
        }
        XCTAssertEqual(at("PT0M"), "2026-03-08T13:00:00Z")
        XCTAssertEqual(at("-P1D"), "2026-03-07T14:00:00Z", "09:00 the day before, in standard time")
        XCTAssertEqual(at("-PT24H"), "2026-03-07T13:00:00Z", "24 hours before: 08:00 that day")
        XCTAssertEqual(at("-PT15M"), "2026-03-08T12:45:00Z")
        XCTAssertEqual(at("P1W"), "2026-03-15T13:00:00Z")
        XCTAssertEqual(at("-P1M"), "2026-02-08T14:00:00Z")
        // A whole day counts from the anchor time (00:00 unless set).
        XCTAssertEqual(at("PT0M", .scheduled), "2026-03-09T04:00:00Z")
        XCTAssertEqual(at("-PT1H", .scheduled, anchor: .init(hour: 9, minute: 30)), "2026-03-09T12:30:00Z")
        // A date and time with its own zone is that instant, wherever the task is read.
        t.due = TaskDate(parsing: "2026-03-08T09:00:00Z", timeZone: ny)
        XCTAssertEqual(at("-PT1H"), "2026-03-08T08:00:00Z")
        // No base, or an offset that cannot be read: it does not fire.
        t.due = nil
        XCTAssertNil(at("-PT1H"))
        XCTAssertNil(ReminderTrigger.instant(Reminder(id: "x", kind: .relative, relatedTo: "scheduled", offset: "+PT1H"), due: nil, scheduled: t.scheduled, timeZone: ny))
        XCTAssertNil(ReminderTrigger.instant(Reminder(id: "x", kind: .absolute, absoluteTime: "soon"), due: nil, scheduled: nil, timeZone: ny))
    }

    /// Generated reminders in five zones around each change of 2026: every one fires in exactly
    /// one window of a tiling (of several widths), in order of instant then id.
    func testEveryReminderFiresExactlyOnceAcrossWindows() throws {
        var rng = SeededRandom(seed: 44)
        let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"].map { TimeZone(identifier: $0)! }
        let offsets = ["PT0M", "-PT15M", "-PT1H", "PT30M", "-P1D", "-PT24H", "P1D", "-P1W", "-PT90M", "PT2H30M"]
        var fired = 0
        for zone in zones {
            for change in ["2026-03-08", "2026-03-29", "2026-04-05", "2026-10-04", "2026-10-25", "2026-11-01"] {
                let day = Day.parseISO(change)!
                let tasks: [TaskItem] = (0..<15).map { n in
                    var t = TaskItem(id: "t\(n).md", title: "T\(n)")
                    let d = day.adding(days: rng.int(-2...2))
                    let time = rng.pick(["", "T00:30", "T01:30", "T02:30", "T03:00", "T09:00", "T23:45"])
                    t.due = TaskDate(parsing: d.iso + time, timeZone: zone)
                    t.scheduled = rng.chance(0.5) ? TaskDate(parsing: d.adding(days: -1).iso, timeZone: zone) : nil
                    t.reminders = (0..<rng.int(1...4)).map { k in
                        rng.chance(0.2)
                            ? .absolute(id: "r\(k)", at: f.date(from: change + "T00:00:00Z")!.addingTimeInterval(TimeInterval(rng.int(-86_400...86_400))))
                            : .relative(id: "r\(k)", to: rng.chance(0.7) ? .due : .scheduled, offset: rng.pick(offsets))
                    }
                    return t
                }
                let from = f.date(from: change + "T00:00:00Z")!.addingTimeInterval(-3 * 86_400)
                let to = from.addingTimeInterval(6 * 86_400)
                // Windows of an hour and seven seconds, a day, and of random widths from a minute to three hours.
                for tiling in 0..<3 {
                    var seen: [String: Int] = [:]
                    var at = from
                    while at < to {
                        let width: TimeInterval = tiling == 0 ? 3607 : tiling == 1 ? 86_400 : TimeInterval(rng.int(60...3 * 3600))
                        let end = min(at + width, to)
                        for t in tasks {
                            let firing = ReminderTrigger.firing(t, from: at, to: end, timeZone: zone)
                            XCTAssertEqual(firing.map(\.at), firing.map(\.at).sorted())
                            for (r, when) in firing {
                                XCTAssertTrue(when >= at && when < end)
                                seen[t.id + "/" + r.id, default: 0] += 1
                            }
                        }
                        at = end
                    }
                    // Every reminder whose instant lies in the span fired once, and none other did.
                    for t in tasks {
                        for r in t.reminders {
                            let instant = ReminderTrigger.instant(r, due: t.due, scheduled: t.scheduled, timeZone: zone)
                            let inSpan = instant.map { $0 >= from && $0 < to } ?? false
                            XCTAssertEqual(seen[t.id + "/" + r.id] ?? 0, inSpan ? 1 : 0, "\(zone.identifier) \(t.id) \(r.id) \(r.offset ?? "")")
                            if inSpan { fired += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(fired, 500)
    }

    func testOrderIsByInstantThenID() {
        var t = TaskItem(id: "a.md", title: "A")
        t.due = TaskDate(parsing: "2026-02-20T10:00:00Z", timeZone: utc)
        t.reminders = [.relative(id: "z", to: .due, offset: "-PT1H"), .absolute(id: "b", at: f.date(from: "2026-02-20T09:00:00Z")!),
                       .relative(id: "a", to: .due, offset: "-PT15M")]
        let firing = ReminderTrigger.firing(t, from: f.date(from: "2026-02-20T00:00:00Z")!, to: f.date(from: "2026-02-21T00:00:00Z")!, timeZone: utc)
        XCTAssertEqual(firing.map(\.reminder.id), ["b", "z", "a"])
    }

    /// What `modify --remind` reads, and what each adds to a task.
    func testTypedRemindersAndWhatTheyAdd() throws {
        let ny = TimeZone(identifier: "America/New_York")!
        let cases: [(String, ReminderRequest?)] = [
            ("-1h", .relative(.due, offset: "-PT1H")), ("-30m", .relative(.due, offset: "-PT30M")), ("2d", .relative(.due, offset: "P2D")),
            ("scheduled-1w", .relative(.scheduled, offset: "-P1W")), ("-pt15m", .relative(.due, offset: "-PT15M")), ("due-P1DT2H", .relative(.due, offset: "-P1DT2H")),
            ("9am", .clock(hour: 9, minute: 0)), ("14:30", .clock(hour: 14, minute: 30)), ("none", .clear),
            ("2026-11-25T09:00", .at(TaskDate(parsing: "2026-11-25T09:00", timeZone: ny)!)),
            ("1h", .relative(.due, offset: "PT1H")), ("due1h", .relative(.due, offset: "PT1H")),
            // (A `+` is refused, as a file's `+PT15M` is: an offset after the date has no sign.)
            ("+1h", nil), ("due+1h", nil), ("scheduled+30m", nil), ("+PT1H", nil), ("-99999999999h", nil), ("soon", nil), ("2026-11-25", nil), ("", nil), (String(repeating: "1", count: 100) + "h", nil),
        ]
        for (typed, expected) in cases { XCTAssertEqual(ReminderRequest.parse(typed, timeZone: ny), expected, typed) }
        for typed in ["+1h", "due+1h", "+PT1H"] {
            XCTAssertTrue(ReminderRequest.refusal(typed).contains("an offset takes no + (1h is an hour after the due date, -1h an hour before"), typed)
        }
        XCTAssertEqual(ReminderRequest.refusal("soon"), "'soon' is not a reminder (try -1h, -30m, scheduled-1d, 9am, 2026-11-25T09:00)")
        var t = TaskItem(id: "a.md", title: "A")
        let now = f.date(from: "2026-11-24T20:00:00Z")!  // 15:00 in New York
        XCTAssertThrowsError(try ReminderRequest.relative(.due, offset: "-PT1H").apply(to: &t, now: now, timeZone: ny))
        try ReminderRequest.clock(hour: 9, minute: 0).apply(to: &t, now: now, timeZone: ny)
        try ReminderRequest.clock(hour: 16, minute: 0).apply(to: &t, now: now, timeZone: ny)
        XCTAssertEqual(t.reminders.map(\.absoluteTime), ["2026-11-25T14:00:00Z", "2026-11-24T21:00:00Z"], "the next 9am is tomorrow's, the next 4pm today's")
        t.due = TaskDate(parsing: "2026-12-01", timeZone: ny)
        t.reminders.removeFirst()
        try ReminderRequest.clock(hour: 9, minute: 0).apply(to: &t, now: now, timeZone: ny)
        try ReminderRequest.relative(.due, offset: "-PT1H").apply(to: &t, now: now, timeZone: ny)
        XCTAssertEqual(t.reminders.map(\.id), ["rem_2", "rem_3", "rem_4"], "ids unique within the task")
        XCTAssertEqual(t.reminders[1].absoluteTime, "2026-12-01T14:00:00Z", "on the due day")
        try ReminderRequest.clear.apply(to: &t, now: now, timeZone: ny)
        XCTAssertEqual(t.reminders, [])
    }
}
