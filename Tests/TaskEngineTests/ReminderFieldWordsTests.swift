import Foundation
import XCTest
@testable import TaskEngine

/// The form's Remind field shows reminders as they are typed (`-1h`,
/// `9am 2 Dec`) and reads them back: over generated reminders in zones with
/// clock changes, each one shown and read again fires at the same instant;
/// the words themselves checked against a calendar of Foundation's.
final class ReminderFieldWordsTests: XCTestCase {
    let zones = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata"].map { TimeZone(identifier: $0)! }

    /// The instant a reminder fires for a task due at `due`.
    func fires(_ r: Reminder, due: TaskDate?, scheduled: TaskDate?, _ tz: TimeZone) -> Date? {
        ReminderTrigger.instant(r, due: due, scheduled: scheduled, timeZone: tz)
    }

    func testEveryShownReminderReadsBackToTheSameInstant() throws {
        var rng = SeededRandom(seed: 1144)
        let offsets = ["-PT1H", "PT1H", "-PT15M", "-PT90M", "-PT1H30M", "-P1D", "P2D", "-P1W", "-P1W2D", "-PT0M", "PT0S", "-P1DT2H", "-P1M", "-PT30S"]
        var checked = 0
        for tz in zones {
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = tz
            for todayISO in ["2026-03-28", "2026-10-24", "2026-11-23", "2026-12-30"] {
                let today = Day.parseISO(todayISO)!
                for _ in 0..<60 {
                    let due = TaskDate(parsing: Day(ordinal: today.ordinal + rng.int(-40...40)).iso + (rng.chance(0.5) ? "T\(rng.int(10...23)):\(rng.pick(["00", "30", "45"]))" : ""), timeZone: tz)!
                    let scheduled = TaskDate(day: Day(ordinal: today.ordinal + rng.int(-5...5)))
                    var t = TaskItem(id: "t.md", title: "T")
                    (t.due, t.scheduled) = (due, scheduled)
                    let r: Reminder
                    if rng.chance(0.5) {
                        r = .relative(id: "r1", to: rng.pick(Reminder.Base.allCases), offset: rng.pick(offsets))
                    } else {
                        // A local time on a day up to a year and a half away, either way, at whole minutes (or with seconds).
                        let day = Day(ordinal: today.ordinal + rng.int(-500...500))
                        let (y, m, d) = day.components
                        let at = cal.date(from: DateComponents(year: y, month: m, day: d, hour: rng.int(0...23), minute: rng.pick([0, 5, 30, 59]),
                                                               second: rng.chance(0.1) ? 7 : 0))!
                        r = .absolute(id: "r1", at: at)
                    }
                    let shown = ReminderTyping.shown(r, today: today, timeZone: tz)
                    let request = try XCTUnwrap(ReminderTyping.request(shown, today: today, timeZone: tz), "\(tz.identifier) \(todayISO): '\(shown)' reads back")
                    var again = t
                    try request.apply(to: &again, now: Date(timeIntervalSince1970: 0), timeZone: tz)
                    XCTAssertEqual(fires(again.reminders[0], due: due, scheduled: scheduled, tz), fires(r, due: due, scheduled: scheduled, tz),
                                   "\(tz.identifier) \(todayISO): \(r) shown '\(shown)'")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 5 * 4 * 60)
    }

    func testTheWordsAreTheShortOnes() throws {
        let today = Day.parseISO("2026-11-23")!
        // Each part as the file writes it, in the units the field reads back.
        for (offset, base, want) in [("-PT1H", "due", "-1h"), ("PT1H", "due", "1h"), ("-PT15M", "due", "-15m"), ("-PT90M", "due", "-90m"),
                                     ("-PT1H30M", "due", "-1h30m"), ("-P1D", "scheduled", "scheduled-1d"), ("-P1W", "due", "-1w"), ("-P1W2D", "due", "-1w2d"),
                                     ("-PT0M", "due", "0m"), ("PT0S", "due", "0m"), ("-P1DT2H", "due", "-1d2h"), ("-P1M", "scheduled", "scheduled-1mo"),
                                     ("-PT30S", "due", "-30s"), ("P1Y2M3DT4H5M6S", "due", "1y2mo3d4h5m6s"), ("-P2W", "scheduled", "scheduled-2w")] {
            XCTAssertEqual(ReminderTyping.shown(.relative(id: "r", to: Reminder.Base(rawValue: base)!, offset: offset), today: today, timeZone: .current), want, offset)
        }
        for zone in zones {
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = zone
            for (y, m, d, h, min, want) in [(2026, 12, 2, 9, 0, "9am 2 Dec"), (2026, 11, 23, 14, 30, "2:30pm 23 Nov"), (2026, 11, 23, 0, 5, "12:05am 23 Nov"),
                                            (2026, 11, 25, 12, 0, "12pm 25 Nov"), (2026, 11, 20, 9, 0, "9am 20 Nov 2026"), (2027, 1, 5, 23, 59, "11:59pm 5 Jan 2027")] {
                let at = cal.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min))!
                XCTAssertEqual(ReminderTyping.shown(.absolute(id: "r", at: at), today: today, timeZone: zone), want, "\(zone.identifier) \(want)")
            }
        }
        // Not a whole minute: as the file holds it.
        XCTAssertEqual(ReminderTyping.shown(Reminder(id: "r", kind: .absolute, absoluteTime: "2026-12-02T09:00:30Z"), today: today, timeZone: .current),
                       "2026-12-02T09:00:30Z")
    }

    func testATimeWithADayIsReadInEitherOrder() throws {
        let today = Day.parseISO("2026-11-23")!, tz = TimeZone(identifier: "Europe/Berlin")!
        for typed in ["9am 2 Dec", "2 Dec 9am", "9:00 2 dec", "2 December 09:00", "9am dec 2"] {
            XCTAssertEqual(ReminderTyping.request(typed, today: today, timeZone: tz), .at(TaskDate(parsing: "2026-12-02T09:00", timeZone: tz)!), typed)
        }
        XCTAssertEqual(ReminderTyping.request("3pm tomorrow", today: today, timeZone: tz), .at(TaskDate(parsing: "2026-11-24T15:00", timeZone: tz)!))
        XCTAssertEqual(ReminderTyping.request("-1h", today: today, timeZone: tz), .relative(.due, offset: "-PT1H"))
        for bad in ["9am 2 Dec extra", "2 Dec", "soon", "9am 31 Feb", "25:00 2 Dec", String(repeating: "9am ", count: 20)] {
            XCTAssertNil(ReminderTyping.request(bad, today: today, timeZone: tz), bad)
        }
    }
}
