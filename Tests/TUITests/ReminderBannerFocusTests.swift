import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The reminder banner in the screen-reader mode: while it is what is answered
/// the terminal's cursor is on its words (then on the snooze choice's first
/// answer), another key gives the cursor back to the list, and its answers
/// are said in words (dismissed, snoozed until when).
extension ReminderUITests {
    /// The banner's row from the focus point on (trailing blanks cut), if the focus is on it.
    func onBanner(_ app: App) -> String? {
        let screen = app.harness.screen
        guard let p = screen.focus, p.y == app.harness.height - 2 else { return nil }
        let row = (p.x..<screen.width).map { screen[$0, p.y].text }.joined()
        return String(row.reversed().drop { $0 == " " }.reversed())
    }

    func testTheCursorIsOnTheBannerThenOnTheFirstSnoozeAnswer() throws {
        let app = try App(path: try vault(files), config: "screen_reader: true")
        app.harness.press(.focus(.list))
        let list = try XCTUnwrap(app.harness.screen.focus)
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        XCTAssertTrue(onBanner(app)?.hasPrefix("Reminder: Call Anna") == true, "on the banner's words, after the ⏰: \(onBanner(app) ?? "not on it")\n\(app.harness.text)")
        app.harness.press(.reminder(.snooze))
        let first = app.harness.keyLabel("snooze-10-minutes", in: [.snoozeChoice]) + " 10 minutes"
        XCTAssertTrue(onBanner(app)?.hasPrefix(first) == true, "on the first answer: \(onBanner(app) ?? "not on it")\n\(app.harness.text)")
        XCTAssertEqual(app.harness.screen.focus?.typing, false)
        app.harness.press(.reminder(.back))
        XCTAssertTrue(onBanner(app)?.hasPrefix("Reminder: Call Anna") == true, onBanner(app) ?? "not on the banner")
        // Another key: the banner stays (its keys still answer it) and the cursor is the list's again.
        app.harness.press(.move(1), .move(-1))
        XCTAssertNotNil(app.banner)
        XCTAssertEqual(app.harness.screen.focus, list, "back on the selected task")
        // Its own key makes it the thing answered again.
        app.harness.press(.reminder(.snooze))
        XCTAssertTrue(onBanner(app)?.hasPrefix(first) == true, onBanner(app) ?? "not on the banner")
    }

    func testWithoutTheSettingTheCursorStaysHidden() throws {
        let app = try App(path: try vault(files), config: nil)
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        XCTAssertNotNil(app.banner)
        XCTAssertEqual(app.harness.screen.focus?.typing, false, "a focus point, never a caret: the cursor is not shown for it")
        XCTAssertNil(app.harness.screen.caret)
    }

    func testDismissingAndSnoozingAreSaid() throws {
        let two = files.merging(["bob.md": f("title: Call Bob\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: 2026-11-22T09:00:00Z")]) { a, _ in a }
        let app = try App(path: try vault(two), config: "screen_reader: true")
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        let first = try XCTUnwrap(app.runtime.state.reminders.current?.firing.title)
        app.harness.press(.reminder(.dismiss))
        XCTAssertEqual(app.runtime.state.message, "Reminder dismissed: \(first)")
        XCTAssertTrue(app.harness.lines.last?.contains("Reminder dismissed: \(first)") == true, app.harness.lines.last ?? "")
        // The next one shows, and is what is answered.
        let second = try XCTUnwrap(app.runtime.state.reminders.current?.firing.title)
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(onBanner(app)?.hasPrefix("Reminder: " + second) == true, onBanner(app) ?? "not on the banner")
        // Snoozed: for how long and until when, in local time.
        let now = t("2026-11-22T09:00:05Z")
        app.runtime.clock = { now }
        app.harness.press(.reminder(.snooze), .reminder(.snoozeFor(.hour)))
        let back = ReminderText.when(now.addingTimeInterval(3600), today: app.runtime.state.today)
        XCTAssertEqual(app.runtime.state.message, "Snoozed '\(second)' for 1 hour, until \(back).")
        XCTAssertNil(app.banner)
    }

    func testSnoozingUntilTomorrowNamesTheDay() {
        let now = t("2026-11-22T15:00:00Z")
        let utc = TimeZone(identifier: "UTC")!
        let until = SnoozeLength.tomorrow.until(from: now, timeZone: utc)
        XCTAssertEqual(SnoozeLength.tomorrow.said("Call Anna", until: until, today: Day.parseISO("2026-11-22")!, timeZone: utc),
                       "Snoozed 'Call Anna' until \(DayLabel.long(Day.parseISO("2026-11-23")!, today: Day.parseISO("2026-11-22")!)) 09:00.")
        XCTAssertEqual(SnoozeLength.tenMinutes.said("Call Anna", until: now.addingTimeInterval(600), today: Day.parseISO("2026-11-22")!, timeZone: utc),
                       "Snoozed 'Call Anna' for 10 minutes, until 15:10.")
    }
}
