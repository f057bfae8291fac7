import XCTest
@testable import TaskEngine
@testable import TUI

/// A move that cannot move says why, in either mode, and changes and saves nothing; one that moves says
/// what it did in the screen-reader mode (the snapshot vault: Work is its one custom perspective, its rules
/// `Area equals "Work"` then the group `Any of: Priority is high, Due in the next 7 days`).
final class EdgeMovesSaidTests: XCTestCase {
    func app(screenReader: Bool) throws -> Harness {
        try Harness(files: SnapshotTests.vault, width: 120, height: 40, today: "2026-11-23", config: screenReader ? "screen_reader: true\n" : nil)
    }

    func said(_ app: Harness) -> String { app.runtime.state.message ?? "" }

    func testSidebarMovesAtTheEdgeAndOnAProject() throws {
        for screenReader in [true, false] {
            let app = try app(screenReader: screenReader)
            app.open("Work")
            app.press(.focus(.sidebar))
            let file = app.file(".perspectives.json")
            for down in [false, true] {
                app.press(.reorderPerspective(down: down))
                XCTAssertEqual(said(app), "Work is already \(down ? "last" : "first") of your perspectives")
                XCTAssertTrue(app.lines.last?.contains("Work is already") == true, app.lines.last ?? "")
            }
            XCTAssertEqual(app.file(".perspectives.json"), file, "nothing saved")
            // Two of them: a real move moves, is saved, and (in the mode) says so without a "(saving)" that never ends.
            app.press(.duplicatePerspective, .editor(.close), .reorderPerspective(down: false))
            XCTAssertEqual(app.runtime.state.perspectives.filter { !$0.isBuiltin }.map(\.name), ["Work Copy", "Work"])
            let json = try JSONText.parse(Data((app.file(".perspectives.json") ?? "").utf8))
            XCTAssertEqual(json["order"], .strings(["work-copy", "work"]))
            XCTAssertEqual(said(app), screenReader ? "Moved Work Copy up" : "")
            // A project: what is true of it, not the built-ins' words.
            app.open("+Clients @Work")
            app.press(.focus(.sidebar), .reorderPerspective(down: false))
            XCTAssertTrue(said(app).hasPrefix("A project is listed from its tasks, in name order: it cannot be deleted or moved"), said(app))
            app.press(.deletePerspective)
            XCTAssertTrue(said(app).hasPrefix("A project is listed from its tasks"), said(app))
            app.open("@Health")
            app.press(.focus(.sidebar), .reorderPerspective(down: true))
            XCTAssertTrue(said(app).hasPrefix("An area is listed from its tasks"), said(app))
        }
    }

    func editor(_ app: Harness, line: Int) {
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective, .editor(.first))
        for _ in 0..<line { app.press(.editor(.down)) }
    }

    func testRuleMovesAtTheEdgeAndOutOfAGroup() throws {
        for screenReader in [true, false] {
            let app = try app(screenReader: screenReader)
            editor(app, line: 7)  // (six header lines, the top group, then its first rule)
            let rules = app.runtime.state.editor?.perspective.rules
            app.press(.editor(.moveRuleUp))
            XCTAssertEqual(said(app), "Already first of the rules: Area equals \"Work\"")
            app.press(.editor(.outdent))
            XCTAssertEqual(said(app), "Already in the top group, no group to move out of: Area equals \"Work\"")
            app.press(.editor(.down))  // the group, last of the top group
            app.press(.editor(.moveRuleDown))
            XCTAssertTrue(said(app).hasPrefix("Already last of the rules: Any of"), said(app))
            XCTAssertEqual(app.runtime.state.editor?.perspective.rules, rules, "nothing moved")
            XCTAssertTrue(app.lines.last?.contains("Already last of the rules") == true, app.lines.last ?? "")
            // Out of the group: moved, and said in the mode.
            app.press(.editor(.last), .editor(.outdent))
            XCTAssertNotEqual(app.runtime.state.editor?.perspective.rules, rules)
            XCTAssertTrue(screenReader ? said(app).hasPrefix("Moved out of its group: Due in the next 7 days") : said(app).isEmpty, said(app))
            app.press(.editor(.moveRuleUp))
            XCTAssertTrue(screenReader ? said(app).hasPrefix("Moved up: Due in the next 7 days") : said(app).isEmpty, said(app))
        }
    }

    func testQuickFilterMovesAtTheEdge() throws {
        for screenReader in [true, false] {
            let app = try app(screenReader: screenReader)
            app.open("Today")
            app.press(.openFilterPanel)
            let projects = app.runtime.state.quickFilter.projects(in: app.runtime.state.index).filter { !$0.isEmpty }
            XCTAssertGreaterThanOrEqual(projects.count, 2)
            app.press(.filter(.moveUp))
            XCTAssertEqual(said(app), "\(projects[0]) is already first of the projects")
            XCTAssertEqual(app.runtime.state.quickFilter.projectOrder, [], "nothing changed")
            app.press(.filter(.moveDown))
            XCTAssertEqual(app.runtime.state.quickFilter.projects(in: app.runtime.state.index).first, projects[1])
            XCTAssertEqual(said(app), screenReader ? "Moved \(projects[0]) down" : "")
            for _ in 0..<projects.count { app.press(.filter(.moveDown)) }
            XCTAssertEqual(said(app), "\(projects[0]) is already last of the projects")
            app.press(.menu(.down))  // "No project"
            app.press(.filter(.moveUp))
            XCTAssertEqual(said(app), "No project always comes after the projects.")
            app.press(.menu(.down), .filter(.moveUp))  // a status
            XCTAssertEqual(said(app), "Only projects are put in order here: statuses and priorities keep theirs.")
        }
    }
}
