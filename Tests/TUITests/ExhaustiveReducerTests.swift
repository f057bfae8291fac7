import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The reducers through `TestStore`: each step states the whole state after
/// it, the effects it asks for, and every action those effects return, with
/// the files on disk checked where an effect wrote them.
final class ExhaustiveReducerTests: XCTestCase {
    /// Alpha is in the Work area (not in the Inbox); the Inbox shows Charlie, then Bravo (newest first).
    static let files = [
        "a.md": f("title: Alpha\narea: Work\ncreated: 2026-11-01"),
        "b.md": f("title: Bravo\ncreated: 2026-11-02"),
        "c.md": f("title: Charlie\npriority: high\ncreated: 2026-11-03"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"#,
    ]

    /// A store on `files` with the list focused (the first task selected).
    func store(_ files: [String: String] = files) throws -> TestStore {
        let store = try TestStore(self, files: files)
        store.send(.focus(.list)) { $0.focus = .list }
        return store
    }

    /// The result of a create: the task in the index, listed and selected, the form (if one was open) closed, and what is said.
    func receiveCreated(_ store: TestStore, _ id: String, saying message: String, line: UInt = #line) {
        store.receive(Received.created, line: line) { s, t in
            XCTAssertEqual(t.id, id, line: line)
            s.mode = .browse
            s.index.update([t])
            s.refresh()
            s.selectedRow = s.row(ofTask: t.id)
            s.message = message
        }
    }

    // MARK: browse

    /// Each browsing key that opens something or moves: no effect, and exactly this change.
    func testBrowsingActionsChangeOnlyWhatTheyOpen() throws {
        let cases: [(Action, (inout AppState) -> Void)] = [
            (.focus(.sidebar), { $0.focus = .sidebar }),
            (.move(1), { $0.selectedRow = $0.row(ofTask: "b.md") }),
            (.moveToEdge(top: false), { $0.selectedRow = $0.row(ofTask: "b.md") }),
            (.startSearch, { $0.search = ""; $0.mode = .search(TextField("")) }),
            (.openSortMenu, { $0.mode = .sortMenu(cursor: SortField.allCases.firstIndex(of: .created)!) }),
            (.openSettings, { $0.mode = .settings(row: 0) }),
            (.openFilterPanel, { $0.mode = .quickFilter(cursor: 0) }),
            (.showProblems, { $0.mode = .overlay(Overlay(kind: .problems, title: "Problems", lines: ["No problems: every file was read."])) }),
            (.toggleHelp, { $0.mode = .help(scroll: 0, over: .browse) }),
            (.addTaskInForm, { $0.mode = .form(TaskForm(editing: nil)) }),
            (.editTask, { $0.mode = .form(TaskForm(editing: $0.task(id: "c.md"))) }),
            (.deleteTask, { $0.mode = .dialog(.deleteTask($0.task(id: "c.md")!), over: .browse) }),
            (.switchFocus, { $0.focus = .sidebar }),
            (.mark, {
                $0.marks = ["c.md"]
                $0.markAnchor = "c.md"
                $0.selectedRow = $0.row(ofTask: "b.md")
                $0.message = "1 marked · the task keys act on all · c changes them · Esc clears"
            }),
            (.markAll, {
                $0.marks = ["b.md", "c.md"]
                $0.message = "2 marked · the task keys act on all · c changes them · Esc clears"
            }),
        ]
        for (action, update) in cases {
            let store = try store()
            store.send(action, update)
        }
    }

    /// Each key that changes the selected task: one write of that task, then its saved version in the list.
    func testTaskKeysWriteTheSelectedTaskAndShowItSaved() throws {
        let cases: [(Action, (inout TaskItem) -> Void, (String) -> Bool)] = [
            (.toggleFlag, { $0.flagged = true }, { $0.contains("\nflagged: true\n") }),
            (.cyclePriority, { $0.setPriority(.none) }, { !$0.contains("priority:") }),  // high is the last: back to none
            (.cycleState, { $0.setStatus(.inProgress) }, { $0.contains("\nstatus: in-progress\n") }),
            (.toggleDone, { $0.setStatus(.done) }, { $0.contains("\nstatus: done\n") }),
        ]
        for (action, change, written) in cases {
            let store = try store()
            var edited = try XCTUnwrap(store.state.task(id: "c.md"))
            change(&edited)
            store.send(action, effects: [.writeTask(edited)])
            store.receive(Received.saved) { s, saved in
                XCTAssertEqual(saved.id, "c.md")
                s.index.update([saved])
                s.refresh()
            }
            XCTAssertTrue(written(store.harness.file("c.md") ?? ""), "\(action): \(store.harness.file("c.md") ?? "")")
        }
    }

    // MARK: marks and bulk

    func testMarksActOnEveryMarkedTaskAsOneWriteAndOneUndo() throws {
        let store = try store()
        let before = store.harness.file("b.md")
        store.send(.mark) {
            $0.marks = ["c.md"]
            $0.markAnchor = "c.md"
            $0.selectedRow = $0.row(ofTask: "b.md")
            $0.message = "1 marked · the task keys act on all · c changes them · Esc clears"
        }
        store.send(.mark) {
            $0.marks = ["c.md", "b.md"]
            $0.markAnchor = "b.md"
            $0.message = "2 marked · the task keys act on all · c changes them · Esc clears"
        }
        let flagged = ["c.md", "b.md"].map { id -> TaskItem in
            var t = store.state.task(id: id)!
            t.flagged = true
            return t
        }
        store.send(.toggleFlag, effects: [.writeTasks(flagged, label: "flag 2 tasks")]) { $0.message = nil }
        store.receive(Received.bulkWritten) { s, written in
            XCTAssertEqual(written.saved.map(\.id), ["c.md", "b.md"])
            XCTAssertEqual(written.removed, [])
            s.index.update(written.saved)
            s.message = written.message
            s.refresh()
        }
        XCTAssertTrue(store.harness.file("b.md")?.contains("flagged: true\n") == true)
        store.send(.undo, effects: [.undo]) { $0.message = nil }
        store.receive(Received.changed) { s, change in
            XCTAssertEqual(Set(change.touched), ["b.md", "c.md"])
            s.index.update(change.fresh, removing: change.touched)
            s.refresh()
        }
        store.receive(.effect(.undone(label: "flag 2 tasks", redo: false))) { $0.message = "Undone: flag 2 tasks" }
        XCTAssertEqual(store.harness.file("b.md"), before, "one undo puts both files back")
        store.send(.cancel) {
            $0.marks = []
            $0.message = "Cleared 2 marks."
        }
    }

    // MARK: quick add

    func testQuickAddCreatesTheTaskAndRemembersItsLine() throws {
        let store = try store()
        let inbox = try XCTUnwrap(store.state.perspective)
        var entry = QuickAddEntry(context: PerspectiveContext.of(inbox.rules), perspectiveName: "Inbox", projects: [], areas: ["Work"])
        store.send(.addTask) { $0.mode = .quickAdd(entry) }
        entry.edit { $0.insert("Buy milk #shop") }
        store.send(.insert("Buy milk #shop")) { $0.mode = .quickAdd(entry) }
        store.send(.quickAdd(.add), effects: [.createTask(entry.parsed(today: store.state.today).task(), folder: ""), .saveAddHistory]) {
            $0.mode = .browse
            $0.addHistory = ["Buy milk #shop"]
        }
        receiveCreated(store, "buy-milk.md", saying: "Added 'Buy milk' · #shop")
        let milk = store.harness.file("buy-milk.md") ?? ""
        XCTAssertTrue(milk.contains("title: Buy milk\n") && milk.contains("tags: [shop]\n"), milk)
        // An empty line adds nothing and says so in the line.
        store.send(.addTask) {
            $0.mode = .quickAdd(QuickAddEntry(context: PerspectiveContext.of(inbox.rules), perspectiveName: "Inbox", projects: [], areas: ["Work"]))
            $0.message = nil
        }
        store.send(.quickAdd(.add)) {
            guard case .quickAdd(var e) = $0.mode else { return }
            e.error = "Type a title first."
            $0.mode = .quickAdd(e)
        }
        store.send(.quickAdd(.cancel)) { $0.mode = .browse }
    }

    // MARK: the form and its questions

    func testTheFormAsksBeforeDiscardingAndSavesThroughAnEffect() throws {
        let store = try store()
        var form = TaskForm(editing: nil)
        store.send(.addTaskInForm) { $0.mode = .form(form) }
        form.insert("Call Anna")
        store.send(.insert("Call Anna")) { $0.mode = .form(form) }
        store.send(.form(.cancel)) { $0.mode = .dialog(.discardForm, over: .form(form)) }
        store.send(.discard(false)) {
            $0.mode = .form(form)
            $0.message = "Back to the form: your changes are kept, not saved yet"
        }
        let call = try form.task(today: store.state.today).get()
        store.send(.form(.save), effects: [.createTask(call, folder: "")]) { $0.message = nil }
        receiveCreated(store, "call-anna.md", saying: "Added 'Call Anna'")
        XCTAssertEqual(store.harness.file("call-anna.md")?.contains("title: Call Anna\n"), true)
        // Changed and left: the question, then y drops the input.
        store.send(.addTaskInForm) {
            $0.mode = .form(TaskForm(editing: nil))
            $0.message = nil
        }
        store.send(.insert("Half")) {
            var f = TaskForm(editing: nil)
            f.insert("Half")
            $0.mode = .form(f)
        }
        store.send(.form(.cancel)) { $0.mode = .dialog(.discardForm, over: $0.mode) }
        store.send(.discard(true)) {
            $0.mode = .browse
            $0.message = "Discarded the new task 'Half'"
        }
    }

    /// A save that meets the file changed on disk: the disk version is read
    /// again, the question comes over the form, and `c` keeps the edit as a copy.
    func testAFormSaveThatMeetsAChangedFileAsksAndKeepsACopy() throws {
        let store = try store()
        let charlie = try XCTUnwrap(store.state.task(id: "c.md"))
        var form = TaskForm(editing: charlie)
        store.send(.editTask) { $0.mode = .form(form) }
        form.insert(" (mine)")
        store.send(.insert(" (mine)")) { $0.mode = .form(form) }
        let theirs = f("title: Charlie\npriority: low\ncreated: 2026-11-03", body: "Changed by another program.\n")
        XCTAssertTrue(FileManager.default.createFile(atPath: store.harness.path + "/c.md", contents: Data(theirs.utf8)))
        let mine = try form.task(today: store.state.today).get()
        store.send(.form(.save), effects: [.writeTask(mine)])
        store.receive(Received.changed) { s, change in
            XCTAssertEqual(change.fresh.map(\.priority), [.low], "the version on disk, read again")
            s.index.update(change.fresh, removing: change.touched)
            s.refresh()
        }
        store.receive(.effect(.changedOnDisk(id: "c.md", attempted: mine))) { $0.mode = .dialog(.formConflict(mine), over: .form(form)) }
        var copy = mine
        copy.fingerprint = nil
        store.send(.formConflict(.keepMineAsCopy), effects: [.createTask(copy, folder: "")]) { $0.mode = .form(form) }
        receiveCreated(store, "charlie-mine.md", saying: "Added 'Charlie (mine)' · high")
        XCTAssertEqual(store.harness.file("c.md"), theirs, "the other program's version stays")
        XCTAssertTrue(store.harness.file("charlie-mine.md")?.contains("title: Charlie (mine)\n") == true)
    }

    func testADeleteIsAskedThenWrittenThenUndone() throws {
        let store = try store()
        let charlie = try XCTUnwrap(store.state.task(id: "c.md"))
        let text = store.harness.file("c.md")
        store.send(.deleteTask) { $0.mode = .dialog(.deleteTask(charlie), over: .browse) }
        store.send(.confirm(false)) {
            $0.mode = .browse
            $0.message = "Kept 'Charlie'"
        }
        store.send(.deleteTask) {
            $0.mode = .dialog(.deleteTask(charlie), over: .browse)
            $0.message = nil
        }
        store.send(.confirm(true), effects: [.deleteTask(charlie)]) { $0.mode = .browse }
        store.receive(.effect(.deleted(charlie))) {
            $0.index.update([], removing: ["c.md"])
            $0.message = "Deleted 'Charlie' (in the trash; u undoes)"
            $0.refresh()
        }
        XCTAssertNil(store.harness.file("c.md"))
        store.send(.undo, effects: [.undo]) { $0.message = nil }
        store.receive(Received.changed) { s, change in
            XCTAssertEqual(change.touched, ["c.md"])
            s.index.update(change.fresh, removing: change.touched)
            s.refresh()
        }
        store.receive(.effect(.undone(label: "delete 'Charlie'", redo: false))) { $0.message = "Undone: delete 'Charlie'" }
        XCTAssertEqual(store.harness.file("c.md"), text)
    }

    // MARK: the rule editor

    func testTheRuleEditorEditsAWorkingCopyAndSavesItOnClose() throws {
        let store = try store()
        store.send(.focus(.sidebar)) { $0.focus = .sidebar }
        store.send(.selectPerspective("work")) {
            $0.selectedPerspectiveID = "work"
            $0.selectedRow = nil
            $0.refresh(recount: false)
        }
        let work = try XCTUnwrap(store.state.perspective)
        var editor = RuleEditor(work)
        store.send(.editPerspective) {
            $0.mode = .ruleEditor(editor)
            $0.refresh()
        }
        editor.cursor = editor.lineCount - 1
        store.send(.editor(.last)) { $0.mode = .ruleEditor(editor) }
        editor.undoStack = [work]
        RuleTreeEditing.toggle(&editor.perspective.rules, at: [0])  // (an engine edit, tested with the rule tree)
        store.send(.editor(.toggleRule)) {
            $0.mode = .ruleEditor(editor)
            $0.refresh()
        }
        XCTAssertEqual(store.state.result.count, 3, "the one rule off: every open task")
        // Closed: the list shows the perspective as saved until the write says what it now is.
        store.send(.editor(.close), effects: [.savePerspective(editor.perspective)]) {
            $0.mode = .browse
            $0.refresh()
        }
        store.receive(Received.perspectives) { s, saved in
            XCTAssertEqual(saved.0.first { $0.id == "work" }, editor.perspective)
            s.perspectives = saved.0
            s.perspectivesProblem = saved.1
            s.refresh()
        }
        XCTAssertTrue(store.harness.file(".perspectives.json")?.contains("\"enabled\"") == true)
    }
}
