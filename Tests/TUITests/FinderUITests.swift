import XCTest
@testable import TaskEngine
@testable import TUI

/// The finder (`Ctrl-P`) and `/` over notes.
final class FinderUITests: XCTestCase {
    let vault: [String: String] = [
        "passport.md": f("title: Travel admin\narea: Home\nstatus: someday", body: "Renew the passport before March.\n"),
        "milk.md": f("title: Buy milk\ncreated: 2026-11-01"),
        "report.md": f("title: Write the Q4 report\nproject: Q4", body: "Numbers from finance.\n"),
    ]

    func testFindATaskByAWordOfItsNotesAndLandOnIt() throws {
        let app = try Harness(files: vault, width: 120, height: 30, today: "2026-11-23")
        app.press(.ctrl("p"))
        XCTAssertTrue(app.text.contains("Find anything · 3 tasks"), app.text)
        app.type("pasport")  // a typo still finds it: fuzzy
        XCTAssertTrue(app.text.contains("Travel admin"), app.text)
        XCTAssertTrue(app.text.contains("notes: Renew the passport before March."), app.text)
        app.press(.enter)
        XCTAssertEqual(app.runtime.state.selectedTask?.id, "passport.md")
        XCTAssertEqual(app.runtime.state.perspective?.name, "Someday", "a view that shows it")
        XCTAssertTrue(app.runtime.state.message!.hasPrefix("Found 'Travel admin' in Someday"), app.runtime.state.message!)
        // A task in a project only (no built-in shows it): its project.
        app.press(.ctrl("p"))
        app.type("q4")
        app.press(.enter)
        XCTAssertEqual(app.runtime.state.selectedTask?.id, "report.md")
        XCTAssertEqual(app.runtime.state.perspective?.name, "+Q4")
    }

    func testMovingInResultsAndTheMatchedCharactersAreHighlighted() throws {
        let app = try Harness(files: vault, width: 120, height: 30, today: "2026-11-23")
        app.press(.ctrl("p"))
        app.type("r")
        let count = app.runtime.state.mode == .browse ? 0 : { if case .finder(let f) = app.runtime.state.mode { return f.hits.count }; return 0 }()
        XCTAssertGreaterThan(count, 1)
        app.press(.down)
        if case .finder(let f) = app.runtime.state.mode { XCTAssertEqual(f.selected, 1) } else { XCTFail() }
        app.press(.escape)
        XCTAssertEqual(app.runtime.state.mode, .browse)
        // Highlight: the matched letters of a title are styled apart.
        app.press(.ctrl("p"))
        app.type("milk")
        let screen = app.screen
        let y = try XCTUnwrap(app.lines.firstIndex { $0.contains("Buy milk") })
        let line = app.lines[y]
        let b = line.distance(from: line.startIndex, to: line.range(of: "Buy milk")!.lowerBound)
        XCTAssertNotEqual(screen[b, y].style, screen[b + 4, y].style, "B is plain, m is matched")
    }

    func testSlashSearchesNotesToo() throws {
        let app = try Harness(files: vault, width: 120, height: 30, today: "2026-11-23")
        app.open("+Q4")
        app.press(.char("/"))
        app.type("finance")
        XCTAssertTrue(app.text.contains("Write the Q4 report"), app.text)
        app.press(.ctrl("u"))
        app.type("nothing like it")
        XCTAssertFalse(app.text.contains("Write the Q4 report"))
    }
}
