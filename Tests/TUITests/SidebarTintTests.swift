import XCTest
@testable import TaskEngine
@testable import TUI

/// A perspective's colour tints its sidebar row when selected, as the README
/// says; the row says it is selected with `▸` too, never by colour alone.
final class SidebarTintTests: XCTestCase {
    let files: [String: String] = [
        "a.md": f("title: Alpha\narea: Work"),
        ".perspectives.json": ##"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "color": "#FF0000", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}, "home": {"id": "home", "name": "Home", "color": "#FFFF00", "rules": {"operator": "AND", "conditions": []}}}}"##,
    ]

    /// The colors the terminal draws the sidebar row of `name` in (its name's first cell), and the row's text.
    func drawn(_ app: Harness, _ name: String) -> (colors: RoleStyle, text: String)? {
        let screen = app.screen
        guard let y = app.lines.firstIndex(where: { String($0.prefix(app.runtime.layout.sidebarWidth)).contains(name) }) else { return nil }
        let line = String(app.lines[y].prefix(app.runtime.layout.sidebarWidth))
        let x = DisplayWidth.of(line.components(separatedBy: name)[0])
        return (CellColors.of(screen[x, y].style, theme: .fallback), line)
    }

    func testTheSelectedRowIsTintedWithItsColourAndMarked() throws {
        let app = try Harness(files: files)
        app.open("Work")
        app.press(.focus(.sidebar))  // the sidebar has the keys: its selected row is drawn selected
        let red = try XCTUnwrap(drawn(app, "Work"))
        XCTAssertEqual(red.colors.bg, .index(196), "the row's background is the perspective's colour")
        XCTAssertEqual(red.colors.fg, .index(231), "white reads on red")
        XCTAssertTrue(red.text.contains("▸"), red.text)
        app.press(.move(1))
        XCTAssertEqual(app.runtime.state.perspective?.name, "Home")
        let yellow = try XCTUnwrap(drawn(app, "Home"))
        XCTAssertEqual(yellow.colors.bg, .index(226))
        XCTAssertEqual(yellow.colors.fg, .index(16), "black reads on yellow")
        // The row left behind is drawn as any other: its icon alone keeps the colour.
        let left = try XCTUnwrap(drawn(app, "Work"))
        XCTAssertEqual(left.colors, Theme.fallback.styles[.normal])
        XCTAssertFalse(left.text.contains("▸"))
        // A perspective without a colour keeps the theme's selection.
        app.open("Inbox")
        app.press(.focus(.sidebar))
        XCTAssertEqual(try XCTUnwrap(drawn(app, "Inbox")).colors, Theme.fallback.styles[.selected])
    }

    func testEveryColourGetsAForegroundThatReads() {
        for index in 0...255 {
            let c = CellColors.of(CellStyle(.selected, color: index), theme: .fallback)
            XCTAssertEqual(c.bg, .index(index))
            guard index >= 16, case .index(let fg) = c.fg else { continue }
            let (r, g, b) = TermColor.index(index).rgb(index), (fr, fg2, fb) = TermColor.index(fg).rgb(fg)
            let lightness = { (r: Int, g: Int, b: Int) in (299 * r + 587 * g + 114 * b) / 1000 }
            XCTAssertGreaterThanOrEqual(abs(lightness(r, g, b) - lightness(fr, fg2, fb)), 100, "colour \(index): text on it must read")
        }
        // Cells with a colour that are not selected draw in it on the default background.
        XCTAssertEqual(CellColors.of(CellStyle(.accent, color: 33), theme: .fallback), RoleStyle(fg: .index(33), bg: .default, bold: false))
    }
}
