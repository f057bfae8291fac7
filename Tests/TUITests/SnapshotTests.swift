import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Key screens at 50×14, 80×24, 120×40 and 160×50, compared with text files in
/// `Snapshots/` (`ScreenSnapshot`: run with `TODOMD_RECORD_SNAPSHOTS=1` to record
/// them again, then read the diff in git). StyleSnapshotTests adds the cells' styles.
final class SnapshotTests: XCTestCase {
    /// Three common sizes, and a small one where rows and popups must give way.
    static let sizes = [(50, 14), (80, 24), (120, 40), (160, 50)]
    static let vault: [String: String] = [
        "call-anna.md": f("title: Call Anna about the offer\narea: Work\nproject: Clients\ndue: 2026-11-24\npriority: high\ntags: [phone]",
                          body: "Ask about the start date.\n"),
        "report.md": f("title: Write the Q4 report\narea: Work\nproject: Q4 Report\nscheduled: 2026-11-23\ndue: 2026-11-27\npriority: medium\nestimate: 90"),
        "groceries.md": f("title: Buy groceries\narea: Home\nflagged: true\ntags: [errand]"),
        "dentist.md": f("title: Dentist appointment\narea: Health\ndue: 2026-11-20\nstatus: in-progress"),
        "plants.md": f("title: Water the plants\narea: Home\nrecurrence: FREQ=WEEKLY;BYDAY=MO,TH\nscheduled: 2026-11-23"),
        "book.md": f("title: Read a book\nstatus: someday"),
        "taxes.md": f("title: File the taxes\narea: Home\nstatus: done\ncompleted: 2026-11-21"),
        "inbox-idea.md": f("title: \"Idea: a better backup plan\"\npriority: low", body: "# Notes\nRsync to the NAS every night.\n"),
        "taxes.sync-conflict-20261122-101500-ABCDEFG.md": f("title: File the taxes (phone copy)\narea: Home\nstatus: done"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "icon": "briefcase", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"operator": "OR", "conditions": [{"field": "priority", "op": "equals", "value": "high"}, {"field": "due", "op": "in_next", "value": 7, "unit": "days"}]}]}}}}"#,
    ]

    static let cjkVault: [String: String] = [
        "hotel.md": f("title: 東京のホテルを予約する\ndue: 2026-11-25"),
        "ticket.md": f("title: 新幹線の切符を買う 🚄\npriority: high"),
        "gift.md": f("title: お土産を選ぶ（京都）"),
        "mixed.md": f("title: Meet 李小龍 at the café"),
    ]

    func assertScreens(_ name: String, files: [String: String] = vault, file: StaticString = #filePath, line: UInt = #line,
                       _ drive: (Harness) -> Void) throws {
        for (w, h) in Self.sizes {
            let app = try Harness(files: files, width: w, height: h, today: "2026-11-23")
            drive(app)
            let text = ScreenSnapshot.screen(of: app).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
            try ScreenSnapshot.check(text, named: "\(name)-\(w)x\(h).txt", file: file, line: line)
        }
    }

    func testSidebarAndListInEachDensity() throws {
        for density in Density.allCases {
            try assertScreens("list-\(density.rawValue)") { app in
                app.runtime.setDensity(density)
                app.press(.move(1), .focus(.list), .move(1))
            }
        }
    }

    func testTheForm() throws {
        try assertScreens("form-new") { app in
            app.press(.addTaskInForm)
            app.type("Call the bank")
            app.press(.form(.nextField), .form(.nextField), .form(.choice(1)), .form(.choice(1)))
        }
        try assertScreens("form-edit") { app in
            app.press(.move(1), .focus(.list), .editTask)
            for _ in 0..<7 { app.press(.form(.nextField)) }
        }
    }

    func testTheRuleEditor() throws {
        try assertScreens("rule-editor") { app in
            app.press(.move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .editPerspective, .editor(.last))  // Work: the last custom perspective
        }
        try assertScreens("rule-editor-picker") { app in
            app.press(.move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .editPerspective, .editor(.addRule))
            app.type("due")
        }
        try assertScreens("rule-editor-calendar") { app in
            app.press(.move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .editPerspective, .editor(.addRule))
            app.type("due date in")
            app.press(.picker(.pick), .calendar(.switchSide))                    // the calendar, on today
            for _ in 0..<5 { app.press(.calendar(.comparison(1))) }   // between
            app.press(.calendar(.pick), .calendar(.move(1)), .calendar(.move(1)), .calendar(.move(7)))
        }
        try assertScreens("rule-editor-icons") { app in
            app.press(.move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .editPerspective, .editor(.first), .editor(.down), .editor(.edit), .picker(.right))
        }
    }

    func testEachPopup() throws {
        try assertScreens("sort-menu") { $0.press(.focus(.list), .openSortMenu, .menu(.down)) }
        try assertScreens("settings") { $0.press(.openSettings) }
        try assertScreens("quick-filter") { $0.press(.openFilterPanel, .menu(.down), .filter(.toggle)) }
        try assertScreens("sync-conflict") { $0.press(.openConflicts) }
        try assertScreens("problems") { $0.press(.showProblems) }
        try assertScreens("builtin-rules") { $0.press(.move(1), .showRules) }
        try assertScreens("delete-question") { $0.press(.focus(.list), .deleteTask) }
        try assertScreens("quick-add") { app in
            app.press(.addTask)
            app.type("Call Anna tomorrow 3pm #phone !high +Clients")
        }
        try assertScreens("search") { app in
            app.press(.startSearch)
            app.type("the")
        }
    }

    func testHelp() throws {
        try assertScreens("help-list") { $0.press(.focus(.list), .toggleHelp) }
        try assertScreens("help-rule-editor") { $0.press(.move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .move(1), .editPerspective, .toggleHelp) }
    }

    func testACJKListUnderAPopup() throws {
        try assertScreens("cjk-sort-menu", files: Self.cjkVault) { $0.press(.focus(.list), .openSortMenu) }
        try assertScreens("cjk-form", files: Self.cjkVault) { $0.press(.focus(.list), .editTask) }
    }
}
