import Foundation
import XCTest
@testable import TaskEngine

/// Which firings are new at each look of a running app (`ReminderWatch`):
/// generated sessions in five zones around each daylight-saving change of
/// 2026, with restarts, crashes, reloads and snoozes, see every reminder
/// exactly once (a snoozed one once more), checked against each reminder's
/// instant computed on its own.
final class ReminderWatchTests: XCTestCase {
    let f = ISO8601DateFormatter()

    /// The watch as a state file keeps it (seconds as numbers), read back: what a restart starts from.
    func restarted(_ w: ReminderWatch) throws -> ReminderWatch {
        let e = JSONEncoder(), d = JSONDecoder()
        e.dateEncodingStrategy = .secondsSince1970
        d.dateDecodingStrategy = .secondsSince1970
        return try d.decode(ReminderWatch.self, from: e.encode(w))
    }

    func tasks(around change: String, zone: TimeZone, rng: inout SeededRandom) -> [TaskItem] {
        let offsets = ["PT0M", "-PT15M", "-PT1H", "PT30M", "-P1D", "-PT24H", "P1D", "-PT90M", "PT2H30M", "-PT1S"]
        let day = Day.parseISO(change)!
        return (0..<12).map { n in
            var t = TaskItem(id: "t\(n).md", title: "T\(n)")
            let d = day.adding(days: rng.int(-1...1))
            t.due = TaskDate(parsing: d.iso + rng.pick(["", "T00:30", "T01:30", "T02:30", "T03:00", "T09:00", "T23:45"]), timeZone: zone)
            t.scheduled = rng.chance(0.5) ? TaskDate(parsing: d.adding(days: -1).iso, timeZone: zone) : nil
            if rng.chance(0.1) { t.status = .done }
            t.reminders = (0..<rng.int(1...3)).map { k in
                rng.chance(0.2)
                    ? .absolute(id: "r\(k)", at: f.date(from: change + "T00:00:00Z")!.addingTimeInterval(TimeInterval(rng.int(-86_400...86_400))))
                    : .relative(id: "r\(k)", to: rng.chance(0.7) ? .due : .scheduled, offset: rng.pick(offsets))
            }
            return t
        }
    }

    func testEachFiringIsSeenOnceOverSessionsWithRestarts() throws {
        var rng = SeededRandom(seed: 4405)
        let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"].map { TimeZone(identifier: $0)! }
        var total = 0, missedTotal = 0, snoozedTotal = 0
        for zone in zones {
            for change in ["2026-03-08", "2026-03-29", "2026-04-05", "2026-10-04", "2026-10-25", "2026-11-01"] {
                let tasks = tasks(around: change, zone: zone, rng: &rng)
                let start = f.date(from: change + "T00:00:00Z")!.addingTimeInterval(-2 * 86_400)
                let end = start.addingTimeInterval(4 * 86_400)
                // The expected firings, each reminder's instant on its own (open tasks only).
                var expected: [String: Date] = [:]
                for t in tasks where !t.status.isClosed {
                    for r in t.reminders {
                        guard let at = ReminderTrigger.instant(r, due: t.due, scheduled: t.scheduled, timeZone: zone), at >= start, at < end else { continue }
                        expected[t.id + "/" + r.id] = at
                    }
                }
                var seen: [String: Int] = [:]
                var snoozedKeys: [String: Date] = [:]  // firing → until
                var saved: ReminderWatch? = nil
                var now = start
                while now < end {
                    // A session: the first look is what came due while closed (nothing on the very first start).
                    var schedule = ReminderSchedule(tasks, timeZone: zone)
                    var watch = try saved.map(restarted) ?? ReminderWatch(lastLook: now)
                    let quit = min(end, now.addingTimeInterval(TimeInterval(rng.int(600...20 * 3600))))
                    var firstLook = true
                    while now < quit {
                        let found = watch.look(at: now, schedule)
                        XCTAssertEqual(found.more, 0)
                        for firing in found.firings {
                            let key = firing.taskID + "/" + firing.reminderID
                            XCTAssertLessThan(firing.at, now, "shown only once come due")
                            if let until = snoozedKeys[key] {
                                // (Read back from the state file, the snooze's end may differ from `until` in its last bits.)
                                XCTAssertLessThan(until, now.addingTimeInterval(0.000_1), "\(key): shown again before its snooze ran out")
                                snoozedKeys[key] = nil
                                seen[key + "+snoozed", default: 0] += 1
                                continue
                            }
                            seen[key, default: 0] += 1
                            if firstLook, saved != nil { missedTotal += 1 }
                            // Some are snoozed (each at most once, so the count below stays exact).
                            if rng.chance(0.2), snoozedKeys[key] == nil, seen[key + "+snoozed"] == nil {
                                let until = now.addingTimeInterval(rng.pick([600, 3600, 86_400]))
                                watch.snooze(firing, until: until)
                                snoozedKeys[key] = until
                                snoozedTotal += 1
                            }
                        }
                        if !found.firings.isEmpty || firstLook { saved = watch }  // (the app saves after its first look and each that found something)
                        firstLook = false
                        if rng.chance(0.1) { schedule = ReminderSchedule(tasks.shuffled(using: &rng), timeZone: zone) }  // a reload
                        // The next look: at the next wake (a millisecond after), or sooner at a key.
                        let wake = watch.nextWake(schedule).map { max($0, now).addingTimeInterval(0.001) } ?? quit
                        now = min(quit, rng.chance(0.3) ? now.addingTimeInterval(TimeInterval(rng.int(1...900))) : wake)
                    }
                    if rng.chance(0.8) { saved = watch }  // quit (else a crash: the last save stands)
                    now = now.addingTimeInterval(TimeInterval(rng.int(0...12 * 3600)))  // closed meanwhile
                }
                // A last start after the end sees what came due while closed.
                if let saved {
                    var watch = try restarted(saved)
                    for firing in watch.look(at: end, ReminderSchedule(tasks, timeZone: zone)).firings {
                        let key = firing.taskID + "/" + firing.reminderID
                        if snoozedKeys[key] != nil { snoozedKeys[key] = nil; seen[key + "+snoozed", default: 0] += 1 } else { seen[key, default: 0] += 1 }
                    }
                }
                for (key, _) in expected { XCTAssertEqual(seen[key], 1, "\(zone.identifier) \(change) \(key)") }
                for (key, n) in seen where !key.hasSuffix("+snoozed") {
                    XCTAssertNotNil(expected[key], "\(key) is no firing of the span")
                    XCTAssertEqual(n, 1)
                }
                for (key, n) in seen where key.hasSuffix("+snoozed") { XCTAssertEqual(n, 1, "a snoozed firing shows once more: \(key)") }
                if saved != nil { for (key, until) in snoozedKeys { XCTAssertGreaterThanOrEqual(until, end, "\(key): its snooze ran out and it did not show") } }
                total += expected.count
            }
        }
        XCTAssertGreaterThan(total, 300)
        XCTAssertGreaterThan(missedTotal, 10, "some came due while closed")
        XCTAssertGreaterThan(snoozedTotal, 20)
    }

    func testScheduleSkipsClosedTasksAndTasksWithoutTheBase() throws {
        let utc = TimeZone(identifier: "UTC")!
        var open = TaskItem(id: "a.md", title: "A")
        open.due = TaskDate(parsing: "2026-02-20T10:00:00Z", timeZone: utc)
        open.reminders = [.relative(id: "r1", to: .due, offset: "-PT1H"), .relative(id: "r2", to: .scheduled, offset: "-PT1H")]
        var done = open
        done.id = "b.md"
        done.status = .done
        let schedule = ReminderSchedule([open, done, TaskItem(id: "c.md", title: "C")], timeZone: utc)
        XCTAssertEqual(schedule.firings.map(\.key), ["a.md\u{1F}r1\u{1F}2026-02-20T09:00:00Z"])
        XCTAssertEqual(schedule.firings.first?.due, "2026-02-20T10:00:00Z")
        let nine = f.date(from: "2026-02-20T09:00:00Z")!
        XCTAssertEqual(schedule.next(from: nine), nine)
        XCTAssertNil(schedule.next(from: nine.addingTimeInterval(1)))
        XCTAssertEqual(schedule.firing(from: nine, to: nine).count, 0)
        XCTAssertEqual(schedule.firing(from: nine, to: nine.addingTimeInterval(1)).count, 1)
        // A clock set back shows nothing twice: the last look never moves back.
        var watch = ReminderWatch(lastLook: nine.addingTimeInterval(-10))
        XCTAssertEqual(watch.look(at: nine.addingTimeInterval(10), schedule).firings.count, 1)
        XCTAssertEqual(watch.look(at: nine.addingTimeInterval(-3600), schedule).firings.count, 0)
        XCTAssertEqual(watch.look(at: nine.addingTimeInterval(20), schedule).firings.count, 0)
    }

    func testSnoozesAndLooksAreBounded() {
        let utc = TimeZone(identifier: "UTC")!
        let base = f.date(from: "2026-02-20T00:00:00Z")!
        let tasks: [TaskItem] = (0..<300).map { n in
            var t = TaskItem(id: "t\(n).md", title: "T\(n)")
            t.reminders = [.absolute(id: "r", at: base.addingTimeInterval(TimeInterval(n * 60)))]
            return t
        }
        let schedule = ReminderSchedule(tasks, timeZone: utc)
        var watch = ReminderWatch(lastLook: base)
        let found = watch.look(at: base.addingTimeInterval(86_400), schedule)
        XCTAssertEqual(found.firings.count, ReminderWatch.maxPerLook)
        XCTAssertEqual(found.more, 300 - ReminderWatch.maxPerLook)
        for firing in schedule.firings { watch.snooze(firing, until: base.addingTimeInterval(2 * 86_400)) }
        for firing in schedule.firings { watch.snooze(firing, until: base.addingTimeInterval(3 * 86_400)) }
        XCTAssertEqual(watch.snoozes.count, 300, "a snooze of the same firing replaces the one before")
        XCTAssertEqual(watch.nextWake(schedule), base.addingTimeInterval(3 * 86_400))
        let many = (0..<(ReminderWatch.maxSnoozes + 50)).map { ReminderFiring(taskID: "x\($0)", reminderID: "r", at: base, title: "X") }
        for firing in many { watch.snooze(firing, until: base.addingTimeInterval(4 * 86_400)) }
        XCTAssertEqual(watch.snoozes.count, ReminderWatch.maxSnoozes)
        XCTAssertEqual(watch.snoozes.last?.firing.taskID, many.last?.taskID, "the earliest made are let go first")
    }
}
