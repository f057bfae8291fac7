import Foundation
import XCTest
@testable import TaskEngine

/// `remind …` in a quick-add line and a change line: read as `modify --remind`
/// reads it, shown in the preview, added once the task has its due date.
final class ReminderQuickAddTests: XCTestCase {
    let today = Day.parseISO("2026-11-23")!
    let utc = TimeZone(identifier: "UTC")!

    func testRemindIsReadAndLeavesTheTitle() {
        let cases: [(String, title: String, [ReminderRequest])] = [
            ("Call Anna fri 10am remind -1h", "Call Anna", [.relative(.due, offset: "-PT1H")]),
            ("Call Anna remind 9am", "Call Anna", [.clock(hour: 9, minute: 0)]),
            ("Call Anna remind at 14:30 remind -30m", "Call Anna", [.clock(hour: 14, minute: 30), .relative(.due, offset: "-PT30M")]),
            ("Pay rent sched mon remind scheduled-1d", "Pay rent", [.relative(.scheduled, offset: "-P1D")]),
            ("remind me later", "remind me later", []),
            ("Remind", "Remind", []),
            ("\\remind -1h", "remind -1h", []),
        ]
        for (line, title, reminders) in cases {
            let q = QuickAdd.parse(line, today: today)
            XCTAssertEqual(q.title, title, line)
            XCTAssertEqual(q.reminders, reminders, line)
            XCTAssertEqual(q.due == nil, !line.contains("fri"), "a time after remind is no due time: \(line)")
        }
        let q = QuickAdd.parse("Call Anna fri 10am remind -1h remind 9am", today: today)
        XCTAssertEqual(q.summary(today: today), "Call Anna · due Fri 27 Nov 10:00 · remind 1h before due · remind 09:00")
        XCTAssertEqual(q.tokens.filter { $0.part == .reminder }.count, 2)
    }

    func testRemindersAreAddedCountingFromTheLinesDueDate() throws {
        let now = ISO8601DateFormatter().date(from: "2026-11-23T12:00:00Z")!
        let q = QuickAdd.parse("Call Anna fri 10am remind -1h remind 9am", today: today)
        var t = q.task()
        try q.addReminders(to: &t, now: now, timeZone: utc)
        XCTAssertEqual(t.reminders.map(\.offset), ["-PT1H", nil])
        XCTAssertEqual(t.reminders.map(\.absoluteTime), [nil, "2026-11-27T09:00:00Z"], "a clock time falls on the due day")
        XCTAssertEqual(t.reminders.map(\.id), ["rem_1", "rem_2"])
        let noDue = QuickAdd.parse("Call Anna remind -1h", today: today)
        var u = noDue.task()
        XCTAssertThrowsError(try noDue.addReminders(to: &u, now: now, timeZone: utc))
        // The change line: `-1h` after remind is the reminder's offset, not a shift of the due date.
        let c = TaskChanges.parse("remind -1h", today: today)
        XCTAssertEqual(c.fields.reminders, [.relative(.due, offset: "-PT1H")])
        XCTAssertTrue(c.shifts.isEmpty)
        XCTAssertFalse(c.isEmpty)
        XCTAssertEqual(c.leftover, "")
        XCTAssertEqual(TaskChanges.parse("remind none", today: today).fields.reminders, [.clear])
    }
}
