import XCTest
@testable import TaskEngine

/// The change line (`c` in the app): what it does to tasks that exist.
final class TaskChangesTests: XCTestCase {
    let monday = Day.parseISO("2026-11-23")!

    func base() -> TaskItem {
        var t = TaskItem(id: "a.md", title: "Keep my title")
        t.setStatus(.todo)
        t.project = "Old"
        t.area = "Work"
        t.tags = ["old", "keep"]
        t.due = TaskDate(parsing: "2026-11-25T09:30")
        t.scheduled = TaskDate(day: Day.parseISO("2026-11-24")!)
        return t
    }

    /// Each line, and the fields it leaves: "project / area / tags / due / sched / defer / priority / flagged".
    func testTable() {
        let cases: [(String, String)] = [
            ("+Home", "Home / Work / old,keep / 2026-11-25T09:30 / 2026-11-24 / - / none / false"),
            ("@Life +none", "- / Life / old,keep / 2026-11-25T09:30 / 2026-11-24 / - / none / false"),
            ("#new -#old", "Old / Work / keep,new / 2026-11-25T09:30 / 2026-11-24 / - / none / false"),
            ("-#OLD -#missing", "Old / Work / keep / 2026-11-25T09:30 / 2026-11-24 / - / none / false"),
            ("fri", "Old / Work / old,keep / 2026-11-27 / 2026-11-24 / - / none / false"),
            ("fri 3pm", "Old / Work / old,keep / 2026-11-27T15:00 / 2026-11-24 / - / none / false"),
            ("+1w", "Old / Work / old,keep / 2026-12-02T09:30 / 2026-11-24 / - / none / false"),
            ("due -2d", "Old / Work / old,keep / 2026-11-23T09:30 / 2026-11-24 / - / none / false"),
            ("sched +1m", "Old / Work / old,keep / 2026-11-25T09:30 / 2026-12-24 / - / none / false"),
            ("defer +3d", "Old / Work / old,keep / 2026-11-25T09:30 / 2026-11-24 / 2026-11-26 / none / false"),
            ("due none sched none", "Old / Work / old,keep / - / - / - / none / false"),
            ("sched next week defer tomorrow", "Old / Work / old,keep / 2026-11-25T09:30 / 2026-11-30 / 2026-11-24 / none / false"),
            ("!high *", "Old / Work / old,keep / 2026-11-25T09:30 / 2026-11-24 / - / high / true"),
            ("!none", "Old / Work / old,keep / 2026-11-25T09:30 / 2026-11-24 / - / none / false"),
            ("+ho @none !! #x fri +none", "- / - / old,keep,x / 2026-11-27 / 2026-11-24 / - / medium / false"),
        ]
        for (line, expected) in cases {
            let c = TaskChanges.parse(line, today: monday)
            XCTAssertEqual(c.leftover, "", line)
            XCTAssertFalse(c.isEmpty, line)
            let t = c.apply(to: base(), today: monday)
            XCTAssertEqual(t.title, "Keep my title", line)
            let got = [t.project ?? "-", t.area ?? "-", t.tags.joined(separator: ","), t.due?.raw ?? "-", t.scheduled?.raw ?? "-",
                       t.defer_?.raw ?? "-", t.priority.rawValue, "\(t.flagged)"].joined(separator: " / ")
            XCTAssertEqual(got, expected, line)
        }
    }

    func testWordsThatMeanNothingAreLeftOverAndAShiftStartsFromToday() {
        XCTAssertEqual(TaskChanges.parse("+Home please", today: monday).leftover, "please")
        XCTAssertTrue(TaskChanges.parse("", today: monday).isEmpty)
        var bare = TaskItem(id: "b.md", title: "No dates")
        bare.setStatus(.todo)
        let shifted = TaskChanges.parse("+3d sched +1w", today: monday).apply(to: bare, today: monday)
        XCTAssertEqual(shifted.due?.raw, "2026-11-26")
        XCTAssertEqual(shifted.scheduled?.raw, "2026-11-30")
        // A repeat keeps the task's dates.
        let repeating = TaskChanges.parse("every mon", today: monday).apply(to: base(), today: monday)
        XCTAssertEqual(repeating.recurrence, "FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(repeating.scheduled?.raw, "2026-11-24")
        XCTAssertEqual(TaskChanges.parse("+Home -#old due +1w !high", today: monday).summary(today: monday), "high · +Home · -#old · due +1 week")
    }
}
