import Foundation
import XCTest
@testable import TaskEngine

final class DateTests: XCTestCase {
    /// Day arithmetic agrees with Foundation's Gregorian calendar for every day of 1900–2100.
    func testDayMatchesFoundationCalendar() {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = utc
        var date = cal.date(from: DateComponents(year: 1900, month: 1, day: 1))!
        let end = cal.date(from: DateComponents(year: 2100, month: 12, day: 31))!
        var day = Day(year: 1900, month: 1, day: 1)!
        while date <= end {
            let c = cal.dateComponents([.year, .month, .day, .weekday], from: date)
            XCTAssertEqual(day.year, c.year)
            XCTAssertEqual(day.month, c.month)
            XCTAssertEqual(day.dayOfMonth, c.day)
            XCTAssertEqual(day.isoWeekday, (c.weekday! + 5) % 7 + 1)
            XCTAssertEqual(Day.containing(date, in: utc), day)
            if c.day! % 7 == 0 { XCTAssertEqual(Day.parseISO(day.iso), day) }
            date = cal.date(byAdding: .day, value: 1, to: date)!
            day = day.adding(days: 1)
        }
    }

    /// `iso`, written digit by digit, is what `String(format: "%04d-%02d-%02d")` writes: every
    /// 13th day of years 0–10000 (every month and day of month, each year), the edges, and
    /// days before year 0 and after 9999 (which take `String(format:)` itself).
    func testISOTextMatchesTheFormattedOne() {
        let first = Day(year: 0, month: 1, day: 1)!.ordinal, last = Day(year: 10000, month: 12, day: 31)!.ordinal
        var ordinals = Array(stride(from: first, through: last, by: 13))
        ordinals += [first - 1, first, first + 1, last - 1, last, last + 1, first - 400_000, last + 400_000, 0]
        ordinals += [Day(year: 9999, month: 12, day: 31)!.ordinal, Day(year: 9999, month: 12, day: 31)!.ordinal + 1]
        for o in ordinals {
            let day = Day(ordinal: o), (y, m, d) = day.components
            XCTAssertEqual(day.iso, String(format: "%04d-%02d-%02d", y, m, d), "ordinal \(o)")
        }
        XCTAssertEqual(Day(year: 7, month: 3, day: 9)!.iso, "0007-03-09")
        XCTAssertEqual(Day(year: 2026, month: 11, day: 26)!.iso, "2026-11-26")
    }

    func testMonthArithmeticClampsToTheLastDay() {
        let cases: [(String, Int, String)] = [
            ("2026-11-30", -1, "2026-10-30"), ("2026-03-31", -1, "2026-02-28"), ("2028-03-31", -1, "2028-02-29"),
            ("2026-01-31", 1, "2026-02-28"), ("2024-02-29", 12, "2025-02-28"), ("2024-02-29", 48, "2028-02-29"),
            ("2026-12-15", 1, "2027-01-15"), ("2026-01-15", -1, "2025-12-15"), ("2026-05-31", -3, "2026-02-28"),
            ("2026-11-21", -25, "2024-10-21"), ("2026-11-21", 0, "2026-11-21"),
        ]
        for (from, months, to) in cases {
            XCTAssertEqual(Day.parseISO(from)!.adding(months: months).iso, to, "\(from) \(months)")
        }
    }

    func testInvalidDaysAreRejected() {
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-1", "26-11-21", "2026/11/21", "", "2026-11-2x"] {
            XCTAssertNil(Day.parseISO(bad), bad)
            XCTAssertNil(TaskDate(parsing: bad), bad)
        }
        XCTAssertNotNil(Day.parseISO("2024-02-29"))
        for bad in ["2026-11-21T25:00", "2026-11-21T10", "2026-11-21T10:00+", "2026-11-21X10:00", "2026-11-21T10:00:00.", "2026-11-21T10:00 junk"] {
            XCTAssertNil(TaskDate(parsing: bad), bad)
        }
        for good in ["2026-11-21T10:00", "2026-11-21 10:00", "2026-11-21T10:00:59", "2026-11-21T10:00:59.123456",
                     "2026-11-21T10:00Z", "2026-11-21T10:00:00+05:30", "2026-11-21T10:00-0800", "2026-11-21t10:00z"] {
            XCTAssertEqual(TaskDate(parsing: good, timeZone: utc)?.hasTime, true, good)
        }
    }

    func testSortKeysOrderDayStartsBeforeTimes() {
        let day = TaskDate(parsing: "2026-11-21", timeZone: utc)!
        let morning = TaskDate(parsing: "2026-11-21T08:00", timeZone: utc)!
        let utcNoon = TaskDate(parsing: "2026-11-21T12:00Z", timeZone: utc)!
        let next = TaskDate(parsing: "2026-11-22", timeZone: utc)!
        XCTAssertLessThan(day.sortKey, morning.sortKey)
        XCTAssertLessThan(morning.sortKey, utcNoon.sortKey)
        XCTAssertLessThan(utcNoon.sortKey, next.sortKey)
    }

    func testTypedDates() {
        let today = Day.parseISO("2026-11-22")!  // a Sunday
        let cases: [(String, String?)] = [
            ("today", "2026-11-22"), ("Tomorrow", "2026-11-23"), ("yesterday", "2026-11-21"),
            ("mon", "2026-11-23"), ("fri", "2026-11-27"), ("friday", "2026-11-27"), ("sun", "2026-11-22"), ("sat", "2026-11-28"),
            ("+3d", "2026-11-25"), ("+3", "2026-11-25"), ("+2w", "2026-12-06"), ("+1m", "2026-12-22"), ("-1d", "2026-11-21"),
            ("+1y", "2027-11-22"), ("2026-12-31", "2026-12-31"), (" 2026-12-31 ", "2026-12-31"),
            ("", nil), ("soon", nil), ("fr", nil), ("+d", nil), ("2026-02-30", nil), ("+x3d", nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(DateInput.parse(text, today: today)?.iso, expected, text)
        }
    }

    func testSlugs() {
        XCTAssertEqual(Slug.make("Draft Q4 summary"), "draft-q4-summary")
        XCTAssertEqual(Slug.make("Café à 9h!"), "cafe-a-9h")
        XCTAssertEqual(Slug.make("  --Hello,   World--  "), "hello-world")
        XCTAssertEqual(Slug.make("買い物リスト 🛒"), "買い物リスト")
        XCTAssertEqual(Slug.make("🎉🎉"), "task")
        XCTAssertEqual(Slug.make(String(repeating: "a", count: 200)).count, 60)
        var taken: Set<String> = ["x.md", "x-2.md"]
        XCTAssertEqual(Slug.fileName(for: "X") { taken.contains($0) }, "x-3.md")
        taken = []
        XCTAssertEqual(Slug.fileName(for: "X") { taken.contains($0) }, "x.md")
    }
}
