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
        app.press(.openFinder)
        XCTAssertTrue(app.text.contains("Find anything · 3 tasks"), app.text)
        app.type("pasport")  // a typo still finds it: fuzzy
        XCTAssertTrue(app.text.contains("Travel admin"), app.text)
        XCTAssertTrue(app.text.contains("notes: Renew the passport before March."), app.text)
        app.press(.finder(.jump))
        XCTAssertEqual(app.runtime.state.selectedTask?.id, "passport.md")
        XCTAssertEqual(app.runtime.state.perspective?.name, "Someday", "a view that shows it")
        XCTAssertTrue(app.runtime.state.message!.hasPrefix("Found 'Travel admin' in Someday"), app.runtime.state.message!)
        // A task in a project only (no built-in shows it): its project.
        app.press(.openFinder)
        app.type("q4")
        app.press(.finder(.jump))
        XCTAssertEqual(app.runtime.state.selectedTask?.id, "report.md")
        XCTAssertEqual(app.runtime.state.perspective?.name, "+Q4")
    }

    /// Notes and titles with accents, precomposed or combining, dashes and the euro
    /// sign: found without them, the snippet as written, and no folded copy kept.
    func testAccentedNotesAreFoundAsWrittenAndKeepNothing() throws {
        let files = [
            "cafe.md": f("title: Book a table\narea: Home", body: "Réserver le café — 12 €\n"),
            "noir.md": f("title: Cafe\u{301} noir\narea: Home"),
            "tokyo.md": f("title: 東京 trip\narea: Home", body: "Kaufen: Mäntel\n"),
        ]
        let app = try Harness(files: files, width: 120, height: 30, today: "2026-11-23")
        app.press(.openFinder)
        app.type("reserver")
        XCTAssertTrue(app.text.contains("Book a table"), app.text)
        XCTAssertTrue(app.text.contains("notes: Réserver le café — 12 €"), app.text)
        app.press(.text(.deleteToStart))
        app.type("cafe noir")
        XCTAssertTrue(app.text.contains("Cafe\u{301} noir"), app.text)
        app.press(.text(.deleteToStart))
        app.type("mantel")
        XCTAssertTrue(app.text.contains("東京 trip"), app.text)
        XCTAssertTrue(app.text.contains("notes: Kaufen: Mäntel"), app.text)
        app.press(.finder(.close))
        app.open("Home")
        app.press(.startSearch)
        app.type("cafe")
        XCTAssertTrue(app.text.contains("Book a table") && app.text.contains("Cafe\u{301} noir"), app.text)
        XCTAssertFalse(app.text.contains("東京 trip"), app.text)
        let index = app.runtime.state.index
        XCTAssertEqual(index.task(id: "cafe.md")?.keepsFold, false, "Latin notes: folded as read")
        XCTAssertEqual(index.task(id: "noir.md")?.keepsFold, false, "a combining accent: folded as read")
        XCTAssertEqual(index.task(id: "tokyo.md")?.keepsFold, false, "CJK folds to itself: nothing kept either")
    }

    func testMovingInResultsAndTheMatchedCharactersAreHighlighted() throws {
        let app = try Harness(files: vault, width: 120, height: 30, today: "2026-11-23")
        app.press(.openFinder)
        app.type("r")
        let count = app.runtime.state.mode == .browse ? 0 : { if case .finder(let f) = app.runtime.state.mode { return f.hits.count }; return 0 }()
        XCTAssertGreaterThan(count, 1)
        app.press(.finder(.move(1)))
        if case .finder(let f) = app.runtime.state.mode { XCTAssertEqual(f.selected, 1) } else { XCTFail() }
        app.press(.finder(.close))
        XCTAssertEqual(app.runtime.state.mode, .browse)
        // Highlight: the matched letters of a title are styled apart.
        app.press(.openFinder)
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
        app.press(.startSearch)
        app.type("finance")
        XCTAssertTrue(app.text.contains("Write the Q4 report"), app.text)
        app.press(.text(.deleteToStart))
        app.type("nothing like it")
        XCTAssertFalse(app.text.contains("Write the Q4 report"))
    }

    /// A long title cut in a narrow finder ends in `…` in words as in symbols, never clipped mid-word at the border.
    func testALongTitleEndsInAnEllipsisInWordsAndSymbols() throws {
        let files = ["long.md": f("title: Write a very long title that will never fit in a narrow finder window\narea: Home")]
        for glyphs in ["symbols", "words"] {
            for width in [40, 50, 64] {
                let app = try Harness(files: files, width: width, height: 14, today: "2026-11-23", config: "glyphs: \(glyphs)\n")
                app.press(.openFinder)
                app.type("long")
                let row = try XCTUnwrap(app.lines.first { $0.contains("Write a") }, "\(glyphs) \(width):\n\(app.text)")
                let inside = row.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? row
                XCTAssertTrue(inside.trimmingCharacters(in: .whitespaces).hasSuffix("…"), "\(glyphs) at \(width): “\(inside)”\n\(app.text)")
            }
        }
    }
}
