import XCTest
@testable import TaskEngine
@testable import TUI

/// Every icon is its own glyph, and the grid lays each out by its display
/// width: a wide one (☕) takes its two cells and the rest of its row stays put.
final class IconGlyphTests: XCTestCase {
    func testEveryIconIsADifferentGlyph() {
        var byGlyph: [String: [String]] = [:]
        for (name, glyph) in Glyphs.icons { byGlyph[glyph, default: []].append(name) }
        XCTAssertEqual(byGlyph.filter { $0.value.count > 1 }.mapValues { $0.sorted() }, [:], "look-alike icons")
        for (name, glyph) in Glyphs.icons {
            XCTAssertTrue((1...2).contains(DisplayWidth.of(glyph)), "\(name): \(glyph)")
            XCTAssertLessThanOrEqual(DisplayWidth.of(glyph) + 2, IconGridView.cellWidth, "\(name): its brackets fit its cell")
        }
        XCTAssertEqual(DisplayWidth.of(Glyphs.icons["cup.and.saucer"]!), 2, "☕ is wide")
        XCTAssertEqual(DisplayWidth.of(Glyphs.icons["bolt.fill"]!), 2, "⚡ is wide")
    }

    /// Glyphs that differ only in a detail a small terminal font blurs: at most one icon from each
    /// family, but for the boxes, where the built-in Inbox (▤) and Upcoming (▦) keep theirs.
    static let lookAlikeFamilies: [(name: String, glyphs: Set<String>, allowed: Set<String>)] = [
        ("boxes", Set("▤▥▦▧▨▩▣▢□■◫◧◨◩◪⊞⊟⊠⊡⌧⎕⌷".map(String.init)), ["tray", "calendar"]),
        ("suns", Set("☀☼☉✺✹✷☸".map(String.init)), []),
        ("zigzags", Set("↯ϟ⌁↝ↄ".map(String.init)), []),
        ("bars and rectangles", Set("▭▯▬▮▰▱".map(String.init)), []),
        ("pilcrows", Set("¶❡⁋".map(String.init)), []),
    ]

    func testNoTwoIconsComeFromOneLookAlikeFamily() {
        for family in Self.lookAlikeFamilies {
            let members = Glyphs.icons.filter { family.glyphs.contains($0.value) && !family.allowed.contains($0.key) }
            XCTAssertLessThanOrEqual(members.count, family.allowed.isEmpty ? 1 : 0, "\(family.name): \(members.sorted { $0.key < $1.key })")
        }
        // The ones a tester could not tell apart.
        for (a, b) in [("lightbulb", "sun.max"), ("bolt", "bolt.fill"), ("briefcase", "tray"), ("book", "calendar"), ("cart", "briefcase")] {
            XCTAssertNotEqual(Glyphs.icons[a], Glyphs.icons[b])
            XCTAssertFalse(Self.lookAlikeFamilies.contains { $0.glyphs.contains(Glyphs.icons[a]!) && $0.glyphs.contains(Glyphs.icons[b]!) },
                           "\(a) \(Glyphs.icons[a]!) and \(b) \(Glyphs.icons[b]!) look alike")
        }
        // The built-in perspectives keep the glyphs the sidebar has always shown.
        XCTAssertEqual(Glyphs.icon("tray"), "▤")
        XCTAssertEqual(Glyphs.icon("calendar"), "▦")
    }

    func testEachGlyphStartsItsOwnCellAndAWideOneTakesTwo() throws {
        let app = try Harness(files: ["a.md": f("title: A")], width: 100, height: 30)
        app.press(.newPerspective, .editor(.first), .editor(.down), .editor(.edit))   // the editor's Icon line
        let picker = try XCTUnwrap(app.runtime.state.editor?.picker)
        let screen = app.screen
        let hits = try XCTUnwrap(app.runtime.layout.popup)
        let left = hits.x.lowerBound + 2   // the grid's first cell (inside the frame and its margin)
        for (y, first) in hits.rows {
            for col in 0..<IconGridView.columns where picker.visible.indices.contains(first + col) {
                let name = picker.options[picker.visible[first + col]].label
                let glyph = Glyphs.icons[name]!
                let x = left + col * IconGridView.cellWidth + 1
                XCTAssertEqual(screen[x, y].text, glyph, "\(name) at column \(col) of its row")
                if DisplayWidth.of(glyph) == 2 {
                    XCTAssertEqual(screen[x + 1, y].text, "", "\(name): its second cell")
                    XCTAssertEqual(screen[x + 2, y].text, " ")
                }
            }
        }
        // Chosen, the wide icon is bracketed around both its cells.
        app.type("cup")
        app.press(.picker(.pick), .editor(.edit))
        let chosen = try XCTUnwrap(app.runtime.state.editor?.picker)
        XCTAssertEqual(chosen.chosen.map { chosen.options[$0].label }, ["cup.and.saucer"])
        XCTAssertTrue(app.text.contains("[☕]"), app.text)
    }
}
