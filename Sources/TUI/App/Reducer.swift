import Foundation
import TaskEngine

/// The one place state changes: an action in, effects out.
public enum Reducer {
    public static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        s.message = nil
        if case .formConflict(let mine)? = s.dialog {
            guard case .formConflict(let choice) = action else { return [] }
            s.dialog = nil
            switch choice {
            case .keepMineAsCopy:
                // A new file next to the original, with the form's values; the disk version stays as it is.
                var copy = mine
                copy.fingerprint = nil
                let folder = mine.id.split(separator: "/").dropLast().joined(separator: "/")
                return [.createTask(copy, folder: folder)]
            case .takeDisk:
                s.form = nil
                s.message = "Kept the version on disk; your edit was dropped."
            case .backToForm:
                s.message = "Back to the form: saving again will ask again (the file still differs)."
            }
            return []
        }
        if let dialog = s.dialog {
            guard case .confirm(let yes) = action else { return [] }
            s.dialog = nil
            guard yes else { return [] }
            switch dialog {
            case .deleteTask(let t): return [.deleteTask(t)]
            case .deletePerspective(let p): return [.deletePerspective(p.id)]
            case .formConflict: return []
            }
        }
        switch action {
        case .quit:
            s.quitRequested = true
            return [.saveSession]
        case .toggleHelp:
            s.showHelp.toggle()
            s.helpScroll = 0
        case .helpKey(let key):
            if let next = ListKeys.step(key, index: s.helpScroll, count: s.helpLines.count) { s.helpScroll = next }
        case .cancel:
            if s.overlay != nil { s.overlay = nil } else if s.showHelp { s.showHelp = false } else if s.search != nil { s.search = nil; s.searchEditing = false; s.relayout() }
        case .switchFocus: s.focus = s.focus == .sidebar ? .list : .sidebar
        case .focus(let f): s.focus = f
        case .move(let n): move(&s, by: n)
        case .page(let n): move(&s, by: n * max(1, s.listHeight - 1))
        case .moveToEdge(let top): move(&s, by: top ? -1_000_000 : 1_000_000)
        case .startSearch:
            s.search = s.search ?? ""
            s.searchEditing = true
            s.focus = .list
        case .searchInput(let key): editSearch(&s, key)
        case .confirm, .formConflict: break
        case .resized: break
        case .newPerspective: return [.createPerspective]
        case .duplicatePerspective: return [.duplicatePerspective(s.selectedPerspectiveID)]
        case .deletePerspective:
            guard let p = s.perspective else { break }
            if p.isBuiltin { s.message = "Built-in perspectives cannot be deleted (y duplicates one)." } else { s.dialog = .deletePerspective(p) }
        case .reorderPerspective(let down):
            guard let p = s.perspective else { break }
            if p.isBuiltin { s.message = "Built-in perspectives stay in place."; break }
            return [.movePerspective(p.id, down ? .down : .up)]
        case .cycleState: return editOrCompleteOccurrence(&s) { $0.setStatus($0.status.cycled) }
        case .toggleDone: return editOrCompleteOccurrence(&s) { $0.setStatus($0.status == .done ? .todo : .done) }
        case .skipOccurrence:
            guard s.focus == .list, let t = s.selectedTask else { break }
            guard t.recurrence != nil, t.status != .done else {
                s.message = "'\(t.title)' does not repeat: only an occurrence of a repeating task can be skipped"
                break
            }
            return occurrence(&s, t, verb: "Skipped", RecurringTask.skip)
        case .toggleFlag: return edit(&s) { $0.flagged.toggle() }
        case .cyclePriority: return edit(&s) { $0.setPriority($0.priority.cycled) }
        case .deleteTask:
            if let t = s.selectedTask { s.dialog = .deleteTask(t) }
        case .reorderTask(let direction): return reorder(&s, direction)
        case .resetOrder: return updatePerspective(&s) { $0.resetOrder() }
        case .reverseSort: return updatePerspective(&s) { $0.sort = $0.sort.reversed }
        case .toggleCollapse: toggleCollapse(&s)
        case .addTask:
            s.form = TaskForm(editing: nil)
        case .editTask:
            if let t = s.selectedTask { s.form = TaskForm(editing: t) }
        case .formKey(let key): return formKey(&s, key)
        case .openSortMenu:
            let current = s.perspective?.sort.sortField ?? .due
            s.sortMenu = SortField.allCases.firstIndex(of: current) ?? 0
        case .sortMenuKey(let key): return sortMenuKey(&s, key)
        case .openSettings: s.settingsRow = 0
        case .editPerspective:
            guard let p = s.perspective else { break }
            if p.isBuiltin { return reduce(&s, .showRules) }
            s.editor = RuleEditor(p)
            s.refresh()
        case .editorKey(let key): return RuleEditorReducer.reduce(&s, key)
        case .openConflicts:
            if s.conflicts.isEmpty { s.message = "No sync conflicts." } else { s.conflictPanel = 0 }
        case .conflictKey(let key):
            guard let i = s.conflictPanel, s.conflicts.indices.contains(i) else { s.conflictPanel = nil; break }
            let c = s.conflicts[i]
            if let next = ListKeys.step(key, index: i, count: s.conflicts.count) { s.conflictPanel = next; break }
            switch key {
            case .char("1"): return [.resolveConflict(c, .keepOriginal)]
            case .char("2"): return [.resolveConflict(c, .keepCopy)]
            case .char("b"): return [.resolveConflict(c, .keepBoth)]
            case .escape, .char("q"), .char("C"): s.conflictPanel = nil
            default: break
            }
        case .undo: return [.undo]
        case .redo: return [.redo]
        case .openFilterPanel: s.filterPanel = 0
        case .filterKey(let key): return QuickFilterReducer.reduce(&s, key)
        case .showRules:
            guard let p = s.perspective else { break }
            if !p.isBuiltin { s.editor = RuleEditor(p); s.refresh(); break }
            var lines = RuleDescriber.explain(p.rules, index: s.index, today: s.today)
            let sort = p.sort.sortField?.label ?? p.sort.field
            lines += ["", "Sort: \(sort) \(p.sort.ascending ? "↑" : "↓") · Group: \(p.groupBy) · Layout: \(p.layout)"]
            for w in s.result.warnings { lines.append("⚠ \(w)") }
            if p.isBuiltin { lines += ["", "Built-in rules are read-only. y duplicates this as a custom perspective."] }
            s.overlay = Overlay(title: "\(p.name) · rules", lines: lines)
        case .showProblems:
            var lines = s.problems.map { "\($0.kind == .unreadable ? "unreadable" : "warning"): \($0.id): \($0.reason)" }
            if let p = s.perspectivesProblem {
                if p.hasPrefix(PerspectiveStore.unreadableMessage) {
                    // The reason on a line of its own: it names the JSON path.
                    let why = p.dropFirst(PerspectiveStore.unreadableMessage.count).trimmingCharacters(in: CharacterSet(charactersIn: " ()"))
                    lines.insert(contentsOf: ["unreadable: .perspectives.json: \(PerspectiveStore.unreadableMessage)", "  \(why)",
                                              "  W writes the perspectives shown over it (its bytes stay in .perspectives.json.backup; u undoes)."], at: 0)
                } else {
                    lines.insert("warning: .perspectives.json: \(p)", at: 0)
                }
            }
            if lines.isEmpty { lines = ["No problems: every file was read."] }
            s.overlay = Overlay(title: "Problems", lines: lines)
        case .overlayKey(let key):
            guard var o = s.overlay else { break }
            switch key {
            case _ where ListKeys.step(key, index: o.scroll, count: o.lines.count) != nil:
                o.scroll = ListKeys.step(key, index: o.scroll, count: o.lines.count)!
            case .char("y") where s.perspective?.isBuiltin == true && o.title.hasSuffix("rules"):
                s.overlay = nil
                return [.duplicatePerspective(s.selectedPerspectiveID)]
            case .char("W") where o.title == "Problems" && s.perspectivesProblem?.hasPrefix(PerspectiveStore.unreadableMessage) == true:
                s.overlay = nil
                return [.replacePerspectivesFile]
            default:
                s.overlay = nil
                return []
            }
            s.overlay = o
        case .selectPerspective(let id):
            s.focus = .sidebar
            if id != s.selectedPerspectiveID {
                s.selectedPerspectiveID = id
                s.selectedRow = nil
                s.listScroll = 0
                s.refresh(recount: false)
            }
        case .selectRow(let i):
            s.focus = .list
            if s.rows.indices.contains(i), s.rows[i].isSelectable { s.selectedRow = s.rows[i] }
        case .scroll(let up, let sidebar):
            s.focus = sidebar ? .sidebar : .list
            move(&s, by: (up ? -1 : 1) * (sidebar ? 1 : 3))
        case .dayChanged(let day):
            s.today = day
            s.refresh()
        case .settingsKey(let key): return settingsKey(&s, key)
        case .openInEditor:
            if let t = s.selectedTask { return [.openInEditor(t)] }
        }
        return []
    }

    static func formKey(_ s: inout AppState, _ key: Key) -> [Effect] {
        guard var form = s.form else { return [] }
        if form.confirmingDiscard {
            switch key {
            case .char("y"), .char("Y"): s.form = nil
            case .char("n"), .char("N"), .escape: form.confirmingDiscard = false; s.form = form
            default: break
            }
            return []
        }
        switch key {
        case .escape:
            // Half-typed work is never thrown away on one key: ask first.
            if form.hasChanges { form.confirmingDiscard = true } else { s.form = nil; return [] }
        case .enter:
            switch form.task(today: s.today) {
            case .success(let t):
                s.form = form  // kept until the write succeeds
                return [form.isNew ? .createTask(t, folder: "") : .writeTask(t)]
            case .failure(let e):
                form.error = e.message
                form.focus = e.field
            }
        case .tab, .down: form.moveFocus(1)
        case .backTab, .up: form.moveFocus(-1)
        case .left where form.focus == .recurrence: form.cycleRecurrence(-1, today: s.today)
        case .right where form.focus == .recurrence: form.cycleRecurrence(1, today: s.today)
        case .left where form.focus.choices != nil: form.cycleChoice(-1)
        case .right where form.focus.choices != nil: form.cycleChoice(1)
        case .right where form.cursor == nil && form.completion(from: s.index) != nil: form.acceptCompletion(from: s.index)
        case .char(let c): form.type(c)
        default: _ = form.edit(key)
        }
        s.form = form
        return []
    }

    static func settingsKey(_ s: inout AppState, _ key: Key) -> [Effect] {
        guard let row = s.settingsRow else { return [] }
        switch key {
        case .char("j"), .down, .tab: s.settingsRow = min(1, row + 1)
        case .char("k"), .up, .backTab: s.settingsRow = max(0, row - 1)
        case .escape, .enter, .char(","), .char("q"):
            s.settingsRow = nil
            return [.saveSettings]
        case .left, .right, .char(" "), .char("h"), .char("l"):
            let step = key == .left || key == .char("h") ? -1 : 1
            if row == 0 {
                let themes = s.availableThemes.isEmpty ? [s.themeName] : s.availableThemes
                let i = themes.firstIndex(of: s.themeName) ?? 0
                s.themeName = themes[(i + step + themes.count) % themes.count]
                return [.applyTheme(s.themeName)]
            }
            let all = Density.allCases
            s.density = all[(all.firstIndex(of: s.density)! + step + all.count) % all.count]
        default: break
        }
        return []
    }

    static func sortMenuKey(_ s: inout AppState, _ key: Key) -> [Effect] {
        guard let i = s.sortMenu else { return [] }
        let all = SortField.allCases
        if let next = ListKeys.step(key, index: i, count: all.count) { s.sortMenu = next; return [] }
        switch key {
        case .escape, .char("s"), .char("q"): s.sortMenu = nil
        case .enter, .char(" "):
            s.sortMenu = nil
            return updatePerspective(&s) { p in
                p.sort = SortSpec(field: all[i].rawValue)
                if all[i] != .manual { p.manualOrder = nil; p.previousSort = nil }
            }
        default: break
        }
        return []
    }

    static func move(_ s: inout AppState, by n: Int) {
        if s.focus == .sidebar {
            guard !s.perspectives.isEmpty else { return }
            let i = min(max(0, s.sidebarIndex + n), s.perspectives.count - 1)
            s.selectedPerspectiveID = s.perspectives[i].id
            s.selectedRow = nil
            s.listScroll = 0
            s.refresh(recount: false)
            return
        }
        let selectable = s.rows.indices.filter { s.rows[$0].isSelectable }
        guard !selectable.isEmpty else { return }
        let current = s.selectedIndex.flatMap { selectable.firstIndex(of: $0) } ?? 0
        let next = min(max(0, current + n), selectable.count - 1)
        s.selectedRow = s.rows[selectable[next]]
    }

    static func editSearch(_ s: inout AppState, _ key: Key) {
        switch key {
        case .enter: s.searchEditing = false
        case .escape:
            s.search = nil
            s.searchEditing = false
            s.searchCursor = nil
        default:
            // The same line editor as the form's fields.
            var field = TextField(s.search ?? "", cursor: s.searchCursor)
            let outcome = field.apply(key)
            guard outcome != .ignored else { return }
            s.search = field.string
            s.searchCursor = field.cursor == field.text.count ? nil : field.cursor
            if outcome == .moved { return }
        }
        s.relayout()
    }

    /// Changes the selected task; the runtime writes it.
    static func edit(_ s: inout AppState, _ change: (inout TaskItem) -> Void) -> [Effect] {
        guard s.focus == .list, var t = s.selectedTask else { return [] }
        change(&t)
        return [.writeTask(t)]
    }

    /// A change that would mark a repeating task done completes one
    /// occurrence instead: the task stays open and moves to the next one.
    static func editOrCompleteOccurrence(_ s: inout AppState, _ change: (inout TaskItem) -> Void) -> [Effect] {
        guard s.focus == .list, let t = s.selectedTask else { return [] }
        var edited = t
        change(&edited)
        guard edited.status == .done, t.status != .done, t.recurrence != nil else { return [.writeTask(edited)] }
        return occurrence(&s, t, verb: "Done", RecurringTask.complete)
    }

    static func occurrence(_ s: inout AppState, _ t: TaskItem, verb: String,
                           _ step: (TaskItem, Day?, Day, TimeZone) throws -> RecurringTask.Result) -> [Effect] {
        do {
            let r = try step(t, nil, s.today, .current)
            s.message = "\(verb) '\(t.title)' \(RecurringTask.message(r))"
            return [.writeTask(r.task)]
        } catch {
            s.message = "Not changed: '\(t.title)': \(error)"
            return []
        }
    }

    static func updatePerspective(_ s: inout AppState, _ change: (inout Perspective) -> Void) -> [Effect] {
        guard var p = s.perspective else { return [] }
        change(&p)
        return [.savePerspective(p)]
    }

    static func reorder(_ s: inout AppState, _ direction: ManualReorder.Direction) -> [Effect] {
        let rows = s.reorderRows
        guard let sel = s.selectedIndex, let at = rows.firstIndex(where: { $0.row == sel }),
              let moved = ManualReorder.move(rows.map(\.item), at: at, direction) else { return [] }
        return updatePerspective(&s) { $0.applyManualOrder(moved.order) }
    }

    static func toggleCollapse(_ s: inout AppState) {
        guard let sel = s.selectedIndex else { return }
        var groupKey: String?
        for i in stride(from: sel, through: 0, by: -1) {
            if case .group(let key, _, _, _) = s.rows[i] { groupKey = key; break }
        }
        guard let key = groupKey else { s.message = "This perspective is not grouped."; return }
        let k = s.groupCollapseKey(key)
        if s.collapsed.contains(k) { s.collapsed.remove(k) } else { s.collapsed.insert(k) }
        s.relayout()
        s.selectedRow = s.rows.first { if case .group(key, _, _, _) = $0 { return true }; return false }
    }
}
