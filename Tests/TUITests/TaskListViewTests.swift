import XCTest
@testable import TaskEngine
@testable import TUI

final class TaskListViewTests: XCTestCase {
    func state() throws -> TaskListState {
        var tasks: [TaskItem] = []
        let specs: [(String, TaskStatus, String?)] = [
            ("Pay rent", .done, nil), ("Call the plumber", .inProgress, "2026-11-20"),
            ("買い物リスト 🛒 and a long tail of text that goes on", .todo, "2026-11-25"), ("Someday idea", .someday, nil),
        ]
        for (i, (title, status, due)) in specs.enumerated() {
            var t = TaskItem(id: "t\(i).md", title: title)
            t.setStatus(status)
            t.due = due.flatMap { TaskDate(parsing: $0) }
            tasks.append(t)
        }
        return TaskListState(vaultRoot: "/v", snapshot: VaultSnapshot(tasks: tasks, problems: []), today: Day.parseISO("2026-11-22")!)
    }

    func testBandsAndRowsAtSeveralSizes() throws {
        for (w, h) in [(80, 24), (120, 40), (40, 12)] {
            var s = try state()
            let screen = TaskListView.render(&s, width: w, height: h)
            let lines = screen.lines
            XCTAssertEqual(lines.count, h)
            for line in lines { XCTAssertEqual(DisplayWidth.of(line), w, "every row is exactly \(w) columns") }
            XCTAssertTrue(lines[1].contains("ACTIVE"))
            XCTAssertTrue(lines[2].contains("▶ Call the plumber"))
            XCTAssertTrue(lines[3].contains("NOT STARTED"))
            XCTAssertTrue(screen.text.contains("COMPLETED"))
            XCTAssertTrue(lines[h - 1].contains("q quit"))
        }
    }

    func testWideCharactersAreClippedNotTorn() throws {
        var s = try state()
        let screen = TaskListView.render(&s, width: 40, height: 12)
        let row = screen.lines.first { $0.contains("買い物") }!
        XCTAssertEqual(DisplayWidth.of(row), 40)
        XCTAssertTrue(row.contains("…"))
    }

    func testSelectionMovesAndScrolls() throws {
        var s = try state()
        s.move(by: 10)
        XCTAssertEqual(s.selection, 3)
        let screen = TaskListView.render(&s, width: 80, height: 6)
        XCTAssertTrue(screen.text.contains("Pay rent"), "the selected last row is scrolled into view")
        XCTAssertEqual(screen[2, screen.lines.firstIndex { $0.contains("Pay rent") }!].style.role, .selected)
    }

    func testTinyTerminal() throws {
        var s = try state()
        let screen = TaskListView.render(&s, width: 20, height: 4)
        XCTAssertTrue(screen.lines[0].hasPrefix("Terminal too small"))
        XCTAssertEqual(DisplayWidth.of(screen.lines[0]), 20)
    }

    func testDisplayWidths() {
        XCTAssertEqual(DisplayWidth.of("abc"), 3)
        XCTAssertEqual(DisplayWidth.of("日本"), 4)
        XCTAssertEqual(DisplayWidth.of("🛒"), 2)
        XCTAssertEqual(DisplayWidth.of("☕️"), 2)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "combining mark joins its letter")
        XCTAssertEqual(DisplayWidth.of("한국어"), 6)
        XCTAssertEqual(DisplayWidth.truncate("日本語テキスト", to: 7), "日本語…")
    }
}
