import XCTest
@testable import TaskEngine
@testable import TUI

/// "How the rule compares" opens on the rule's current operator, marks it
/// with `•`, and the highlight visibly moves away from it with ↓ and ↑.
final class OperatorListTests: XCTestCase {
    /// The picker's lines on screen: (text, drawn as the cursor's line).
    func pickerLines(_ app: Harness) -> [(text: String, selected: Bool)] {
        let screen = app.screen
        guard let hits = app.runtime.layout.popup else { return [] }
        return hits.rows.keys.sorted().map { y in
            let x = hits.x.lowerBound + 2
            return (String(app.lines[y].dropFirst(hits.x.lowerBound)), screen[x, y].style.role == .selected)
        }
    }

    func testTheCurrentOperatorIsMarkedAndTheMoveShows() throws {
        let app = try Harness(files: ["a.md": f("title: A")], width: 120, height: 40)
        app.press(.newPerspective, .editor(.last), .editor(.cycleOperator))   // a new perspective's rule: Status is any of todo, in-progress
        XCTAssertTrue(app.text.contains("How the rule compares"), app.text)
        var lines = pickerLines(app)
        let current = try XCTUnwrap(lines.firstIndex { $0.text.contains("• ") }, app.text)
        XCTAssertEqual(lines.filter { $0.text.contains("• ") }.count, 1, "one line is the current one")
        XCTAssertTrue(lines[current].text.contains("is any of"), lines[current].text)
        XCTAssertEqual(lines.firstIndex { $0.selected }, current, "it opens on the current one")
        let n = lines.count
        XCTAssertEqual(n, 3, "status: is, is not, is any of")
        for step in 1...(n + 1) {
            app.press(.picker(.down))
            lines = pickerLines(app)
            XCTAssertEqual(lines.firstIndex { $0.selected }, (current + step) % n, "↓ \(step): the highlight moves (a list wraps at its end)")
            XCTAssertTrue(lines[current].text.contains("• "), "the mark stays on the current one")
            XCTAssertEqual(lines[current].selected, (current + step) % n == current)
        }
        app.press(.picker(.up), .picker(.up))
        XCTAssertEqual(pickerLines(app).firstIndex { $0.selected }, (current + n - 1) % n, "↑ moves it back, wrapping at the top")
        app.press(.picker(.cancel))
        XCTAssertNil(app.runtime.state.editor?.picker, "Esc closes it, the rule unchanged")
        app.press(.editor(.cycleOperator))
        XCTAssertEqual(pickerLines(app).firstIndex { $0.selected }, current, "opened again, on the current one")
    }
}
