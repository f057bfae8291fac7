import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Every mode drawn with the `monochrome` theme (as under NO_COLOR: colour
/// gone, only the characters and reverse video left), read from its
/// characters alone: each state shows in text. The cursor's item carries a
/// `▸` or a bracket right before its text, the dialog's default answer is
/// bracketed, turned-off rules say "(off)", priority, overdue, marks, flags,
/// warnings and the Forecast's busy day have their glyphs. Each screen is
/// also kept as a snapshot (`Snapshots/mono-*.txt`).
final class NothingByColourTests: XCTestCase {
    /// The snapshot vault, with a perspective holding a turned-off rule and a turned-off group, and a checklist.
    static let vault: [String: String] = {
        var files = SnapshotTests.vault
        files[".perspectives.json"] = #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "icon": "briefcase", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"field": "priority", "op": "equals", "value": "low", "enabled": false}, {"operator": "OR", "enabled": false, "conditions": [{"field": "flagged", "op": "equals", "value": true}]}]}}}}"#
        files["report.md"] = f("title: Write the Q4 report\narea: Work\nproject: Q4 Report\nscheduled: 2026-11-23\ndue: 2026-11-27\npriority: medium\nestimate: 90",
                               body: "- [ ] outline\n- [ ] numbers\n")
        return files
    }()

    func app(width: Int = 80, height: Int = 24) throws -> Harness {
        // (forecast_busy 1: a day with two tasks is busy.)
        try Harness(files: Self.vault, width: width, height: height, today: "2026-11-23", config: "theme: monochrome\nforecast_busy: 1\n")
    }

    /// The cells right before the focus point on its row (up to `cells` of them): where its mark is.
    func beforeFocus(_ app: Harness, cells: Int = 16, file: StaticString = #filePath, line: UInt = #line) -> String {
        let screen = app.screen
        guard let p = screen.focus else {
            XCTFail("no focus point in \(app.runtime.state.mode)\n\(screen.text)", file: file, line: line)
            return ""
        }
        return (max(0, p.x - cells)..<p.x).map { screen[$0, p.y].text }.joined()
    }

    /// The focused item is marked by a character (`▸` or a bracket) right before its text, and its row
    /// differs in its characters from what it shows when the cursor is elsewhere.
    func assertCursorInCharacters(_ app: Harness, _ mark: String = "▸", file: StaticString = #filePath, line: UInt = #line) {
        let before = beforeFocus(app, file: file, line: line)
        XCTAssertTrue(before.contains(mark), "“\(mark)” right before the focused item in \(app.runtime.state.mode): “\(before)”\n\(app.text)",
                      file: file, line: line)
    }

    func snapshot(_ app: Harness, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = ScreenSnapshot.screen(of: app).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
        try ScreenSnapshot.check(text, named: "mono-\(name)-\(app.width)x\(app.height).txt", file: file, line: line)
    }

    func testTheThemeIsMonochrome() throws {
        let app = try app()
        XCTAssertEqual(app.runtime.state.themeName, "monochrome")
        let (theme, problem) = app.runtime.currentTheme()
        XCTAssertNil(problem)
        // Nothing but the terminal's own colours, black and white (the selection's reverse video).
        for (role, style) in theme.styles {
            for c in [style.fg, style.bg] {
                XCTAssertTrue(c == .default || c == .index(0) || c == .index(7), "\(role) is coloured: \(style)")
            }
        }
    }

    func testTheListSidebarAndMarks() throws {
        let app = try app()
        app.open("Today")
        app.press(.moveToEdge(top: true))
        try snapshot(app, "list")
        assertCursorInCharacters(app)
        let x = app.runtime.layout.sidebarWidth
        let rows = app.lines.map { String($0.dropFirst(x)) }
        let selected = try XCTUnwrap(rows.first { $0.contains("Dentist") })
        let other = try XCTUnwrap(rows.first { $0.contains("Write the Q4") })
        XCTAssertTrue(selected.hasPrefix("│▸ "), selected)
        XCTAssertTrue(other.hasPrefix("│  "), other)
        // Overdue and priority in characters.
        XCTAssertTrue(selected.contains("3d overdue ⚠"), selected)
        XCTAssertTrue(other.contains("!!"), other)
        // Marked, and marked and selected: each its own characters.
        app.press(.mark, .move(1), .mark)
        try snapshot(app, "marks")
        let marked = app.lines.map { String($0.dropFirst(x)) }
        XCTAssertTrue(try XCTUnwrap(marked.first { $0.contains("Dentist") }).hasPrefix("│● "), app.text)
        XCTAssertTrue(try XCTUnwrap(marked.first { $0.contains("Water the plants") }).hasPrefix("│▸●○ "), app.text)
        // The sidebar: the open perspective's ▸, whatever has the focus.
        app.press(.focus(.sidebar))
        assertCursorInCharacters(app)
        XCTAssertTrue(app.lines.contains { $0.hasPrefix("│▸★ Today") }, app.text)
        // A warning says so: the sync conflict in the status line.
        XCTAssertTrue(app.lines.last?.contains("⚠ 1 sync conflict") == true, app.lines.last ?? "")
    }

    func testAFoldedGroupsHeaderWhenSelected() throws {
        let app = try app()
        app.press(.move(1), .move(1), .focus(.list))  // Upcoming: grouped by day
        app.press(.toggleCollapse)
        guard case .group(_, let title, _, true)? = app.runtime.state.selectedRow else { return XCTFail("no folded header selected\n\(app.text)") }
        XCTAssertTrue(app.lines.contains { $0.contains("▸▹ \(title)") }, app.text)
        assertCursorInCharacters(app)
    }

    func testTheRuleEditorAndItsPickers() throws {
        let app = try app()
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective)
        try snapshot(app, "rule-editor")
        assertCursorInCharacters(app)
        let text = app.text
        XCTAssertTrue(text.contains("Priority is low (off)"), "a turned-off rule says so:\n\(text)")
        for _ in 0..<10 {
            app.press(.editor(.down))
            assertCursorInCharacters(app)
        }
        try snapshot(app, "rule-editor-end")
        XCTAssertTrue(app.text.contains("Any of the following (off)"), app.text)
        XCTAssertTrue(app.text.contains("(group off)"), "a rule in a turned-off group says so:\n\(app.text)")
        // The picker of rule types.
        app.press(.editor(.addRule))
        try snapshot(app, "picker")
        assertCursorInCharacters(app)
        app.press(.picker(.down))
        assertCursorInCharacters(app)
        // The date picker: the relative side's choice, then the calendar's day in brackets, the comparison too.
        app.type("due date in")
        app.press(.picker(.pick), .picker(.down))
        try snapshot(app, "date-relative")
        assertCursorInCharacters(app)
        app.press(.calendar(.switchSide))
        try snapshot(app, "date-calendar")
        assertCursorInCharacters(app, "[")
        XCTAssertTrue(app.lines.contains { $0.contains("[23*") }, "today, under the cursor, bracketed and starred:\n\(app.text)")
        XCTAssertTrue(app.text.contains("[on]") || app.text.contains("[") , app.text)
        app.press(.calendar(.cancel))
    }

    func testTheIconGrid() throws {
        let app = try app()
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective, .editor(.first), .editor(.down), .editor(.edit))
        try snapshot(app, "icons")
        guard case .ruleEditor(let e) = app.runtime.state.mode, case .picker(let p, _)? = Optional(e.control) else { return XCTFail("no icon grid") }
        XCTAssertNotNil(p.columns)
        // On the current icon: its brackets, and the name line says the cursor is on it.
        assertCursorInCharacters(app, "[")
        XCTAssertTrue(app.text.contains("⌘  briefcase · now: briefcase"), app.text)
        app.press(.picker(.right))
        try snapshot(app, "icons-moved")
        assertCursorInCharacters(app)
        XCTAssertTrue(app.text.contains("[⌘]"), "the current icon stays bracketed:\n\(app.text)")
    }

    func testTheFormDialogAndDetailPane() throws {
        let app = try app()
        app.open("Today")
        app.press(.moveToEdge(top: true), .move(1), .editTask, .form(.nextField), .form(.nextField))
        try snapshot(app, "form")
        let before = beforeFocus(app, cells: 16)
        XCTAssertTrue(before.contains("▸"), "the focused field's label is marked: “\(before)”\n\(app.text)")
        app.press(.form(.cancel))
        // The question: its default answer bracketed, the cursor on its words.
        app.press(.deleteTask)
        try snapshot(app, "dialog")
        let choices = try XCTUnwrap(app.lines.first { $0.contains("yes") && $0.contains("no") })
        XCTAssertTrue(choices.contains("[n] no"), choices)
        let focus = try XCTUnwrap(app.screen.focus)
        XCTAssertEqual((focus.x..<(focus.x + 2)).map { app.screen[$0, focus.y].text }.joined(), "no", app.text)
        app.press(.confirm(false))
        // The detail pane's checklist item under the cursor.
        app.press(.toggleDetail, .switchFocus)
        for _ in 0..<2 { app.press(.detail(.down)) }
        try snapshot(app, "detail")
        assertCursorInCharacters(app)
    }

    func testTheForecastsDayAndBusyDay() throws {
        let app = try app()
        app.open("Forecast")
        app.press(.forecastMove(1))
        try snapshot(app, "forecast")
        let strip = try XCTUnwrap(app.lines.first { $0.contains("Overdue") })
        XCTAssertTrue(strip.contains("[Tue 24 1]"), "the selected day bracketed: \(strip)")
        XCTAssertTrue(strip.contains("Mon 23 2▲"), "a busy day marked (not by colour alone): \(strip)")
    }

    func testMenusPanelsFinderAndHelp() throws {
        let app = try app()
        app.open("Today")
        app.press(.openSortMenu)
        try snapshot(app, "sort-menu")
        assertCursorInCharacters(app)
        // (With `•`, not the `●` a marked task has.)
        XCTAssertTrue(app.text.contains("▸• Due date") || app.text.contains("• Due date"), "the current sort marked:\n\(app.text)")
        app.press(.menu(.down))
        assertCursorInCharacters(app)
        app.press(.sortMenu(.close), .openSettings)
        try snapshot(app, "settings")
        assertCursorInCharacters(app)
        app.press(.menu(.down))
        assertCursorInCharacters(app)
        app.press(.settings(.close), .openFilterPanel)
        try snapshot(app, "quick-filter")
        assertCursorInCharacters(app)
        app.press(.filter(.toggle))
        XCTAssertTrue(app.text.contains("[ ]") && app.text.contains("[x]"), "shown and hidden in characters:\n\(app.text)")
        app.press(.filter(.toggle), .filter(.close), .openFinder)
        app.type("a")
        try snapshot(app, "finder")
        XCTAssertTrue(app.lines.contains { $0.contains("▸ ") }, app.text)
        app.press(.finder(.close), .toggleHelp)
        try snapshot(app, "help")
        XCTAssertNotNil(app.screen.focus)
    }

    /// The sync conflict's two versions: which line is whose, by − and +, as well as by colour.
    func testTheConflictPanel() throws {
        let app = try app()
        app.press(.openConflicts)
        guard case .conflicts = app.runtime.state.mode else { return XCTFail("no conflict panel\n\(app.text)") }
        try snapshot(app, "conflicts")
        XCTAssertTrue(app.lines.contains { $0.contains(" − title: File the taxes") }, app.text)
        XCTAssertTrue(app.lines.contains { $0.contains(" + title: File the taxes (phone copy)") }, app.text)
    }

    func testNoColorIsHonouredWhateverItsValue() {
        // no-color.org: present and not empty disables colour, whatever the value.
        for value in ["1", "0", "true", "yes", "anything"] {
            XCTAssertFalse(ColorChoice.usesColor(environment: ["NO_COLOR": value], terminalHasColors: true), value)
        }
        XCTAssertTrue(ColorChoice.usesColor(environment: ["NO_COLOR": ""], terminalHasColors: true), "an empty NO_COLOR is unset")
        XCTAssertTrue(ColorChoice.usesColor(environment: [:], terminalHasColors: true))
        XCTAssertFalse(ColorChoice.usesColor(environment: [:], terminalHasColors: false))
    }
}
