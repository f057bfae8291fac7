import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The detail pane lists a task's reminders in the order they fire, each
/// resolved to a time, a past one marked in a word and dimmed.
final class ReminderDetailOrderUITests: ReminderScreenTestCase {
    func testTheDetailPaneListsRemindersInTheOrderTheyFireThePastOnesMarked() throws {
        // In the file: a relative one (25 Nov 09:00), one that cannot fire, a past one (20 Nov), one on 23 Nov.
        let file = f("title: Call Anna\ndue: 2026-11-25T10:00\nreminders:\n"
            + "  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n"
            + "  - id: r2\n    type: relative\n    relatedTo: scheduled\n    offset: -P1D\n"
            + "  - id: r3\n    type: absolute\n    absoluteTime: \(Self.local("2026-11-20T09:00"))\n    description: first call\n"
            + "  - id: r4\n    type: absolute\n    absoluteTime: \(Self.local("2026-11-23T14:30"))")
        let h = try app(["call.md": file], width: 140, height: 30)
        h.press(.focus(.list), .toggleDetail)
        let rows = h.lines.enumerated().filter { $0.element.contains("Remind ") }
        XCTAssertEqual(rows.count, 4, h.text)
        let said = rows.map { $0.element }
        XCTAssertTrue(said[0].contains("Fri 20 Nov 09:00 (past) · first call"), said[0])
        XCTAssertTrue(said[1].contains("Mon 23 Nov 14:30") && !said[1].contains("past"), said[1])
        XCTAssertTrue(said[2].contains("Wed 25 Nov 09:00 (1h before due)"), said[2])
        XCTAssertTrue(said[3].contains("1d before scheduled (cannot fire"), said[3])
        // The past one is dimmed too (with its word: not by colour alone), the others are not.
        let screen = h.screen
        for (n, row) in rows.enumerated() {
            let x = DisplayWidth.of(String(row.element[..<row.element.range(of: "Remind ")!.upperBound])) + 4
            XCTAssertEqual(screen.cells[row.offset * screen.width + x].style.role == .dim, n == 0, "\(n): \(row.element)")
        }
    }
}
