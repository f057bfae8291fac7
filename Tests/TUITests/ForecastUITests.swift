import XCTest
@testable import TaskEngine
@testable import TUI

/// The Forecast on a headless screen: the strip's slots and counts, the
/// selected day's tasks below it, moving by day and week, the busy mark, and
/// the strip scrolling at small widths. Today is Sunday 22 November 2026.
final class ForecastUITests: XCTestCase {
    static let files: [String: String] = {
        var files: [String: String] = [
            "Alpha.md": f("title: Alpha\nstatus: todo\ndue: 2026-11-22"),
            "Bravo.md": f("title: Bravo\nstatus: todo\nscheduled: 2026-11-23\ndue: 2026-11-25"),
            "Charlie.md": f("title: Charlie\nstatus: todo\ndue: 2026-11-20"),
            "Delta.md": f("title: Delta\nstatus: todo\ndue: 2026-12-20"),
            "Echo.md": f("title: Echo\nstatus: todo\ndue: 2026-11-23T18:30\nblocked_by: [\"[[Charlie]]\"]"),
            "Foxtrot.md": f("title: Foxtrot\nstatus: done\ndue: 2026-11-23"),
        ]
        for i in 1...9 { files["busy-\(i).md"] = f("title: Busy \(i)\nstatus: todo\nscheduled: 2026-11-24") }
        return files
    }()

    /// The strip's line: the first of the list pane, under its title.
    func strip(_ app: Harness) -> String {
        let lines = app.lines
        guard let title = lines.firstIndex(where: { $0.contains("Forecast ·") }), title + 1 < lines.count else { return "" }
        return lines[title + 1]
    }

    func listed(_ app: Harness) -> [String] {
        app.runtime.state.rows.compactMap { if case .task(let r) = $0 { return r.task.task.title }; return nil }.sorted()
    }

    /// Following a dependency to a task of another day (Echo, Monday, waits for Charlie, overdue)
    /// shows that day with the task selected; back returns to Monday and Echo. The finder too.
    func testFollowingATaskOfAnotherDayShowsItsDay() throws {
        let app = try Harness(files: Self.files, width: 200, height: 30)
        app.open("Forecast")
        app.press(.forecastMove(1))
        XCTAssertEqual(listed(app), ["Bravo", "Echo"])
        for _ in 0..<3 where app.runtime.state.selectedTask?.title != "Echo" { app.press(.move(1)) }
        app.press(.toggleDetail, .switchFocus, .detail(.follow))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Charlie", app.runtime.state.message ?? "")
        XCTAssertEqual(app.runtime.state.forecast.slot, .overdue)
        XCTAssertEqual(app.runtime.state.perspective?.name, "Forecast")
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Went to 'Charlie'") == true, app.runtime.state.message ?? "")
        app.press(.followBack)
        XCTAssertEqual(app.runtime.state.forecast.slot, .day(1))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Echo", app.runtime.state.message ?? "")
        // The finder: Delta is Later.
        app.press(.escape)
        app.runtime.dispatch(.openFinder)
        app.type("Delta")
        app.press(.finder(.jump))
        XCTAssertEqual(app.runtime.state.forecast.slot, .later)
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Delta", app.runtime.state.message ?? "")
    }

    func testTheStripShowsEverySlotWithItsCountAndTheDayListsItsTasks() throws {
        let app = try Harness(files: Self.files, width: 200, height: 30)
        app.open("Forecast")
        let line = strip(app)
        for cell in ["Overdue 1", "[Sun 22 1]", "Mon 23 2", "Tue 24 9▲", "Wed 25 1", "Thu 26 0", "Sat 5 0", "Later 1"] {
            XCTAssertTrue(line.contains(cell), "\(cell) in \(line)")
        }
        XCTAssertFalse(line.contains("Sun 6"), "fourteen days: \(line)")
        XCTAssertTrue(app.text.contains("Forecast · Sun 22 Nov"), app.text)
        XCTAssertEqual(listed(app), ["Alpha"])
        // The sidebar counts every task the strip counts somewhere, once.
        XCTAssertEqual(app.runtime.state.counts[Forecast.id], 14)
    }

    func testMovingByDayAndByWeekListsEachSlotsTasks() throws {
        let app = try Harness(files: Self.files, width: 200, height: 30)
        app.open("Forecast")
        app.press(.forecastMove(1))
        XCTAssertTrue(strip(app).contains("[Mon 23 2]"), strip(app))
        XCTAssertEqual(listed(app), ["Bravo", "Echo"], "scheduled that day, or due at a time of it (the done one left out)")
        let echo = try XCTUnwrap(app.lines.first { $0.contains("Echo") })
        XCTAssertTrue(echo.contains(Glyphs.blocked), "a blocked task counts and is marked: \(echo)")
        app.press(.forecastMove(-1), .forecastMove(-1))
        XCTAssertTrue(strip(app).contains("[Overdue 1]"), strip(app))
        XCTAssertEqual(listed(app), ["Charlie"])
        app.press(.forecastMove(-1))
        XCTAssertEqual(app.runtime.state.forecast.slot, .overdue, "Overdue is the first slot")
        app.press(.forecastMove(7))
        XCTAssertTrue(strip(app).contains("[Sat 28 0]"), strip(app))
        XCTAssertTrue(app.text.contains("Nothing is due or scheduled: Sat 28 Nov."), app.text)
        app.press(.forecastMove(-7), .forecastMove(7), .forecastMove(7), .forecastMove(7))
        XCTAssertEqual(app.runtime.state.forecast.slot, .later)
        XCTAssertTrue(strip(app).contains("[Later 1]"), strip(app))
        XCTAssertEqual(listed(app), ["Delta"])
        // The usual task keys act on the listed tasks; the counts follow.
        app.press(.focus(.list))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Delta")
        app.press(.toggleDone)
        XCTAssertTrue(app.file("Delta.md")?.contains("status: done") == true, app.file("Delta.md") ?? "")
        XCTAssertTrue(strip(app).contains("[Later 0]"), strip(app))
        XCTAssertEqual(listed(app), [])
        app.press(.undo)
        XCTAssertTrue(strip(app).contains("[Later 1]"), strip(app))
    }

    /// `a` with a day selected: the new task is due that day (the preview says so before a word
    /// is typed), counts there and is listed; a due or scheduled day typed in the line wins;
    /// Overdue and Later give no day.
    func testQuickAddTakesTheSelectedDayAsItsDue() throws {
        let app = try Harness(files: Self.files, width: 200, height: 30)
        app.open("Forecast")
        app.press(.forecastMove(1))
        app.press(.addTask)
        XCTAssertTrue(app.lines[29].contains("adds due Mon 23 Nov"), app.lines[29])
        app.type("Call Anna")
        XCTAssertTrue(app.lines[29].contains("→ Call Anna · due Mon 23 Nov"), app.lines[29])
        app.press(.quickAdd(.add))
        XCTAssertTrue(try XCTUnwrap(app.file("call-anna.md")).contains("\ndue: 2026-11-23\n"), app.file("call-anna.md") ?? "")
        XCTAssertTrue(strip(app).contains("[Mon 23 3]"), strip(app))
        XCTAssertEqual(listed(app), ["Bravo", "Call Anna", "Echo"])

        // A day typed in the line wins, due or scheduled.
        app.press(.addTask)
        app.type("Book flights fri")
        XCTAssertTrue(app.lines[29].contains("→ Book flights · due Fri 27 Nov"), app.lines[29])
        app.press(.quickAdd(.add))
        XCTAssertTrue(try XCTUnwrap(app.file("book-flights.md")).contains("\ndue: 2026-11-27\n"), app.file("book-flights.md") ?? "")
        app.press(.addTask)
        app.type("Pack sched wed")
        app.press(.quickAdd(.add))
        let pack = try XCTUnwrap(app.file("pack.md"))
        XCTAssertTrue(pack.contains("\nscheduled: 2026-11-25\n") && !pack.contains("\ndue:"), pack)

        // Overdue and Later are no day: nothing is added to the line.
        for (moves, name) in [([-1, -1], "Tidy"), ([7, 7, 7], "Someday list")] {
            for n in moves { app.press(.forecastMove(n)) }
            app.press(.addTask)
            XCTAssertFalse(app.lines[29].contains("adds due"), app.lines[29])
            app.type(name)
            app.press(.quickAdd(.add))
        }
        XCTAssertEqual(app.runtime.state.forecast.slot, .later)
        XCTAssertFalse(try XCTUnwrap(app.file("tidy.md")).contains("due:"), app.file("tidy.md") ?? "")
        XCTAssertFalse(try XCTUnwrap(app.file("someday-list.md")).contains("due:"), app.file("someday-list.md") ?? "")
        // Elsewhere than the Forecast, no day either.
        app.open("Inbox")
        app.press(.addTask)
        app.type("Plain")
        app.press(.quickAdd(.add))
        XCTAssertFalse(try XCTUnwrap(app.file("plain.md")).contains("due:"), app.file("plain.md") ?? "")
    }

    /// A click on a slot of the strip selects it.
    func testAClickOnASlotSelectsIt() throws {
        let app = try Harness(files: Self.files, width: 200, height: 30)
        app.open("Forecast")
        let y = try XCTUnwrap(app.lines.firstIndex { $0.contains("Forecast ·") }) + 1
        for (cell, slot) in [("Wed 25 1", Forecast.Slot.day(3)), ("Later 1", .later), ("Overdue 1", .overdue)] {
            let column = DisplayWidth.of(app.lines[y].components(separatedBy: cell)[0])
            app.press(.click(x: column + 2, y: y))
            XCTAssertEqual(app.runtime.state.forecast.slot, slot, cell)
            XCTAssertTrue(strip(app).contains("[\(cell)]"), strip(app))
        }
    }

    func testTheBusyMarkFollowsForecastBusy() throws {
        let quiet = try Harness(files: Self.files, width: 200, height: 30, config: "forecast_busy: 9\n")
        quiet.open("Forecast")
        XCTAssertTrue(strip(quiet).contains("Tue 24 9 "), strip(quiet))
        XCTAssertFalse(strip(quiet).contains("▲"), strip(quiet))
        let busy = try Harness(files: Self.files, width: 200, height: 30, config: "forecast_busy: 1\n")
        busy.open("Forecast")
        for cell in ["Mon 23 2▲", "Tue 24 9▲", "[Sun 22 1]", "Overdue 1 "] { XCTAssertTrue(strip(busy).contains(cell), "\(cell) in \(strip(busy))") }
        let bad = try Harness(files: Self.files, width: 200, height: 30, config: "forecast_busy: -3\n")
        XCTAssertTrue(bad.runtime.state.message?.contains("forecast_busy must be between 0 and 10000, not -3; using 8") == true,
                      bad.runtime.state.message ?? "")
        bad.open("Forecast")
        XCTAssertTrue(strip(bad).contains("Tue 24 9▲"), strip(bad))
    }

    func testAtSmallWidthsTheStripScrollsToKeepTheSelectedDayInView() throws {
        let app = try Harness(files: Self.files, width: 60, height: 16)
        app.open("Forecast")
        XCTAssertTrue(strip(app).contains("[Sun 22 1]"), strip(app))
        XCTAssertTrue(strip(app).contains("›"), "more to the right: \(strip(app))")
        for step in 1...15 {
            app.press(.forecastMove(1))
            let line = strip(app)
            let selected = app.runtime.state.forecast.slot
            let cell = ForecastStripView.items(app.runtime.state.forecast, counts: app.runtime.state.forecast.counts!).first { $0.slot == selected }!
            XCTAssertTrue(line.contains(cell.drawn), "step \(step): \(cell.drawn) in \(line)")
            XCTAssertEqual(line.filter { $0 == "[" }.count, 1, line)
        }
        XCTAssertEqual(app.runtime.state.forecast.slot, .later)
        XCTAssertTrue(strip(app).contains("‹"), "more to the left: \(strip(app))")
        // A terminal that draws only ASCII still tells the sides and the busy mark apart.
        XCTAssertEqual(["‹", "›", ForecastStripView.busyMark].map(ASCIIGlyphs.fallback), ["<", ">", "^"])
        XCTAssertFalse(strip(app).contains("›"), strip(app))
        XCTAssertEqual(listed(app), ["Delta"])
    }

    func testTheDayKeysSayWhyOutsideTheForecast() throws {
        let app = try Harness(files: Self.files, width: 100, height: 20)
        app.open("Inbox")
        app.press(.forecastMove(1))
        XCTAssertEqual(app.runtime.state.message, "Only the Forecast moves by day (it is in the sidebar).")
        XCTAssertEqual(app.runtime.state.forecast.slot, .day(0))
        XCTAssertFalse(app.lines.last?.contains("day") == true && app.lines.last?.contains("week") == true, "no day hints outside: \(app.lines.last ?? "")")
        app.open("Forecast")
        XCTAssertTrue(app.lines.last?.contains("\(app.keyLabel("forecast-previous-day"))/\(app.keyLabel("forecast-next-day")) day") == true,
                      app.lines.last ?? "")
    }

    /// A file changed outside the app re-counts the strip, as every view re-filters.
    func testCountsFollowFilesChangedOnDisk() throws {
        let app = try Harness(files: Self.files, width: 200, height: 30)
        app.open("Forecast")
        let monitor = VaultChangeMonitor(root: app.path, environment: [:])
        try f("title: Golf\nstatus: todo\ndue: 2026-11-22").write(toFile: app.path + "/Golf.md", atomically: true, encoding: .utf8)
        XCTAssertTrue(app.follow(monitor, seconds: 10) { self.strip(app).contains("[Sun 22 2]") }, strip(app))
        XCTAssertEqual(listed(app), ["Alpha", "Golf"])
    }
}
