import Foundation
import XCTest
@testable import TaskEngine

/// The `tracked` rule field, sort and group over generated time entries
/// (overlapping sessions, running ones, sessions across midnight and across
/// the daylight-saving weeks of the local zone), each answer checked against
/// a sum made here independently: Foundation's own week of the calendar and
/// plain date arithmetic. The row predicate, the column scan, and the columns
/// read back from the cache's bytes must all agree with it.
final class TrackedTimeRuleTests: XCTestCase {
    /// Sessions of a generated task, in seconds since 1970 (end nil: running).
    func sessions(_ rng: inout SeededRandom, around base: Int) -> [(Int, Int?)] {
        guard !rng.chance(0.3) else { return [] }
        var out: [(Int, Int?)] = []
        for _ in 0..<rng.int(1...4) {
            let start = base + rng.int(-20 * 86_400...20 * 86_400)
            // Some cross midnight (up to 30 h long), some overlap the others, a few are zero-length.
            out.append((start, start + rng.pick([0, 60, 1_799, 1_800, 3_600, 7_199, 7_200, 7_201, 14_400, 30 * 3_600, rng.int(1...20_000)])))
        }
        // At most one running per task (tasknotes-spec §2.6.1), started before now.
        if rng.chance(0.2) { out.append((base - rng.int(0...50_000), nil)) }
        return out
    }

    func task(_ i: Int, _ s: [(Int, Int?)]) -> TaskItem {
        var t = TaskItem(id: String(format: "t%03d.md", i), title: "Task \(i)")
        t.timeEntries = s.map { TimeEntry(start: Date(timeIntervalSince1970: TimeInterval($0.0)), end: $0.1.map { Date(timeIntervalSince1970: TimeInterval($0)) }) }
        return t
    }

    /// The week Monday to Sunday holding `day`'s noon, as Foundation's calendar says, in the local zone.
    func foundationWeek(_ day: Day) -> DateInterval {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = .current
        cal.firstWeekday = 2
        cal.minimumDaysInFirstWeek = 4
        let (y, m, d) = day.components
        let noon = cal.date(from: DateComponents(year: y, month: m, day: d, hour: 12))!
        return cal.dateInterval(of: .weekOfYear, for: noon)!
    }

    func testRulesSortsAndGroupsAgreeWithAnIndependentSum() throws {
        var rng = SeededRandom(seed: 44)
        // Days around the spring and autumn clock changes of most zones, and an ordinary one.
        for todayISO in ["2026-03-29", "2026-10-25", "2026-11-23", "2026-01-01"] {
            let today = Day.parseISO(todayISO)!
            let base = Int(foundationWeek(today).start.timeIntervalSince1970) + 3 * 86_400
            let generated = (0..<300).map { _ in sessions(&rng, around: base) }
            let tasks = generated.enumerated().map { task($0.offset, $0.element) }
            let index = TaskIndex(tasks)
            let bytes = CacheColumns.encode(TaskColumns(index.tasks))
            let columns = try XCTUnwrap(bytes.withUnsafeBytes { CacheColumns.decode($0) }, "the columns read back from the cache's bytes")
            let week = foundationWeek(today)
            // The independent sums, by id.
            var closed: [String: Int?] = [:], inWeek: [String: Bool] = [:]
            for (i, s) in generated.enumerated() {
                let id = tasks[i].id
                // (A running session alone is no time tracked yet: nil, as a task never tracked.)
                let finished = s.compactMap { start, end in end.map { $0 - start } }
                closed[id] = finished.isEmpty ? nil : finished.reduce(0, +)
                inWeek[id] = s.contains { start, end in
                    let e = end.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? .distantFuture
                    return Date(timeIntervalSince1970: TimeInterval(start)) < week.end && e > week.start
                }
            }
            let cases: [(String, (String) -> Bool)] = [
                ("tracked more than 2h", { (closed[$0]! ?? 0) > 7_200 }),
                ("tracked less than 30m", { (closed[$0]! ?? 0) < 1_800 }),
                ("tracked more than 1h30m", { (closed[$0]! ?? 0) > 5_400 }),
                ("tracked this week", { inWeek[$0]! }),
                ("tracked is set", { closed[$0]! != nil }),
                ("tracked is not set", { closed[$0]! == nil }),
                ("tracked this week and not (tracked more than 4h)", { inWeek[$0]! && (closed[$0]! ?? 0) <= 14_400 }),
            ]
            for (text, want) in cases {
                let rules = try RuleTextParser.parse(text)
                XCTAssertEqual(RuleText.text(rules), text, "written back as read")
                let expected = index.tasks.map(\.id).filter(want)
                let scanned = RuleBits.matching(rules, in: index, today: today)
                XCTAssertEqual(scanned.warnings, [], text)
                XCTAssertEqual(index.tasks.indices.filter { scanned.bits[$0] }.map { index.tasks[$0].id }, expected, "\(todayISO): \(text) (column scan)")
                let compiled = RuleCompiler.compile(rules, today: today, index: index)
                XCTAssertEqual(index.tasks.filter(compiled.matches).map(\.id), expected, "\(todayISO): \(text) (row predicate)")
                let cached = try XCTUnwrap(RuleBits.matching(rules, columns: columns, today: today), text)
                XCTAssertEqual(index.tasks.indices.filter { cached.bits[$0] }.map { index.tasks[$0].id }, expected, "\(todayISO): \(text) (cached columns)")
            }
            // The sort: most tracked first, ties by id; never tracked last.
            let sorted = PerspectiveEvaluator.evaluate(Perspective(id: "p", name: "P", rules: RuleGroup(.and), sort: SortSpec(field: "tracked")),
                                                       in: index, today: today).groups.flatMap(\.tasks).map(\.id)
            let expectedOrder = index.tasks.map(\.id).sorted { a, b in
                switch (closed[a]!, closed[b]!) {
                case let (x?, y?): return x != y ? x > y : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return a < b
                }
            }
            XCTAssertEqual(sorted, expectedOrder, todayISO)
            // The groups: 4h or more, 1h to 4h, under 1h, none; each task in one.
            let groups = PerspectiveEvaluator.evaluate(Perspective(id: "p", name: "P", rules: RuleGroup(.and), groupBy: "tracked"), in: index, today: today).groups
            func bucket(_ s: Int?) -> String { s.map { $0 >= 14_400 ? "4h or more" : $0 >= 3_600 ? "1h to 4h" : "Under 1h" } ?? "No time tracked" }
            let want = ["4h or more", "1h to 4h", "Under 1h", "No time tracked"].filter { b in index.tasks.contains { bucket(closed[$0.id]!) == b } }
            XCTAssertEqual(groups.map(\.title), want, todayISO)
            for g in groups { XCTAssertTrue(g.tasks.allSatisfy { bucket(closed[$0.id]!) == g.title }, "\(todayISO): \(g.title ?? "")") }
            XCTAssertEqual(groups.map(\.count).reduce(0, +), tasks.count)
        }
    }

    /// The week's bounds against Foundation's, in zones with clock changes: 167 and 169 hours.
    func testTheWeekIsMondayToSundayInLocalTimeAcrossClockChanges() {
        for zone in ["Europe/Berlin", "America/New_York", "Australia/Sydney", "UTC", "Asia/Kolkata"] {
            let tz = TimeZone(identifier: zone)!
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = tz
            cal.firstWeekday = 2
            cal.minimumDaysInFirstWeek = 4
            for ordinal in stride(from: Day.parseISO("2026-01-01")!.ordinal, through: Day.parseISO("2027-01-01")!.ordinal, by: 3) {
                let day = Day(ordinal: ordinal)
                let (y, m, d) = day.components
                let interval = cal.dateInterval(of: .weekOfYear, for: cal.date(from: DateComponents(year: y, month: m, day: d, hour: 12))!)!
                let (from, to) = TrackedTime.week(of: day, timeZone: tz)
                XCTAssertEqual(from, Int64(interval.start.timeIntervalSince1970), "\(zone) \(day.iso)")
                XCTAssertEqual(to, Int64(interval.end.timeIntervalSince1970), "\(zone) \(day.iso)")
            }
        }
    }

    func testWrittenTimesReadBackAndBadOnesAreRefused() throws {
        for (text, minutes) in [("2h", 120), ("30m", 30), ("1h30m", 90), ("0m", 0), ("45", 45)] {
            XCTAssertEqual(TrackedTime.minutes(text), minutes, text)
        }
        for bad in ["2x", "h", "1h30", "99999999h", "-2h", ""] { XCTAssertNil(TrackedTime.minutes(bad), bad) }
        XCTAssertThrowsError(try RuleTextParser.parse("tracked more than soon"))
        XCTAssertThrowsError(try RuleTextParser.parse("tracked this month"))
        // "more than" and "less than" are words of the tracked field alone, both of them.
        for field in ["estimated", "due", "priority", "title"] {
            for op in ["more", "less"] { XCTAssertThrowsError(try RuleTextParser.parse("\(field) \(op) than 2h"), "\(field) \(op)") }
        }
        XCTAssertEqual(RuleDescriber.describe(.condition(RuleCondition(field: "tracked", op: "greater_than", value: .int(90))), today: Day.parseISO("2026-11-23")!),
                       "Tracked more than 1h30m")
    }

    /// A time in any of the words the app reads is stored as minutes and written back in
    /// rules as text's words; a rules file holding "2h" as text compiles to the same rule.
    func testTrackedTimesInWordsReadBackInTheSameWords() throws {
        let today = Day.parseISO("2026-11-23")!
        for (typed, minutes, written) in [("3h", 180, "3h"), ("1h30m", 90, "1h30m"), ("90m", 90, "1h30m"), ("90", 90, "1h30m"),
                                          ("45m", 45, "45m"), ("2H", 120, "2h"), ("0m", 0, "0m")] {
            for op in ["more", "less"] {
                let rules = try RuleTextParser.parse("tracked \(op) than \(typed)")
                guard case .condition(let c)? = rules.conditions.first else { return XCTFail(typed) }
                XCTAssertEqual(c.value, .int(minutes), typed)
                XCTAssertEqual(RuleText.text(rules), "tracked \(op) than \(written)", typed)
                XCTAssertEqual(try RuleTextParser.parse(RuleText.text(rules)), rules, typed)
            }
        }
        var t = TaskItem(id: "t.md", title: "T")
        t.timeEntries = [TimeEntry(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 100 * 60))]
        for (value, matches) in [(JSONValue.string("1h30m"), true), (.string("2h"), false), (.int(99), true)] {
            let compiled = RuleCompiler.compile(RuleGroup(.and, [.condition(RuleCondition(field: "tracked", op: "greater_than", value: value))]), today: today)
            XCTAssertEqual(compiled.warnings, [], "\(value)")
            XCTAssertEqual(compiled.matches(IndexedTask(t)), matches, "\(value)")
        }
        let bad = RuleCompiler.compile(RuleGroup(.and, [.condition(RuleCondition(field: "tracked", op: "greater_than", value: .string("soon")))]), today: today)
        XCTAssertEqual(bad.warnings.count, 1)
    }

    /// The sessions' column patched by edits (sessions added, removed, a timer started and
    /// stopped, tasks added and deleted) is the column built afresh, and the running timers
    /// read from it are those of the tasks.
    func testThePatchedColumnIsTheFreshOneAndFindsTheRunningTimers() {
        var rng = SeededRandom(seed: 4)
        let base = 1_795_338_000
        var tasks = (0..<200).map { task($0, sessions(&rng, around: base)) }
        var index = TaskIndex(tasks)
        _ = index.evaluation.withColumns(index) { _ in 0 }  // (made now: the edits below patch it)
        for round in 0..<30 {
            var changed: [TaskItem] = [], removed: Set<String> = []
            for _ in 0..<rng.int(1...6) {
                let i = rng.int(0...tasks.count - 1)
                switch rng.int(0...2) {
                case 0: tasks[i] = task(i, sessions(&rng, around: base)); changed.append(tasks[i])
                case 1: removed.insert(tasks[i].id)
                default:
                    let t = task(1_000 + round * 10 + changed.count, sessions(&rng, around: base))
                    changed.append(t)
                }
            }
            index.update(changed, removing: removed)
            let patched = index.evaluation.withColumns(index) { CacheColumns.encode($0) }
            XCTAssertEqual(patched, CacheColumns.encode(TaskColumns(index.tasks)), "round \(round)")
            let want = TimeTracking.running(index.tasks.map(\.task)).map(\.task.id)
            XCTAssertEqual(index.runningTimers.map(\.task.id), want, "round \(round)")
        }
    }
}
