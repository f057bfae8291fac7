import Foundation
import XCTest
@testable import TaskEngine

/// What a typed reminder is: compound offsets (`-1h30m`) as ISO 8601
/// durations and back, a word meant as a reminder refused rather than made
/// title, a second reminder firing as one the task has refused, and `none`
/// removing every entry, those todomd cannot read too.
final class ReminderTypingTests: XCTestCase {
    let today = Day.parseISO("2026-11-23")!
    let now = ISO8601DateFormatter().date(from: "2026-11-23T12:00:00Z")!

    /// Every combination of weeks, days, hours and minutes, either sign and either base.
    func testCompoundOffsetsAreISODurationsAndShowBackAsTyped() throws {
        var cases = 0
        let ws: [Int?] = [nil, 1, 2], ds: [Int?] = [nil, 0, 1, 3], hs: [Int?] = [nil, 1, 2, 23], ms: [Int?] = [nil, 5, 30, 90]
        for w in ws { for d in ds { for h in hs { for m in ms {
            let parts = [(w, "w"), (d, "d"), (h, "h"), (m, "m")]
            guard parts.contains(where: { $0.0 != nil }) else { continue }
            let body = parts.compactMap { n, u in n.map { "\($0)\(u)" } }.joined()
            // The duration written independently: weeks alone as weeks, beside others as days.
            var iso: String
            if let w, d == nil, h == nil, m == nil {
                iso = "P\(w)W"
            } else {
                iso = "P" + (w != nil || d != nil ? "\((w ?? 0) * 7 + (d ?? 0))D" : "")
                let time = (h.map { "\($0)H" } ?? "") + (m.map { "\($0)M" } ?? "")
                if !time.isEmpty { iso += "T" + time }
            }
            for sign in ["-", ""] { for base in Reminder.Base.allCases {
                let typed = (base == .scheduled ? "scheduled" : "") + sign + body
                let request = ReminderRequest.parse(typed, timeZone: utc)
                // (Nothing before or after: `-0d` is at the date, written without the sign.)
                let zero = [w, d, h, m].allSatisfy { ($0 ?? 0) == 0 }
                XCTAssertEqual(request, .relative(base, offset: (zero ? "" : sign) + iso), typed)
                XCTAssertTrue(ISODuration.isValid(sign + iso), iso)
                // Shown back in the short form, which reads as the same reminder.
                guard let shown = request?.typed else { continue }
                XCTAssertEqual(ReminderRequest.parse(shown, timeZone: utc), request, "\(typed) → \(shown)")
                XCTAssertFalse(shown.uppercased().contains("PT"), "\(typed) → \(shown)")
                cases += 1
            } }
        } } } }
        XCTAssertGreaterThan(cases, 500)
        XCTAssertEqual(ReminderRequest.parse("-1h30m", timeZone: utc)?.typed, "-1h30m")
        XCTAssertEqual(ReminderRequest.parse("-90m", timeZone: utc), .relative(.due, offset: "-PT90M"))
        XCTAssertEqual(ReminderRequest.parse("-1d2h", timeZone: utc), .relative(.due, offset: "-P1DT2H"))
        XCTAssertEqual(ReminderRequest.relation("-PT1H30M", to: "due"), "1h30m before due")
        XCTAssertEqual(ReminderRequest.shortOffset("-PT1H30M"), "-1h30m")
        XCTAssertEqual(ReminderRequest.shortOffset("P1M"), "1mo")
        XCTAssertEqual(ReminderRequest.shortOffset("-PT45S"), "-45s")
        XCTAssertNil(ReminderRequest.shortOffset("-PT0M"), "0m is written PT0M")
        XCTAssertNil(ReminderRequest.shortOffset("P1W2D"), "1w2d would be written P9D")
        // Out of order, twice, fractions, other units, past the bound: not reminders.
        for bad in ["-30m1h", "-1h1h", "-1.5h", "-1x", "-1h30", "h", "-", "-99999999999h", "-2147483647w1d"] {
            XCTAssertNil(ReminderRequest.parse(bad, timeZone: utc), bad)
        }
    }

    /// A word after `remind` that was meant as one (and is none) is refused by name, never made title.
    func testAWordMeantAsAReminderIsRefusedNotMadeTitle() {
        let meant = ["+1h", "due+1h", "scheduled+30m", "-1x", "25:00", "1h30", "+PT15M", "2026-13-45T09:00", "-1.5h"]
        for word in meant {
            XCTAssertTrue(ReminderRequest.looksMeant(word), word)
            let q = QuickAdd.parse("Call Bob fri remind \(word)", today: today)
            XCTAssertEqual(q.title, "Call Bob", word)
            XCTAssertEqual(q.badReminders, [word], word)
            XCTAssertEqual(q.reminderRefusal, ReminderRequest.refusal(word), word)
            XCTAssertTrue(q.summary(today: today).contains("remind '\(word)' is not a reminder"), q.summary(today: today))
            // The change line reads it the same way: refused by name, not "not understood".
            let c = TaskChanges.parse("remind \(word)", today: today)
            XCTAssertEqual(c.fields.reminderRefusal, ReminderRequest.refusal(word), word)
            XCTAssertEqual(c.leftover, "", word)
        }
        XCTAssertTrue(ReminderRequest.refusal("+1h").contains("an offset takes no +"))
        for word in ["me", "2nd", "2", "Bob", "at", "the"] {
            XCTAssertFalse(ReminderRequest.looksMeant(word), word)
            let q = QuickAdd.parse("remind \(word) later", today: today)
            XCTAssertEqual(q.title, "remind \(word) later", word)
            XCTAssertNil(q.reminderRefusal, word)
        }
    }

    /// Reminders that fire alike, however typed: the second is refused by what it is.
    func testASecondReminderFiringAlikeIsRefused() throws {
        let alike: [(String, String, String)] = [
            ("-1h", "-60m", "1h before due"), ("-1h", "-PT1H", "1h before due"), ("1w", "7d", "1w after due"),
            ("-1h30m", "-90m", "1h30m before due"), ("scheduled-1d", "scheduled-P1D", "1d before scheduled"),
            ("9am", "2026-11-25T09:00", "at 2026-11-25 09:00"), ("2026-11-25T09:00Z", "2026-11-25T10:00+01:00", "at 2026-11-25 09:00"),
        ]
        for (first, second, words) in alike {
            var t = QuickAdd.parse("Call fri 10am sched wed", today: today).task()
            t.due = TaskDate(parsing: "2026-11-25T10:00")
            try XCTUnwrap(ReminderRequest.parse(first, timeZone: utc)).apply(to: &t, now: now, timeZone: utc)
            let before = t
            XCTAssertThrowsError(try XCTUnwrap(ReminderRequest.parse(second, timeZone: utc)).apply(to: &t, now: now, timeZone: utc), second) { error in
                XCTAssertEqual(error as? ReminderRequest.Refusal, .duplicate(words), second)
                XCTAssertEqual((error as? ReminderRequest.Refusal)?.description, "the task already has a reminder \(words)")
            }
            XCTAssertEqual(t, before, "nothing added: \(second)")
        }
        // Not alike: another base, another length, a calendar day against 24 hours (not the same across a clock change).
        for (first, second) in [("-1h", "scheduled-1h"), ("-1h", "-2h"), ("-1d", "-24h"), ("9am", "10am")] {
            var t = QuickAdd.parse("Call fri 10am sched wed", today: today).task()
            try XCTUnwrap(ReminderRequest.parse(first, timeZone: utc)).apply(to: &t, now: now, timeZone: utc)
            XCTAssertNoThrow(try XCTUnwrap(ReminderRequest.parse(second, timeZone: utc)).apply(to: &t, now: now, timeZone: utc), second)
            XCTAssertEqual(t.reminders.count, 2)
            XCTAssertEqual(Set(t.reminders.map(\.id)).count, 2)
        }
    }

    func testNoneRemovesEveryEntryThoseUnreadToo() throws {
        var t = QuickAdd.parse("Call fri", today: today).task()
        try ReminderRequest.relative(.due, offset: "-PT1H").apply(to: &t, now: now, timeZone: utc)
        t.badReminders = 2
        try ReminderRequest.clear.apply(to: &t, now: now, timeZone: utc)
        XCTAssertEqual(t.reminders, [])
        XCTAssertEqual(t.badReminders, 0)
        // The missing date is said in the refusal, with the place's own way to set it.
        let refusal = ReminderRequest.Refusal.noBase(.due)
        XCTAssertEqual(refusal.said { _ in "fill in Due first" }, "the reminder counts from due, which the task does not have (fill in Due first)")
        XCTAssertEqual(ReminderRequest.Refusal.duplicate("1h before due").said { _ in "x" }, "the task already has a reminder 1h before due")
    }
}
