import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// What popups draw fits inside their frame as words, not as cut letters:
/// scroll marks inside the right edge, long lines wrapped or ended with
/// “…”, the icon grid using the rows it is given, and a screen under the
/// minimum saying its whole message.
final class PopupFitTests: XCTestCase {
    func harness(_ width: Int, _ height: Int) throws -> Harness {
        let app = try Harness(files: EverySizeTests.vault, width: width, height: height, today: "2026-11-23")
        app.open("Everything")
        return app
    }

    /// The frame drawn last (the open popup).
    func popup(_ app: Harness) throws -> Rect {
        try XCTUnwrap(app.screen.layers.last { $0.bordered }?.rect)
    }

    func testScrollMarksSitInsideTheRightEdge() throws {
        // The sort menu at 40×10 has more below; the form at 50×14 too; the rule editor's icon grid at 120×12.
        let cases: [(Int, Int, (Harness) -> Void)] = [
            (40, 10, { $0.press(.focus(.list), .openSortMenu) }),
            (50, 14, { $0.press(.focus(.list), .editTask) }),
            (120, 12, { $0.press(.focus(.sidebar), .editPerspective, .editor(.first), .editor(.down), .editor(.edit)) }),
        ]
        for (w, h, open) in cases {
            let app = try harness(w, h)
            open(app)
            let r = try popup(app), lines = app.lines.map { $0.map(String.init) }
            let marks = (r.y..<r.maxY).filter { lines[$0].contains("↓") || lines[$0].contains("↑") }
            XCTAssertFalse(marks.isEmpty, "\(w)×\(h): a mark shows\n\(app.text)")
            for y in r.y..<r.maxY { XCTAssertTrue(["│", "┐", "┘"].contains(lines[y][r.maxX - 1]), "\(w)×\(h) row \(y): \(app.lines[y])") }
            XCTAssertTrue(marks.contains { ["↑", "↓"].contains(lines[$0][r.maxX - 2]) }, "\(w)×\(h): the mark is the last column inside\n\(app.text)")
        }
    }

    func testSettingsWrapTheirNoteAndEndACutWithAnEllipsis() throws {
        let app = try harness(40, 10)
        app.press(.openSettings)
        let r = try popup(app)
        let inside = app.lines[(r.y + 3)...(r.y + 4)].map { String($0.dropFirst(r.x + 2).prefix(r.width - 3)).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(inside.first, "Saved in config.yaml; a", app.text)
        XCTAssertTrue(inside.last!.hasSuffix("…"), app.text)
        XCTAssertTrue("Saved in config.yaml; a perspective's layout other than default overrides the density.".hasPrefix(inside.joined(separator: " ").dropLast()), app.text)
    }

    func testTheDatePickersComparisonsWrapOntoTheRowBelow() throws {
        for (w, h) in [(40, 10), (50, 14), (60, 20)] {
            let app = try harness(w, h)
            app.press(.focus(.sidebar), .editPerspective, .editor(.addRule))
            app.type("due date in")
            app.press(.picker(.pick))
            let r = try popup(app)
            let rows = app.lines[(r.y + 1)...(r.y + 2)].map { String($0.dropFirst(r.x + 1).prefix(r.width - 2)) }
            let words = rows.joined(separator: " ")
            for label in DatePicker.comparisons.map(\.label) { XCTAssertTrue(words.contains(label), "\(w)×\(h): \(label)\n\(app.text)") }
            // Nothing reaches the right edge's column before it: each row ends in a blank.
            for row in rows { XCTAssertEqual(row.last, " ", "\(w)×\(h): \(row)") }
        }
    }

    func testTheIconGridFillsTheRowsItHasWhileIconsAreHidden() throws {
        for (w, h) in [(40, 10), (45, 12), (50, 14)] {
            let app = try harness(w, h)
            app.press(.focus(.sidebar), .editPerspective, .editor(.first), .editor(.down), .editor(.edit))
            let r = try popup(app)
            let grid = (r.y + 2)..<(r.maxY - 3)
            let hidden = app.lines[r.y..<r.maxY].contains { $0.contains("↓") }
            let blank = grid.filter { app.lines[$0].dropFirst(r.x + 1).prefix(r.width - 2).allSatisfy { $0 == " " } }
            if hidden { XCTAssertEqual(blank, [], "\(w)×\(h): rows left empty while icons are hidden\n\(app.text)") }
            XCTAssertTrue(app.lines[r.maxY - 3].contains("tray"), "\(w)×\(h): the name line\n\(app.text)")
            // Every icon of the cursor's row shows (narrower cells where four columns a cell do not fit).
            let p = try XCTUnwrap(app.runtime.state.editor?.picker)
            let start = p.cursor / IconGridView.columns * IconGridView.columns
            let line = try XCTUnwrap(app.lines.first { $0.contains("[\(Glyphs.icon("tray"))") })
            for i in start..<min(start + IconGridView.columns, p.visible.count) {
                XCTAssertTrue(line.contains(Glyphs.icon(p.options[p.visible[i]].label)), "\(w)×\(h): \(p.options[p.visible[i]].label)\n\(app.text)")
            }
        }
    }

    func testATooSmallScreenSaysItsWholeMessage() throws {
        let app = try harness(39, 10)
        let shown = app.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(shown.joined(separator: " "), "Terminal too small (39×10); todomd needs 40×10 · q quits", app.text)
        for (w, h) in [(30, 8), (20, 5), (12, 1), (39, 1)] {
            app.width = w
            app.height = h
            let text = app.lines.joined(separator: " ")
            XCTAssertFalse(text.contains("…"), "\(w)×\(h): \(app.text)")
            XCTAssertTrue(text.contains("q quits"), "\(w)×\(h): \(app.text)")
        }
    }
}
