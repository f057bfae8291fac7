import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Reminders on their way into the form: those a change line (`c`) names
/// arrive in the Remind field when Tab opens the form, and a TaskNotes
/// vault's reminder written as its plugin writes it (a time without a zone,
/// local) is shown in the form's words, kept when left alone, and a new one
/// is written as local time with its offset.
final class ReminderChangeToFormUITests: XCTestCase {
    /// Tab to the form's Remind field.
    func toRemind(_ app: Harness) {
        for _ in TaskForm.Field.allCases where app.runtime.state.form?.focus != .reminders { app.press(.form(.nextField)) }
    }

    func testTheChangeLinesRemindersArriveInTheForm() throws {
        let task = f("title: Call Anna\ndue: 2026-11-25T10:00\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT2H")
        let app = try Harness(files: ["a.md": task], width: 140, height: 40, today: "2026-11-23")
        app.press(.focus(.list), .changeTasks)
        app.type("#phone remind -1h remind 9am")
        app.press(.quickAdd(.openForm))
        XCTAssertEqual(app.runtime.state.form?[.reminders], "-2h, -1h, 09:00", "after the ones the task has")
        XCTAssertEqual(app.runtime.state.form?[.tags], "phone")
        app.press(.form(.save))
        XCTAssertEqual(app.runtime.state.mode, .browse, app.runtime.state.form?.error ?? "")
        let file = try XCTUnwrap(app.file("a.md"))
        XCTAssertTrue(file.contains("  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT2H\n  - id: rem_2\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n"
            + "  - id: rem_3\n    type: absolute\n    absoluteTime: "), file)
        XCTAssertEqual(app.runtime.state.index.task(id: "a.md")?.task.reminders.count, 3)

        // `remind none` empties the field first; what follows it is typed after.
        app.press(.changeTasks)
        app.type("remind none remind -30m")
        app.press(.quickAdd(.openForm))
        XCTAssertEqual(app.runtime.state.form?[.reminders], "-30m")
        app.press(.form(.cancel), .discard(true))
        XCTAssertEqual(app.runtime.state.mode, .browse)

        // A word that is no reminder goes along as typed, and the form refuses it by name: nothing is lost, nothing written.
        app.press(.changeTasks)
        app.type("remind -1M")
        app.press(.quickAdd(.openForm))
        XCTAssertEqual(app.runtime.state.form?[.reminders], "-2h, -1h, 9am 25 Nov, -1M")
        app.press(.form(.save))
        XCTAssertTrue(app.text.contains("Remind: '-1M' is not a reminder: M could be months or minutes"), app.text)
        XCTAssertEqual(app.file("a.md"), file)
    }

    /// `2026-12-01T09:30` local, with the zone's offset then, as the plugin reads it back (told by a formatter).
    static func localWithOffset(_ text: String) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = .current
        f.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let at = f.date(from: text)!
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        return f.string(from: at)
    }

    func testATaskNotesReminderWithoutAZoneIsLocalTime() throws {
        let entry = "reminders:\n  - id: rem_1764486000000\n    type: absolute\n    absoluteTime: 2026-11-30T08:00:00\n"
        let task = "---\ntitle: Call\nstatus: open\ntags: [task]\ndue: 2026-11-30\n" + entry + "---\n"
        let app = try Harness(files: [".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "taskTag": "task"}"#, "Tasks/Call.md": task],
                              width: 140, height: 40, today: "2026-11-23")
        let read = try XCTUnwrap(app.runtime.state.index.task(id: "Tasks/Call.md")?.task)
        XCTAssertEqual([read.reminders.count, read.badReminders], [1, 0], "\(read.warnings)")
        app.press(.focus(.list), .toggleDetail)
        XCTAssertTrue(app.text.contains("Mon 30 Nov 08:00"), app.text)
        XCTAssertFalse(app.text.contains("cannot read"), app.text)
        app.press(.editTask)
        XCTAssertEqual(app.runtime.state.form?[.reminders], "8am 30 Nov")
        toRemind(app)
        app.press(.form(.save))
        XCTAssertEqual(app.file("Tasks/Call.md"), task, "left alone: nothing written")
        app.press(.editTask)
        toRemind(app)
        app.type(", 9:30am 1 Dec")
        app.press(.form(.save))
        let file = try XCTUnwrap(app.file("Tasks/Call.md"))
        XCTAssertTrue(file.contains(entry + "  - id: rem_2\n    type: absolute\n    absoluteTime: \(Self.localWithOffset("2026-12-01T09:30"))\n"), file)
    }
}

/// The line under quick add and the change line says a reminder Enter would refuse, before Enter.
final class ReminderPreviewUITests: XCTestCase {
    func testThePreviewSaysARemindThatWouldBeRefused() throws {
        let app = try Harness(files: ["a.md": f("title: Existing\ndue: 2026-11-25T10:00\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H")],
                              width: 160, height: 30, today: "2026-11-23")
        // The change line looks at the task it changes: it has a due date, no scheduled one, and a reminder 1h before due.
        app.press(.focus(.list), .changeTasks)
        app.type("remind -30m")
        XCTAssertFalse(app.text.contains("remind refused"), app.text)
        app.press(.text(.deleteToStart))
        app.type("remind scheduled-1d")
        XCTAssertTrue(app.text.contains("remind refused: no scheduled date"), app.text)
        app.press(.text(.deleteToStart))
        app.type("remind -60m")
        XCTAssertTrue(app.text.contains("remind refused: already 1h before due"), app.text)
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("the task already has a reminder 1h before due"), app.text)
        app.press(.quickAdd(.cancel))
        app.press(.addTask)
        app.type("Call Anna fri remind scheduled-1d")
        XCTAssertTrue(app.text.contains("remind 1d before scheduled · remind refused: no scheduled date"), app.text)
        app.type(" sched thu")
        XCTAssertFalse(app.text.contains("remind refused"), app.text)
        app.press(.quickAdd(.add))
        XCTAssertTrue(app.file("call-anna.md")?.contains("relatedTo: scheduled") == true, app.file("call-anna.md") ?? "")
    }
}

/// The form refuses a reminder typed twice, however it is typed, as `modify --remind` and the change line do.
final class ReminderFormTwiceUITests: XCTestCase {
    func testTheSameInstantTwiceIsRefused() throws {
        let task = f("title: Call Anna\ndue: 2026-11-25T10:00\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H")
        for typed in ["-1h, 9am 25 Nov, 9am 25 Nov", "-1h, 9am 25 Nov, 9am", "-1h, 9am, 2026-11-25T09:00", "-1h, -60m", "-1h, -1h", "-1h, 3pm 24 Nov, 15:00 24 Nov"] {
            let app = try Harness(files: ["a.md": task], width: 140, height: 40, today: "2026-11-23")
            app.press(.focus(.list), .editTask)
            for _ in TaskForm.Field.allCases where app.runtime.state.form?.focus != .reminders { app.press(.form(.nextField)) }
            app.press(.text(.deleteToStart))
            app.type(typed)
            app.press(.form(.save))
            XCTAssertTrue(app.runtime.state.form?.error?.contains("the task already has a reminder") == true, "\(typed): \(app.runtime.state.form?.error ?? "saved")")
            XCTAssertEqual(app.file("a.md"), task, typed)
        }
    }
}
