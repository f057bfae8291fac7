import Foundation
import TaskEngine

/// The one place state changes: an action in, effects out.
public enum Reducer {
    public static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        guard s.screenReader, action.isUserAction else { return act(&s, action) }
        // In the screen-reader mode an action that changed the view silently says what it did (`SpokenAction`).
        let before = s
        let effects = act(&s, action)
        if s.message == nil, let said = SpokenAction.said(before, s, action, effects: effects) { s.message = said }
        return effects
    }

    static func act(_ s: inout AppState, _ action: Action) -> [Effect] {
        if action.isUserAction { s.message = nil }
        ReminderReducer.passedOver(&s, action)
        if let needs = action.requirement, let why = needs.reason(s) {
            s.message = why
            return []
        }
        switch action {
        case .effect(let result): return EffectReducer.apply(&s, result)
        case .notice(let text): s.message = text
        case .resized: break
        case .setDensity(let d): s.density = d
        case .minuteChanged(let m): s.nowMinute = m
        case .remindersDue(let found, let missed): return ReminderReducer.due(&s, found, missed: missed)
        case .reminder(let a): return ReminderReducer.reduce(&s, a)
        case .clock(let seconds): s.clock = seconds
        case .dayChanged(let day):
            s.today = day
            s.refresh()
        case .quit:
            s.quitRequested = true
            return [.saveSession]
        case .toggleHelp:
            if case .help(_, let over) = s.mode { s.mode = over } else { s.mode = .help(scroll: 0, over: s.mode) }
        case .text, .insert, .search, .form, .quickAdd, .finder, .discard, .menu, .menuSelect, .sortMenu, .settings, .overlay, .conflict,
             .confirm, .formConflict:
            return ModeReducer.reduce(&s, action)
        case .editor, .picker, .calendar: return RuleEditorReducer.reduce(&s, action)
        case .filter: return QuickFilterReducer.reduce(&s, action)
        default:
            // Browsing actions act only while browsing (a click under a popup or
            // the rule editor must not switch what the editor edits).
            if s.mode.isSearching { s.mode = .browse }
            guard s.mode == .browse else { return [] }
            return browse(&s, action)
        }
        return []
    }

    static func browse(_ s: inout AppState, _ action: Action) -> [Effect] {
        if let bulk = BulkReducer.act(&s, action) { return bulk }
        switch action {
        case .cancel:
            if !s.marks.isEmpty {
                s.message = "Cleared \(s.marks.count) mark\(s.marks.count == 1 ? "" : "s")."
                s.marks = []
            } else if s.search != nil { s.search = nil; s.relayout() } else { s.message = "Nothing to clear: no marks, no search." }
        case .mark: BulkReducer.mark(&s)
        case .markRange: BulkReducer.markRange(&s)
        case .markAll: BulkReducer.markAll(&s)
        case .changeTasks: QuickAddReducer.openChange(&s)
        case .switchFocus:
            switch s.focus {
            case .sidebar: s.focus = .list
            case .list: s.focus = s.detailShown && s.editor == nil ? .detail : .sidebar
            case .detail: s.focus = .sidebar
            }
        case .toggleDetail: DetailReducer.toggle(&s)
        case .openFinder: FinderReducer.open(&s)
        case .detail(let a): return DetailReducer.reduce(&s, a)
        case .followBack: DetailFollow.back(&s)
        case .focus(let f): s.focus = f
        case .move(let n): move(&s, by: n)
        case .page(let n): move(&s, by: n * 10)
        case .moveToEdge(let top): move(&s, by: top ? -1_000_000 : 1_000_000)
        case .startSearch:
            s.search = s.search ?? ""
            s.mode = .search(TextField(s.search ?? ""))
            s.focus = .list
        case .newPerspective: return [.createPerspective]
        case .duplicatePerspective: return duplicate(&s)
        case .toggleVaultTree:
            s.vaultTreeCollapsed.toggle()
            if s.vaultTreeCollapsed, VaultTree.isTreeID(s.selectedPerspectiveID) {
                s.selectedPerspectiveID = s.perspectives.last?.id ?? "inbox"
                s.selectedRow = nil
                s.refresh(recount: false)
            }
        case .toggleSequential: return ProjectKeys.toggleSequential(&s)
        case .deletePerspective:
            if let p = s.perspective { s.mode = .dialog(.deletePerspective(p), over: .browse) }
        case .reorderPerspective(let down):
            guard let p = s.perspective else { break }
            // At the edge of the custom perspectives nothing moves: said (as the list's J/K says it), and nothing saved.
            let custom = s.perspectives.filter { !$0.isBuiltin }.map(\.id)
            if custom.isEmpty || (down ? custom.last : custom.first) == p.id {
                s.message = "\(p.name) is already \(down ? "last" : "first") of your perspectives"
                return []
            }
            return [.movePerspective(p.id, down ? .down : .up)]
        case .cycleState: return editOrCompleteOccurrence(&s) { $0.setStatus($0.status.cycled) }
        case .toggleDone: return editOrCompleteOccurrence(&s) { $0.setStatus($0.status == .done ? .todo : .done) }
        case .skipOccurrence:
            guard let t = s.selectedTask else { break }
            return occurrence(&s, t, verb: "Skipped", RecurringTask.skip)
        case .toggleFlag: return edit(&s) { $0.flagged.toggle() }
        case .toggleTimer: return TimerReducer.toggle(&s)
        case .cyclePriority: return edit(&s) { $0.setPriority($0.priority.cycled) }
        case .deleteTask:
            if let t = s.selectedTask {
                let waiting = s.index.openWaiters(of: t.id)
                s.mode = .dialog(.deleteTask(t, waitedBy: waiting), over: .browse)
            }
        case .reorderTask(let direction): return reorder(&s, direction)
        case .resetOrder:
            // Not in a manual order, there is nothing to reset (and the sort chosen stays: it is no order of hand).
            if let p = s.perspective, p.sort.sortField != .manual, p.manualOrder == nil {
                s.message = "Nothing to reset: the order is by \(p.sort.sortField?.label.lowercased() ?? p.sort.field), not by hand."
                return []
            }
            return updatePerspective(&s) { $0.resetOrder() }
        case .reverseSort: return updatePerspective(&s) { $0.sort = $0.sort.reversed }
        case .toggleCollapse: toggleCollapse(&s)
        case .addTask: QuickAddReducer.open(&s)
        case .addTaskInForm: s.mode = .form(TaskForm(editing: nil))
        case .editTask: if let t = s.selectedTask { s.mode = .form(TaskForm.editing(t, index: s.index, today: s.today)) }
        case .openSortMenu:
            let current = s.perspective?.sort.sortField ?? .due
            s.mode = .sortMenu(cursor: SortField.allCases.firstIndex(of: current) ?? 0)
        case .openSettings: s.mode = .settings(row: 0)
        case .editPerspective, .showRules:
            guard let p = s.perspective else { break }
            if !p.isBuiltin {
                s.mode = .ruleEditor(RuleEditor(p))
                s.refresh()
                break
            }
            s.mode = .overlay(Overlay(kind: .rules, title: "\(p.name) · rules", lines: rulesLines(s, p)))
        case .showProblems: s.mode = .overlay(Overlay(kind: .problems, title: "Problems", lines: problemLines(s)))
        case .openConflicts:
            guard let first = s.conflicts.first else { s.message = "No sync conflicts."; break }
            s.mode = .conflicts(ConflictPanel(index: 0, conflict: s.conflicts[0]))
            return [.readConflict(first)]
        case .openFilterPanel: s.mode = .quickFilter(cursor: 0)
        case .undo: return [.undo]
        case .redo: return [.redo]
        case .openInEditor: if let t = s.selectedTask { return [.openInEditor(t)] }
        case .selectPerspective(let id):
            s.focus = .sidebar
            if id != s.selectedPerspectiveID {
                s.selectedPerspectiveID = id
                s.selectedRow = nil
                s.refresh(recount: false)
            }
        case .forecastMove(let n):
            s.forecast.move(by: n)
            s.selectedRow = nil  // (the new day's list starts at its first task)
            s.refresh(recount: false)
        case .selectRow(let i):
            s.focus = .list
            if s.rows.indices.contains(i), s.rows[i].isSelectable { s.selectedRow = s.rows[i] }
        case .scroll(let up, let sidebar):
            s.focus = sidebar ? .sidebar : .list
            move(&s, by: (up ? -1 : 1) * (sidebar ? 1 : 3))
        default: break
        }
        return []
    }

    static func rulesLines(_ s: AppState, _ p: Perspective) -> [String] {
        var lines = RuleDescriber.explain(p.rules, index: s.index, today: s.today, lines: s.glyphs != .words)
        let sort = p.sort.sortField?.label ?? p.sort.field
        lines += ["", "Sort: \(sort) \(s.glyphs.direction(ascending: p.sort.ascending)) · Group: \(p.groupBy) · Layout: \(p.layout)"]
        for w in s.result.warnings { lines.append("⚠ \(w)") }
        lines += ["", "Built-in rules are read-only." + s.keymap.clause(" ", "overlay-duplicate", "duplicates this as a custom perspective.", in: [.overlay])]
        return lines
    }

    static func problemLines(_ s: AppState) -> [String] {
        var lines = s.skippedWrites.map { "skipped: \($0.id): \($0.reason)" }
            + s.problems.map { "\($0.kind == .unreadable ? "unreadable" : "warning"): \($0.id): \($0.reason)" }
            // Cycles, names of no task, a task waiting for itself: as `todomd problems` lists them.
            + s.index.dependencies.problems.map { "warning: \($0.id): \($0.text)" }
        let resolves = s.keymap.clause(" (", "conflicts", "resolves", ")")
        lines += s.conflicts.map { "sync conflict: \($0.copy) is a copy of \($0.original)\(resolves)" }
        if let p = s.perspectivesProblem {
            if p.hasPrefix(PerspectiveStore.unreadableMessage) {
                // The reason on a line of its own: it names the JSON path.
                let why = p.dropFirst(PerspectiveStore.unreadableMessage.count).trimmingCharacters(in: CharacterSet(charactersIn: " ()"))
                lines.insert(contentsOf: ["unreadable: .perspectives.json: \(PerspectiveStore.unreadableMessage)", "  \(why)",
                                          "  " + (s.keymap.key("replace-perspectives", in: [.overlay]).map { "\($0) writes" } ?? "Writing")
                                            + " the perspectives shown over it (its bytes stay in .perspectives.json.backup"
                                            + s.keymap.clause("; ", "undo", "undoes") + ")."], at: 0)
            } else {
                lines.insert("warning: .perspectives.json: \(p)", at: 0)
            }
        }
        return lines.isEmpty ? ["No problems: every file was read."] : lines
    }

    static func move(_ s: inout AppState, by n: Int) {
        if s.focus == .sidebar {
            let entries = s.sidebarEntries
            guard !entries.isEmpty else { return }
            let i = min(max(0, s.sidebarIndex + n), entries.count - 1)
            s.selectedPerspectiveID = entries[i].id
            s.selectedRow = nil
            s.refresh(recount: false)
            return
        }
        // Steps `n` selectable rows (open headers and bands are stepped over),
        // stopping at the last one there is: only the rows passed are looked at.
        let rows = s.rows
        guard let start = s.selectedIndex.flatMap({ rows[$0].isSelectable ? $0 : nil }) ?? rows.firstIndex(where: \.isSelectable) else { return }
        let step = n < 0 ? -1 : 1
        var at = start, left = abs(n), i = start + step
        while left > 0, rows.indices.contains(i) {
            if rows[i].isSelectable { at = i; left -= 1 }
            i += step
        }
        s.selectedRow = rows[at]
    }

    /// Changes the selected task; the runtime writes it.
    static func edit(_ s: inout AppState, _ change: (inout TaskItem) -> Void) -> [Effect] {
        guard var t = s.selectedTask else { return [] }
        let before = t
        change(&t)
        if s.screenReader { s.message = SpokenChange.of(before, t) }
        return [.writeTask(t)]
    }

    /// A change that would mark a repeating task done completes one
    /// occurrence instead: the task stays open and moves to the next one.
    static func editOrCompleteOccurrence(_ s: inout AppState, _ change: (inout TaskItem) -> Void) -> [Effect] {
        guard let t = s.selectedTask else { return [] }
        var edited = t
        change(&edited)
        guard RecurringTask.completesOccurrence(t, settingStatus: edited.status) else {
            if s.screenReader { s.message = SpokenChange.of(t, edited) }
            return [.writeTask(edited)]
        }
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
        if VaultTree.isTreeID(p.id) {
            // An area or project is not in .perspectives.json: its sort is kept for this run
            // (a sequential project's order is its tasks' order of work: that one is saved).
            s.vaultTreeEdits[p.id] = p
            s.refresh(recount: false)
            return ProjectKeys.savedOrder(s, p)
        }
        return [.savePerspective(p)]
    }

    /// `y`: a copy of the perspective; an area or project becomes a perspective of its own.
    static func duplicate(_ s: inout AppState) -> [Effect] {
        guard let p = s.perspective else { return [] }
        return VaultTree.isTreeID(p.id) ? [.adoptPerspective(p)] : [.duplicatePerspective(p.id)]
    }

    static func reorder(_ s: inout AppState, _ direction: ManualReorder.Direction) -> [Effect] {
        let rows = s.reorderRows
        guard let sel = s.selectedIndex, let at = rows.firstIndex(where: { $0.row == sel }),
              let moved = ManualReorder.move(rows.map(\.item), at: at, direction) else { return [] }
        if moved.index == at {
            // At the edge of its band (or group) it cannot move: said, not silently skipped, and nothing saved.
            s.message = edgeWords(s, rows[at].item, first: direction == .up || direction == .top)
            return []
        }
        return updatePerspective(&s) { $0.applyManualOrder(moved.order) }
    }

    /// "Call Anna is already last in Not started" (with its group's title when grouped: "in Not started, Work").
    static func edgeWords(_ s: AppState, _ row: ManualReorder.Row, first: Bool) -> String {
        let group = s.rows.lazy.compactMap { r -> String? in
            if case .group(let key, let title, _, _) = r, key == row.group { return title }
            return nil
        }.first
        let title = s.task(id: row.id)?.title ?? "This task"
        return "\(title) is already \(first ? "first" : "last") in \(row.band.title)" + (group.map { ", " + $0 } ?? "")
    }

    static func toggleCollapse(_ s: inout AppState) {
        guard let sel = s.selectedIndex else { s.message = Requirement.noTask(s); return }
        var groupKey: String?
        for i in stride(from: sel, through: 0, by: -1) {
            if case .group(let key, _, _, _) = s.rows[i] { groupKey = key; break }
        }
        guard let key = groupKey else { s.message = "This perspective is not grouped."; return }
        let k = s.groupCollapseKey(key)
        if s.collapsed.contains(k) { s.collapsed.remove(k) } else { s.collapsed.insert(k) }
        s.relayout()
        // Folded: the cursor rests on the header (where z unfolds it). Unfolded:
        // on the group's first task, since an open header is not a place to rest.
        guard let header = s.rows.firstIndex(where: { if case .group(key, _, _, _) = $0 { return true }; return false }) else { return }
        s.selectedRow = s.rows[header...].first(where: \.isSelectable) ?? s.rows[header]
    }
}
