import XCTest
@testable import TaskEngine

/// Completing and skipping occurrences of repeating tasks, on the task and
/// through the writer to the file.
final class RecurringTaskTests: XCTestCase {
    let today = Day.parseISO("2026-11-23")!  // a Monday
    func d(_ s: String) -> Day { Day.parseISO(s)! }

    func task(_ front: String) throws -> TaskItem {
        try TaskFileCodec.parse(Array("---\n\(front)\n---\nNotes\n".utf8), id: "r.md", timeZone: utc).task
    }

    func testWeeklyMovesScheduledAndDueAndRecordsTheDay() throws {
        var t = try task("title: Review\nrecurrence: FREQ=WEEKLY;BYDAY=MO\nscheduled: 2026-11-23\ndue: 2026-11-25")
        var days: [String] = []
        for expected in ["2026-11-30", "2026-12-07", "2026-12-14"] {
            let r = try RecurringTask.complete(t, today: today, timeZone: utc)
            days.append(r.day.iso)
            t = r.task
            XCTAssertEqual(t.scheduled?.raw, expected)
            XCTAssertEqual(t.due?.day, Day.parseISO(expected)!.adding(days: 2), "due keeps its distance")
            XCTAssertEqual(t.status, .todo, "the series stays open")
            XCTAssertEqual(t.recurrence, "DTSTART:20261123;FREQ=WEEKLY;BYDAY=MO", "DTSTART written once, then fixed")
        }
        XCTAssertEqual(t.completeInstances, days)
        XCTAssertEqual(days, ["2026-11-23", "2026-11-30", "2026-12-07"])
    }

    func testMonthlyOnTheLastFridayEndsAfterCount() throws {
        var t = try task("title: Invoices\nrecurrence: FREQ=MONTHLY;BYDAY=-1FR;COUNT=3\nscheduled: 2026-11-27\nstatus: in-progress")
        var r = try RecurringTask.complete(t, today: today, timeZone: utc)
        XCTAssertEqual(r.next, d("2026-12-25"))
        XCTAssertEqual(r.task.status, .todo, "the next occurrence is not started")
        t = try RecurringTask.complete(r.task, today: today, timeZone: utc).task
        XCTAssertEqual(t.scheduled?.raw, "2027-01-29")
        r = try RecurringTask.complete(t, today: today, timeZone: utc)
        XCTAssertNil(r.next)
        XCTAssertEqual(r.task.status, .done, "COUNT=3 reached: done for good")
        XCTAssertEqual(r.task.completeInstances, ["2026-11-27", "2026-12-25", "2027-01-29"])
        XCTAssertTrue(RecurringTask.message(r).contains("last occurrence"))
    }

    func testEveryTwoDaysFromCompletionCountsFromTheDayItWasDone() throws {
        let t = try task("title: Water\nrecurrence: every 2 days\nrecurrence_anchor: completion\ndue: 2026-11-18")
        let r = try RecurringTask.complete(t, today: today, timeZone: utc)
        XCTAssertEqual(r.day, today)
        XCTAssertEqual(r.task.recurrence, "DTSTART:20261123;FREQ=DAILY;INTERVAL=2")
        XCTAssertEqual(r.task.due?.raw, "2026-11-25")
        let again = try RecurringTask.complete(r.task, on: d("2026-11-26"), today: today, timeZone: utc)
        XCTAssertEqual(again.task.recurrence, "DTSTART:20261126;FREQ=DAILY;INTERVAL=2")
        XCTAssertEqual(again.task.due?.raw, "2026-11-28")
    }

    func testSkipMovesOnWithoutCompleting() throws {
        let t = try task("title: Gym\nrecurrence: FREQ=WEEKLY;BYDAY=MO,TH\nscheduled: 2026-11-23T18:30\ncomplete_instances: [2026-11-23]")
        let r = try RecurringTask.skip(t, today: today, timeZone: utc)
        XCTAssertEqual(r.task.skippedInstances, ["2026-11-23"])
        XCTAssertEqual(r.task.completeInstances, [], "a day is completed or skipped, not both")
        XCTAssertEqual(r.task.scheduled?.raw, "2026-11-26T18:30", "the time of day is kept")
        XCTAssertEqual(RecurringTask.message(r), "2026-11-23 · repeats: next Thu 26 Nov")
    }

    func testCompletingTheSameDayTwiceRecordsItOnce() throws {
        let t = try task("title: T\nrecurrence: daily\nscheduled: 2026-11-23")
        let once = try RecurringTask.complete(t, on: today, today: today, timeZone: utc).task
        let twice = try RecurringTask.complete(once, on: today, today: today, timeZone: utc).task
        XCTAssertEqual(twice.completeInstances, ["2026-11-23"])
    }

    func testATaskWithNoDatesStartsOnTheDayItIsDone() throws {
        let t = try task("title: T\nrecurrence: FREQ=WEEKLY")
        let r = try RecurringTask.complete(t, today: today, timeZone: utc)
        XCTAssertEqual(r.task.recurrence, "DTSTART:20261123;FREQ=WEEKLY")
        XCTAssertEqual(r.task.scheduled?.raw, "2026-11-30")
    }

    func testAnInvalidRuleChangesNothingAndSaysWhy() throws {
        let t = try task("title: T\nrecurrence: FREQ=FORTNIGHTLY\nscheduled: 2026-11-23")
        XCTAssertThrowsError(try RecurringTask.complete(t, today: today, timeZone: utc)) { e in
            XCTAssertTrue("\(e)".contains("FREQ=FORTNIGHTLY"), "\(e)")
        }
    }

    func testTheWriterWritesTheOccurrenceInPlace() throws {
        let dir = TempDir()
        let text = "---\ntitle: Review\n# weekly\nrecurrence: FREQ=WEEKLY;BYDAY=MO\nscheduled: 2026-11-23\n---\nNotes\n"
        dir.write("r.md", text)
        let t = try VaultLoader.loadOne(root: dir.path, id: "r.md", timeZone: utc).get()
        let r = try RecurringTask.complete(t, today: today, timeZone: utc)
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(r.task, now: Date(timeIntervalSince1970: 1_795_000_000))
        XCTAssertEqual(dir.text("r.md"), """
        ---
        title: Review
        # weekly
        recurrence: DTSTART:20261123;FREQ=WEEKLY;BYDAY=MO
        scheduled: 2026-11-30
        modified: 2026-11-18T11:06:40Z
        complete_instances: [2026-11-23]
        ---
        Notes

        """)
        // Read back the same, and a second completion appends to the list in place.
        let back = try VaultLoader.loadOne(root: dir.path, id: "r.md", timeZone: utc).get()
        XCTAssertEqual(back.completeInstances, ["2026-11-23"])
        let r2 = try RecurringTask.complete(back, today: today, timeZone: utc)
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(r2.task, now: Date(timeIntervalSince1970: 1_795_000_000))
        XCTAssertTrue(dir.text("r.md")!.contains("complete_instances: [2026-11-23, 2026-11-30]\n"), dir.text("r.md")!)
    }

    func testRulesInWords() {
        let cases = [
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "every 2 weeks on Mon, Thu"), ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Fri"),
            ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"), ("FREQ=MONTHLY;BYMONTHDAY=1,-1", "every month on the 1st, the last day"),
            ("FREQ=YEARLY;BYMONTH=6,7;COUNT=4", "every year in Jun, Jul, 4 times"), ("DTSTART:20261123;FREQ=DAILY;UNTIL=20261231", "every day, until 2026-12-31"),
            ("FREQ=MONTHLY;BYDAY=2TU", "every month on the 2nd Tue"), ("every 3 days", "every 3 days"),
        ]
        for (rule, words) in cases { XCTAssertEqual(RecurrenceWords.describe(rule), words, rule) }
    }
}
