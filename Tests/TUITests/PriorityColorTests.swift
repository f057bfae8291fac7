import XCTest
@testable import TaskEngine
@testable import TUI

/// Priority glyphs are drawn in the seed's colours (low blue, medium orange,
/// high red) in every shipped theme, always with the glyphs saying it too.
final class PriorityColorTests: XCTestCase {
    func testThePriorityGlyphsCarryTheirRole() throws {
        let app = try Harness(files: ["h.md": f("title: High one\npriority: high"), "m.md": f("title: Medium one\npriority: medium"),
                                      "l.md": f("title: Low one\npriority: low"), "n.md": f("title: None one")], width: 90, height: 20)
        app.open("Inbox")
        let screen = app.screen
        for (title, glyph, role) in [("High one", "!!!", CellStyle.Role.priorityHigh), ("Medium one", "!!", .priorityMedium), ("Low one", "!", .priorityLow)] {
            let y = try XCTUnwrap(app.row(title), app.text)
            let line = app.lines[y]
            XCTAssertTrue(line.contains(glyph), line)
            let marked = (0..<screen.width).filter { screen[$0, y].text == "!" }
            XCTAssertEqual(marked.count, glyph.count, line)
            let selected = app.runtime.state.selectedTask?.title == title
            for x in marked { XCTAssertEqual(screen[x, y].style.role, selected ? .selected : role, "\(title) at \(x)") }
        }
        let none = try XCTUnwrap(app.row("None one"))
        XCTAssertFalse(app.lines[none].contains("!"))
    }

    func testEveryShippedThemeColoursThePriorities() throws {
        let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("themes").path
        for name in ["dark", "light", "high-contrast"] {
            let (theme, problem) = ThemeLoader.load(name, paths: [themes])
            XCTAssertNil(problem)
            let colors = [CellStyle.Role.priorityLow, .priorityMedium, .priorityHigh].map { theme.styles[$0]!.fg }
            XCTAssertEqual(Set(colors).count, 3, "\(name): three distinct colours")
            XCTAssertFalse(colors.contains(.default), name)
        }
    }
}
