import XCTest
@testable import TaskEngine

final class GroupingTests: XCTestCase {
    func groups(_ tasks: [TaskItem], _ by: GroupBy, today: Day = pinnedToday) -> [(String, [String])] {
        let sorted = TaskSorter(spec: SortSpec(field: "title")).sorted(TaskIndex(tasks).tasks)
        return TaskGrouper.group(sorted, by: by, today: today).map { ($0.title ?? "-", $0.tasks.map { String($0.id.dropLast(3)) }) }
    }

    func assertGroups(_ got: [(String, [String])], _ want: [(String, [String])], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.map(\.0), want.map(\.0), file: file, line: line)
        XCTAssertEqual(got.map(\.1), want.map(\.1), file: file, line: line)
    }

    func testNamedGroupsAToZWithNoneLast() {
        let tasks = [task("a", area: "work", project: "Zeta", source: "email"), task("b", area: "Home", project: "alpha"),
                     task("c"), task("d", area: "Work", project: "zeta", source: "Phone")]
        assertGroups(groups(tasks, .area), [("Home", ["b"]), ("work", ["a", "d"]), ("No area", ["c"])])
        assertGroups(groups(tasks, .project), [("alpha", ["b"]), ("Zeta", ["a", "d"]), ("No project", ["c"])])
        assertGroups(groups(tasks, .source), [("email", ["a"]), ("Phone", ["d"]), ("No source", ["b", "c"])])
        assertGroups(groups(tasks, .none), [("-", ["a", "b", "c", "d"])])
    }

    func testTagMultiMembershipAndTagCombinations() {
        let tasks = [task("a", tags: ["writing", "deep"]), task("b", tags: ["deep"]), task("c"), task("d", tags: ["Deep", "writing"])]
        assertGroups(groups(tasks, .tag), [("deep", ["a", "b", "d"]), ("writing", ["a", "d"]), ("No tags", ["c"])])
        assertGroups(groups(tasks, .tags), [("deep", ["b"]), ("deep, writing", ["a", "d"]), ("No tags", ["c"])])
        // Distinct counts: four tasks, five tag-group rows.
        let p = Perspective(id: "p", name: "p", rules: RuleGroup(.and), groupBy: "tag")
        let r = PerspectiveEvaluator.evaluate(p, in: TaskIndex(tasks), today: pinnedToday)
        XCTAssertEqual(r.count, 4)
        XCTAssertEqual(r.rows.count, 6)
        XCTAssertEqual(r.orderedIDs.count, 4)
    }

    /// A done or cancelled task is never overdue: grouped by due date, its passed date is "Earlier", after Overdue;
    /// the same from the index's columns (a perspective's list) as from the tasks.
    func testAClosedTasksPassedDueDateIsEarlierNotOverdue() {
        let today = Day.parseISO("2026-11-02")!
        let tasks = [task("late", due: "2026-10-30"), task("paid", status: .done, due: "2026-10-29"), task("dropped", status: .cancelled, due: "2026-11-01"),
                     task("soon", status: .done, due: "2026-11-02"), task("next", due: "2026-11-03")]
        let want = [("Overdue", ["late"]), ("Earlier", ["dropped", "paid"]), ("Today", ["soon"]), ("Tomorrow", ["next"])]
        assertGroups(groups(tasks, .due, today: today), want)
        let p = Perspective(id: "p", name: "p", rules: RuleGroup(.and), sort: SortSpec(field: "title"), groupBy: "due")
        let r = PerspectiveEvaluator.evaluate(p, in: TaskIndex(tasks), today: today)
        assertGroups(r.groups.map { ($0.title ?? "-", $0.tasks.map { String($0.id.dropLast(3)) }) }, want)
    }

    func testPriorityAndFlagged() {
        let tasks = [task("a", priority: .low), task("b", priority: .high, flagged: true), task("c"), task("d", priority: .medium)]
        assertGroups(groups(tasks, .priority), [("High", ["b"]), ("Medium", ["d"]), ("Low", ["a"]), ("None", ["c"])])
        assertGroups(groups(tasks, .flagged), [("Flagged", ["b"]), ("Not flagged", ["a", "c", "d"])])
    }

    func testDueBucketsAreFinerNearToday() {
        let today = Day.parseISO("2026-11-02")!  // a Monday
        let offsets = [-3, 0, 1, 2, 6, 7, 13, 20, 30, 60, 400]
        let tasks = offsets.map { task("d\($0)", title: String(format: "%04d", $0 + 1000), due: today.adding(days: $0).iso) } + [task("none", title: "zzz")]
        assertGroups(groups(tasks, .due, today: today), [
            ("Overdue", ["d-3"]), ("Today", ["d0"]), ("Tomorrow", ["d1"]), ("Wed 4 Nov", ["d2"]), ("Sun 8 Nov", ["d6"]),
            ("Next week", ["d7", "d13"]), ("Later this month", ["d20"]), ("December", ["d30"]), ("January 2027", ["d60"]),
            ("Later", ["d400"]), ("No due date", ["none"]),
        ])
    }

    func testScheduledAndDeferGroupByDay() {
        let tasks = [task("a", scheduled: "2026-11-25"), task("b", scheduled: "2026-11-20"), task("c"), task("d", scheduled: "2026-11-25")]
        assertGroups(groups(tasks, .scheduled), [("Fri 20 Nov", ["b"]), ("Wed 25 Nov", ["a", "d"]), ("No scheduled date", ["c"])])
        assertGroups(groups([task("x")], .defer), [("No defer date", ["x"])])
    }

    func testBandsAndSortApplyInsideEachGroup() {
        let tasks = [task("a", status: .done, due: "2026-11-01", area: "W"), task("b", due: "2026-11-05", area: "W"),
                     task("c", status: .inProgress, due: "2026-11-09", area: "W"), task("d", due: "2026-11-02", area: "W")]
        let p = Perspective(id: "p", name: "p", rules: RuleGroup(.and), sort: SortSpec(field: "due"), groupBy: "area")
        let r = PerspectiveEvaluator.evaluate(p, in: TaskIndex(tasks), today: pinnedToday)
        XCTAssertEqual(r.groups[0].tasks.map(\.id), ["c.md", "d.md", "b.md", "a.md"])
    }
}
