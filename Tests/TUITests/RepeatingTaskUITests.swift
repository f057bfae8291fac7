import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Repeating tasks by keys: `x` and `Space` complete one occurrence, `X`
/// skips one, `u` puts the file back; the row shows ↻.
final class RepeatingTaskUITests: XCTestCase {
    let weekly = "---\ntitle: Weekly review\nrecurrence: FREQ=WEEKLY;BYDAY=SU\nscheduled: 2026-11-22\ndue: 2026-11-23\n---\nNotes\n"

    func testXCompletesTheOccurrenceAndUndoPutsEverythingBack() throws {
        let app = try Harness(files: ["w.md": weekly], width: 110, height: 24)
        app.open("Today")
        XCTAssertTrue(app.lines.contains { $0.contains("Weekly review") && $0.contains("↻") }, app.text)
        app.press(.focus(.list), .toggleDone)
        let file = try XCTUnwrap(app.file("w.md"))
        XCTAssertTrue(file.contains("scheduled: 2026-11-29\n") && file.contains("due: 2026-11-30\n"), file)
        XCTAssertTrue(file.contains("complete_instances: [2026-11-22]\n"), file)
        XCTAssertTrue(file.contains("recurrence: DTSTART:20261122;FREQ=WEEKLY;BYDAY=SU\n"), file)
        XCTAssertFalse(file.contains("status: done"), file)
        XCTAssertTrue(app.text.contains("Done 'Weekly review' 2026-11-22 · repeats: next Sun 29 Nov"), app.text)
        app.press(.undo)
        XCTAssertEqual(app.file("w.md"), weekly, "one undo step restores every key")
    }

    func testSpaceFromInProgressCompletesAndTheNextOccurrenceIsNotStarted() throws {
        let app = try Harness(files: ["w.md": weekly.replacingOccurrences(of: "title:", with: "status: in-progress\ntitle:")], width: 110, height: 24)
        app.open("Today")
        app.press(.focus(.list), .cycleState)
        let file = try XCTUnwrap(app.file("w.md"))
        XCTAssertTrue(file.contains("status: todo\n") && file.contains("complete_instances: [2026-11-22]"), file)
    }

    func testXSkipsAndSaysSoAndRefusesATaskThatDoesNotRepeat() throws {
        let app = try Harness(files: ["w.md": weekly, "p.md": "---\ntitle: Plain\ndue: 2026-11-22\n---\n"], width: 110, height: 24)
        app.open("Today")
        app.press(.focus(.list))
        while app.runtime.state.selectedTask?.id != "w.md" { app.press(.move(1)) }
        app.press(.skipOccurrence)
        let file = try XCTUnwrap(app.file("w.md"))
        XCTAssertTrue(file.contains("skipped_instances: [2026-11-22]\n") && file.contains("scheduled: 2026-11-29\n"), file)
        XCTAssertTrue(app.runtime.state.message?.hasPrefix("Skipped 'Weekly review'") == true, app.runtime.state.message ?? "")
        app.press(.moveToEdge(top: true))
        while app.runtime.state.selectedTask?.id != "p.md" { app.press(.move(1)) }
        app.press(.skipOccurrence)
        XCTAssertTrue(app.runtime.state.message?.contains("does not repeat") == true)
        XCTAssertEqual(app.file("p.md"), "---\ntitle: Plain\ndue: 2026-11-22\n---\n")
    }

    func testTheLastOccurrenceCompletesTheTask() throws {
        let app = try Harness(files: ["c.md": "---\ntitle: Three times\nrecurrence: FREQ=DAILY;COUNT=2\nscheduled: 2026-11-21\n---\n"], width: 110, height: 24)
        app.open("Today")
        app.press(.focus(.list), .toggleDone)
        XCTAssertTrue(app.file("c.md")!.contains("scheduled: 2026-11-22"), app.file("c.md")!)
        app.press(.toggleDone)
        let file = try XCTUnwrap(app.file("c.md"))
        XCTAssertTrue(file.contains("status: done\n") && file.contains("completed:"), file)
        XCTAssertTrue(app.runtime.state.message?.contains("last occurrence") == true, app.runtime.state.message ?? "")
    }

    func testTheFormOffersPresetsShowsTheRuleInWordsAndRefusesABadRule() throws {
        let app = try Harness(files: [:], width: 120, height: 30)
        app.press(.focus(.list), .addTaskInForm)
        app.type("Gym")
        while app.runtime.state.form?.focus != .recurrence { app.press(.form(.nextField)) }
        app.press(.form(.choice(1)), .form(.choice(1)), .form(.choice(1)))
        XCTAssertEqual(app.runtime.state.form?[.recurrence], "FREQ=WEEKLY;BYDAY=SU", "today, 22 Nov 2026, is a Sunday")
        XCTAssertTrue(app.text.contains("↻ every week on Sun"), app.text)
        app.press(.form(.choice(-1)), .form(.choice(-1)), .form(.choice(-1)))
        XCTAssertEqual(app.runtime.state.form?[.recurrence], "")
        app.type("every fortnight-ish")
        XCTAssertTrue(app.text.contains("⚠"), app.text)
        app.press(.form(.save))
        XCTAssertTrue(app.runtime.state.form?.error?.hasPrefix("Recurrence:") == true, app.runtime.state.form?.error ?? "")
        XCTAssertNil(app.file("gym.md"), "nothing written")
        for _ in 0..<19 { app.press(.text(.backspace)) }
        app.type("every 2 weeks on mon")
        XCTAssertTrue(app.text.contains("↻ every 2 weeks on Mon"), app.text)
        app.press(.form(.save))
        XCTAssertTrue(app.file("gym.md")?.contains("recurrence: every 2 weeks on mon\n") == true, app.file("gym.md") ?? "none")
    }

    func testMonthlyOnTheLastFridayEveryTwoDaysFromCompletionAndCountThree() throws {
        let files = [
            "f.md": "---\ntitle: Pay rent\nrecurrence: FREQ=MONTHLY;BYDAY=-1FR\ndue: 2026-11-22\n---\n",
            "e.md": "---\ntitle: Water plants\nrecurrence: FREQ=DAILY;INTERVAL=2\nrecurrence_anchor: completion\nscheduled: 2026-11-18\n---\n",
            "c.md": "---\ntitle: Three sessions\nrecurrence: FREQ=DAILY;COUNT=3\nscheduled: 2026-11-20\n---\n",
        ]
        let app = try Harness(files: files, width: 120, height: 30)
        app.open("Today")
        app.press(.focus(.list))
        func select(_ id: String) {
            app.press(.moveToEdge(top: true))
            for _ in 0..<10 where app.runtime.state.selectedTask?.id != id { app.press(.move(1)) }
        }
        // The last Friday of each month: from 22 Nov to 27 Nov, then 25 Dec.
        select("f.md")
        app.press(.toggleDone)
        XCTAssertTrue(app.file("f.md")!.contains("due: 2026-11-27\n"), app.file("f.md")!)
        XCTAssertTrue(app.text.contains("repeats: next Fri 27 Nov"), app.text)
        // Every 2 days counted from the day it was done (today, 22 Nov), not from the 18th.
        select("e.md")
        app.press(.toggleDone)
        XCTAssertTrue(app.file("e.md")!.contains("scheduled: 2026-11-24\n"), app.file("e.md")!)
        XCTAssertTrue(app.file("e.md")!.contains("complete_instances: [2026-11-22]\n"), app.file("e.md")!)
        // COUNT=3: the third completion ends the series.
        select("c.md")
        app.press(.toggleDone)
        XCTAssertTrue(app.file("c.md")!.contains("scheduled: 2026-11-21\n"), app.file("c.md")!)
        select("c.md")
        app.press(.toggleDone)
        XCTAssertTrue(app.file("c.md")!.contains("scheduled: 2026-11-22\n"), app.file("c.md")!)
        select("c.md")
        app.press(.toggleDone)
        let ended = try XCTUnwrap(app.file("c.md"))
        XCTAssertTrue(ended.contains("status: done\n") && ended.contains("complete_instances: [2026-11-20, 2026-11-21, 2026-11-22]\n"), ended)
        // One undo step brings the series back to its second occurrence, file and screen.
        app.press(.undo)
        XCTAssertTrue(app.file("c.md")!.contains("scheduled: 2026-11-22\n") && !app.file("c.md")!.contains("status: done"), app.file("c.md")!)
    }
}
