import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The timer key on a headless screen: it starts and stops the timer in the
/// task's file, the row and the status line show the elapsed time, the
/// state's clock ticks it once a minute, and undo puts every file back.
final class TimerUITests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z
    let report = "---\ntitle: Write report\n---\nNotes.\n", sink = "---\ntitle: Fix sink\n---\n"

    func harness() throws -> (Harness, Clock) {
        let app = try Harness(files: ["report.md": report, "sink.md": sink])
        let clock = Clock(start)
        app.runtime.now = { clock.now }
        app.press(.focus(.list))
        return (app, clock)
    }

    final class Clock: @unchecked Sendable {
        var now: Date
        init(_ d: Date) { now = d }
        func advance(_ seconds: TimeInterval) { now += seconds }
    }

    func select(_ app: Harness, _ title: String) {
        app.press(.moveToEdge(top: true))
        for _ in 0..<5 where app.runtime.state.selectedTask?.title != title { app.press(.move(1)) }
        XCTAssertEqual(app.runtime.state.selectedTask?.title, title)
    }

    func rowLine(_ app: Harness, _ title: String) -> String { app.lines.first { $0.contains(title) } ?? "" }
    var statusLine: (Harness) -> String { { $0.lines[$0.height - 1] } }

    func testTheKeyStartsTicksStopsAndUndoes() throws {
        let (app, clock) = try harness()
        XCTAssertNil(app.runtime.state.wakeAt, "no timer runs: the app asks for no clock")
        select(app, "Write report")
        app.press(.toggleTimer)
        XCTAssertEqual(app.file("report.md"), "---\ntitle: Write report\nmodified: 2026-11-22T09:00:00Z\ntime_entries:\n  - startTime: 2026-11-22T09:00:00Z\n---\nNotes.\n")
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Started the timer on 'Write report'") == true, app.runtime.state.message ?? "")
        XCTAssertTrue(rowLine(app, "Write report").contains("⏱ 0m"), app.text)
        XCTAssertFalse(rowLine(app, "Fix sink").contains("⏱"))
        app.press(.move(1), .move(-1))  // (a key clears the message: the status line shows the timer)
        XCTAssertTrue(statusLine(app).contains("⏱ Write report 0m"), statusLine(app))

        // The minute ticks when the clock reaches it, not before.
        XCTAssertEqual(app.runtime.state.wakeAt, Int64(start.timeIntervalSince1970) + 60)
        clock.advance(59)
        XCTAssertFalse(app.runtime.tick())
        XCTAssertTrue(rowLine(app, "Write report").contains("⏱ 0m"))
        clock.advance(1)
        XCTAssertTrue(app.runtime.tick())
        XCTAssertTrue(rowLine(app, "Write report").contains("⏱ 1m"), app.text)
        XCTAssertFalse(app.runtime.tick(), "one tick a minute")
        clock.advance(64 * 60 + 30)
        XCTAssertTrue(app.runtime.tick())
        XCTAssertTrue(rowLine(app, "Write report").contains("⏱ 1h 05m"), app.text)
        XCTAssertTrue(statusLine(app).contains("⏱ Write report 1h 05m"), statusLine(app))

        // Another task: the first timer stops at that moment, in its file.
        select(app, "Fix sink")
        app.press(.toggleTimer)
        XCTAssertEqual(app.file("report.md"),
                       "---\ntitle: Write report\nmodified: 2026-11-22T10:05:30Z\ntime_entries:\n  - startTime: 2026-11-22T09:00:00Z\n    endTime: 2026-11-22T10:05:30Z\n---\nNotes.\n")
        XCTAssertTrue(app.file("sink.md")!.contains("time_entries:\n  - startTime: 2026-11-22T10:05:30Z\n"), app.file("sink.md")!)
        XCTAssertTrue(app.runtime.state.message?.contains("stopped 'Write report' at 1h 05m") == true, app.runtime.state.message ?? "")
        XCTAssertFalse(rowLine(app, "Write report").contains("⏱"), app.text)
        XCTAssertTrue(rowLine(app, "Fix sink").contains("⏱ 0m"), app.text)

        // One undo step puts both files back: the first timer runs again.
        app.press(.undo)
        XCTAssertEqual(app.file("sink.md"), sink)
        XCTAssertEqual(app.file("report.md"), "---\ntitle: Write report\nmodified: 2026-11-22T09:00:00Z\ntime_entries:\n  - startTime: 2026-11-22T09:00:00Z\n---\nNotes.\n")
        XCTAssertEqual(app.runtime.state.runningTimer?.id, "report.md")
        app.runtime.tick()
        XCTAssertTrue(rowLine(app, "Write report").contains("⏱ 1h 05m"), app.text)

        // The key again on the running task stops it.
        select(app, "Write report")
        clock.advance(60)
        app.press(.toggleTimer)
        XCTAssertTrue(app.file("report.md")!.contains("    endTime: 2026-11-22T10:06:30Z\n"), app.file("report.md")!)
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Stopped the timer on 'Write report' at 1h 06m") == true, app.runtime.state.message ?? "")
        XCTAssertNil(app.runtime.state.runningTimer)
        XCTAssertNil(app.runtime.state.wakeAt)
        XCTAssertFalse(rowLine(app, "Write report").contains("⏱"))
    }

    func testMarkedTasksAreRefusedAndNothingIsWritten() throws {
        let (app, _) = try harness()
        app.press(.moveToEdge(top: true), .mark, .mark)
        app.press(.moveToEdge(top: true), .toggleTimer)
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("One timer runs at a time") == true, app.runtime.state.message ?? "")
        XCTAssertEqual(app.file("report.md"), report)
        XCTAssertEqual(app.file("sink.md"), sink)
    }

    func testATimerStartedElsewhereShowsAndATimerKnownOnlyToTheLedgerIsStopped() throws {
        let (app, _) = try harness()
        // Another program started one: the app sees it when it reads the changed file.
        let running = "---\ntitle: Fix sink\ntime_entries:\n  - startTime: 2026-11-22T08:30:00Z\n---\n"
        _ = FileManager.default.createFile(atPath: app.path + "/sink.md", contents: Data(running.utf8))
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(app.runtime.state.runningTimer?.id, "sink.md")
        XCTAssertTrue(app.runtime.tick(), "a timer found with a clock behind it ticks at once")
        XCTAssertTrue(rowLine(app, "Fix sink").contains("⏱ 30m"), app.text)
        // Starting another stops it, in its file.
        select(app, "Write report")
        app.press(.toggleTimer)
        XCTAssertTrue(app.file("sink.md")!.contains("  - startTime: 2026-11-22T08:30:00Z\n    endTime: 2026-11-22T09:00:00Z\n"), app.file("sink.md")!)
        XCTAssertEqual(app.runtime.state.runningTimer?.id, "report.md")
    }

    func testAVaultWithoutTimeEntriesSaysWhy() throws {
        let app = try Harness(files: ["backlog/config.yml": "project_name: \"P\"\n",
                                      "backlog/tasks/task-1 - Design.md": "---\nid: task-1\ntitle: Design\nstatus: To Do\n---\n"])
        app.press(.focus(.list), .moveToEdge(top: true), .toggleTimer)
        XCTAssertTrue(app.runtime.state.message?.contains("keeps no time entries") == true, app.runtime.state.message ?? "")
        XCTAssertNil(app.runtime.state.runningTimer)
    }

    /// The detailed layout's second line says the time tracked in finished sessions, as the group and
    /// the sort count it: while the timer runs its time is the row's ⏱, added once it stops.
    func testTheDetailedLayoutShowsTheTimeTracked() throws {
        let worked = "---\ntitle: Write report\ntime_entries:\n  - startTime: 2026-11-21T09:00:00Z\n    endTime: 2026-11-21T10:00:00Z\n"
            + "  - startTime: 2026-11-21T22:30:00Z\n    endTime: 2026-11-22T00:45:00Z\n---\n"
        let app = try Harness(files: ["report.md": worked, "sink.md": sink])
        let clock = Clock(start)
        app.runtime.now = { clock.now }
        app.runtime.setDensity(.detailed)
        app.press(.focus(.list))
        XCTAssertTrue(app.lines.contains { $0.contains("3h 15m tracked") }, app.text)
        XCTAssertFalse(app.text.contains("0m tracked"), "a task never tracked says nothing")
        select(app, "Write report")
        app.press(.toggleTimer)
        clock.advance(30 * 60)
        XCTAssertTrue(app.runtime.tick())
        XCTAssertTrue(app.lines.contains { $0.contains("3h 15m tracked") }, app.text)
        XCTAssertTrue(rowLine(app, "Write report").contains("⏱ 30m"), app.text)
        app.press(.toggleTimer)
        XCTAssertTrue(app.lines.contains { $0.contains("3h 45m tracked") }, app.text)
    }
}
