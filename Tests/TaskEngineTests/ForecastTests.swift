import Foundation
import XCTest
@testable import TaskEngine

/// The Forecast's counts against a plain reading of what it promises: an
/// open task counts on its due day and on its scheduled day (once when they
/// are one day), due before today is Overdue, after the last day is Later.
final class ForecastTests: XCTestCase {
    /// The slots of one task, read from its dates with `Day` arithmetic alone (not the columns, not the rules).
    static func plainSlots(_ t: TaskItem, today: Day, days: Int) -> Set<Forecast.Slot> {
        guard !t.status.isClosed, !t.isDraft else { return [] }
        let last = today.adding(days: days - 1)
        func ahead(_ d: Day) -> Forecast.Slot { d > last ? .later : .day(d.ordinal - today.ordinal) }
        var out = Set<Forecast.Slot>()
        if let due = t.due?.day { out.insert(due < today ? .overdue : ahead(due)) }
        if let s = t.scheduled?.day, s >= today { out.insert(ahead(s)) }
        return out
    }

    static func plainCount(_ tasks: [TaskItem], _ slot: Forecast.Slot, today: Day, days: Int) -> Int {
        tasks.filter { plainSlots($0, today: today, days: days).contains(slot) }.count
    }

    func randomTask(_ i: Int, _ rng: inout SeededRandom, today: Day, zone: TimeZone) -> TaskItem {
        // A few drafts (Backlog.md), which no view but Drafts counts.
        let id = rng.chance(0.05) ? "backlog/drafts/draft-\(i).md" : "t\(i).md"
        var t = TaskItem(id: id, title: "task \(i)")
        t.setStatus(rng.pick(TaskStatus.allCases))
        t.area = rng.pick([nil, "Work", "Home"])
        func date() -> TaskDate {
            let day = today.adding(days: rng.int(-30...40))
            // Whole days, local times near midnight, and instants in UTC that fall on another local day.
            switch rng.int(0...3) {
            case 0: return TaskDate(day: day)
            case 1: return TaskDate(parsing: day.iso + rng.pick(["T00:00", "T23:59", "T12:30"]), timeZone: zone)!
            case 2: return TaskDate(parsing: day.iso + rng.pick(["T00:30:00Z", "T23:30:00Z", "T05:00:00+05:00"]), timeZone: zone)!
            default:
                // Due and scheduled on one day (counted once).
                return TaskDate(day: day)
            }
        }
        t.due = rng.chance(0.6) ? date() : nil
        t.scheduled = rng.chance(0.5) ? (rng.chance(0.2) ? t.due ?? date() : date()) : nil
        if rng.chance(0.15) { t.dependencies = [TaskDependency(uid: "[[t\(rng.int(0...i))]]")] }
        return t
    }

    /// Many generated vaults, in zones with and without daylight saving, over
    /// stretches that cross its changes: every slot's count is the plain count.
    func testCountsAgreeWithAPlainCountOfGeneratedVaults() {
        var rng = SeededRandom(seed: 43)
        var counted = 0, blockedCounted = 0
        for round in 0..<300 {
            let zone = TimeZone(identifier: rng.pick(["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC", "Asia/Kolkata"]))!
            // Around the spring and autumn changes of both hemispheres, and elsewhere.
            let start: String = rng.pick(["2026-03-22", "2026-10-20", "2026-03-30", "2026-11-28", "2026-04-01", "2026-12-31"])
            let today = Day.parseISO(start)!.adding(days: rng.int(-5...5))
            let days = rng.pick([1, 2, 7, Forecast.defaultDays, 31, 366])
            let tasks = (0..<rng.int(0...60)).map { randomTask($0, &rng, today: today, zone: zone) }
            let index = TaskIndex(tasks)
            let c = Forecast.counts(in: index, today: today, days: days)
            XCTAssertEqual(c.days.count, days)
            for slot in c.slots {
                let want = Self.plainCount(tasks, slot, today: today, days: days)
                XCTAssertEqual(c.count(slot), want, "round \(round), \(slot), today \(today), \(days) days")
                counted += want
            }
            blockedCounted += tasks.filter { !Self.plainSlots($0, today: today, days: days).isEmpty && index.isBlocked(id: $0.id) }.count
        }
        XCTAssertGreaterThan(counted, 3_000, "the sweep counts tasks in its slots")
        XCTAssertGreaterThan(blockedCounted, 50, "blocked tasks are among those counted")
    }

    /// Each slot's rules (what the list below the strip shows, and what
    /// `count --where` runs) match exactly the tasks counted there, and read
    /// back from their text form to the same tasks.
    func testEachSlotsRulesMatchTheTasksCountedThere() throws {
        var rng = SeededRandom(seed: 4343)
        for round in 0..<60 {
            let zone = TimeZone(identifier: "Europe/Berlin")!
            let today = Day.parseISO("2026-03-20")!.adding(days: rng.int(0...20))
            let days = rng.pick([1, 3, Forecast.defaultDays])
            let tasks = (0..<50).map { randomTask($0, &rng, today: today, zone: zone) }
            let index = TaskIndex(tasks)
            let c = Forecast.counts(in: index, today: today, days: days)
            for slot in c.slots {
                let rules = Forecast.rules(for: slot, today: today, days: days)
                let (bits, warnings) = RuleBits.matching(rules, in: index, today: today)
                XCTAssertEqual(warnings, [])
                let listed = Set(index.tasks.indices.filter { bits[$0] }.map { index.tasks[$0].id })
                let plain = Set(tasks.filter { Self.plainSlots($0, today: today, days: days).contains(slot) }.map(\.id))
                XCTAssertEqual(listed, plain, "round \(round), \(slot)")
                XCTAssertEqual(bits.population, c.count(slot))
                let back = try RuleTextParser.parse(RuleText.text(rules))
                XCTAssertEqual(RuleBits.count(back, in: index, today: today), c.count(slot), RuleText.text(rules))
            }
        }
    }

    /// `among` counts only the tasks a perspective (or `--where`) matched.
    func testAmongCountsOnlyTheGivenTasks() throws {
        var rng = SeededRandom(seed: 9)
        let today = Day.parseISO("2026-11-28")!
        let tasks = (0..<300).map { randomTask($0, &rng, today: today, zone: .current) }
        let index = TaskIndex(tasks)
        let rules = try RuleTextParser.parse("area = Work")
        let bits = RuleBits.matching(rules, in: index, today: today).bits
        let c = Forecast.counts(in: index, today: today, among: bits)
        let work = tasks.filter { $0.area == "Work" }
        for slot in c.slots { XCTAssertEqual(c.count(slot), Self.plainCount(work, slot, today: today, days: Forecast.defaultDays), "\(slot)") }
        XCTAssertGreaterThan(c.days.reduce(c.overdue + c.later, +), 20)
    }

    /// Times of day and zones, by hand: a date-time counts on the local day it falls on.
    func testADateTimeCountsOnItsLocalDay() {
        let today = Day.parseISO("2026-03-28")!
        let berlin = TimeZone(identifier: "Europe/Berlin")!, la = TimeZone(identifier: "America/Los_Angeles")!
        func counts(_ due: String, _ zone: TimeZone) -> Forecast.Counts {
            var t = TaskItem(id: "a.md", title: "a")
            t.due = TaskDate(parsing: due, timeZone: zone)
            return Forecast.counts(in: TaskIndex([t]), today: today)
        }
        XCTAssertEqual(counts("2026-03-28T23:59", berlin).days[0], 1)
        XCTAssertEqual(counts("2026-03-29T00:00", berlin).days[1], 1)
        // 23:30 UTC is past midnight in Berlin (the next day), still the afternoon in Los Angeles.
        XCTAssertEqual(counts("2026-03-28T23:30:00Z", berlin).days[1], 1)
        XCTAssertEqual(counts("2026-03-28T23:30:00Z", la).days[0], 1)
        // Berlin moves to summer time in the night to 29 March: 22:30 UTC on the 29th is 00:30 on the 30th.
        XCTAssertEqual(counts("2026-03-29T22:30:00Z", berlin).days[2], 1)
        XCTAssertEqual(counts("2026-03-27T23:30:00Z", la).overdue, 1)
        XCTAssertEqual(counts("2026-04-10", berlin).days[13], 1)
        XCTAssertEqual(counts("2026-04-11", berlin).later, 1)
    }

    /// A task due and scheduled on two days counts on both; on one day, once;
    /// scheduled in the past and due ahead, only ahead; closed, nowhere.
    func testOneTaskInItsSlots() {
        let today = Day.parseISO("2026-11-28")!
        /// The slots one task with these days (from today) counts in, each once at most.
        func slots(due: Int?, scheduled: Int?) -> Set<Forecast.Slot> {
            var t = TaskItem(id: "t.md", title: "t")
            t.due = due.map { TaskDate(day: today.adding(days: $0)) }
            t.scheduled = scheduled.map { TaskDate(day: today.adding(days: $0)) }
            let c = Forecast.counts(in: TaskIndex([t]), today: today)
            XCTAssertTrue(c.slots.allSatisfy { c.count($0) <= 1 })
            return Set(c.slots.filter { c.count($0) == 1 })
        }
        XCTAssertEqual(slots(due: 3, scheduled: 1), [.day(3), .day(1)])
        XCTAssertEqual(slots(due: 2, scheduled: 2), [.day(2)])
        XCTAssertEqual(slots(due: -1, scheduled: 0), [.overdue, .day(0)])
        XCTAssertEqual(slots(due: nil, scheduled: -3), [])
        XCTAssertEqual(slots(due: -2, scheduled: -2), [.overdue])
        XCTAssertEqual(slots(due: 20, scheduled: 30), [.later])
        XCTAssertEqual(slots(due: 13, scheduled: 14), [.day(13), .later])
        var done = TaskItem(id: "d.md", title: "d")
        done.due = TaskDate(day: today)
        done.setStatus(.done)
        var cancelled = done
        cancelled.id = "c.md"
        cancelled.setStatus(.cancelled)
        var someday = done
        someday.id = "s.md"
        someday.setStatus(.someday)
        XCTAssertEqual(Forecast.counts(in: TaskIndex([done, cancelled, someday]), today: today).days[0], 1, "someday is open; done and cancelled are not")
    }

    /// The built-in's rules (the sidebar's count) hold every task some slot counts, and no other.
    func testTheBuiltInHoldsEveryCountedTask() {
        var rng = SeededRandom(seed: 1414)
        let p = BuiltinPerspectives.perspective(id: Forecast.id)!
        for _ in 0..<40 {
            let today = Day.parseISO("2026-11-28")!.adding(days: rng.int(-100...100))
            let tasks = (0..<60).map { randomTask($0, &rng, today: today, zone: .current) }
            let shown = Set(PerspectiveEvaluator.evaluate(p, in: TaskIndex(tasks), today: today).orderedIDs)
            XCTAssertEqual(shown, Set(tasks.filter { !Self.plainSlots($0, today: today, days: 14).isEmpty }.map(\.id)))
        }
    }

    /// A forecast's length is kept within `dayRange` whatever is asked.
    func testTheLengthIsBounded() {
        let today = Day.parseISO("2026-11-28")!
        XCTAssertEqual(Forecast.counts(in: TaskIndex([]), today: today, days: 0).days.count, 1)
        XCTAssertEqual(Forecast.counts(in: TaskIndex([]), today: today, days: 100_000).days.count, 366)
    }
}
