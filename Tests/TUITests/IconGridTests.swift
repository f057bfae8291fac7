import XCTest
@testable import TaskEngine
@testable import TUI

/// The icon picker: a grid of the curated glyphs, searched by name, moved
/// through with the arrows, the current icon marked.
final class IconGridTests: XCTestCase {
    func openIconGrid(_ app: Harness) {
        app.press(.newPerspective, .editor(.first), .editor(.down), .editor(.edit))   // the editor's Icon line
    }

    func testTypingANameFindsTheIconAndEnterUsesIt() throws {
        let app = try Harness(files: ["a.md": f("title: A")], width: 100, height: 30)
        openIconGrid(app)
        let picker = try XCTUnwrap(app.runtime.state.editor?.picker)
        XCTAssertEqual(picker.columns, IconGridView.columns)
        let names = Glyphs.icons.keys.sorted()
        // Every icon is in the grid, drawn as its glyph; the current one (list.bullet) bracketed, its name below.
        for name in names { XCTAssertTrue(app.text.contains(Glyphs.icons[name]!), name) }
        XCTAssertTrue(app.text.contains("[≡]"), app.text)
        XCTAssertTrue(app.text.contains("≡  list.bullet · now: list.bullet"), app.text)
        app.type("brief")
        XCTAssertTrue(app.text.contains("⌘  briefcase"), app.text)
        XCTAssertEqual(app.runtime.state.editor?.picker?.visible.count, 1)
        app.press(.picker(.pick))
        XCTAssertEqual(app.runtime.state.editor?.perspective.icon, "briefcase")
        XCTAssertTrue(app.lines.contains { $0.contains("Icon:") && $0.contains("⌘ briefcase") }, app.text)
        // No match says so; Esc leaves the icon as it was.
        app.press(.editor(.edit))
        app.type("zzz")
        XCTAssertTrue(app.text.contains("No icon is called “zzz”."), app.text)
        app.press(.picker(.cancel))
        XCTAssertEqual(app.runtime.state.editor?.perspective.icon, "briefcase")
    }

    func testArrowsMoveByCellAndByRow() throws {
        let app = try Harness(files: ["a.md": f("title: A")], width: 100, height: 30)
        openIconGrid(app)
        let names = Glyphs.icons.keys.sorted()
        let start = try XCTUnwrap(names.firstIndex(of: "list.bullet"))
        XCTAssertEqual(app.runtime.state.editor?.picker?.cursor, start)
        app.press(.picker(.right), .picker(.right), .picker(.left))
        XCTAssertEqual(app.runtime.state.editor?.picker?.cursor, start + 1)
        app.press(.picker(.up))
        XCTAssertEqual(app.runtime.state.editor?.picker?.cursor, start + 1 - IconGridView.columns)
        app.press(.picker(.down), .picker(.down))
        let expected = min(start + 1 + IconGridView.columns, names.count - 1)
        XCTAssertEqual(app.runtime.state.editor?.picker?.cursor, expected)
        XCTAssertTrue(app.text.contains("\(Glyphs.icons[names[expected]]!)  \(names[expected])"), app.text)
        app.press(.picker(.pick))
        XCTAssertEqual(app.runtime.state.editor?.perspective.icon, names[expected])
        // The sidebar shows it at once.
        XCTAssertTrue(app.lines.contains { $0.contains("\(Glyphs.icons[names[expected]]!) Untitled Perspective") }, app.text)
    }
}

extension IconGridTests {
    /// In words the grid keeps its icons (what is chosen) and says the rest in words: the search's `>`,
    /// the name line without the glyph, and `^` / `v` where the grid scrolls on a short screen.
    func testInWordsOnlyTheIconsAreSymbols() throws {
        for glyphs in GlyphSet.allCases {
            let app = try Harness(files: ["a.md": f("title: A")], width: 80, height: 14, config: "glyphs: \(glyphs.rawValue)\n")
            openIconGrid(app)
            let words = glyphs == .words
            XCTAssertTrue(app.text.contains((words ? ">" : "›") + " type a name to search"), app.text)
            XCTAssertTrue(app.text.contains((words ? "" : "≡  ") + "list.bullet · now: list.bullet"), app.text)
            // The grid's rows do not all fit: the last column inside its right edge says more is below, then above.
            func marks() -> [String] {
                let screen = app.screen
                guard let hits = app.runtime.layout.popup else { return [] }
                let column = hits.x.upperBound - 2
                return [hits.y.lowerBound + 1, hits.y.upperBound - 2].map { screen[column, $0].text }
            }
            for _ in 0..<8 { app.press(.picker(.up)) }
            XCTAssertEqual(marks().last, words ? "v" : "↓", app.text)
            for _ in 0..<8 { app.press(.picker(.down)) }
            XCTAssertEqual(marks().first, words ? "^" : "↑", app.text)
        }
    }
}
