import XCTest
@testable import TaskEngine
@testable import TUI

/// Every mode through real keys on a headless screen: help from every
/// mode, remapped modal keys, the line editor in each text field, and the
/// mouse in every mode.
final class ModeKeysTests: XCTestCase {
    static let files: [String: String] = [
        "a.md": f("title: Alpha task\narea: Work\ndue: 2026-11-24"),
        "b.md": f("title: Bravo task\npriority: high"),
        "c.md": f("title: Charlie task"),
        "c.sync-conflict-20261122-101500-ABCDEFG.md": f("title: Charlie task (other device)"),
        "b.sync-conflict-20261122-101500-ABCDEFG.md": f("title: Bravo task (other device)"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"#,
    ]

    /// Each mode, the keys that open it from a fresh start, and the key that opens help there.
    static let modes: [(name: String, keys: [Key], help: Key, context: KeyContext)] = [
        ("sidebar", [], .char("?"), .sidebar),
        ("list", [.char("l")], .char("?"), .list),
        ("search", [.char("/")], .function(1), .search),
        ("form title", [.char("A")], .function(1), .form),
        ("form status", [.char("A"), .tab], .char("?"), .form),
        ("discard question", [.char("A"), .char("x"), .escape], .char("?"), .discard),
        ("rule editor", [.char("j"), .char("j"), .char("j"), .char("j"), .char("j"), .char("j"), .char("j"), .char("e")], .char("?"), .ruleEditor),
        ("picker", [.char("G"), .char("k"), .char("e"), .char("a")], .function(1), .picker),
        ("rule name", [.char("G"), .char("k"), .char("e"), .enter], .function(1), .editorName),
        ("delete question", [.char("l"), .char("d")], .char("?"), .dialog),
        ("sort menu", [.char("l"), .char("s")], .char("?"), .sortMenu),
        ("settings", [.char(",")], .char("?"), .settings),
        ("quick filter", [.char("F")], .char("?"), .quickFilter),
        ("sync conflicts", [.char("C")], .char("?"), .conflicts),
        ("problems", [.char("!")], .char("?"), .overlay),
    ]

    func testHelpOpensInEveryModeWithThatModesKeysFirstAndCloses() throws {
        for mode in Self.modes {
            let app = try Harness(files: Self.files, width: 120, height: 40)
            for k in mode.keys { app.press(k) }
            let before = app.runtime.state.mode
            XCTAssertEqual(before.contexts(focus: app.runtime.state.focus).first, mode.context, mode.name)
            app.press(mode.help)
            XCTAssertTrue(app.text.contains("Keys · ? or Esc closes"), "\(mode.name): \(app.text)")
            XCTAssertTrue(app.text.contains("Now: " + mode.context.title), "\(mode.name): \(app.text)")
            // The first binding of the context is listed right under its title.
            let first = app.runtime.keymap.bindings.first { $0.context == mode.context }!
            XCTAssertTrue(app.text.contains(first.description), "\(mode.name): \(first.description)")
            app.press(.toggleHelp)
            XCTAssertEqual(app.runtime.state.mode, before, "\(mode.name): closing help goes back")
            XCTAssertFalse(app.text.contains("Keys · ? or Esc closes"), mode.name)
        }
    }

    func testQuestionMarkTypesInTextFields() throws {
        let app = try Harness(files: Self.files)
        app.press(.addTaskInForm)
        app.type("Why?")
        XCTAssertEqual(app.runtime.state.form?[.title], "Why?")
        XCTAssertFalse(app.runtime.state.showHelp)
    }

    func testHelpScrollsToItsLastLineAtEverySize() throws {
        for (w, h) in [(80, 24), (120, 40), (160, 50)] {
            let app = try Harness(files: Self.files, width: w, height: h)
            app.press(.focus(.list), .toggleHelp, .menu(.last))
            let last = app.runtime.state.helpLines.last { !$0.isEmpty }!
            XCTAssertTrue(app.text.contains(String(last.prefix(w - 8)).trimmingCharacters(in: .whitespaces)), "\(w)×\(h): \(last)\n\(app.text)")
        }
    }

    func testARemappedRuleEditorKeyWorksAndShowsInHelpAndHints() throws {
        let config = "keys:\n  add-rule: [n]\n  rule-editor.toggle-rule: [space]\n"
        // (Wide enough for the line to reach off/on: a narrower one keeps the first hints and help.)
        let app = try Harness(files: Self.files, width: 200, height: 40, config: config)
        XCTAssertNil(app.runtime.state.message, app.runtime.state.message ?? "")
        app.press(.moveToEdge(top: false), .move(-1), .editPerspective)
        XCTAssertTrue(app.lines.last!.contains("n add rule"), app.lines.last!)
        XCTAssertTrue(app.lines.last!.contains("space off/on"), app.lines.last!)
        app.press(.char("a"))
        XCTAssertNil(app.runtime.state.editor?.picker, "a no longer adds a rule")
        app.press(.editor(.addRule))
        XCTAssertEqual(app.runtime.state.editor?.picker?.title, "Add a rule (type to filter)")
        app.press(.picker(.cancel), .toggleHelp)
        XCTAssertTrue(app.lines.contains { $0.contains("  n ") && $0.contains("add a rule") && $0.contains("(add-rule)") }, app.text)
        app.press(.toggleHelp, .editor(.last), .editor(.toggleRule))
        XCTAssertEqual(app.runtime.state.editor?.perspective.rules.conditions.first?.enabled, false)
        // A name that does not exist is reported, not ignored.
        let bad = try Harness(files: Self.files, config: "keys:\n  add-rul: [n]\n  nowhere.add-rule: [m]\n")
        XCTAssertEqual(bad.runtime.state.message,
                       "config.yaml: no key binding named 'add-rul'; no key context named 'nowhere'")
    }

    func testTheLineEditorInTheForm() throws {
        let app = try Harness(files: Self.files)
        app.press(.addTaskInForm)
        app.type("Call Anna tomorrow")
        app.press(.text(.deleteWordBack))
        XCTAssertEqual(app.runtime.state.form?[.title], "Call Anna ")
        app.press(.text(.home))
        app.type("Please ")
        app.press(.text(.end), .text(.deleteWordBack))
        XCTAssertEqual(app.runtime.state.form?[.title], "Please Call ")
        app.press(.text(.home), .text(.wordRight), .text(.delete))
        XCTAssertEqual(app.runtime.state.form?[.title], "PleaseCall ")
        app.press(.text(.wordLeft), .text(.deleteToEnd))
        XCTAssertEqual(app.runtime.state.form?[.title], "")
        app.press(.paste("Two\nlines pasted"))
        XCTAssertEqual(app.runtime.state.form?[.title], "Two lines pasted")
        app.press(.text(.left), .text(.left), .text(.backspace))
        XCTAssertEqual(app.runtime.state.form?[.title], "Two lines pased")
        app.press(.text(.end), .text(.deleteToStart))
        XCTAssertEqual(app.runtime.state.form?[.title], "")
        XCTAssertNotNil(app.runtime.state.form, "no editing key closes the form")
        // A due date changed without ten Backspaces.
        let edit = try Harness(files: Self.files)
        edit.press(.focus(.list), .editTask)
        let id = edit.runtime.state.selectedTask!.id
        for _ in 0..<7 { edit.press(.form(.nextField)) }
        XCTAssertEqual(edit.runtime.state.form?.focus, .due)
        edit.press(.text(.deleteToStart))
        edit.type("fri")
        edit.press(.form(.save))
        XCTAssertTrue(edit.file(id)!.contains("due: 2026-11-27"), edit.file(id)!)
    }

    func testTheLineEditorInTheRuleEditorNameAndPicker() throws {
        let app = try Harness(files: Self.files)
        app.press(.moveToEdge(top: false), .move(-1), .editPerspective, .editor(.edit), .text(.deleteToStart))
        app.type("Deep work now")
        app.press(.text(.deleteWordBack), .text(.wordLeft))
        app.type("focused ")
        app.press(.editor(.finishName))
        XCTAssertEqual(app.runtime.state.editor?.perspective.name, "Deep focused work ")
        app.press(.editor(.last), .editor(.addRule))
        app.type("xyzdue")
        app.press(.text(.home), .text(.delete), .text(.delete), .text(.delete))
        XCTAssertEqual(app.runtime.state.editor?.picker?.typed, "due")
        app.press(.text(.deleteToEnd))
        XCTAssertEqual(app.runtime.state.editor?.picker?.typed, "")
        app.press(.picker(.cancel), .editor(.close))
        XCTAssertTrue(app.file(".perspectives.json")!.contains("\"Deep focused work\""), app.file(".perspectives.json")!)
    }

    /// Where `text` is on screen (first match).
    func locate(_ app: Harness, _ text: String) -> (x: Int, y: Int)? {
        for (y, line) in app.lines.enumerated() {
            if let r = line.range(of: text) { return (DisplayWidth.of(String(line[..<r.lowerBound])), y) }
        }
        return nil
    }

    func testTheMouseInEveryMode() throws {
        // Browsing: a click picks a perspective, the wheel moves the list.
        let app = try Harness(files: Self.files, width: 120, height: 40)
        let logbook = locate(app, "Logbook")!
        app.press(.click(x: logbook.x, y: logbook.y))
        XCTAssertEqual(app.runtime.state.selectedPerspectiveID, "logbook")
        let inbox = locate(app, "Inbox")!
        app.press(.click(x: inbox.x, y: inbox.y), .wheel(up: false, x: 60, y: 5))
        XCTAssertEqual(app.runtime.state.focus, .list)

        // While typing a search: a click on a row ends the typing (the search stays) and selects it; the wheel scrolls.
        app.press(.startSearch)
        app.type("task")
        let bravo = locate(app, "Bravo task")!
        app.press(.click(x: bravo.x, y: bravo.y))
        XCTAssertEqual(app.runtime.state.mode, .browse)
        XCTAssertEqual(app.runtime.state.search, "task")
        XCTAssertEqual(app.runtime.state.selectedTask?.id, "b.md")
        app.press(.char("/"), .wheel(up: true, x: 60, y: 5))
        XCTAssertEqual(app.runtime.state.mode, .browse)
        app.press(.cancel)

        // The rule editor: a click on one of its lines moves its cursor; the sidebar ignores clicks.
        app.press(.focus(.sidebar), .moveToEdge(top: false), .move(-1), .editPerspective)
        guard let rule = locate(app, "Area equals") else { return XCTFail(app.text) }
        app.press(.click(x: rule.x, y: rule.y))
        XCTAssertEqual(app.runtime.state.editor?.header, nil)
        XCTAssertEqual(app.runtime.state.editor?.path, [0])
        app.press(.click(x: logbook.x, y: logbook.y))
        XCTAssertEqual(app.runtime.state.perspective?.id, "work", "the list and the editor stay on one perspective")
        XCTAssertFalse(app.text.contains("No tasks match these rules"))
        app.press(.wheel(up: true, x: 60, y: rule.y))
        XCTAssertEqual(app.runtime.state.editor?.cursor, RuleEditor.Header.allCases.count, "up from the rule: its group")
        app.press(.editor(.close))

        // The form: a click on a field focuses it; the wheel moves between fields.
        app.press(.focus(.list), .editTask)
        let due = locate(app, "Due")!
        app.press(.click(x: due.x + 14, y: due.y))
        XCTAssertEqual(app.runtime.state.form?.focus, .due)
        app.press(.wheel(up: false, x: due.x, y: due.y))
        XCTAssertEqual(app.runtime.state.form?.focus, .scheduled)
        app.press(.form(.cancel))

        // Menus and panels: a click moves the cursor, the wheel moves it; what is under stays.
        let selected = app.runtime.state.selectedTask?.id
        for (open, close) in [(Key.char("s"), Key.escape), (.char(","), .escape), (.char("F"), .escape), (.char("C"), .escape)] {
            app.press(open)
            let before = app.runtime.state.mode
            app.press(.wheel(up: false, x: 60, y: 10))
            XCTAssertNotEqual(app.runtime.state.mode, before, "\(open): the wheel moves the popup's cursor")
            if let hits = app.runtime.layout.popup, let (y, item) = hits.rows.sorted(by: { $0.key < $1.key }).first {
                app.press(.click(x: hits.x.lowerBound + 2, y: y))
                switch app.runtime.state.mode {
                case .sortMenu(let c), .settings(let c), .quickFilter(let c): XCTAssertEqual(c, item, "\(open)")
                case .conflicts(let p): XCTAssertEqual(p.index, item)
                default: XCTFail("\(open): \(app.runtime.state.mode)")
                }
            }
            XCTAssertEqual(app.runtime.state.selectedTask?.id, selected, "\(open): the list under it did not move")
            app.press(close)
        }

        // A question ignores the mouse; help and read-only views scroll with the wheel.
        app.press(.deleteTask)
        let question = app.runtime.state.mode
        app.press(.click(x: 60, y: 20), .wheel(up: false, x: 60, y: 20))
        XCTAssertEqual(app.runtime.state.mode, question)
        app.press(.char("n"), .char("?"), .wheel(up: false, x: 60, y: 20), .wheel(up: false, x: 60, y: 20))
        XCTAssertEqual(app.runtime.state.mode, .help(scroll: 2, over: .browse))
        app.press(.escape, .char("!"), .wheel(up: false, x: 60, y: 20))
        XCTAssertNotNil(app.runtime.state.overlay)
        XCTAssertEqual(app.runtime.state.selectedTask?.id, selected)
    }

    func testTheQuickFilterReachesItsLastRowWithTwelveProjects() throws {
        var files: [String: String] = [:]
        for i in 1...12 { files["p\(i).md"] = f("title: Task \(i)\nproject: Project \(String(format: "%02d", i))") }
        let app = try Harness(files: files, width: 120, height: 40)
        app.press(.openFilterPanel)
        let count = QuickFilterReducer.rows(app.runtime.state).count
        for _ in 0..<(count + 5) { app.press(.menu(.down)) }
        XCTAssertEqual(app.runtime.state.filterPanel, count - 1)
        let line = app.lines.first { $0.contains("[x] high") }
        XCTAssertNotNil(line, app.text)
        app.press(.filter(.toggle))
        XCTAssertTrue(app.text.contains("[ ] high"), app.text)
        app.press(.menu(.first))
        XCTAssertTrue(app.text.contains("[x] Project 01"), app.text)
        app.press(.menu(.pageDown), .menu(.pageDown), .menu(.last))
        XCTAssertEqual(app.runtime.state.filterPanel, count - 1)
    }

    func testEveryModeHasHintsFromTheKeymap() throws {
        for mode in Self.modes {
            let app = try Harness(files: Self.files, width: 160, height: 50)
            for k in mode.keys { app.press(k) }
            let status = app.lines.last!
            // (A hint that would not be true here, the Forecast's day keys outside it, is left out of the line.)
            let hints = (app.runtime.keymap.hints[mode.context] ?? []).filter { app.runtime.state.untrueHints.isDisjoint(with: $0.names) }
            if let first = hints.first, let key = app.runtime.keymap.binding(named: first.names[0], preferring: [mode.context])?.keys.first {
                XCTAssertTrue(status.contains(Keymap.label(key)) && status.contains(first.label), "\(mode.name): \(status)")
            }
        }
    }

    func testALongPromptScrollsToKeepItsCaretInView() throws {
        let app = try Harness(files: Self.files, width: 80, height: 24)
        app.press(.moveToEdge(top: false), .move(-1), .editPerspective, .editor(.edit), .text(.deleteToStart))
        let name = (1...9).map { "word\($0)" }.joined(separator: " ") + " the end of a long name"
        app.type(name)
        XCTAssertTrue(app.text.contains("of a long name▏"), app.text)
        app.press(.text(.home))
        XCTAssertTrue(app.text.contains("▏word1 word2"), app.text)
        app.press(.editor(.finishName), .editor(.last), .editor(.addRule), .picker(.pageDown))
        XCTAssertEqual(app.runtime.state.editor?.picker?.cursor, 10)
        app.press(.picker(.pageUp))
        XCTAssertEqual(app.runtime.state.editor?.picker?.cursor, 0)
    }
}
