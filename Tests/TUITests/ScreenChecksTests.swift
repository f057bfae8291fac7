import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The sweep's checks find the faults they are for: each is shown a screen
/// drawn the way the views drew it before rows gave way and popups owned
/// their rectangle, and a screen drawn the way they draw it now.
///
/// Run on the views as they were (all fields kept, no clip, popups placed a
/// column from the edge), `EverySizeTests` reported, among others:
///   list compact at 40×10: row 3 of “Tax” shows “     ”, not “▸ ○ T”
///   help at 40×10: “┌┌” at column 0, row 1: ┌┌ Keys · ? or Esc closes · j/k scro… ┐┐
///   quick filter at 112×10: “┐┐” at column 110, row 1
///   form new at 112×25: corner “┐” at column 36, row 1 has “e” above or below it
///   detail pane at 146×10: row 5 of “Prepare the quarterly…” shows “ A project”, not “  ○ Prepar”
/// and, with the date picker drawn as it was (nine choices whatever the height), at 50×14:
///   frame at 0,1 50×12: its bottom edge at column 2, row 12 holds “I”   (└─In the next 7 days───┘)
///
/// With `popupEdges` added and scroll marks no longer allowed on a border,
/// run on the views as they were (popups taking only slivers of up to three
/// columns, snapping to the panes' top and bottom rows, marks on the edge):
///   help at 100×10: popup at 5,1 90×8: its edge on row 8 runs along the frame at 0,1's   (└────└───…┘────┘)
///   delete question at 100×10: popup at 25,1 50×6: its edge on row 1 runs along the frame at 0,1's   (┌ Perspectives ───┌ Delete task ──┐───┐)
///   quick filter at 100×10: popup at 59,1 41×8: its edge on row 1 runs along the frame at 0,1's
///   sort menu at 100×10: frame at 28,1 44×8: its right edge at column 71, row 7 holds “↓”
///   form edit at 80×24: the corner “┌” of the frame at 0,1 shows 4 columns from its side   (┌ Pe┌ Edit task …)
///   sort menu at 60×20: the corner “┌” of the frame at 0,1 shows 8 columns from its side   (┌ Perspe┌ Sort by …┐ate ↑ ─┐)
///   finder at 120×40: the corner “┌” of the frame at 0,1 shows 5 columns from its side   (┌ Per┌ Find anything …)
///   finder at 200×60: popup at 45,1 110×58: its edge on row 1 runs along the frame at 41,1's
final class ScreenChecksTests: XCTestCase {
    func testAPopupOnThePanesBorderLineOrBesideTheirCornersIsFound() {
        func panes() -> Screen {
            var screen = Screen(width: 80, height: 24)
            screen.keepingClip { $0.box(x: 0, y: 1, width: 20, height: 22, title: "Perspectives", style: .normal) }
            screen.keepingClip { $0.box(x: 20, y: 1, width: 60, height: 22, title: "Everything", style: .normal) }
            return screen
        }
        // A popup four columns in from the screen's edges, on the panes' top and bottom rows (the form at 80×24 as it was).
        var old = panes()
        old.keepingClip {
            $0.clear(x: 4, y: 1, width: 72, height: 22)
            $0.box(x: 4, y: 1, width: 72, height: 22, title: "Edit task", style: .normal)
        }
        XCTAssertTrue(old.lines[1].hasPrefix("┌ Pe┌ Edit task"), old.text)
        let faults = ScreenChecks.popupEdges(old)
        XCTAssertTrue(faults.contains { $0.contains("its edge on row 1 runs along") }, faults.joined(separator: "\n"))
        XCTAssertTrue(faults.contains { $0.contains("the corner “┌” of the frame at 0,1 shows 4 columns") }, faults.joined(separator: "\n"))
        // A popup a row below the top border, far from every corner, is its own rectangle.
        var floating = panes()
        floating.keepingClip {
            $0.clear(x: 30, y: 5, width: 30, height: 8)
            $0.box(x: 30, y: 5, width: 30, height: 8, title: "Sort by", style: .normal)
        }
        XCTAssertEqual(ScreenChecks.popupEdges(floating), [], floating.text)
        // Placed by PopupFrame, the wide one takes the panes whole and the narrow one keeps its margin.
        for (w, h) in [(72, 20), (44, 18), (30, 8), (110, 20)] {
            var screen = panes()
            screen.keepingClip { _ = PopupFrame.open(&$0, width: w, height: h, title: "Popup") }
            XCTAssertEqual(ScreenChecks.popupEdges(screen) + ScreenChecks.strayCorners(screen), [], screen.text)
        }
    }

    func testALineCutByAPopupsRightEdgeIsFound() {
        var screen = Screen(width: 40, height: 10)
        let f = PopupFrame.open(&screen, width: 40, height: 8, title: "Settings")
        // The settings' note as it was drawn at 40×10: cut by the frame mid-word.
        var cut = screen
        cut.put("other than default overrides the density.", x: f.x + 2, y: f.y + 4, maxX: f.innerRight)
        XCTAssertTrue(cut.lines[f.y + 4].hasSuffix("dens│"), cut.text)
        XCTAssertTrue(ScreenChecks.textAgainstPopupEdges(cut).contains { $0.contains("row \(f.y + 4) runs into its right edge") }, cut.text)
        // Wrapped short of the last column, ending in “…”.
        screen.putWrapped("Saved in config.yaml; a perspective's layout other than default overrides the density.", x: f.x + 2, y: f.y + 3,
                          width: f.innerRight - f.x - 3, rows: 2, style: .normal)
        XCTAssertEqual(ScreenChecks.textAgainstPopupEdges(screen), [], screen.text)
        XCTAssertTrue(screen.lines[f.y + 4].contains("…"), screen.text)
    }

    func testAScrollMarkOnTheRightEdgeIsFound() {
        var screen = Screen(width: 30, height: 8)
        screen.keepingClip { _ = PopupFrame.open(&$0, width: 30, height: 6, title: "Menu") }
        var marked = screen
        // Inside the edge, as popups draw them now.
        PopupFrame(x: 0, y: 1, width: 30, height: 6).drawScrollMarks(&screen, more: true, below: true)
        XCTAssertEqual(ScreenChecks.textOverBorders(screen), [], screen.text)
        XCTAssertEqual(screen[28, 2].text, "↑")
        // On the edge itself, as they were drawn.
        marked.clip = Rect(x: 0, y: 0, width: 30, height: 8)
        marked.put("↓", x: 29, y: 5)
        XCTAssertTrue(ScreenChecks.textOverBorders(marked).contains { $0.contains("right edge") && $0.contains("“↓”") }, marked.text)
    }

    func testAPanesCornerBesideAPopupsIsStray() {
        var screen = Screen(width: 40, height: 10)
        screen.box(x: 0, y: 1, width: 40, height: 8, title: "Pane", style: .normal)
        screen.clip = Rect(x: 0, y: 0, width: 40, height: 10)
        // A popup one column in from the pane's edge, as popups were placed.
        screen.clear(x: 1, y: 1, width: 38, height: 8)
        screen.box(x: 1, y: 1, width: 38, height: 8, title: "Popup", style: .normal)
        XCTAssertTrue(screen.lines[1].hasPrefix("┌┌"), screen.text)
        XCTAssertFalse(ScreenChecks.strayCorners(screen).isEmpty)

        // Placed by PopupFrame, the popup takes that column in and owns the corners.
        var fixed = Screen(width: 40, height: 10)
        fixed.keepingClip { $0.box(x: 0, y: 1, width: 40, height: 8, title: "Pane", style: .normal) }
        fixed.keepingClip { _ = PopupFrame.open(&$0, width: 38, height: 8, title: "Popup") }
        XCTAssertEqual(ScreenChecks.strayCorners(fixed), [], fixed.text)
        XCTAssertEqual(ScreenChecks.textOverBorders(fixed), [], fixed.text)
    }

    func testTextOnABorderIsFoundAndTheClipKeepsItOff() {
        var screen = Screen(width: 30, height: 8)
        screen.box(x: 2, y: 1, width: 20, height: 5, title: "Frame", style: .normal)
        // Inside the frame the clip keeps a long line off the right edge and a line off the bottom edge.
        screen.put("a line much longer than the frame is wide", x: 3, y: 2)
        screen.put("below the inside", x: 3, y: 5)
        XCTAssertEqual(ScreenChecks.textOverBorders(screen), [], screen.text)
        XCTAssertEqual(screen.lines[2], "  │a line much longer│        ")
        // Without the clip (as views drew before), the same lines land on the border and are found.
        screen.clip = Rect(x: 0, y: 0, width: 30, height: 8)
        screen.put("a line much longer than the frame is wide", x: 3, y: 2)
        screen.put("below the inside", x: 3, y: 5)
        let faults = ScreenChecks.textOverBorders(screen)
        XCTAssertTrue(faults.contains { $0.contains("right edge") }, faults.joined(separator: "\n"))
        XCTAssertTrue(faults.contains { $0.contains("bottom edge") }, faults.joined(separator: "\n"))
    }

    func testARowWithoutItsTitleIsFound() throws {
        let app = try Harness(files: EverySizeTests.vault, width: 50, height: 14, today: "2026-11-23")
        app.open("Everything")
        var layout = app.runtime.layout
        var screen = AppView.render(app.runtime.state, layout: &layout, width: 50, height: 14)
        XCTAssertEqual(ScreenChecks.rowsWithoutTitle(screen, app.runtime.state, layout), [], screen.text)
        // The selected row as it was drawn with a long right side: blank up to its fields.
        let row = try XCTUnwrap(layout.listHits.first { $0.value == app.runtime.state.selectedIndex }?.key)
        screen.put(String(repeating: " ", count: 12), x: layout.sidebarWidth + 1, y: row)
        let faults = ScreenChecks.rowsWithoutTitle(screen, app.runtime.state, layout)
        XCTAssertTrue(faults.contains { $0.hasPrefix("row \(row) of") }, faults.joined(separator: "\n"))
        XCTAssertTrue(faults.contains { $0.hasPrefix("the selected row \(row) is not highlighted") }, faults.joined(separator: "\n"))
    }
}
