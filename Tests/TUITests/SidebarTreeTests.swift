import XCTest
@testable import TaskEngine
@testable import TUI

/// Areas and projects in the sidebar: every task reachable, `y` adopts one, `z` folds.
final class SidebarTreeTests: XCTestCase {
    let vault: [String: String] = [
        "a.md": f("title: Write the report\narea: Work\nproject: Q4 Report"),
        "b.md": f("title: Sent the draft\narea: Work\nproject: Q4 Report\nstatus: done"),
        "c.md": f("title: Call Acme\narea: Work/Clients\nstatus: in-progress"),
        "d.md": f("title: Undated side task\nproject: Blog"),
    ]

    func testAreasAndProjectsAreListedWithCountsAndShowTheirTasks() throws {
        let app = try Harness(files: vault, width: 100, height: 30, today: "2026-11-23")
        let text = app.text
        for line in ["Areas & projects", "@ Work", "@ Clients", "+ Q4 Report", "+ Blog"] {
            XCTAssertTrue(text.contains(line), "\(line)\n\(text)")
        }
        // The row counts the open tasks (as the built-in views count); the view's title says both.
        XCTAssertTrue(app.lines.contains { $0.contains("@ Work") && $0.contains(" 2 ") }, "its open tasks counted: \(text)")
        // The undated project task, in no built-in view, is one selection away.
        app.open("+Blog")
        XCTAssertEqual(app.runtime.state.perspective?.name, "+Blog")
        XCTAssertTrue(app.text.contains("Undated side task"), app.text)
        app.open("@Work")
        XCTAssertTrue(app.text.contains("Write the report") && app.text.contains("Sent the draft") && app.text.contains("Call Acme"),
                      "all states, banded: \(app.text)")
        XCTAssertTrue(app.text.contains("DONE") || app.text.contains("COMPLETED"), app.text)
        XCTAssertTrue(app.text.contains("2 open · 3 tasks"), app.text)
        // A sort chosen here stays for the run; nothing is written.
        app.press(.reverseSort)
        XCTAssertNil(app.file(".perspectives.json"))
        // y makes it a perspective of its own.
        app.press(.focus(.sidebar), .duplicatePerspective)
        let json = try XCTUnwrap(app.file(".perspectives.json"))
        XCTAssertTrue(json.contains("\"name\": \"Work\"") || json.contains("\"name\":\"Work\""), json)
        XCTAssertTrue(json.contains("within"), json)
    }

    func testZFoldsTheSectionAndTheSelectionStaysOnAPerspective() throws {
        let app = try Harness(files: vault, width: 100, height: 30, today: "2026-11-23")
        app.open("@Work/Clients")
        app.press(.focus(.sidebar), .toggleVaultTree)
        XCTAssertTrue(app.text.contains("▹ Areas & projects (z)"), app.text)
        XCTAssertFalse(app.text.contains("@ Clients"))
        XCTAssertFalse(VaultTree.isTreeID(app.runtime.state.selectedPerspectiveID))
        app.press(.toggleVaultTree)
        XCTAssertTrue(app.text.contains("@ Clients"))
    }

    /// The folded section's mark is never the cursor's `▸`: in symbols `▹` (`+` in ASCII), in words `[folded]`;
    /// the one `▸` of the sidebar is the selected perspective's, at any size.
    func testTheFoldedSectionIsNeverMarkedAsTheCursorIs() throws {
        for glyphs in GlyphSet.allCases {
            for (w, h) in [(100, 30), (50, 14)] {
                let app = try Harness(files: vault, width: w, height: h, today: "2026-11-23", config: "glyphs: \(glyphs.rawValue)\n")
                app.press(.focus(.sidebar), .toggleVaultTree)
                let sidebar = app.lines.dropFirst(2).map { String($0.prefix(app.runtime.layout.sidebarWidth)) }
                let header = try XCTUnwrap(sidebar.first { $0.contains("Areas") }, "\(glyphs) \(w)x\(h)\n\(app.text)")
                XCTAssertTrue(header.hasPrefix(glyphs == .words ? "│[folded] Areas" : "│▹ Areas"), "\(glyphs) \(w)x\(h): \(header)")
                XCTAssertEqual(sidebar.filter { $0.contains("▸") }.count, 1, "one cursor: \(glyphs) \(w)x\(h)\n\(app.text)")
                XCTAssertTrue(try XCTUnwrap(sidebar.first { $0.contains("▸") }).contains("Inbox"), app.text)
            }
        }
        XCTAssertEqual(ASCIIGlyphs.fallback(GlyphSet.symbols.text(.folded)), "+")
        XCTAssertNotEqual(ASCIIGlyphs.fallback(GlyphSet.symbols.text(.folded)), ASCIIGlyphs.fallback("▸"))
    }

    func testAnAreaThatDisappearsFallsBackToTheInbox() throws {
        let app = try Harness(files: vault, width: 100, height: 30, today: "2026-11-23")
        app.open("@Work/Clients")
        app.press(.focus(.list), .changeTasks)
        app.type("@none")
        app.press(.quickAdd(.add))
        XCTAssertEqual(app.runtime.state.selectedPerspectiveID, "inbox")
        XCTAssertFalse(app.text.contains("@ Clients"))
    }
}
