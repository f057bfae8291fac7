import TaskEngine

/// The quick-add line: typing, ↑/↓ through earlier entries, Enter adds the
/// task (with the shown perspective's context), Tab opens the full form
/// with what was read, Esc closes and keeps the line for ↑.
enum QuickAddReducer {
    static func open(_ s: inout AppState) {
        let p = s.perspective
        // (Backlog.md has no areas: its @name is an assignee.)
        let assigns = s.vaultFormat == "Backlog.md"
        var e = QuickAddEntry(context: p.map { PerspectiveContext.of($0.rules) } ?? QuickAdd(title: ""),
                              perspectiveName: p?.name ?? "", projects: s.index.values(of: .project),
                              areas: s.index.values(of: assigns ? .assignees : .area))
        e.atAssigns = assigns
        // In the Forecast a day is selected: the task is due that day (the day it counts on, as
        // OmniFocus's Forecast gives a new action the selected day's due date). Overdue and Later are no day.
        if s.showsForecast, case .day(let d) = s.forecast.slot { e.context.due = TaskDate(day: s.today.adding(days: d)) }
        s.mode = .quickAdd(e)
    }

    /// The change line for the marked tasks, else the selected one.
    static func openChange(_ s: inout AppState) {
        let ids = s.marks.isEmpty ? s.selectedTask.map { [$0.id] } ?? [] : BulkReducer.marked(s).map(\.id)
        guard !ids.isEmpty else { return }
        var e = QuickAddEntry(projects: s.index.values(of: .project), areas: s.index.values(of: .area))
        e.changing = ids
        s.mode = .quickAdd(e)
    }

    static func reduce(_ s: inout AppState, _ e: inout QuickAddEntry, _ action: Action) -> [Effect] {
        let changing = e.changing != nil
        switch action {
        case .text(.right) where e.field.isAtEnd && e.completion != nil: _ = e.acceptCompletion()
        case .text(.right) where e.field.isAtEnd && e.afterCompletion(s.index) != nil: _ = e.acceptAfterCompletion(s.index)
        case .text(let edit): e.edit { _ = $0.apply(edit) }
        case .insert(let text): e.edit { $0.insert(text) }
        case .quickAdd(.older): e.recall(older: true, history: changing ? s.changeHistory : s.addHistory)
        case .quickAdd(.newer): e.recall(older: false, history: changing ? s.changeHistory : s.addHistory)
        case .quickAdd(.openForm) where changing:
            guard let ids = e.changing, ids.count == 1, let t = s.task(id: ids[0]) else {
                e.error = "The form edits one task; the change line changes all the marked ones."
                return []
            }
            var f = TaskForm(editing: e.changes(today: s.today).apply(to: t, today: s.today), today: s.today)
            f.opened(.waitsFor, TaskForm.editing(t, index: s.index)[.waitsFor])
            // What the line adds to wait for is typed into the field, to be saved with the rest.
            let after = e.changes(today: s.today).fields.after
            if !after.isEmpty { f[.waitsFor] = TaskForm.waitTitles(TaskForm.waitTitles(f[.waitsFor]) + after) }
            // So are the reminders it names (`remind none` empties the field first).
            f.typeReminders(of: e.changes(today: s.today).fields)
            s.mode = .form(f)
        case .quickAdd(.cancel) where changing:
            s.mode = .browse
            if !e.text.trimmingCharacters(in: .whitespaces).isEmpty { QuickAddEntry.remember(e.text, in: &s.changeHistory) }
        case .quickAdd(.add) where changing: return change(&s, &e)
        case .quickAdd(.openForm):
            s.mode = .form(e.form(today: s.today))
            return remember(&s, e.text)
        case .quickAdd(.cancel):
            s.mode = .browse
            guard !e.text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
            let back = s.keymap.key("quick-add-older", in: [.quickAdd]).map { older in
                "; \(older) in quick add" + (s.keymap.key("add", in: [.list]).map { " (\($0))" } ?? "") + " brings the line back" } ?? ""
            s.message = "Nothing added\(back)."
            return remember(&s, e.text)
        case .quickAdd(.add):
            let q = e.parsed(today: s.today)
            if let refusal = q.reminderRefusal {
                e.error = "Remind: " + refusal + "."
                return []
            }
            if q.title.isEmpty {
                e.error = e.text.trimmingCharacters(in: .whitespaces).isEmpty ? "Type a title first."
                    : "No title left once read: \\word keeps a word as typed."
                return []
            }
            if let due = q.due, let refusal = NewTaskDue.refusal(due, today: s.today, nowMinute: s.nowMinute) {
                e.error = refusal
                return []
            }
            var task: TaskItem
            switch s.waiting(q.task(), forTitles: q.after) {
            case .success(let t): task = t
            case .failure(let refusal):
                e.error = refusal.description
                return []
            }
            if let refusal = ReminderReducer.add(q, to: &task, s) {
                e.error = refusal
                return []
            }
            s.mode = .browse
            return [.createTask(task, folder: "")] + remember(&s, e.text)
        default: break
        }
        return []
    }

    /// Enter on the change line: every named task changed, as one write.
    static func change(_ s: inout AppState, _ e: inout QuickAddEntry) -> [Effect] {
        let c = e.changes(today: s.today)
        if let refusal = c.fields.reminderRefusal {
            e.error = "Remind: " + refusal + "."
            return []
        }
        if !c.leftover.isEmpty {
            e.error = "Not understood: '\(c.leftover)' (try +Project @Area #tag -#tag !high * fri due none +1w sched +3d after:Task)."
            return []
        }
        if c.isEmpty {
            e.error = "Type what to change: +Project, @Area, #tag, -#tag, !high, *, fri 3pm, due none, +1w, sched +3d, ~30m, after:Task."
            return []
        }
        let tasks = (e.changing ?? []).compactMap { s.task(id: $0) }
        var changed: [TaskItem] = []
        for t in tasks {
            switch s.waiting(c.apply(to: t, today: s.today), forTitles: c.fields.after) {
            case .success(var n):
                if let refusal = ReminderReducer.add(c.fields, to: &n, s) {
                    e.error = (tasks.count > 1 ? "'\(t.title)': " : "") + refusal
                    return []
                }
                if n != t { changed.append(n) }
            case .failure(let refusal):
                e.error = refusal.description
                return []
            }
        }
        s.mode = .browse
        QuickAddEntry.remember(e.text, in: &s.changeHistory)
        guard !changed.isEmpty else {
            s.message = "Nothing to change: \(tasks.count == 1 ? "the task already has" : "the tasks already have") \(c.summary(today: s.today))."
            return []
        }
        if tasks.count == 1, changed.count == 1 {
            s.message = "Changed '\(changed[0].title)': \(c.summary(today: s.today))" + s.keymap.clause(" (", "undo", "undoes", ")")
            return [.writeTask(changed[0])]
        }
        return [.writeTasks(changed, label: "change of \(changed.count) tasks (\(c.summary(today: s.today)))")]
    }

    static func remember(_ s: inout AppState, _ line: String) -> [Effect] {
        let before = s.addHistory
        QuickAddEntry.remember(line, in: &s.addHistory)
        return s.addHistory == before ? [] : [.saveAddHistory]
    }
}
