import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Starting a timer on a task never tracked moves nothing: the group by
/// tracked time, the detailed layout's "tracked" line and the rule `tracked`
/// (is / is not set) all count finished sessions, so the row stays under "No
/// time tracked" (its ⏱ says the timer runs) until the timer stops.
final class TrackedGroupAgreementUITests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z

    final class Clock: @unchecked Sendable {
        var now: Date
        init(_ d: Date) { now = d }
    }

    static let files: [String: String] = [
        "report.md": "---\ntitle: Write report\n---\n",
        "sink.md": "---\ntitle: Fix sink\ntime_entries:\n  - startTime: 2026-11-21T09:00:00Z\n    endTime: 2026-11-21T11:00:00Z\n---\n",
        ".perspectives.json": #"{"version": 1, "perspectives": {"by-tracked": {"id": "by-tracked", "name": "By tracked", "rules": {"operator": "AND", "conditions": []}, "#
            + #""sort": {"field": "title", "direction": "asc"}, "group_by": "tracked"}, "#
            + #""untracked": {"id": "untracked", "name": "Untracked", "rules": {"operator": "AND", "conditions": [{"field": "tracked", "op": "is_nil"}]}}}}"#,
    ]

    /// The group header the row of `title` sits under.
    func group(of title: String, _ app: Harness) -> String? {
        var header: String?
        for row in app.runtime.state.rows {
            switch row {
            case .group(_, let title, _, _): header = title
            case .task(let t): if t.task.task.title == title { return header }
            case .band: break
            }
        }
        return nil
    }

    /// Whether the open perspective lists `title` (its rows, not the status line's message).
    func lists(_ title: String, _ app: Harness) -> Bool {
        app.runtime.state.rows.contains { if case .task(let t) = $0 { return t.task.task.title == title }; return false }
    }

    func testARunningTimerAloneIsNotYetTrackedTimeAnywhere() throws {
        let app = try Harness(files: Self.files, width: 120, height: 30)
        let clock = Clock(start)
        app.runtime.now = { clock.now }
        app.runtime.setDensity(.detailed)
        app.open("By tracked")
        XCTAssertEqual(group(of: "Write report", app), "No time tracked")
        XCTAssertEqual(group(of: "Fix sink", app), "1h to 4h")
        app.press(.moveToEdge(top: true))
        for _ in 0..<4 where app.runtime.state.selectedTask?.title != "Write report" { app.press(.move(1)) }
        app.press(.toggleTimer)
        XCTAssertNotNil(app.runtime.state.runningTimer, app.runtime.state.message ?? "")
        clock.now += 20 * 60
        XCTAssertTrue(app.runtime.tick())
        // Running: the same group, the row's ⏱ saying the time, no "tracked" line yet (it would say 0m).
        XCTAssertEqual(group(of: "Write report", app), "No time tracked", app.text)
        let row = try XCTUnwrap(app.row("Write report"))
        XCTAssertTrue(app.lines[row].contains("⏱ 20m"), app.lines[row])
        XCTAssertFalse(app.lines[row + 1].contains("tracked"), "the finished sessions' time, none yet: \(app.lines[row + 1])")
        XCTAssertTrue(app.text.contains("2h 00m tracked"), "the other task's finished time: \(app.text)")
        app.open("Untracked")
        XCTAssertTrue(lists("Write report", app), "`tracked is not set` still holds it: \(app.text)")
        XCTAssertFalse(lists("Fix sink", app))
        // Stopped after 30 minutes: tracked time now, under 1h, in each of the three.
        clock.now += 10 * 60
        app.press(.toggleTimer)
        XCTAssertNil(app.runtime.state.runningTimer)
        XCTAssertFalse(lists("Write report", app), "no longer untracked: \(app.text)")
        app.open("By tracked")
        XCTAssertEqual(group(of: "Write report", app), "Under 1h", app.text)
        XCTAssertTrue(app.text.contains("30m tracked"), app.text)
    }

    /// The engine's three readings agree on every mix of finished and running sessions.
    func testTheGroupTheSortAndTheRuleCountOnlyFinishedSessions() throws {
        let at = { (s: Int) in Date(timeIntervalSince1970: TimeInterval(1_795_338_000 + s)) }
        let shapes: [[TimeEntry]] = [
            [], [TimeEntry(start: at(0))], [TimeEntry(start: at(0), end: at(0))], [TimeEntry(start: at(0), end: at(600)), TimeEntry(start: at(700))],
            [TimeEntry(start: at(0), end: at(5_400)), TimeEntry(start: at(6_000))], [TimeEntry(start: at(0), end: at(20_000))],
        ]
        let expected: [(seconds: Int?, group: String)] = [(nil, "No time tracked"), (nil, "No time tracked"), (0, "Under 1h"), (600, "Under 1h"),
                                                          (5_400, "1h to 4h"), (20_000, "4h or more")]
        var tasks: [TaskItem] = []
        for (i, entries) in shapes.enumerated() {
            var t = TaskItem(id: "t\(i).md", title: "T\(i)")
            t.timeEntries = entries
            tasks.append(t)
            XCTAssertEqual(TrackedTime.closedSeconds(t), expected[i].seconds, "\(i)")
            XCTAssertEqual(TrackedTime.group(TrackedTime.closedSeconds(t)).title, expected[i].group, "\(i)")
        }
        let index = TaskIndex(tasks)
        let today = Day.parseISO("2026-11-22")!
        for (text, want) in [("tracked is not set", { (s: Int?) in s == nil }), ("tracked is set", { (s: Int?) in s != nil })] {
            let rules = try RuleTextParser.parse(text)
            let ids = tasks.indices.filter { want(expected[$0].seconds) }.map { "t\($0).md" }
            XCTAssertEqual(index.tasks.filter(RuleCompiler.compile(rules, today: today, index: index).matches).map(\.id), ids, text)
            let scanned = RuleBits.matching(rules, in: index, today: today)
            XCTAssertEqual(index.tasks.indices.filter { scanned.bits[$0] }.map { index.tasks[$0].id }, ids, "\(text) (column scan)")
        }
        let groups = PerspectiveEvaluator.evaluate(Perspective(id: "p", name: "P", rules: RuleGroup(.and), groupBy: "tracked"), in: index, today: today).groups
        for g in groups {
            for t in g.tasks { XCTAssertEqual(g.title, expected[Int(t.id.dropFirst().dropLast(3))!].group, t.id) }
        }
    }
}
