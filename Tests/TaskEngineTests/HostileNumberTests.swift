import Foundation
import XCTest
@testable import TaskEngine

/// Numbers at and past 32 and 64 bits, of either sign, in every numeric part
/// of a rule, in quick add's "every N" and estimates, and in Backlog.md's
/// task numbers: each is read as a clear error (or skipped), never a trap, and
/// nothing computed from an accepted one lands past the year 9999.
final class HostileNumberTests: XCTestCase {
    /// Widths around 32 and 64 bits, both signs, and the ordinary edges.
    static let numbers: [String] = {
        let magnitudes = ["0", "1", "31", "32", "53", "54", "366", "367", "10000", "10001", "1000000", "1000001",
                          "2147483647", "2147483648", "4294967295", "4294967296", "4294967297",
                          "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
                          "99999999999999999999", "000000000000000000000000000007"]
        return magnitudes.flatMap { [$0, "-" + $0, "+" + $0] }
    }()

    /// Each numeric part of a rule, `#` standing for the number; and the range a rule may hold there.
    static let parts: [(template: String, accepted: ClosedRange<Int>?, signed: Bool)] = [
        ("FREQ=DAILY;INTERVAL=#", 1...RecurrenceRule.maxInterval, false),
        ("FREQ=WEEKLY;INTERVAL=#;BYDAY=MO", 1...RecurrenceRule.maxInterval, false),
        ("FREQ=MONTHLY;INTERVAL=#", 1...RecurrenceRule.maxInterval, false),
        ("FREQ=YEARLY;INTERVAL=#", 1...RecurrenceRule.maxInterval, false),
        ("FREQ=DAILY;COUNT=#", 1...RecurrenceRule.maxCount, false),
        ("FREQ=MONTHLY;BYMONTHDAY=#", 1...31, true),
        ("FREQ=MONTHLY;BYMONTHDAY=1,#", 1...31, true),
        ("FREQ=YEARLY;BYMONTH=#", 1...12, false),
        ("FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=#", 1...366, true),
        ("FREQ=MONTHLY;BYDAY=#MO", 1...53, true),
        ("FREQ=YEARLY;BYDAY=#FR", 1...53, true),
        ("FREQ=YEARLY;BYWEEKNO=#", nil, true),
        ("FREQ=YEARLY;BYYEARDAY=#", nil, true),
        ("FREQ=DAILY;BYHOUR=#", nil, true),
        ("FREQ=DAILY;BYMINUTE=#", nil, true),
        ("FREQ=DAILY;BYSECOND=#", nil, true),
    ]

    let today = Day.parseISO("2026-11-23")!

    func task(_ rule: String, scheduled: String = "2026-11-23", due: String? = nil) -> TaskItem {
        var t = TaskItem(id: "r.md", title: "Repeats")
        t.recurrence = rule
        t.scheduled = TaskDate(parsing: scheduled, timeZone: utc)
        if let due { t.due = TaskDate(parsing: due, timeZone: utc) }
        return t
    }

    func testEveryNumericPartOfARuleIsRangeCheckedWhereItIsRead() {
        var accepted = 0, refused = 0
        for part in Self.parts {
            for number in Self.numbers {
                let text = part.template.replacingOccurrences(of: "#", with: number)
                let value = Int(number)
                let inRange = value.map { v in
                    guard let range = part.accepted, v != 0, v != Int.min else { return false }
                    return range.contains(v) || (part.signed && range.contains(-v))
                } ?? false
                do {
                    let rule = try RecurrenceRule(parsing: text)
                    accepted += 1
                    XCTAssertTrue(inRange, "\(text) should be refused")
                    // Whatever is accepted can be described and completed (or skipped, every other one) without a trap.
                    XCTAssertFalse(RecurrenceWords.describe(rule).isEmpty)
                    // (`+31` and `0…031` make the same rule as `31`; of the rest every third is stepped, completing
                    // and skipping in turn: a monthly rule that never matches takes half a second to give up on.)
                    let spelledPlainly = !number.hasPrefix("+") && !number.hasPrefix("0") && !number.hasPrefix("-0")
                    for step in spelledPlainly && accepted % 3 == 0 ? [accepted % 2 == 0 ? RecurringTask.complete : RecurringTask.skip] : [] {
                        do {
                            let r = try step(task(text), nil, today, utc)
                            if let next = r.next { XCTAssertLessThanOrEqual(next.year, 9999, text) }
                        } catch let f as RecurrenceProgress.Failure {
                            XCTAssertEqual(f, .pastLastYear, text)
                        } catch {
                            XCTFail("\(text): \(error)")
                        }
                    }
                } catch let e as RecurrenceRule.Invalid {
                    refused += 1
                    XCTAssertFalse(inRange, "\(text) is in range: \(e)")
                    XCTAssertLessThan(e.description.count, 200, "the reason quotes a bounded part: \(e)")
                    let name = String(part.template.split(separator: ";").first { $0.contains("#") }!.split(separator: "=")[0])
                    XCTAssertTrue(e.description.contains(name), "the reason names \(name): \(e)")
                } catch {
                    XCTFail("\(text): \(error)")
                }
            }
        }
        XCTAssertGreaterThan(accepted, 30)
        XCTAssertGreaterThan(refused, 500)
    }

    func testTheReportedRulesAreRefusedWithTheirReason() {
        let cases: [(String, String)] = [
            ("FREQ=DAILY;INTERVAL=9223372036854775807", "INTERVAL=9223372036854775807 must be a whole number from 1 to 10000"),
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-9223372036854775808", "BYSETPOS=-9223372036854775808: -9223372036854775808 is out of range (±1 to 366)"),
            ("FREQ=MONTHLY;BYMONTHDAY=-9223372036854775808", "BYMONTHDAY=-9223372036854775808: -9223372036854775808 is out of range (±1 to 31)"),
            ("FREQ=MONTHLY;BYDAY=9223372036854775807MO", "BYDAY=9223372036854775807MO: 9223372036854775807MO has a bad ordinal (±1 to 53)"),
            ("FREQ=DAILY;COUNT=99999999999999999999", "COUNT=99999999999999999999 must be a whole number from 1 to 1000000"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try RecurrenceRule(parsing: text), text) { XCTAssertEqual("\($0)", reason) }
            XCTAssertThrowsError(try RecurringTask.complete(task(text), today: today, timeZone: utc), text)
            XCTAssertEqual(RecurrenceWords.describe(text), "repeats (rule not understood: \(reason))")
        }
    }

    /// A valid but large interval reaches past 9999: refused, never a date no file can hold.
    func testAnOccurrencePastTheYear9999IsRefused() throws {
        let cases: [(rule: String, scheduled: String, due: String?)] = [
            ("FREQ=YEARLY;INTERVAL=10000", "2026-11-23", nil),
            ("FREQ=MONTHLY;INTERVAL=10000", "9200-01-01", nil),  // 833 years on
            ("FREQ=WEEKLY;INTERVAL=10000;BYDAY=MO", "9900-01-04", nil),  // 191 years on
            ("FREQ=DAILY;INTERVAL=10000", "9990-01-01", nil),
            ("FREQ=DAILY", "9999-12-31", nil),
            ("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=31", "9999-12-31", nil),
            ("FREQ=DAILY", "9999-12-30", "9999-12-31"),  // due keeps its distance: past 9999
        ]
        for c in cases {
            let t = task(c.rule, scheduled: c.scheduled, due: c.due)
            for step in [RecurringTask.complete, RecurringTask.skip] {
                XCTAssertThrowsError(try step(t, nil, Day.parseISO(c.scheduled)!, utc), c.rule) {
                    XCTAssertEqual($0 as? RecurrenceProgress.Failure, .pastLastYear, c.rule)
                    XCTAssertTrue("\($0)".contains("after the year 9999"), "\($0)")
                }
            }
        }
        // Just inside: the last day there is.
        let r = try RecurringTask.complete(task("FREQ=DAILY", scheduled: "9999-12-30"), today: today, timeZone: utc)
        XCTAssertEqual(r.next?.iso, "9999-12-31")
        XCTAssertEqual(r.task.scheduled?.raw, "9999-12-31")
        // The expansion itself stops there, and says so.
        var days = RecurrenceExpansion.days(try RecurrenceRule(parsing: "FREQ=YEARLY"), start: Day.parseISO("9990-06-01")!)
        var seen: [Day] = []
        while let d = days.next() { seen.append(d) }
        XCTAssertEqual(seen.count, 10)
        XCTAssertTrue(days.passedLastYear)
    }

    func testADayPastFourDigitsIsWrittenAsItsNumberNotGarbage() {
        for (y, expected) in [(10000, "10000-01-05"), (82000000, "82000000-01-05"), (-1, "-001-01-05"), (-12345, "-12345-01-05"), (4294967297, "4294967297-01-05")] {
            let d = Day(ordinal: Day.daysFromCivil(y, 1, 5))
            XCTAssertEqual(d.iso, expected)
            XCTAssertNil(Day.parseISO(d.iso), "such a day is never read back as one")
        }
    }

    func testQuickAddEveryNPastTheLargestIntervalStaysInTheTitle() throws {
        let phrases = ["every # days", "every # weeks", "every # months", "every # years", "every # weeks on mon",
                       "every # weeks on mon, thu", "every # months on the 1st", "every # months on the last fri"]
        var kept = 0
        for phrase in phrases {
            for number in Self.numbers {
                let line = "Water plants " + phrase.replacingOccurrences(of: "#", with: number)
                let q = QuickAdd.parse(line, today: today)
                if let n = Int(number), n >= 1, n <= RecurrenceRule.maxInterval, !number.hasPrefix("+"), !number.hasPrefix("0") {
                    let rule = try XCTUnwrap(q.recurrence, line)
                    XCTAssertNoThrow(try RecurrenceRule(parsing: rule), line)
                    XCTAssertEqual(q.title, "Water plants", line)
                } else if let rule = q.recurrence {
                    // (a leading + or zeros still read as the number, within range)
                    XCTAssertNoThrow(try RecurrenceRule(parsing: rule), line)
                } else {
                    kept += 1
                    XCTAssertTrue(q.title.contains(number), "nothing typed is lost: \(line) → \(q.title)")
                }
                if let rule = q.recurrence {
                    do { _ = try RecurringTask.complete(task(rule), today: today, timeZone: utc) } catch {
                        XCTAssertEqual(error as? RecurrenceProgress.Failure, .pastLastYear, line)
                    }
                }
            }
        }
        XCTAssertGreaterThan(kept, 300)
    }

    func testQuickAddEstimatesPastTheirBoundAreNotEstimates() {
        for number in Self.numbers where !number.hasPrefix("-") {
            for unit in ["m", "min", "h", "hrs", "h30m"] {
                let q = QuickAdd.parse("Task ~\(number)\(unit)", today: today)
                if let m = q.estimatedMinutes { XCTAssertTrue((1...100_000).contains(m), "\(number)\(unit): \(m)") }
            }
        }
        XCTAssertEqual(QuickAdd.parse("Task ~9223372036854775807h", today: today).estimatedMinutes, nil)
        XCTAssertEqual(QuickAdd.parse("Task ~1h30m", today: today).estimatedMinutes, 90)
    }

    func testBacklogNumbersPastTheBoundAreSkippedWhenNumbering() {
        for number in Self.numbers where !number.hasPrefix("-") && !number.hasPrefix("+") {
            let dir = TempDir()
            dir.write("backlog/tasks/task-7 - Seven.md", "---\nid: task-7\ntitle: Seven\n---\n")
            dir.write("backlog/completed/task-\(number) - Big.md", "---\nid: task-\(number)\ntitle: Big\n---\n")
            let next = VaultProfile.highestBacklogNumber(root: dir.path, prefix: "task").number + 1
            if let n = Int(number), n <= VaultProfile.maxBacklogNumber {
                XCTAssertEqual(next, max(n, 7) + 1, number)
            } else {
                XCTAssertEqual(next, 8, "task-\(number) is skipped")
            }
        }
    }

    func testFileValuesPastTheirRangeAreProblemsNotTraps() throws {
        let values: [(String, String)] = [
            ("due", "99999999999-01-01"), ("due", "-9223372036854775808-01-01"), ("scheduled", "9223372036854775807-12-31"),
            ("estimated_minutes", "99999999999999999999"), ("estimated_minutes", "1e30"), ("estimated_minutes", "-9223372036854775808"),
            ("timeEstimate", "1e30"), ("recurrence", "FREQ=DAILY;INTERVAL=9223372036854775807"),
        ]
        for (key, value) in values {
            let text = "---\ntitle: Hostile\n\(key): \(value)\n---\n"
            // Either a clear error or a task that holds no such number: never a trap.
            if let t = try? parse(text).task {
                for d in [t.due, t.scheduled].compactMap({ $0 }) { XCTAssertLessThanOrEqual(d.day.year, 9999, text) }
                if key == "estimated_minutes" { XCTAssertNil(t.estimatedMinutes, text) }
            }
        }
    }
}

/// Numbers typed or read for dates relative to today: bounded before any arithmetic.
final class HostileRelativeDateTests: XCTestCase {
    let today = Day.parseISO("2026-11-23")!

    func testRelativeDatesPastFourDigitYearsAreNotDates() {
        for unit in ["", "d", "w", "m", "y"] {
            for n in HostileNumberTests.numbers where !n.hasPrefix("-") && !n.hasPrefix("+") {
                for sign in ["+", "-"] {
                    if let d = DateInput.parse(sign + n + unit, today: today) {
                        XCTAssertTrue((0...9999).contains(d.year), "\(sign)\(n)\(unit) → \(d.iso)")
                    }
                }
            }
        }
        XCTAssertNil(DateInput.parse("+100000y", today: today))
        XCTAssertEqual(DateInput.parse("+2w", today: today)?.iso, "2026-12-07")
    }

    func testAPerspectivesInNextOrInPastPastItsBoundIsASkippedRule() {
        for op in ["in_next", "in_past"] {
            for unit in ["days", "weeks", "months"] {
                for n in HostileNumberTests.numbers {
                    for value in [JSONValue.string(n), .number(n)] {
                        let result = DateRule.resolve(op: op, value: value, unit: unit, today: today)
                        let inRange = Int(n).map { (0...DateRule.maxUnits).contains($0) } ?? false
                        switch result {
                        case .success: XCTAssertTrue(inRange, "\(op) \(n) \(unit)")
                        case .failure: XCTAssertFalse(inRange, "\(op) \(n) \(unit) is in range")
                        }
                    }
                }
            }
        }
    }
}
