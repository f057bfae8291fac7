import XCTest
@testable import TaskEngine
@testable import TUI

/// The detail pane: fields, notes rendered from CommonMark, checklist ticks.
final class DetailPaneTests: XCTestCase {
    let body = """
    # Packing

    Bring the *passport* and **tickets**, see [the list](https://example.com/list).

    - [ ] socks
    - [x] charger
    - [ ] adapter

    > Don't forget `sunscreen`.

    ```
    code stays as is
    ```
    """
    var vault: [String: String] {
        ["trip.md": f("title: Pack for Tokyo\narea: Travel\ndue: 2026-11-23T18:00\ntags: [trip]\nmodified: 2026-11-20T10:00:00Z", body: body + "\n"),
         "other.md": f("title: Plain task\ncreated: 2026-11-01")]
    }

    func testThePaneShowsFieldsAndRenderedNotesBesideTheList() throws {
        let app = try Harness(files: vault, width: 140, height: 40, today: "2026-11-23")
        app.runtime.dispatch(.minuteChanged(TaskDate(parsing: "2026-11-23T15:00")!.sortKey / 60))
        app.open("Today")
        XCTAssertTrue(app.text.contains("1/3"), "the row shows the checklist progress\n\(app.text)")
        XCTAssertTrue(app.text.contains("in 3h"), "a due time today counts down\n\(app.text)")
        app.press(.toggleDetail)
        let text = app.text
        for expected in ["Detail · checklist 1/3", "Status    todo", "Area      Travel", "Tags      #trip", "Due       Mon 23 Nov 18:00 (in 3h)",
                         "─ Notes", "# Packing", "Bring the passport and tickets, see the list", "<https://example.com/list>.",
                         "☐ socks", "☑ charger", "☐ adapter", "│ Don't forget sunscreen.", "code stays as is"] {
            XCTAssertTrue(text.contains(expected), "\(expected)\n\(text)")
        }
        // Beside the list: both titles on one row.
        XCTAssertTrue(app.lines.contains { $0.contains("Today · 1 task") && $0.contains("Detail · checklist") }, text)
        app.runtime.dispatch(.minuteChanged(TaskDate(parsing: "2026-11-23T20:30")!.sortKey / 60))
        XCTAssertTrue(app.text.contains("2h overdue"), app.text)
    }

    func testTickingAChecklistItemChangesOnlyItsLine() throws {
        let app = try Harness(files: vault, width: 140, height: 40, today: "2026-11-23")
        app.open("Today")
        let before = try XCTUnwrap(app.file("trip.md"))
        app.press(.toggleDetail, .switchFocus)
        XCTAssertEqual(app.runtime.state.focus, .detail)
        app.press(.detail(.down), .detail(.down))          // adapter
        app.press(.detail(.toggleItem))
        let after = try XCTUnwrap(app.file("trip.md"))
        let a = before.split(separator: "\n", omittingEmptySubsequences: false), b = after.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(a.count, b.count)
        let differing = zip(a, b).filter { $0 != $1 }
        XCTAssertEqual(differing.count, 1, after)
        XCTAssertEqual(differing.first.map { String($0.1) }, "- [x] adapter")
        XCTAssertTrue(app.text.contains("☑ adapter") && app.text.contains("checklist 2/3"), app.text)
        // One undo unticks it.
        app.press(.undo)
        XCTAssertEqual(app.file("trip.md"), before)
        // Back to the list; the pane hides with i.
        app.press(.detail(.back))
        XCTAssertEqual(app.runtime.state.focus, .list)
        app.press(.toggleDetail)
        XCTAssertFalse(app.text.contains("─ Notes"))
    }

    func testOnANarrowTerminalThePaneIsBelowTheListAndScrolls() throws {
        var long = vault
        long["trip.md"] = f("title: Pack for Tokyo\ndue: 2026-11-23", body: (1...60).map { "- [ ] item \($0)" }.joined(separator: "\n") + "\n")
        let app = try Harness(files: long, width: 80, height: 24, today: "2026-11-23")
        app.open("Today")
        app.press(.toggleDetail)
        let paneTop = try XCTUnwrap(app.lines.firstIndex { $0.contains("Detail · checklist 0/60") })
        let listTop = try XCTUnwrap(app.lines.firstIndex { $0.contains("Today ·") })
        XCTAssertGreaterThan(paneTop, listTop + 2, "below the list")
        app.press(.switchFocus)
        for _ in 0..<40 { app.press(.detail(.down)) }
        XCTAssertTrue(app.text.contains("item 41"), "the cursor's item is kept in view\n\(app.text)")
        XCTAssertFalse(app.text.contains("item 1\n"))
        app.press(.detail(.toggleItem))
        XCTAssertTrue(app.file("trip.md")!.contains("- [x] item 41\n"))
    }
}
