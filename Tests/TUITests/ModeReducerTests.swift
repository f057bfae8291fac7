import XCTest
@testable import TaskEngine
@testable import TUI

/// The reducer alone, mode by mode: no files, no terminal. Each test builds
/// the state it expects from the state before and compares the whole state.
final class ModeReducerTests: XCTestCase {
    let today = Day.parseISO("2026-11-23")!

    func task(_ id: String, _ title: String, _ extra: (inout TaskItem) -> Void = { _ in }) -> TaskItem {
        var t = TaskItem(id: id, title: title)
        t.created = TaskDate(day: Day.parseISO("2026-11-01")!)
        extra(&t)
        return t
    }

    var custom: Perspective {
        Perspective(id: "work", name: "Work", rules: RuleGroup(.and, [.cond("area", "equals", .string("Work"))]))
    }

    /// A state loaded through the reducer, as the runtime loads it.
    func loaded(_ tasks: [TaskItem]? = nil, conflicts: [SyncConflict] = []) -> AppState {
        var s = AppState(vaultRoot: "/vault", today: today)
        let all = tasks ?? [task("a.md", "Alpha") { $0.area = "Work" }, task("b.md", "Bravo"), task("c.md", "Charlie") { $0.priority = .high }]
        let contents = VaultContents(index: TaskIndex(all), problems: [], perspectives: BuiltinPerspectives.all + [custom],
                                     perspectivesProblem: nil, conflicts: conflicts)
        XCTAssertEqual(Reducer.reduce(&s, .effect(.loaded(Shared(contents)))), [])
        return s
    }

    /// The whole states are equal (a failure names the fields that differ).
    func assertSame(_ a: AppState, _ b: AppState, file: StaticString = #filePath, line: UInt = #line) {
        if let said = StateDiff.failure(a, b, after: .resized) { XCTFail(said, file: file, line: line) }
    }

    func reduce(_ s: inout AppState, _ actions: Action...) -> [Effect] {
        actions.flatMap { Reducer.reduce(&s, $0) }
    }

    func testHelpOpensOverEveryModeAndGivesItBackUnchanged() {
        var base = loaded()
        _ = reduce(&base, .focus(.list))
        let modes: [Mode] = [.browse, .search(TextField("brav", cursor: 2)), .form(TaskForm(editing: nil)), .ruleEditor(RuleEditor(custom)),
                             .dialog(.deleteTask(base.tasks[0]), over: .browse), .sortMenu(cursor: 2), .settings(row: 1),
                             .quickFilter(cursor: 3), .conflicts(ConflictPanel(index: 0)), .overlay(Overlay(kind: .problems, title: "Problems", lines: ["x"]))]
        for mode in modes {
            var s = base
            s.mode = mode
            let before = s
            XCTAssertEqual(reduce(&s, .toggleHelp), [])
            var expected = before
            expected.mode = .help(scroll: 0, over: mode)
            assertSame(s, expected)
            // The help lists this mode's keys first.
            XCTAssertTrue(s.helpLines[0].hasPrefix("Now: "), "\(mode): \(s.helpLines[0])")
            XCTAssertEqual(s.helpLines[0], "Now: " + mode.contexts(focus: .list)[0].title)
            _ = reduce(&s, .menu(.down), .menu(.down))
            expected.mode = .help(scroll: 2, over: mode)
            assertSame(s, expected)
            _ = reduce(&s, .menu(.last))
            expected.mode = .help(scroll: s.helpLines.count - 1, over: mode)
            assertSame(s, expected)
            _ = reduce(&s, .toggleHelp)
            assertSame(s, before)
        }
    }

    func testBrowsingActionsDoNothingUnderAnyOtherMode() {
        let base = loaded()
        let modes: [Mode] = [.form(TaskForm(editing: nil)), .ruleEditor(RuleEditor(custom)), .dialog(.deleteTask(base.tasks[0]), over: .browse),
                             .sortMenu(cursor: 0), .settings(row: 0), .quickFilter(cursor: 0), .overlay(Overlay(kind: .rules, title: "t", lines: [])),
                             .help(scroll: 0, over: .browse)]
        for mode in modes {
            var s = base
            s.mode = mode
            if case .ruleEditor = mode { s.selectedPerspectiveID = "work"; s.refresh() }
            let before = s
            for action: Action in [.selectPerspective("logbook"), .selectRow(1), .scroll(up: false, sidebar: true), .move(1), .addTask,
                                   .startSearch, .openSortMenu] {
                XCTAssertEqual(reduce(&s, action), [], "\(action) in \(mode)")
                assertSame(s, before)
            }
        }
    }

    func testSearchIsAModeWithALineEditor() {
        var s = loaded()
        _ = reduce(&s, .startSearch)
        var expected = loaded()
        expected.search = ""
        expected.focus = .list
        expected.mode = .search(TextField())
        assertSame(s, expected)
        _ = reduce(&s, .insert("brav"), .text(.home), .insert("x"), .text(.deleteToStart))
        expected.search = "brav"
        expected.mode = .search(TextField("brav", cursor: 0))
        expected.relayout()
        assertSame(s, expected)
        XCTAssertEqual(s.rows.filter { if case .task = $0 { return true }; return false }.count, 1)
        _ = reduce(&s, .search(.keep))
        expected.mode = .browse
        assertSame(s, expected)
        _ = reduce(&s, .cancel)
        expected.search = nil
        expected.relayout()
        assertSame(s, expected)
    }

    func testTheFormSavesThroughAnEffectAndClosesOnItsResult() {
        var s = loaded()
        _ = reduce(&s, .focus(.list), .addTaskInForm, .insert("Buy milk"), .text(.wordLeft), .insert("Oat "))
        guard case .form(let f) = s.mode else { return XCTFail("no form") }
        XCTAssertEqual(f[.title], "Buy Oat milk")
        let before = s
        let effects = reduce(&s, .form(.save))
        guard case .createTask(let t, folder: "")? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(t.title, "Buy Oat milk")
        assertSame(s, before)  // nothing changes until the write says it is done
        var saved = t
        saved.id = "buy-oat-milk.md"
        _ = reduce(&s, .effect(.created(saved)))
        var expected = loaded(before.tasks + [saved])
        expected.focus = .list
        expected.selectedRow = .task(TaskRow(s.index.task(id: "buy-oat-milk.md")!, group: ""))
        expected.message = "Added 'Buy Oat milk'"
        assertSame(s, expected)
    }

    func testQuickAddIsOneEffectAndItsLineIsRemembered() {
        var s = loaded()
        _ = reduce(&s, .focus(.list), .addTask, .insert("Buy milk tomorrow #shop"))
        guard case .quickAdd(let e) = s.mode else { return XCTFail("no quick add") }
        XCTAssertEqual(e.text, "Buy milk tomorrow #shop")
        let effects = reduce(&s, .quickAdd(.add))
        XCTAssertEqual(effects.count, 2, "\(effects)")
        guard case .createTask(let t, folder: "")? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(t.title, "Buy milk")
        XCTAssertEqual(t.tags, ["shop"])
        XCTAssertEqual(t.due?.day, s.today.adding(days: 1))
        XCTAssertEqual(effects.last, .saveAddHistory)
        XCTAssertEqual(s.addHistory, ["Buy milk tomorrow #shop"])
        XCTAssertEqual(s.mode, .browse)
        XCTAssertEqual(s.tasks.count, loaded().tasks.count, "nothing is added until the write says so")
        // The same line again is remembered once.
        _ = reduce(&s, .addTask, .insert("Buy milk tomorrow #shop"))
        XCTAssertEqual(reduce(&s, .quickAdd(.add)).count, 1)
        XCTAssertEqual(s.addHistory, ["Buy milk tomorrow #shop"])
    }

    func testLeavingAChangedFormAsksAndAFailedWriteKeepsTheForm() {
        var s = loaded()
        _ = reduce(&s, .addTaskInForm, .insert("Half"), .form(.cancel))
        guard case .dialog(.discardForm, .form(let asking)) = s.mode else { return XCTFail("\(s.mode)") }
        XCTAssertEqual(s.form, asking, "the form is kept under the question")
        _ = reduce(&s, .discard(false))
        XCTAssertEqual(s.mode, .form(asking), "n goes back to the form as it was")
        XCTAssertEqual(s.message, "Back to the form: your changes are kept, not saved yet")
        var back = asking
        XCTAssertEqual(back[.title], "Half")
        _ = reduce(&s, .effect(.failed("Could not save: disk full")))
        back.error = "Could not save: disk full"
        XCTAssertEqual(s.mode, .form(back))
        _ = reduce(&s, .form(.cancel), .discard(true))
        XCTAssertEqual(s.message, "Discarded the new task 'Half'")
        s.message = nil
        assertSame(s, loaded())
        // Untouched: Esc closes at once.
        _ = reduce(&s, .addTaskInForm, .form(.cancel))
        assertSame(s, loaded())
    }

    func testAFormSaveThatMeetsAChangedFileAsksAndCanGoBack() {
        var s = loaded()
        _ = reduce(&s, .focus(.list), .editTask, .text(.deleteToStart), .insert("Mine"))
        guard case .form(let form) = s.mode else { return XCTFail() }
        var mine = s.tasks[0]
        mine.title = "Mine"
        _ = reduce(&s, .effect(.changedOnDisk(id: mine.id, attempted: mine)))
        XCTAssertEqual(s.mode, .dialog(.formConflict(mine), over: .form(form)))
        XCTAssertEqual(s.form, form, "the form is kept under the question")
        var back = s
        _ = reduce(&back, .formConflict(.backToForm))
        XCTAssertEqual(back.mode, .form(form))
        XCTAssertEqual(reduce(&s, .formConflict(.keepMineAsCopy)).count, 1)
        XCTAssertEqual(s.mode, .form(form), "the copy's result closes the form")
    }

    func testDeleteAsksAndOnlyTheResultRemovesTheTask() {
        var s = loaded()
        _ = reduce(&s, .focus(.list))
        let t = s.selectedTask!
        _ = reduce(&s, .deleteTask)
        XCTAssertEqual(s.mode, .dialog(.deleteTask(t), over: .browse))
        var no = s
        XCTAssertEqual(reduce(&no, .confirm(false)), [])
        var expected = loaded()
        expected.focus = .list
        expected.message = "Kept '\(t.title)'"
        assertSame(no, expected)
        XCTAssertEqual(reduce(&s, .confirm(true)), [.deleteTask(t)])
        XCTAssertEqual(s.tasks.count, 3)
        _ = reduce(&s, .effect(.deleted(t)))
        XCTAssertEqual(s.tasks.count, 2)
        XCTAssertEqual(s.message, "Deleted '\(t.title)' (in the trash; u undoes)")
    }

    func testTheRuleEditorKeepsItsPerspectiveWhateverTheMouseDoes() {
        var s = loaded()
        _ = reduce(&s, .selectPerspective("work"), .editPerspective)
        guard case .ruleEditor = s.mode else { return XCTFail("\(s.mode)") }
        XCTAssertEqual(s.result.count, 1)
        let before = s
        _ = reduce(&s, .selectPerspective("logbook"))
        assertSame(s, before)
        XCTAssertEqual(s.perspective?.id, "work")
        _ = reduce(&s, .editor(.addRule))
        XCTAssertNotNil(s.editor?.picker)
        _ = reduce(&s, .picker(.cancel))
        assertSame(s, before)
        _ = reduce(&s, .editor(.last), .editor(.toggleRule))
        XCTAssertEqual(s.result.count, 3, "the only rule is off: every open task")
        let effects = reduce(&s, .editor(.close))
        XCTAssertEqual(s.mode, .browse)
        guard case .savePerspective(let p)? = effects.first else { return XCTFail() }
        XCTAssertFalse(p.rules.conditions[0].enabled)
        // A rule action with no rule selected says why and changes nothing.
        var header = before
        _ = reduce(&header, .editor(.first), .editor(.deleteRule))
        XCTAssertEqual(header.message, "Select a rule or group first (the top group always stays).")
        XCTAssertEqual(header.editor?.perspective, before.editor?.perspective)
    }

    func testMenusMoveWithTheSameKeysAndChooseThroughEffects() {
        var s = loaded()
        _ = reduce(&s, .focus(.list), .openSortMenu)
        XCTAssertEqual(s.mode, .sortMenu(cursor: SortField.allCases.firstIndex(of: .created)!))
        _ = reduce(&s, .menu(.last))
        XCTAssertEqual(s.mode, .sortMenu(cursor: SortField.allCases.count - 1))
        _ = reduce(&s, .menu(.first), .menu(.pageDown))
        XCTAssertEqual(s.mode, .sortMenu(cursor: min(10, SortField.allCases.count - 1)))
        _ = reduce(&s, .menuSelect(1))
        let effects = reduce(&s, .sortMenu(.choose))
        XCTAssertEqual(s.mode, .browse)
        guard case .savePerspective(let p)? = effects.first else { return XCTFail() }
        XCTAssertEqual(p.sort.field, SortField.allCases[1].rawValue)

        _ = reduce(&s, .openSettings, .menu(.down), .settings(.change(1)))
        XCTAssertEqual(s.density, .comfortable)
        XCTAssertEqual(reduce(&s, .settings(.close)), [.saveSettings])
        XCTAssertEqual(s.mode, .browse)

        _ = reduce(&s, .openFilterPanel, .menu(.last))
        let rows = QuickFilterReducer.rows(s)
        XCTAssertEqual(s.mode, .quickFilter(cursor: rows.count - 1))
        _ = reduce(&s, .filter(.toggle))
        XCTAssertEqual(s.quickFilter.hiddenPriorities, [Priority.allCases.last!.rawValue])
        XCTAssertEqual(reduce(&s, .filter(.close)), [.saveQuickFilter])
    }

    func testConflictsAreReadByTheRuntimeNotTheView() {
        let c = SyncConflict(original: "a.md", copy: "a (conflicted copy).md")
        var s = loaded(conflicts: [c])
        XCTAssertEqual(reduce(&s, .openConflicts), [.readConflict(c)])
        XCTAssertEqual(s.mode, .conflicts(ConflictPanel(index: 0, conflict: c)))
        let shown = SyncConflict.Shown(original: Array("a\n".utf8), copy: Array("b\n".utf8))
        // A read of another conflict (the view moved on meanwhile) is not shown.
        _ = reduce(&s, .effect(.conflictRead(SyncConflict(original: "x.md", copy: "x 2.md"), shown)))
        XCTAssertEqual(s.mode, .conflicts(ConflictPanel(index: 0, conflict: c)))
        XCTAssertEqual(reduce(&s, .conflict(.resolve(.keepBoth))), [], "nothing is resolved before both versions are shown")
        _ = reduce(&s, .effect(.conflictRead(c, shown)))
        XCTAssertEqual(s.mode, .conflicts(ConflictPanel(index: 0, conflict: c, shown: shown)))
        guard case .conflicts(let panel) = s.mode else { return XCTFail("the conflicts view closed") }
        XCTAssertEqual(panel.diff.map(\.kind), [.removed, .added])
        XCTAssertEqual(reduce(&s, .conflict(.resolve(.keepBoth))), [.resolveConflict(c, .keepBoth, shown: shown)])
        _ = reduce(&s, .effect(.loaded(Shared(VaultContents(index: s.index, problems: [], perspectives: s.perspectives,
                                                              perspectivesProblem: nil, conflicts: [])))),
                   .effect(.conflictResolved("a.md")))
        XCTAssertEqual(s.mode, .browse)
        XCTAssertEqual(s.message, "Resolved a.md (u undoes)")
    }

    func testOutsideChangesKeepTheModeAndTheMessage() {
        var s = loaded()
        _ = reduce(&s, .addTask, .insert("Typing"), .notice("hello"))
        let form = s.mode
        var changed = s.tasks[1]
        changed.title = "Bravo (edited outside)"
        let change = VaultChange(fresh: [changed], touched: [changed.id], problems: [], perspectives: nil, conflicts: [])
        _ = reduce(&s, .effect(.changed(Shared(change))))
        XCTAssertEqual(s.mode, form)
        XCTAssertEqual(s.message, "hello", "a result is not a key: the message stays")
        XCTAssertEqual(s.task(id: changed.id)?.title, "Bravo (edited outside)")
    }

    func testAnActionThatCannotActSaysWhyInsteadOfActing() {
        var s = loaded()
        let cases: [(Action, String)] = [
            (.toggleDone, "No task selected"), (.deleteTask, "No task selected"),
            (.skipOccurrence, "No task selected"),
        ]
        for (action, why) in cases {
            var t = s
            XCTAssertEqual(reduce(&t, action), [])
            XCTAssertTrue(t.message?.hasPrefix(why) == true, "\(action): \(t.message ?? "nil")")
            t.message = nil
            assertSame(t, s)
        }
        _ = reduce(&s, .focus(.list))
        _ = reduce(&s, .skipOccurrence)
        XCTAssertTrue(s.message?.contains("does not repeat") == true)
        _ = reduce(&s, .focus(.sidebar), .deletePerspective)
        XCTAssertTrue(s.message?.contains("cannot be deleted") == true)
        XCTAssertEqual(s.mode, .browse)
    }
}
