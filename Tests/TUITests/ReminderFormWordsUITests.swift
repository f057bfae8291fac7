import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The form's Remind field shows reminders as they are typed (`-1h`,
/// `9am 2 Dec`), reads those words back, and saves nothing when left alone.
final class ReminderFormWordsUITests: ReminderScreenTestCase {
    func testTheFormShowsRemindersAsTypedAndSavesNothingWhenLeftAlone() throws {
        let file = f("title: Call Anna\ndue: 2026-12-02T10:00\nscheduled: 2026-12-01\nreminders:\n"
            + "  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n    description: Bring notes\n"
            + "  - id: r2\n    type: absolute\n    absoluteTime: \(Self.local("2026-12-02T09:00"))\n"
            + "  - id: r3\n    type: relative\n    relatedTo: scheduled\n    offset: -P1D\n"
            + "  - id: r4\n    type: absolute\n    absoluteTime: \(Self.local("2026-11-20T14:30"))\n"
            + "  - id: r5\n    type: relative\n    relatedTo: due\n    offset: -P1DT2H", body: "Notes.\n")
        let h = try app(["call.md": file], width: 140, height: 40)
        h.press(.focus(.list), .editTask)
        let shown = "-1h, 9am 2 Dec, scheduled-1d, 2:30pm 20 Nov 2026, -1d2h"
        XCTAssertEqual(h.runtime.state.form?[.reminders], shown)
        XCTAssertTrue(h.text.contains("Remind      -1h, 9am 2 Dec, scheduled-1d, 2:30pm 20 Nov 2026"), h.text)
        // Saved untouched (the Remind field visited, nothing typed): the file is not rewritten.
        for _ in TaskForm.Field.allCases where h.runtime.state.form?.focus != .reminders { h.press(.form(.nextField)) }
        h.press(.form(.save))
        XCTAssertEqual(h.runtime.state.mode, .browse, h.runtime.state.form?.error ?? "")
        XCTAssertEqual(h.file("call.md"), file)
        // One typed in the same words is added; the others stay as written, ids and description too.
        h.press(.editTask)
        for _ in TaskForm.Field.allCases where h.runtime.state.form?.focus != .reminders { h.press(.form(.nextField)) }
        h.type(", 3pm 1 Dec")
        h.press(.form(.save))
        let saved = try XCTUnwrap(h.file("call.md"))
        XCTAssertTrue(saved.hasPrefix(String(file.prefix(while: { $0 != "\n" }))), saved)
        XCTAssertTrue(saved.contains("    description: Bring notes\n  - id: r2\n"), saved)
        XCTAssertTrue(saved.contains("  - id: rem_6\n    type: absolute\n    absoluteTime: \(Self.local("2026-12-01T15:00"))\n"), saved)
        XCTAssertTrue(saved.contains("-P1DT2H"), saved)
    }
}
