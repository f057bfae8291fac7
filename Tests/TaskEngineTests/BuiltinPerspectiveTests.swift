import XCTest
@testable import TaskEngine

final class BuiltinPerspectiveTests: XCTestCase {
    let tasks: [TaskItem] = [
        task("inbox-todo"),
        task("inbox-done", status: .done, completed: "2026-11-20"),
        task("work-overdue", due: "2026-11-18", area: "Work"),
        task("scheduled-past", status: .inProgress, scheduled: "2026-11-01", project: "P"),
        task("deferred-today", defer: "2026-11-21", area: "Home"),
        task("due-soon", flagged: true, due: "2026-12-01", area: "Home"),
        task("due-far", due: "2026-12-25", area: "Home"),
        task("someday-due", status: .someday, due: "2026-11-21", area: "Home"),
        task("flag-cancelled", status: .cancelled, flagged: true, completed: "2026-11-19", area: "Home"),
        task("sched-soon", scheduled: "2026-11-30", area: "Home"),
    ]

    func ids(_ id: String) -> [String] {
        let p = BuiltinPerspectives.perspective(id: id)!
        return PerspectiveEvaluator.evaluate(p, in: TaskIndex(tasks), today: pinnedToday).orderedIDs.map { String($0.dropLast(3)) }
    }

    func testEachBuiltIn() {
        XCTAssertEqual(ids("inbox"), ["inbox-todo"])
        XCTAssertEqual(ids("today"), ["scheduled-past", "work-overdue", "deferred-today"], "overdue and past-scheduled stay in Today")
        XCTAssertEqual(Set(ids("upcoming")), ["sched-soon", "due-soon", "someday-due"])
        XCTAssertEqual(ids("flagged"), ["due-soon"])
        XCTAssertEqual(ids("someday"), ["someday-due"])
        XCTAssertEqual(ids("logbook"), ["inbox-done", "flag-cancelled"], "newest completed first")
    }

    func testBuiltInsAreReadOnlyRuleTreesInTheSpecOrder() {
        XCTAssertEqual(BuiltinPerspectives.all.map(\.name), ["Inbox", "Today", "Upcoming", "Forecast", "Flagged", "Someday", "Logbook"])
        XCTAssertTrue(BuiltinPerspectives.all.allSatisfy(\.isBuiltin))
        XCTAssertEqual(BuiltinPerspectives.perspective(id: "upcoming")?.groupBy, "due")
        let today = BuiltinPerspectives.perspective(id: "today")!
        let lines = RuleDescriber.explain(today.rules, index: TaskIndex(tasks), today: pinnedToday)
        XCTAssertEqual(lines[0], "All of the following  · 3 tasks")
        XCTAssertEqual(lines[1], "├─ Any of the following  · 4 tasks")
        XCTAssertEqual(lines[2], "│  ├─ Due on or before today → until 21 Nov  · 2 tasks")
        XCTAssertTrue(lines.contains("│  └─ Status is done, cancelled or someday  · 3 tasks"), "\(lines)")
        // What can be done now: none of these waits for another (tasks waiting are in BlockedTaskUITests).
        XCTAssertEqual(lines.last, "└─ Is not blocked  · 10 tasks")
    }
}
