import XCTest
@testable import TaskEngine
@testable import TUI

/// A done or cancelled task is never overdue, anywhere on the screen: its
/// row, its detail pane, in symbols and in words. Its passed due date is said
/// as past ("due 8d ago"), and only an open task's says overdue.
final class ClosedNeverOverdueTests: XCTestCase {
    static let files: [String: String] = [
        "paid.md": f("title: Pay the rent\ndue: 2026-11-14\nstatus: done\ncompleted: 2026-11-20"),
        "dropped.md": f("title: Book the hall\ndue: 2026-11-10\nstatus: cancelled\ncompleted: 2026-11-21"),
        "called.md": f("title: Call the bank\ndue: 2026-11-22T09:00\nstatus: done\ncompleted: 2026-11-22"),
        "late.md": f("title: File the claim\ndue: 2026-11-19"),
    ]

    /// The app's clock at 19:22 on the harness's today (2026-11-22): the 09:00 due time has passed.
    func app(_ glyphs: GlyphSet, width: Int, height: Int) throws -> Harness {
        let app = try Harness(files: Self.files, width: width, height: height, config: "glyphs: \(glyphs.rawValue)\n")
        app.runtime.dispatch(.minuteChanged(TaskDate(parsing: "2026-11-22T19:22")!.sortKey / 60))
        return app
    }

    static let overdueWords = ["overdue", "⚠", "[overdue"]

    func testTheLogbookSaysAPassedDueDateAsPast() throws {
        for glyphs in GlyphSet.allCases {
            for (w, h) in [(120, 30), (80, 24), (50, 14)] {
                let app = try app(glyphs, width: w, height: h)
                app.open("Logbook")
                for title in ["Pay the rent", "Book the hall", "Call the bank"] {
                    let row = try XCTUnwrap(app.lines.first { $0.contains(title.prefix(6)) }, "\(glyphs) \(w)x\(h)\n\(app.text)")
                    for word in Self.overdueWords { XCTAssertFalse(row.contains(word), "\(glyphs) \(w)x\(h): \(row)") }
                }
                // Where the row has room for the date, it is said as past.
                if w >= 80 {
                    XCTAssertTrue(app.text.contains("due 8d ago"), "\(glyphs) \(w)x\(h)\n\(app.text)")
                    XCTAssertTrue(app.text.contains("due 12d ago"), "\(glyphs) \(w)x\(h)\n\(app.text)")
                    XCTAssertTrue(app.text.contains("due 10h ago"), "\(glyphs) \(w)x\(h)\n\(app.text)")
                }
            }
        }
    }

    func testTheDetailPaneSaysAPassedDueDateAsPast() throws {
        for glyphs in GlyphSet.allCases {
            let app = try app(glyphs, width: 140, height: 30)
            app.open("Logbook")
            app.press(.toggleDetail)
            var seen: [String] = []
            for _ in 0..<3 {
                let title = try XCTUnwrap(app.runtime.state.selectedTask?.title)
                let due = try XCTUnwrap(app.lines.first { $0.contains("Due ") }, "\(glyphs) \(title)\n\(app.text)")
                for word in Self.overdueWords { XCTAssertFalse(due.contains(word), "\(glyphs) \(title): \(due)") }
                XCTAssertTrue(due.contains(" ago)"), "\(glyphs) \(title): \(due)")
                seen.append(title)
                app.press(.move(1))
            }
            XCTAssertEqual(Set(seen), ["Pay the rent", "Book the hall", "Call the bank"])
        }
    }

    /// The same dates on an open task are overdue (so the checks above are about the state, not the date).
    func testAnOpenTaskWithAPassedDateIsStillOverdue() throws {
        let symbols = try app(.symbols, width: 120, height: 30)
        symbols.open("Today")
        XCTAssertTrue(symbols.lines.contains { $0.contains("File the claim") && $0.contains("3d overdue ⚠") }, symbols.text)
        let words = try app(.words, width: 120, height: 30)
        words.open("Today")
        XCTAssertTrue(words.lines.contains { $0.contains("File the claim") && $0.contains("[overdue 3d]") }, words.text)
        XCTAssertEqual(Glyphs.timeLeft(Day.parseISO("2026-11-19")!, today: Day.parseISO("2026-11-22")!), "3d overdue")
        XCTAssertEqual(Glyphs.timeLeft(Day.parseISO("2026-11-19")!, today: Day.parseISO("2026-11-22")!, open: false), "3d ago")
    }
}
