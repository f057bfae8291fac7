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
final class ScreenChecksTests: XCTestCase {
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
