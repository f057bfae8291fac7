import XCTest
@testable import TaskEngine
@testable import TUI

/// The app's reminder schedule after edits (the last one's firings for the tasks an edit left alone,
/// reckoned again for the others) is the schedule made afresh from every task, over generated runs of edits:
/// due and scheduled moved, reminders added and removed, tasks closed, reopened, renamed, added, deleted.
final class ReminderScheduleKeptTests: XCTestCase {
    func testTheKeptScheduleIsTheFreshOneAfterEveryEdit() {
        var rng = SystemRandomNumberGenerator()
        let offsets = ["-PT1H", "-P1D", "PT30M", "-PT15M"]
        func reminders() -> [Reminder] {
            (0..<Int.random(in: 0...2, using: &rng)).map { i in
                Bool.random(using: &rng)
                    ? Reminder(id: "r\(i)", kind: .relative, relatedTo: Bool.random(using: &rng) ? "due" : "scheduled", offset: offsets.randomElement(using: &rng)!)
                    : Reminder.absolute(id: "r\(i)", at: Date(timeIntervalSince1970: 1_795_000_000 + Double(Int.random(in: 0...400, using: &rng) * 900)))
            }
        }
        func day() -> TaskDate? { Bool.random(using: &rng) ? TaskDate(day: Day.parseISO("2026-11-20")!.adding(days: Int.random(in: 0...20, using: &rng))) : nil }
        func task(_ id: String) -> TaskItem {
            var t = TaskItem(id: id, title: "Task \(id)")
            t.due = day()
            t.scheduled = day()
            t.reminders = reminders()
            if Int.random(in: 0..<5, using: &rng) == 0 { t.setStatus(.done) }
            return t
        }
        for _ in 0..<40 {
            var index = TaskIndex((0..<60).map { task("t\($0).md") })
            let runner = ReminderRunner(config: AppConfig(), statePath: nil)
            for step in 0..<25 {
                let fresh = ReminderSchedule(index.tasks.map(\.task), timeZone: .current)
                XCTAssertEqual(runner.schedule(for: index).firings, fresh.firings, "step \(step)")
                guard step < 24 else { break }
                var changed: [TaskItem] = []
                var removed: Set<String> = []
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let pick = index.tasks.randomElement(using: &rng)!.task
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0: var t = pick; t.due = day(); changed.append(t)
                    case 1: var t = pick; t.reminders = reminders(); changed.append(t)
                    case 2: var t = pick; t.setStatus(t.status.isClosed ? .todo : .done); changed.append(t)
                    case 3: var t = pick; t.title += " again"; changed.append(t)
                    case 4: changed.append(task("n\(step)-\(Int.random(in: 0...999, using: &rng)).md"))
                    default: removed.insert(pick.id)
                    }
                }
                index.update(changed, removing: removed)
                // Now and then two edits before a look: the schedule is then made afresh, not followed.
                if Int.random(in: 0..<4, using: &rng) == 0 { index.update([task("m\(step).md")]) }
            }
        }
    }

    /// An update past `IndexChange.maxEdits` (a checkout) keeps no change to follow: the schedule is made afresh, and right.
    func testAnUpdateOfManyTasksIsFollowedByAFreshSchedule() {
        func task(_ i: Int, offset: String) -> TaskItem {
            var t = TaskItem(id: String(format: "t%05d.md", i), title: "Task \(i)")
            t.due = TaskDate(day: Day.parseISO("2026-11-20")!.adding(days: i % 30))
            if i % 3 == 0 { t.reminders = [Reminder(id: "r", kind: .relative, relatedTo: "due", offset: offset)] }
            return t
        }
        let n = IndexChange.maxEdits + 10
        var index = TaskIndex((0..<n).map { task($0, offset: "-PT1H") })
        let runner = ReminderRunner(config: AppConfig(), statePath: nil)
        _ = runner.schedule(for: index)
        index.update((0..<n).map { task($0, offset: "-P1D") })
        XCTAssertNil(index.lastChange, "too many edits to keep")
        XCTAssertEqual(runner.schedule(for: index).firings, ReminderSchedule(index.tasks.map(\.task), timeZone: .current).firings)
        index.update([task(3, offset: "-PT15M")])
        XCTAssertEqual(index.lastChange?.entries.map(\.task.id), ["t00003.md"])
        XCTAssertEqual(runner.schedule(for: index).firings, ReminderSchedule(index.tasks.map(\.task), timeZone: .current).firings)
    }
}
