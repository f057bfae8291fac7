import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A running timer stays on the status line beside a message (the message is
/// cut, never the time), the detail pane says the time tracked, and a timer
/// started on a done, cancelled or blocked task is allowed and said.
final class TimerStatusUITests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z, a Sunday
    final class Clock: @unchecked Sendable {
        var now: Date
        init(_ d: Date) { now = d }
    }

    func select(_ app: Harness, _ title: String) {
        app.press(.moveToEdge(top: true))
        for _ in 0..<20 where app.runtime.state.selectedTask?.title != title { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, title)
    }

    func testTheTimerStaysBesideAMessageAtEveryWidth() throws {
        let long = String(repeating: "Write the quarterly report ", count: 4)
        for width in [40, 52, 64, 80, 120] {
            let app = try Harness(files: ["report.md": f("title: \(long)"), "sink.md": f("title: Fix sink")], width: width)
            let clock = Clock(start)
            app.runtime.now = { clock.now }
            app.press(.focus(.list))
            select(app, "Fix sink")
            app.press(.toggleTimer)
            clock.now += 12 * 60
            XCTAssertTrue(app.runtime.tick())
            // The start message is still up, and the time beside it.
            let status = app.lines[app.height - 1]
            XCTAssertNotNil(app.runtime.state.message)
            XCTAssertTrue(status.contains("Started the timer on"), "\(width): \(status)")
            XCTAssertTrue(status.contains("⏱ 12m"), "\(width): \(status)")
            XCTAssertLessThanOrEqual(DisplayWidth.of(status), width)
            // A message longer than the line: cut, the time kept.
            select(app, long.trimmingCharacters(in: .whitespaces))
            app.press(.toggleTimer)
            let again = app.lines[app.height - 1]
            XCTAssertTrue(again.contains("⏱ 0m"), "\(width): \(again)")
            XCTAssertTrue(again.contains("…"), "\(width): the message is cut: \(again)")
        }
    }

    func testTheDetailPaneSaysTheTimeTracked() throws {
        // 1h last week, 40m this week (Monday 16 to Sunday 22 November), then a running timer.
        let worked = f("title: Write report\ntime_entries:\n  - startTime: 2026-11-10T09:00:00Z\n    endTime: 2026-11-10T10:30:00Z\n"
                       + "  - startTime: 2026-11-20T09:00:00Z\n    endTime: 2026-11-20T09:40:00Z")
        let app = try Harness(files: ["report.md": worked, "sink.md": f("title: Fix sink")], width: 100)
        let clock = Clock(start)
        app.runtime.now = { clock.now }
        app.press(.focus(.list))
        select(app, "Write report")
        app.press(.toggleDetail)
        XCTAssertTrue(app.lines.contains { $0.contains("Tracked") && $0.contains("2h 10m (this week 40m)") && !$0.contains("running") }, app.text)
        select(app, "Fix sink")
        XCTAssertFalse(app.text.contains("Tracked"), "a task never tracked has no line: \(app.text)")
        select(app, "Write report")
        app.press(.toggleTimer)
        clock.now += 25 * 60
        XCTAssertTrue(app.runtime.tick())
        XCTAssertTrue(app.lines.contains { $0.contains("2h 35m (this week 1h 05m) · ⏱ 25m running") }, app.text)
    }

    func testATimerOnADoneCancelledOrBlockedTaskIsStartedAndSaid() throws {
        let app = try Harness(files: ["done.md": f("title: Shipped\nstatus: done"), "gone.md": f("title: Dropped\nstatus: cancelled"),
                                      "wait.md": f("title: Waiting\nblocked_by: [\"[[open]]\"]"), "open.md": f("title: Open")])
        app.runtime.now = { self.start }
        for (list, title, said) in [("Logbook", "Shipped", "Timer started on a done task: 'Shipped'"),
                                    ("Logbook", "Dropped", "Timer started on a cancelled task: 'Dropped'"),
                                    ("Inbox", "Waiting", "Timer started on a blocked task: 'Waiting'"), ("Inbox", "Open", "Started the timer on 'Open'")] {
            app.open(list)
            select(app, title)
            app.press(.toggleTimer)
            XCTAssertTrue(app.runtime.state.message?.hasPrefix(said) == true, app.runtime.state.message ?? "")
            XCTAssertEqual(app.runtime.state.runningTimer?.title, title)
            XCTAssertTrue(app.file(app.runtime.state.runningTimer?.id ?? "")?.contains("time_entries:\n  - startTime: 2026-11-22T09:00:00Z\n") == true, app.text)
        }
    }
}
