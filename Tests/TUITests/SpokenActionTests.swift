import XCTest
@testable import TaskEngine
@testable import TUI

/// In the screen-reader mode every action says what it did in the status
/// line, in words: one row per action, the keys that lead to it, and the
/// words the status line must then hold (the snapshot vault, today Monday 23
/// November 2026). Without the mode the view-only actions say nothing new.
final class SpokenActionTests: XCTestCase {
    struct Case {
        var name: String
        var perspective: String
        var before: (Harness) -> Void = { _ in }
        var action: Action
        var said: String
    }

    static var cases: [Case] { [
        Case(name: "reverse the sort", perspective: "Today", action: .reverseSort, said: "Sorted by due date, descending"),
        Case(name: "choose a sort", perspective: "Today", before: { $0.press(.openSortMenu, .menu(.first), .menu(.down)) }, action: .sortMenu(.choose),
             said: "Sorted by \(SortField.allCases[1].label.lowercased()), ascending"),
        Case(name: "move a task", perspective: "Work", before: { $0.press(.moveToEdge(top: true)) }, action: .reorderTask(.down),
             said: "Moved Call Anna about the offer down"),
        Case(name: "move a perspective", perspective: "Work", before: { $0.press(.focus(.sidebar), .duplicatePerspective, .editor(.close)) },
             action: .reorderPerspective(down: false), said: "Moved Work Copy up"),
        Case(name: "fold the areas", perspective: "Today", before: { $0.press(.focus(.sidebar)) }, action: .toggleVaultTree,
             said: "Areas and projects folded"),
        Case(name: "a Forecast day", perspective: "Forecast", action: .forecastMove(1), said: "Tue 24 Nov: 1 task"),
        Case(name: "the quick filter", perspective: "Today", before: { $0.press(.openFilterPanel) }, action: .filter(.toggle),
             said: "Filter: 1 project hidden; "),
        Case(name: "a search", perspective: "Today", before: { $0.press(.startSearch); $0.type("report") }, action: .search(.keep),
             said: "Search “report”: 1 of 3 tasks"),
        Case(name: "the density", perspective: "Today", before: { $0.press(.openSettings, .menu(.down)) }, action: .settings(.change(1)),
             said: "Density: comfortable"),
        Case(name: "save a perspective", perspective: "Work", before: { $0.press(.focus(.sidebar), .editPerspective) }, action: .editor(.close),
             said: "Perspective saved: Work, 2 tasks"),
        Case(name: "turn a rule off", perspective: "Work", before: { $0.press(.focus(.sidebar), .editPerspective, .editor(.last)) },
             action: .editor(.toggleRule), said: "Turned off (1 task now): Due in the next 7 days"),
        Case(name: "flag", perspective: "Work", before: { $0.press(.moveToEdge(top: true)) }, action: .toggleFlag,
             said: "Flagged Call Anna about the offer"),
        Case(name: "mark", perspective: "Work", action: .mark, said: "1 marked"),
        Case(name: "clear the marks", perspective: "Work", before: { $0.press(.mark) }, action: .cancel, said: "Cleared 1 mark"),
        Case(name: "delete", perspective: "Work", before: { $0.press(.moveToEdge(top: true), .deleteTask) }, action: .confirm(true),
             said: "Deleted 'Call Anna about the offer'"),
        Case(name: "undo", perspective: "Work", before: { $0.press(.moveToEdge(top: true), .toggleFlag) }, action: .undo, said: "Undone: "),
        Case(name: "priority", perspective: "Work", before: { $0.press(.moveToEdge(top: true)) }, action: .cyclePriority,
             said: "No priority: Call Anna about the offer"),
    ] }

    func app(screenReader: Bool) throws -> Harness {
        try Harness(files: SnapshotTests.vault, width: 120, height: 40, today: "2026-11-23", config: screenReader ? "screen_reader: true\n" : nil)
    }

    func testEachActionSaysWhatItDid() throws {
        for c in Self.cases {
            let app = try app(screenReader: true)
            app.open(c.perspective)
            c.before(app)
            app.press(c.action)
            let message = app.runtime.state.message ?? ""
            XCTAssertTrue(message.hasPrefix(c.said), "\(c.name): “\(c.said)” expected, the status line says “\(message)”\n\(app.text)")
            XCTAssertTrue(app.lines.last?.contains(String(c.said.prefix(20))) == true, "\(c.name): on the status line: \(app.lines.last ?? "")")
        }
    }

    /// Unfolding says so too, and a second toggle of the areas says they are shown.
    func testTogglesSayBothWays() throws {
        let app = try app(screenReader: true)
        app.open("Today")
        app.press(.focus(.sidebar), .toggleVaultTree, .toggleVaultTree)
        XCTAssertEqual(app.runtime.state.message, "Areas and projects shown")
        app.open("Upcoming")
        app.press(.moveToEdge(top: true), .toggleCollapse)
        guard case .group(_, let title, _, true)? = app.runtime.state.selectedRow else { return XCTFail("no folded group\n\(app.text)") }
        XCTAssertEqual(app.runtime.state.message, "Folded \(title)")
        app.press(.toggleCollapse)
        XCTAssertEqual(app.runtime.state.message, "Unfolded \(title)")
    }

    /// At the narrowest size a turned-off rule keeps its state word on its row and in what is said:
    /// the rule's words are cut instead.
    func testTheNarrowestLayoutKeepsTheOffWord() throws {
        for screenReader in [true, false] {
            let app = try Harness(files: SnapshotTests.vault, width: AppView.minWidth, height: AppView.minHeight, today: "2026-11-23",
                                  config: screenReader ? "screen_reader: true\n" : nil)
            app.open("Work")
            app.press(.focus(.sidebar), .editPerspective, .editor(.last), .editor(.toggleRule))
            let row = try XCTUnwrap(app.lines.first { $0.contains("▸") && $0.contains("Due") }, app.text)
            XCTAssertTrue(row.contains("… (off)"), "the words cut, the state kept: \(row)\n\(app.text)")
            if screenReader {
                XCTAssertTrue(app.lines.last?.contains("Turned off (1 task now): Due") == true, app.lines.last ?? "")
            }
            app.press(.editor(.toggleRule))
            let on = try XCTUnwrap(app.lines.first { $0.contains("▸") && $0.contains("Due") }, app.text)
            XCTAssertFalse(on.contains("(off)"), on)
            if screenReader { XCTAssertTrue(app.lines.last?.contains("Turned on (2 tasks now): Due") == true, app.lines.last ?? "") }
        }
    }

    /// A focus move announces nothing: the line under the cursor is its announcement.
    func testAMoveSaysNothing() throws {
        let app = try app(screenReader: true)
        app.open("Today")
        app.press(.move(1))
        XCTAssertNil(app.runtime.state.message)
        app.press(.focus(.sidebar), .move(1))
        XCTAssertNil(app.runtime.state.message)
    }

    func testWithoutTheModeTheViewActionsStayQuiet() throws {
        let app = try app(screenReader: false)
        app.open("Today")
        app.press(.reverseSort)
        XCTAssertNil(app.runtime.state.message)
        app.open("Forecast")
        app.press(.forecastMove(1))
        XCTAssertNil(app.runtime.state.message)
    }
}
