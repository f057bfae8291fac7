import Foundation
import XCTest
@testable import TaskEngine

/// The report's totals against an independent sum, over generated sessions:
/// overlapping ones, one running per task (an entry left open by a crash),
/// sessions across midnight and across daylight-saving changes, in zones with
/// hour and half-hour changes and none.
final class TimeReportTests: XCTestCase {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"].map { TimeZone(identifier: $0)! }

    /// Generated tasks in a vault: each with a project, maybe an area, tags, and sessions
    /// around the spring and autumn changes of 2026 (March 8 and 29, April 5, October 4, 25, November 1).
    static func tasks(seed: UInt64, around base: Date) -> [TaskItem] {
        var rng = SeededRandom(seed: seed)
        return (0..<60).map { n in
            var t = TaskItem(id: "t\(n).md", title: "T\(n)")
            t.project = rng.chance(0.8) ? rng.pick(["Home", "Work", "Book"]) : nil
            t.area = rng.chance(0.5) ? rng.pick(["Life", "Job"]) : nil
            t.tags = (0..<rng.int(0...3)).map { _ in rng.pick(["a", "b", "c", "d"]) }
            var entries: [TimeEntry] = []
            for _ in 0..<rng.int(0...12) {
                let start = base.addingTimeInterval(TimeInterval(rng.int(-10 * 86_400...10 * 86_400)))
                // Short, long, past midnight, across a whole day or two; zero-length ones too.
                let length = rng.pick([0, 59, 60, 25 * 60, 3 * 3600, 9 * 3600 + 17, 26 * 3600, 49 * 3600])
                entries.append(TimeEntry(start: start, end: start.addingTimeInterval(TimeInterval(length))))
            }
            // Overlaps: a copy of one session shifted a little.
            if let e = entries.first, rng.chance(0.3) { entries.append(TimeEntry(start: e.start.addingTimeInterval(600), end: e.end!.addingTimeInterval(600))) }
            // One running (started by start, or left open by a crash days ago).
            if rng.chance(0.25) { entries.append(TimeEntry(start: base.addingTimeInterval(TimeInterval(rng.int(-5 * 86_400...0))))) }
            entries.shuffle(using: &rng)
            t.timeEntries = entries
            return t
        }
    }

    /// Seconds of `tasks`' entries inside `from..<to`, entry by entry: the plain reading of the report.
    static func independentSum(_ tasks: [TaskItem], from: Date, to: Date, now: Date) -> Int {
        tasks.flatMap(\.timeEntries).reduce(0) { sum, e in
            let end = e.end ?? max(now, e.start)
            let part = min(end, to).timeIntervalSince(max(e.start, from))
            return sum + max(0, Int(part))
        }
    }

    func testTotalsMatchAnIndependentSumInEveryZone() throws {
        let changes = ["2026-03-08T12:00:00Z", "2026-03-29T12:00:00Z", "2026-04-05T12:00:00Z", "2026-10-04T12:00:00Z", "2026-10-25T12:00:00Z", "2026-11-01T12:00:00Z"]
        var checked = 0
        for (k, change) in changes.enumerated() {
            let base = ISO8601DateFormatter().date(from: change)!
            let now = base.addingTimeInterval(2 * 86_400)
            let tasks = Self.tasks(seed: UInt64(k + 1), around: base)
            for zone in Self.zones {
                var cal = Calendar(identifier: .gregorian)
                cal.timeZone = zone
                let first = Day.containing(base.addingTimeInterval(-7 * 86_400), in: zone), last = Day.containing(base.addingTimeInterval(7 * 86_400), in: zone)
                for grouping in TimeReport.Grouping.allCases {
                    let report = TimeReport.make(tasks, from: first, to: last, by: grouping, now: now, timeZone: zone)
                    XCTAssertEqual(report.days.count, last.ordinal - first.ordinal + 1)
                    // Day by day, with days bounded by Foundation's own start of day.
                    for (i, day) in report.days.enumerated() {
                        let (y, m, d) = day.components
                        let start = cal.startOfDay(for: cal.date(from: DateComponents(year: y, month: m, day: d, hour: 12))!)
                        let next = cal.date(byAdding: .day, value: 1, to: start)!
                        XCTAssertEqual(report.dayTotals[i], Self.independentSum(tasks, from: start, to: next, now: now), "\(zone.identifier) \(day.iso)")
                        checked += 1
                    }
                    let (y, m, d) = first.components
                    let rangeStart = cal.startOfDay(for: cal.date(from: DateComponents(year: y, month: m, day: d, hour: 12))!)
                    let (y2, m2, d2) = last.components
                    let rangeEnd = cal.date(byAdding: .day, value: 1, to: cal.startOfDay(for: cal.date(from: DateComponents(year: y2, month: m2, day: d2, hour: 12))!))!
                    XCTAssertEqual(report.total, Self.independentSum(tasks, from: rangeStart, to: rangeEnd, now: now), zone.identifier)
                    // Each group's row is the sum of its own tasks.
                    for row in report.rows {
                        let members = tasks.filter { t in
                            switch grouping {
                            case .project: return (t.project ?? "(no project)") == row.group
                            case .area: return (t.area ?? "(no area)") == row.group
                            case .tag: return t.tags.isEmpty ? row.group == "(no tag)" : t.tags.contains(row.group)
                            case .day: return true
                            }
                        }
                        if grouping == .day {
                            XCTAssertEqual(row.seconds.filter { $0 > 0 }.count, 1, "a day's row is that day")
                            XCTAssertEqual(row.total, report.dayTotals[report.days.firstIndex { $0.iso == row.group }!])
                        } else {
                            XCTAssertEqual(row.total, Self.independentSum(members, from: rangeStart, to: rangeEnd, now: now), "\(grouping) \(row.group)")
                        }
                    }
                    // One project a task: the rows add up to the total; tags may count a task twice, never less.
                    if grouping == .project || grouping == .area || grouping == .day { XCTAssertEqual(report.rows.reduce(0) { $0 + $1.total }, report.total) }
                    if grouping == .tag { XCTAssertGreaterThanOrEqual(report.rows.reduce(0) { $0 + $1.total }, report.total) }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// A session across a whole day of a change counts that day's real length.
    func testADaylightSavingDayHasItsOwnLength() {
        let ny = TimeZone(identifier: "America/New_York")!
        var t = TaskItem(id: "a.md", title: "A")
        let f = ISO8601DateFormatter()
        t.timeEntries = [TimeEntry(start: f.date(from: "2026-03-07T12:00:00-05:00")!, end: f.date(from: "2026-03-09T12:00:00-04:00")!),
                         TimeEntry(start: f.date(from: "2026-10-31T23:30:00-04:00")!, end: f.date(from: "2026-11-02T00:30:00-05:00")!)]
        let spring = TimeReport.make([t], from: Day.parseISO("2026-03-07")!, to: Day.parseISO("2026-03-09")!, by: .project, now: Date(), timeZone: ny)
        XCTAssertEqual(spring.dayTotals, [12 * 3600, 23 * 3600, 12 * 3600])
        let autumn = TimeReport.make([t], from: Day.parseISO("2026-10-31")!, to: Day.parseISO("2026-11-02")!, by: .day, now: Date(), timeZone: ny)
        XCTAssertEqual(autumn.dayTotals, [1800, 25 * 3600, 1800])
        XCTAssertEqual(autumn.rows.map(\.group), ["2026-10-31", "2026-11-01", "2026-11-02"])
    }

    /// A running entry counts to now, never before its start; a range past the bound is cut, not walked.
    func testRunningEntriesAndBounds() {
        let start = ISO8601DateFormatter().date(from: "2026-02-20T09:00:00Z")!
        var t = TaskItem(id: "a.md", title: "A")
        t.timeEntries = [TimeEntry(start: start)]
        let day = Day.parseISO("2026-02-20")!
        XCTAssertEqual(TimeReport.make([t], from: day, to: day, by: .project, now: start.addingTimeInterval(5400), timeZone: utc).total, 5400)
        XCTAssertEqual(TimeReport.make([t], from: day, to: day, by: .project, now: start.addingTimeInterval(-60), timeZone: utc).total, 0, "a clock set back")
        let wide = TimeReport.make([t], from: Day(ordinal: 0), to: Day(ordinal: 1_000_000), by: .project, now: start, timeZone: utc)
        XCTAssertEqual(wide.days.count, TimeReport.maxDays)
        XCTAssertEqual(TimeReport.make([t], from: day, to: Day(ordinal: day.ordinal - 1), by: .tag, now: start, timeZone: utc).rows, [])
    }
}
