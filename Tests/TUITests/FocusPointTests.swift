import XCTest
@testable import TaskEngine
@testable import TUI

/// The frame's focus point (where the terminal's cursor goes, for screen
/// readers and braille displays) is on the focused item's text in every mode:
/// what the screen holds from that point on is the item, its glyphs before it.
final class FocusPointTests: XCTestCase {
    let vault: [String: String] = [
        "anna.md": f("title: Call Anna\ncreated: 2026-11-01"),
        "milk.md": f("title: Buy milk\npriority: high\nflagged: true\ncreated: 2026-11-02"),
        "tap.md": f("title: Fix the tap\ncreated: 2026-11-03", body: "- [ ] washer\n- [ ] spanner\n"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"home": {"id": "home", "name": "Home", "rules": {"operator": "AND", "conditions": [{"field": "title", "op": "contains", "value": "a"}, {"field": "status", "op": "equals", "value": "todo"}]}}}}"#,
    ]

    /// The focus point, and the screen's text on its row from it on (trailing blanks cut) and before it.
    func focused(_ app: Harness, caret: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> (point: FocusPoint, from: String, before: String)? {
        let screen = app.screen
        guard let p = caret ? screen.caret : screen.focus else {
            XCTFail("no focus point in \(app.runtime.state.mode)\n\(screen.text)", file: file, line: line)
            return nil
        }
        let cells = (0..<screen.width).map { screen[$0, p.y].text }
        let from = cells[p.x...].joined(), before = cells[..<p.x].joined()
        return (p, String(from.reversed().drop { $0 == " " }.reversed()), before)
    }

    /// Asserts the focused item's text starts at the focus point (and it is not a text field's caret).
    func assertOn(_ app: Harness, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let f = focused(app, file: file, line: line) else { return }
        XCTAssertTrue(f.from.hasPrefix(text), "the focus point (\(f.point.x), \(f.point.y)) should be on “\(text)”, is on “\(f.from)”\n\(app.text)", file: file, line: line)
        XCTAssertFalse(f.point.typing, "not a text field: \(app.runtime.state.mode)", file: file, line: line)
    }

    /// Asserts the focus point is a text field's caret, with `typed` right before it.
    /// (Where typing goes is also the caret, which the cursor shows without the screen-reader setting.)
    func assertTyping(_ app: Harness, after typed: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let f = focused(app, caret: true, file: file, line: line) else { return }
        XCTAssertTrue(f.point.typing, "a text field's caret: \(app.runtime.state.mode)", file: file, line: line)
        XCTAssertTrue(f.before.hasSuffix(typed), "the caret should follow “\(typed)”: the row before it is “\(f.before)”", file: file, line: line)
    }

    func testTheListAndTheSidebarPutItOnTheSelectedName() throws {
        let app = try Harness(files: vault, width: 100, height: 24)
        app.open("Inbox")
        var seen: Set<String> = []
        for _ in 0..<3 {
            let title = try XCTUnwrap(app.runtime.state.selectedTask?.title)
            seen.insert(title)
            assertOn(app, title)
            app.press(.move(1))
        }
        XCTAssertEqual(seen.count, 3, "the focus followed the selection over three tasks")
        app.press(.focus(.sidebar), .moveToEdge(top: true))
        for _ in 0..<4 {
            assertOn(app, try XCTUnwrap(app.runtime.state.perspective?.name))
            app.press(.move(1))
        }
    }

    func testTheDetailPanePutsItOnTheChecklistItem() throws {
        let app = try Harness(files: vault, width: 140, height: 30)
        app.open("Inbox")
        while app.runtime.state.selectedTask?.title != "Fix the tap" { app.press(.move(1)) }
        app.press(.toggleDetail, .switchFocus)
        XCTAssertEqual(app.runtime.state.focus, .detail)
        // On the item's words, its box before them (a screen reader reads the item, not the box).
        assertOn(app, "washer")
        XCTAssertTrue(focused(app)?.before.hasSuffix("☐ ") == true, focused(app)?.before ?? "")
        app.press(.detail(.down))
        assertOn(app, "spanner")
        // Ticked, the box changes and the cursor stays on the words.
        app.press(.detail(.toggleItem))
        assertOn(app, "spanner")
        XCTAssertTrue(focused(app)?.before.hasSuffix("☑ ") == true, focused(app)?.before ?? "")
    }

    /// A nested item: the cursor after its box too, past the indent.
    func testNestedAndQuotedChecklistItemsPutItAfterTheBox() throws {
        let files = ["n.md": f("title: Nested", body: "- [ ] outer\n  - [x] inner\n")]
        let app = try Harness(files: files, width: 140, height: 30)
        app.open("Inbox")
        app.press(.toggleDetail, .switchFocus)
        for words in ["outer", "inner"] {
            assertOn(app, words)
            let before = focused(app)?.before ?? ""
            XCTAssertTrue(before.hasSuffix("☐ ") || before.hasSuffix("☑ "), "\(words): \(before)")
            app.press(.detail(.down))
        }
    }

    func testTextFieldsPutItOnTheCaret() throws {
        let app = try Harness(files: vault, width: 100, height: 24)
        app.open("Inbox")
        app.press(.startSearch)
        app.type("ann")
        assertTyping(app, after: "/ann")
        app.press(.search(.clear))

        app.press(.addTask)
        app.type("Call Bob")
        assertTyping(app, after: "Call Bob")
        app.press(.text(.left), .text(.left))
        assertTyping(app, after: "Call B")
        app.press(.quickAdd(.cancel))

        app.press(.openFinder)
        app.type("milk")
        assertTyping(app, after: "› milk")
        app.press(.finder(.close))
    }

    /// Read by a screen reader, the finder's chosen result is the focus (Enter opens it), as a picker's item is;
    /// without the setting the caret stays in the query, where typing goes.
    func testTheFinderPutsItOnTheChosenResultForAScreenReader() throws {
        let app = try Harness(files: vault, width: 100, height: 24, config: "screen_reader: true\n")
        app.press(.openFinder)
        app.type("a")
        func chosen() -> String? {
            guard case .finder(let f) = app.runtime.state.mode, f.hits.indices.contains(f.selected) else { return nil }
            return app.runtime.state.task(id: f.hits[f.selected].id)?.title
        }
        let first = try XCTUnwrap(chosen())
        assertOn(app, first)
        app.press(.finder(.move(1)))
        let second = try XCTUnwrap(chosen())
        XCTAssertNotEqual(first, second)
        assertOn(app, second)
        app.press(.finder(.close))
        let plain = try Harness(files: vault, width: 100, height: 24)
        plain.press(.openFinder)
        plain.type("a")
        plain.press(.finder(.move(1)))
        assertTyping(plain, after: "› a")
    }

    /// A picker's filter and the date picker's relative line: the caret where typing goes (shown
    /// without the setting), the option under the cursor the screen reader's focus, and when nothing
    /// matches the focus is the caret (never none).
    func testPickersKeepTheCaretInTheFilterAndTheFocusOnTheOption() throws {
        let app = try Harness(files: vault, width: 100, height: 30)
        for k in [Key.char("n"), .char("G"), .char("a")] { app.press(k) }
        app.type("sta")
        assertTyping(app, after: "› sta")
        let option = try XCTUnwrap(focused(app))
        XCTAssertFalse(option.point.typing)
        XCTAssertTrue(option.from.hasPrefix("Status"), option.from)
        app.type("zzz")
        assertTyping(app, after: "› stazzz")
        XCTAssertEqual(app.screen.focus, app.screen.caret, "nothing matches: the focus is where typing goes")

        let date = try Harness(files: vault, width: 100, height: 30)
        for k in HintLineTests.dueRule { date.press(k) }
        date.type("next 1")
        assertTyping(date, after: "› next 1")
        XCTAssertEqual(focused(date)?.point.typing, false, "a relative choice under the cursor")
        date.type("zzz")
        assertTyping(date, after: "› next 1zzz")
        XCTAssertNotNil(date.screen.focus, "nothing matches: the cursor stays")
    }

    func testTheFormPutsItOnTheCaretOrTheChoice() throws {
        let app = try Harness(files: vault, width: 100, height: 30)
        app.press(.addTaskInForm)
        app.type("Water the plants")
        assertTyping(app, after: "Water the plants")
        // Walk the fields: a text field has its caret, a choice its value after "‹ ".
        for _ in 0..<TaskForm.Field.allCases.count - 1 {
            app.press(.form(.nextField))
            guard let form = app.runtime.state.form else { return XCTFail("the form closed") }
            if form.focus.choices != nil { assertOn(app, form[form.focus] + " ›") } else { assertTyping(app, after: form[form.focus]) }
        }
        app.press(.form(.cancel))
        // The question in the form's last line.
        if case .dialog = app.runtime.state.mode { assertOn(app, "goes back to the form") }  // (the default answer's words)
    }

    func testTheRuleEditorItsPickersAndTheCalendar() throws {
        let app = try Harness(files: vault, width: 120, height: 40, today: "2026-11-23")
        app.open("Home")
        app.press(.focus(.sidebar), .editPerspective)
        guard let editor = app.runtime.state.editor else { return XCTFail("no editor") }
        assertOn(app, "Home")  // the name line first, after its label
        for _ in 0..<(RuleEditor.Header.allCases.count + 2) { app.press(.editor(.down)) }
        guard let e = app.runtime.state.editor, let node = e.treeLines.indices.contains(e.cursor - RuleEditor.Header.allCases.count)
            ? e.treeLines[e.cursor - RuleEditor.Header.allCases.count].node : nil else { return XCTFail("no rule under the cursor: \(editor.cursor)") }
        assertOn(app, RuleDescriber.describe(node, today: app.runtime.state.today))

        // The rule picker: on the option under its cursor.
        app.press(.editor(.addRule))
        for _ in 0..<3 {
            guard case .ruleEditor(let e) = app.runtime.state.mode, case .picker(let p, _) = e.control else { return XCTFail("no picker") }
            let label = p.options[p.visible[p.cursor]].label
            assertOn(app, String(label.dropFirst(PickerView.glyphLead(label)).prefix(20)))  // (the words, after the glyph)
            XCTAssertGreaterThan(PickerView.glyphLead(label), 0, label)
            app.press(.picker(.down))
        }
        app.type("due date in")
        app.press(.picker(.pick))
        // The date picker: the relative choice, then the calendar's day.
        guard case .ruleEditor(let d) = app.runtime.state.mode, case .calendar(let picker, _) = d.control else { return XCTFail("no date picker") }
        let relative = picker.relative.options[picker.relative.visible[picker.relative.cursor]].label
        assertOn(app, relative.components(separatedBy: " →").first ?? relative)
        app.press(.calendar(.switchSide), .calendar(.move(1)), .calendar(.move(7)))
        guard case .ruleEditor(let c) = app.runtime.state.mode, case .calendar(let cal, _) = c.control else { return XCTFail("no calendar") }
        XCTAssertEqual(cal.cursor.dayOfMonth, 1)
        assertOn(app, "1]")  // (the cursor's day bracketed)
    }

    func testTheIconGridAndTheEditorsTextFields() throws {
        let app = try Harness(files: vault, width: 100, height: 30)
        app.press(.newPerspective, .editor(.first), .editor(.down), .editor(.edit))   // the Icon line
        for _ in 0..<3 {
            guard case .ruleEditor(let e) = app.runtime.state.mode, case .picker(let p, _) = e.control else { return XCTFail("no icon grid") }
            assertOn(app, Glyphs.icon(p.options[p.visible[p.cursor]].label))
            app.press(.picker(.down))
        }
        app.press(.picker(.cancel), .editor(.first), .editor(.edit))   // the name
        app.type("Errands")
        assertTyping(app, after: "Errands")
        app.press(.editor(.finishName), .editor(.editAsText))
        guard case .ruleEditor(let e) = app.runtime.state.mode, case .text(let line) = e.control else { return XCTFail("no line of text") }
        assertTyping(app, after: "As text › " + line.field.text)
    }

    func testMenusDialogsAndHelp() throws {
        let app = try Harness(files: vault, width: 100, height: 30)
        app.open("Inbox")
        app.press(.openSortMenu)
        for _ in 0..<3 {
            guard case .sortMenu(let i) = app.runtime.state.mode else { return XCTFail("no sort menu") }
            assertOn(app, SortField.allCases[i].label)
            app.press(.menu(.down))
        }
        app.press(.sortMenu(.close), .openSettings)
        assertOn(app, "Theme")
        app.press(.menu(.down))
        assertOn(app, "Density")
        app.press(.settings(.close), .openFilterPanel)
        assertOn(app, "[x]")
        app.press(.filter(.close), .deleteTask)
        guard case .dialog(let d, _) = app.runtime.state.mode else { return XCTFail("no question") }
        // On the default answer's words (what Esc gives), its key bracketed before them.
        XCTAssertTrue(d.choices(app.runtime.keymap).hasSuffix("[n] no"))
        assertOn(app, "no")
        app.press(.confirm(false), .toggleHelp)
        assertOn(app, String(app.runtime.state.helpLines[0].prefix(10)))
    }

    /// Outside text fields the point is never a caret, so the cursor stays hidden without the setting.
    func testOnlyTextFieldsAskForTheCursorWithoutTheSetting() throws {
        let app = try Harness(files: vault, width: 100, height: 24)
        XCTAssertFalse(app.runtime.state.screenReader)
        app.open("Inbox")
        XCTAssertEqual(app.screen.focus?.typing, false)
        app.press(.addTask)
        XCTAssertEqual(app.screen.focus?.typing, true)
    }
}
