import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// `glyphs: words` leaves no symbol on the screen, in any mode: every screen
/// on the way through the app's modes (each key's, by the harness's `watch`)
/// holds only ASCII, the borders' box drawing and a few marks of punctuation
/// and of the cursor. A symbol added to a view later without its word fails here.
final class WordsOnlyScreenTests: XCTestCase {
    /// Borders (U+2500–U+257F) are lines, not said; these are punctuation a reader
    /// says as such, the cursor's `▸` (the terminal's own cursor sits after it) and
    /// a text field's drawn caret (where the terminal's cursor is too).
    static let allowed: Set<Character> = ["·", "…", "–", "—", "“", "”", "‘", "’", "▸", "▏"]

    static func allowed(_ c: Character) -> Bool {
        if allowed.contains(c) { return true }
        return c.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) || (0x2500...0x257F).contains($0.value) }
    }

    /// The snapshot vault with a checklist, a bulleted note with a link, a repeating task, a reminder and a warning.
    static let vault: [String: String] = {
        var files = NothingByColourTests.vault
        files["links.md"] = f("title: Plan the offsite\narea: Work\nscheduled: 2026-11-23\nrecurrence: FREQ=WEEKLY\npriority: urgent-ish",
                              body: "- book the room\n- ask Anna\n\nSee [[call-anna]] and [[nowhere]].\n")
        files["remind.md"] = f("title: Pay the rent\ndue: 2026-11-23T10:00:00Z\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: 2026-11-23T09:00:00Z")
        files[".perspectives.json"] = ##"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "icon": "briefcase", "color": "#D0021B", "sort": {"field": "due", "ascending": false}, "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"field": "due", "op": "in_next", "value": 7, "unit": "days", "enabled": false}, {"operator": "OR", "enabled": false, "conditions": [{"field": "flagged", "op": "equals", "value": true}]}]}}}}"##
        return files
    }()

    /// What each screen showed that is not allowed: the character and the first line it was on (and where).
    final class Strays {
        var found: [Character: String] = [:]
        var screens = 0
        /// Every screen's lines, to find the words that took the symbols' places.
        var seen = Set<String>()
        func scan(_ app: Harness, _ place: String) {
            let mode = app.runtime.state.mode
            // The icon grid's cells are the icons to choose from (the name under the cursor says each in words):
            // on its screens only they may be symbols; its search line, name line and scroll marks may not.
            var grid = false
            if case .ruleEditor(let e) = mode.base, case .picker(let p, _) = e.control, p.columns != nil { grid = true }
            let icons = Set(Glyphs.icons.values.flatMap { $0 })
            screens += 1
            for line in app.lines {
                seen.insert(line)
                for c in line where !WordsOnlyScreenTests.allowed(c) && found[c] == nil && !(grid && icons.contains(c)) {
                    found[c] = "\(place) (\(String(describing: mode).prefix(30))): \(line.trimmingCharacters(in: .whitespaces))"
                }
            }
        }
    }

    func app(width: Int = 80, height: Int = 24, strays: Strays, place: String) throws -> Harness {
        let app = try Harness(files: Self.vault, width: width, height: height, today: "2026-11-23",
                              config: "glyphs: words\ntheme: monochrome\nforecast_busy: 1\n")
        app.watch = { strays.scan($0, place) }
        strays.scan(app, place)
        return app
    }

    func testNoSymbolIsLeftInAnyMode() throws {
        let strays = Strays()
        for (w, h) in [(80, 24), (50, 14)] {
            let place = "\(w)x\(h)"
            try browse(try app(width: w, height: h, strays: strays, place: place))
            try entry(try app(width: w, height: h, strays: strays, place: place))
            try ruleEditor(try app(width: w, height: h, strays: strays, place: place))
            try popups(try app(width: w, height: h, strays: strays, place: place))
        }
        // The reminder's banner, and the screen too small for the app.
        let app = try app(strays: strays, place: "reminder")
        _ = app.runtime.checkReminders(now: ISO8601DateFormatter().date(from: "2026-11-23T08:00:00Z"))
        XCTAssertTrue(app.runtime.checkReminders(now: ISO8601DateFormatter().date(from: "2026-11-23T09:00:01Z")), "the reminder came due")
        strays.scan(app, "reminder")
        XCTAssertTrue(app.text.contains("[reminder]"), app.text)
        app.width = 30
        app.height = 6
        strays.scan(app, "too small")
        XCTAssertTrue(app.text.contains("30 by 6"), app.text)

        XCTAssertGreaterThan(strays.screens, 100)
        // The words in the symbols' places, so the modes that had the symbols were on the way.
        for word in ["[ ] outline", "- ask Anna", "[current]", "descending", "[folded] ", "[unfolded] ", "[warning] ", "[repeats] every week",
                     "[[call-anna]] = ", "Add > ", "+Cl▏[ients]", "< todo >", "Down/Up move", "j / Down", "K / Shift-Up", "[focus] ", "[reminder] Pay the rent", "Red (#D0021B)",
                     "> type a name to search", "> bri", "briefcase · now: briefcase"] {
            XCTAssertTrue(strays.seen.contains { $0.contains(word) }, "“\(word)” on no screen")
        }
        let said = strays.found.sorted { $0.key < $1.key }.map { "“\($0.key)” U+\(String($0.key.unicodeScalars.first!.value, radix: 16, uppercase: true)) in \($0.value)" }
        XCTAssertTrue(said.isEmpty, "symbols left in words:\n" + said.joined(separator: "\n"))
    }

    /// Typing is keys, not actions: the screen it leaves is looked at too.
    func typed(_ app: Harness, _ text: String) {
        app.type(text)
        app.watch?(app)
    }

    /// The list and its layouts, the sidebar with its tree, a folded group, the detail pane, the Forecast.
    func browse(_ app: Harness) throws {
        app.open("Today")
        app.press(.moveToEdge(top: true), .mark, .move(1), .mark)
        app.press(.focus(.sidebar), .toggleVaultTree, .toggleVaultTree)
        app.press(.focus(.list))
        for density in Density.allCases { app.runtime.setDensity(density); _ = app.screen; app.watch?(app) }
        app.runtime.setDensity(.comfortable)
        app.open("Upcoming")
        app.press(.focus(.list), .toggleCollapse, .moveToEdge(top: false), .toggleCollapse)
        app.open("Today")
        app.press(.focus(.list), .moveToEdge(top: true))
        app.press(.toggleDetail, .switchFocus)
        for _ in 0..<12 { app.press(.detail(.down)) }
        for title in ["Plan the offsite", "Write the Q4"] {
            app.press(.toggleDetail)
            app.open("Today")
            app.press(.focus(.list), .moveToEdge(top: true))
            for _ in app.runtime.state.rows where app.runtime.state.selectedTask.map({ !$0.title.hasPrefix(title) }) ?? true { app.press(.move(1)) }
            app.press(.toggleDetail, .switchFocus)
            for _ in 0..<12 { app.press(.detail(.down)) }
        }
        app.press(.toggleDetail)
        app.open("Forecast")
        for _ in 0..<10 { app.press(.forecastMove(1)) }
        app.open("Work")
        app.press(.startSearch)
        typed(app, "an")
    }

    /// The form through every field, its recurrence and its question; quick add with a completion and a
    /// mistake; the change line; the finder.
    func entry(_ app: Harness) throws {
        app.open("Today")
        app.press(.focus(.list), .moveToEdge(top: true), .editTask)
        for _ in TaskForm.Field.allCases { app.press(.form(.nextField)) }
        app.press(.form(.cancel))
        app.press(.addTaskInForm)
        typed(app, "Call the bank")
        while app.runtime.state.form?.focus != .recurrence { app.press(.form(.nextField)) }
        typed(app, "every week")
        app.press(.form(.nextField))
        app.press(.form(.cancel))
        if case .dialog = app.runtime.state.mode { app.press(.discard(true)) }
        app.press(.deleteTask, .confirm(false))
        app.press(.addTask)
        typed(app, "Call +Cl")
        app.press(.quickAdd(.cancel))
        app.press(.addTask)
        typed(app, "#errand")
        app.press(.quickAdd(.add))
        if case .quickAdd = app.runtime.state.mode { app.press(.quickAdd(.cancel)) }
        app.press(.changeTasks)
        typed(app, "fri")
        app.press(.quickAdd(.cancel))
        app.press(.openFinder)
        typed(app, "a")
        app.press(.finder(.close))
    }

    /// The rule editor's rows, its pickers (types, colours, relative dates, the calendar), as text.
    func ruleEditor(_ app: Harness) throws {
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective)
        for _ in 0..<12 { app.press(.editor(.down)) }
        app.press(.editor(.first))
        while app.runtime.state.editor.map({ $0.header != .color }) ?? false { app.press(.editor(.down)) }
        app.press(.editor(.edit), .picker(.down), .picker(.cancel))
        // The icon grid, moved to its last row (scrolled on a short screen) and back, and searched.
        app.press(.editor(.first))
        while app.runtime.state.editor.map({ $0.header != .icon }) ?? false { app.press(.editor(.down)) }
        app.press(.editor(.edit))
        for _ in 0..<6 { app.press(.picker(.down)) }
        for _ in 0..<6 { app.press(.picker(.up)) }
        typed(app, "bri")
        app.press(.picker(.cancel))
        app.press(.editor(.addRule))
        for _ in 0..<30 { app.press(.picker(.down)) }
        typed(app, "due date in")
        app.press(.picker(.pick), .picker(.down))
        app.press(.calendar(.switchSide), .calendar(.move(7)), .calendar(.cancel))
        app.press(.editor(.editAsText))
        app.press(.editor(.cancelText))
        app.press(.editor(.close))
    }

    /// The menus, the panels, the overlays and help, scrolled.
    func popups(_ app: Harness) throws {
        app.open("Today")
        app.press(.openSortMenu)
        for _ in 0..<12 { app.press(.menu(.down)) }
        app.press(.sortMenu(.close), .openSettings, .menu(.down), .settings(.close), .openFilterPanel)
        for _ in 0..<12 { app.press(.menu(.down)) }
        app.press(.filter(.close), .openConflicts)
        app.press(.conflict(.close))
        app.press(.showRules)
        app.press(.overlay(.close), .showProblems, .overlay(.close), .toggleHelp)
        for _ in 0..<40 { app.press(.menu(.down)) }
    }
}
