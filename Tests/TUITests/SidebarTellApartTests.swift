import XCTest
@testable import TaskEngine
@testable import TUI

/// Perspectives you can tell apart: colour, width, middle cuts, ⚠ for skipped rules.
final class SidebarTellApartTests: XCTestCase {
    let files: [String: String] = [
        "a.md": f("title: Alpha\narea: Work"),
        ".perspectives.json": ##"{"version": 1, "order": ["now", "later", "odd"], "perspectives": {"now": {"id": "now", "name": "Work — Available Right Now", "color": "#D0021B", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}, "later": {"id": "later", "name": "Work — Available Right Later", "rules": {"operator": "AND", "conditions": []}}, "odd": {"id": "odd", "name": "Odd", "rules": {"operator": "AND", "conditions": [{"field": "mood", "op": "equals", "value": "calm"}]}}}}"##,
    ]

    func testSkippedRulesAreFlaggedAndLookAlikeNamesAreCutInTheMiddle() throws {
        let app = try Harness(files: files, width: 80, height: 30, today: "2026-11-23")
        let text = app.text
        XCTAssertTrue(app.lines.contains { $0.contains("Odd ⚠") }, text)
        let now = try XCTUnwrap(app.lines.first { $0.contains("Work") && $0.contains("Now") }, text)
        let later = try XCTUnwrap(app.lines.first { $0.contains("Work") && $0.contains("ter") }, text)
        XCTAssertNotEqual(now.prefix(app.runtime.state.perspectives.count > 0 ? 26 : 0), later.prefix(26))
        XCTAssertTrue(now.contains("…"), now)
    }

    func testTheSidebarGrowsForLongNamesAndTheColourTintsHeaderAndRow() throws {
        let app = try Harness(files: files, width: 150, height: 30, today: "2026-11-23")
        let sidebar = app.lines[1].firstIndex(of: "┐").map { app.lines[1].distance(from: app.lines[1].startIndex, to: $0) + 1 } ?? 0
        XCTAssertGreaterThan(sidebar, 30, "wider than a quarter for a long name")
        XCTAssertLessThanOrEqual(sidebar, 50, "at most a third")
        XCTAssertTrue(app.text.contains("Work — Available Right Now"), app.text)
        app.open("Work — Available Right Now")
        let screen = app.screen
        // The list's frame and title in the perspective's colour.
        let y = 1
        let titleX = app.lines[y].distance(from: app.lines[y].startIndex, to: app.lines[y].range(of: "Work — Available Right Now ·")!.lowerBound)
        XCTAssertNotNil(screen[titleX, y].style.color)
        // The selected sidebar row too.
        // (Below the titles: the focused pane's title has its ▸ too.)
        let row = try XCTUnwrap(app.lines.indices.dropFirst(2).first { app.lines[$0].contains("▸") && app.lines[$0].contains("Available Right Now") })
        XCTAssertNotNil(screen[4, row].style.color)
    }
}

/// The colour picker offers the theme's accent; the > 1 MB warning reaches the status line.
final class PerspectiveColourAndSizeTests: XCTestCase {
    func testThemeAccentIsAColourChoice() throws {
        let files = ["a.md": f("title: A"),
                     ".perspectives.json": ##"{"version": 1, "perspectives": {"p": {"id": "p", "name": "Tinted", "color": "#D0021B", "rules": {"operator": "AND", "conditions": []}}}}"##]
        let app = try Harness(files: files, width: 120, height: 40, today: "2026-11-23")
        app.open("Tinted")
        app.press(.showRules)
        while app.runtime.state.editor?.header != .color { app.press(.editor(.down)) }
        app.press(.editor(.edit))
        XCTAssertTrue(app.text.contains("Theme accent (no colour of its own)"), app.text)
        // (The picker opens on the colour in use, Red, after the theme's accent and Blue.)
        app.press(.picker(.up), .picker(.up), .picker(.pick))  // the first choice
        XCTAssertNil(app.runtime.state.editor?.perspective.color)
        app.press(.editor(.close))
        XCTAssertFalse(app.file(".perspectives.json")!.contains("#D0021B"), app.file(".perspectives.json")!)
    }

    func testALargePerspectivesFileIsWarnedAboutInTheApp() throws {
        let padding = String(repeating: "x", count: 1_100_000)
        let files = ["a.md": f("title: A"),
                     ".perspectives.json": #"{"version": 1, "x-notes": "\#(padding)", "perspectives": {}}"#]
        let app = try Harness(files: files, width: 120, height: 30, today: "2026-11-23")
        XCTAssertTrue(app.lines.last!.contains("⚠ .perspectives.json is larger than 1 MB"), app.lines.last!)
    }
}
