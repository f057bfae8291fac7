import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The main screens at 80×24 with each cell's style (`StyleGrid`): which row
/// is selected, what is dimmed, which glyphs are coloured. Compared with
/// `Snapshots/*.style.txt` and recorded as the text snapshots are.
final class StyleSnapshotTests: XCTestCase {
    static let vault: [String: String] = [
        "late.md": f("title: Renew the passport\ndue: 2026-11-20\npriority: high\ncreated: 2026-11-01"),
        "gift.md": f("title: Buy a gift\nflagged: true\npriority: low\ncreated: 2026-11-02"),
        "book.md": f("title: Read a book\ndue: 2026-11-25\npriority: medium\ncreated: 2026-11-03"),
        "letter.md": f("title: Draft the letter\nstatus: in-progress\ncreated: 2026-11-04"),
        "done.md": f("title: Post the parcel\nstatus: done\ncompleted: 2026-11-22\ncreated: 2026-11-05"),
        "work.md": f("title: Send the offer\narea: Work\npriority: high"),
        // Two rules, the second turned off: the editor shows it dimmed.
        ".perspectives.json": ##"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "color": "#D0021B", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"field": "flagged", "op": "equals", "value": true, "enabled": false}]}}}}"##,
    ]

    func assertStyles(_ name: String, file: StaticString = #filePath, line: UInt = #line, _ drive: (Harness) -> Void) throws {
        let app = try Harness(files: Self.vault, width: 80, height: 24, today: "2026-11-23")
        drive(app)
        try ScreenSnapshot.check(StyleGrid.text(ScreenSnapshot.screen(of: app)), named: "\(name)-80x24.style.txt", file: file, line: line)
    }

    /// The Inbox's list focused, the second row selected: overdue, flagged, priorities and the active band.
    func testTheListWithASelectionAnOverdueAndAFlaggedTask() throws {
        try assertStyles("style-list") { $0.press(.char("l"), .char("j")) }
    }

    /// The sidebar focused on Today: the current perspective, the counts, a perspective's own colour.
    func testTheSidebarWithItsCurrentPerspective() throws {
        try assertStyles("style-sidebar") { $0.press(.char("j")) }
    }

    func testTheRuleEditorWithADisabledRule() throws {
        try assertStyles("style-rule-editor") { app in
            app.open("Work")
            app.press(.char("h"), .char("e"), .char("G"), .char("k"))  // (from the sidebar e edits the perspective) the rule above the one off
        }
    }

    /// Help over an empty list: the task keys say why they cannot act now.
    func testHelpWithKeysThatCannotActNow() throws {
        try assertStyles("style-help") { app in
            app.open("Someday")
            app.press(.char("?"))
        }
    }

    /// The letters say what they must: a selected row is `s`, plain cells are cut from a row's end.
    func testTheGridNamesEachCellsStyle() {
        var screen = Screen(width: 6, height: 2)
        screen.put("ab", x: 0, y: 0, style: CellStyle(.selected))
        screen.put("c", x: 2, y: 0, style: CellStyle(.dim, bold: true))
        screen.put("漢", x: 0, y: 1, style: CellStyle(.priorityHigh))
        screen.put("d", x: 2, y: 1, style: CellStyle(.accent, color: 196))
        XCTAssertEqual(StyleGrid.text(screen), StyleGrid.legend + "\nabc\nssD\n漢d\n33#\n")
    }
}
