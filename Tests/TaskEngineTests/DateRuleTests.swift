import XCTest
@testable import TaskEngine

/// Every date operator, swept around month ends, leap days and year ends.
final class DateRuleTests: XCTestCase {
    /// A plain day-by-day reading of the spec's table, for comparison.
    func expected(_ op: String, _ value: JSONValue, unit: String?, today: Day, d: Day) -> Bool {
        func v(_ x: JSONValue) -> Day {
            switch x.string! {
            case "today": return today
            case "yesterday": return today.adding(days: -1)
            case "tomorrow": return today.adding(days: 1)
            case let s: return Day.parseISO(s)!
            }
        }
        switch op {
        case "on": return d == v(value)
        case "before": return d < v(value)
        case "after": return d > v(value)
        case "on_or_before": return d <= v(value)
        case "on_or_after": return d >= v(value)
        case "between": return v(value.array![0]) <= d && d <= v(value.array![1])
        default:
            let n = value.int!
            var edge = today
            for _ in 0..<n {  // step one unit at a time, the slow way
                switch unit {
                case "weeks": edge = edge.adding(days: op == "in_past" ? -7 : 7)
                case "months": edge = op == "in_past" ? edge.adding(months: -1) : edge.adding(months: 1)
                default: edge = edge.adding(days: op == "in_past" ? -1 : 1)
                }
            }
            if unit == "months" { edge = today.adding(months: op == "in_past" ? -n : n) }
            return op == "in_past" ? (edge <= d && d <= today) : (today <= d && d <= edge)
        }
    }

    func testEveryOperatorAroundMonthEndsAndLeapDays() {
        let todays = ["2026-11-30", "2026-12-31", "2027-01-01", "2028-02-28", "2028-02-29", "2028-03-01", "2026-03-31", "2026-01-31"].map { Day.parseISO($0)! }
        let values: [JSONValue] = [.string("today"), .string("yesterday"), .string("tomorrow"), .string("2028-02-29"), .string("2026-12-01")]
        for today in todays {
            let days = (-70...70).map { today.adding(days: $0) }
            let tasks = days.map { task($0.iso, due: $0.iso) }
            for op in ["on", "before", "after", "on_or_before", "on_or_after"] {
                for value in values {
                    let got = matching(.cond("due", op, value), tasks, today: today)
                    let want = days.filter { expected(op, value, unit: nil, today: today, d: $0) }.map(\.iso).sorted()
                    XCTAssertEqual(got, want, "\(today) \(op) \(value)")
                }
            }
            for unit in ["days", "weeks", "months"] {
                for n in [0, 1, 2, 6] {
                    for op in ["in_past", "in_next"] {
                        let got = matching(.cond("due", op, .int(n), unit: unit), tasks, today: today)
                        let want = days.filter { expected(op, .int(n), unit: unit, today: today, d: $0) }.map(\.iso).sorted()
                        XCTAssertEqual(got, want, "\(today) \(op) \(n) \(unit)")
                    }
                }
            }
            let between = JSONValue.array([.string("yesterday"), .string("2028-02-29")])
            XCTAssertEqual(matching(.cond("due", "between", between), tasks, today: today),
                           days.filter { expected("between", between, unit: nil, today: today, d: $0) }.map(\.iso).sorted())
        }
    }

    func testMonthsClampToTheLastDay() {
        let today = Day.parseISO("2026-03-31")!
        let tasks = ["2026-02-27", "2026-02-28", "2026-03-01"].map { task($0, due: $0) }
        XCTAssertEqual(matching(.cond("due", "in_past", .int(1), unit: "months"), tasks, today: today), ["2026-02-28", "2026-03-01"])
        let nov30 = Day.parseISO("2026-11-30")!
        let oct = ["2026-10-29", "2026-10-30"].map { task($0, due: $0) }
        XCTAssertEqual(matching(.cond("due", "in_past", .int(1), unit: "months"), oct, today: nov30), ["2026-10-30"])
    }

    func testDateTimesCountOnTheirLocalDayAndMissingDatesNeverMatch() throws {
        var t = try TaskFileCodec.parse(Array("---\ndue: 2026-11-21T23:30\n---\n".utf8), id: "late.md", timeZone: utc).task
        t.scheduled = nil
        let tasks = [t, task("nodate")]
        XCTAssertEqual(matching(.cond("due", "on", .string("today")), tasks), ["late"])
        XCTAssertEqual(matching(.cond("scheduled", "before", .string("today")), tasks), [])
        XCTAssertEqual(matching(.cond("scheduled", "not_equals", .string("today")), tasks), ["late", "nodate"])
        for field in ["created", "completed", "modified", "defer"] {
            XCTAssertEqual(matching(.cond(field, "on_or_before", .string("today")), tasks), [], field)
        }
    }

    func testDescriptionsResolveRelativeDates() {
        let today = Day.parseISO("2026-11-21")!
        let cases: [(RuleNode, String)] = [
            (.cond("due", "in_next", .int(7), unit: "days"), "Due in the next 7 days → 21 Nov – 28 Nov"),
            (.cond("due", "in_past", .int(1), unit: "months"), "Due in the past 1 month → 21 Oct – 21 Nov"),
            (.cond("scheduled", "on", .string("tomorrow")), "Scheduled on tomorrow → 22 Nov"),
            (.cond("defer", "on_or_before", .string("today")), "Deferred on or before today → until 21 Nov"),
            (.cond("due", "between", .array([.string("2026-12-30"), .string("2027-01-02")])), "Due between 2026-12-30 and 2027-01-02 → 30 Dec – 2 Jan 2027"),
            (.cond("due", "is_nil"), "Has no due date"),
            (.cond("status", "in", .strings(["todo", "in-progress"])), "Status is todo or in-progress"),
            (.cond("area", "within", .string("Work")), "Is in area \"Work\" (or below it)"),
            (.cond("tags", "contains_any", .strings(["phone", "email"])), "Is tagged with any of phone or email"),
            (.cond("tags", "is_nil"), "Is untagged"),
            (.cond("estimated_minutes", "less_than", .int(15)), "Estimated time less than 15 min"),
            (.cond("inbox", "equals", .bool(true)), "Has no area or project"),
            (.cond("flagged", "equals", .bool(true)), "Flagged"),
            (.cond("recurrence", "is_not_nil"), "Is repeating"),
            (.cond("title", "string_contains", .string("report")), "Title contains \"report\""),
            (.all([]), "All of the following"), (.any([]), "Any of the following"), (.none([]), "None of the following"),
        ]
        for (node, text) in cases { XCTAssertEqual(RuleDescriber.describe(node, today: today), text) }
        XCTAssertTrue(RuleDescriber.describe(.cond("mood", "is", .string("x")), today: today).hasPrefix("Unknown rule"))
    }
}
