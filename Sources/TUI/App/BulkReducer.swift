import TaskEngine

/// Marks (mutt's and vit's tagging) and what the task keys do with them:
/// with tasks marked, state, done, flag, priority, delete and the change
/// line act on every marked task, as one write and one undo step.
enum BulkReducer {
    /// The marked tasks that still exist, in the order the list shows them (then by id).
    static func marked(_ s: AppState) -> [TaskItem] {
        guard !s.marks.isEmpty else { return [] }
        var position: [String: Int] = [:]
        for (i, row) in s.rows.enumerated() { if case .task(let t) = row, position[t.id] == nil { position[t.id] = i } }
        return s.marks.compactMap { s.task(id: $0) }
            .sorted { (position[$0.id] ?? .max, $0.id) < (position[$1.id] ?? .max, $1.id) }
    }

    /// How many marked tasks the list shows: a marked task can be closed, filtered, searched
    /// or folded away and still be acted on.
    static func shownMarkCount(_ s: AppState) -> Int { shownCount(of: s.marks, in: s) }

    /// How many of the tasks `ids` the list shows (stops at the last one found: a whole pass
    /// only when some are hidden).
    static func shownCount(of ids: Set<String>, in s: AppState) -> Int {
        guard !ids.isEmpty else { return 0 }
        var found = Set<String>()
        for row in s.rows {
            if case .task(let t) = row, ids.contains(t.id) {
                found.insert(t.id)
                if found.count == ids.count { break }
            }
        }
        return found.count
    }

    static func shownTaskIDs(_ s: AppState) -> [String] {
        var seen = Set<String>()
        return s.rows.compactMap { if case .task(let t) = $0, seen.insert(t.id).inserted { return t.id }; return nil }
    }

    static func mark(_ s: inout AppState) {
        guard let t = s.selectedTask else { return }
        if s.marks.remove(t.id) == nil { s.marks.insert(t.id) }
        s.markAnchor = t.id
        Reducer.move(&s, by: 1)
        said(&s)
    }

    static func markRange(_ s: inout AppState) {
        guard let t = s.selectedTask else { return }
        let ids = shownTaskIDs(s)
        guard let anchor = s.markAnchor, let a = ids.firstIndex(of: anchor), let b = ids.firstIndex(of: t.id) else {
            return mark(&s)
        }
        s.marks.formUnion(ids[min(a, b)...max(a, b)])
        s.markAnchor = t.id
        said(&s)
    }

    static func markAll(_ s: inout AppState) {
        let ids = shownTaskIDs(s)
        guard !ids.isEmpty else { s.message = Requirement.noTask(s); return }
        if s.marks.isSuperset(of: ids) { s.marks.subtract(ids) } else { s.marks.formUnion(ids) }
        said(&s)
    }

    static func said(_ s: inout AppState) {
        let keys = s.keymap
        s.message = s.marks.isEmpty ? "No task marked."
            : (["\(s.marks.count) marked", "the task keys act on all"] + [keys.phrase("change", "changes them", in: [.list]), keys.phrase("cancel", "clears")])
                .compactMap { $0 }.joined(separator: " · ")
    }

    /// The bulk meaning of a task key, or nil when nothing is marked (the key acts on the selected task).
    static func act(_ s: inout AppState, _ action: Action) -> [Effect]? {
        let tasks = marked(s)
        guard !tasks.isEmpty else { return nil }
        let lead = s.selectedTask.flatMap { t in tasks.contains(t) ? t : nil } ?? tasks[0]
        switch action {
        case .cycleState: return write(&s, tasks, "change the state of") { t in t.setStatus(lead.status.cycled) }
        case .toggleDone:
            let done = !tasks.allSatisfy { $0.status == .done }
            return write(&s, tasks, done ? "complete" : "reopen") { $0.setStatus(done ? .done : .todo) }
        case .toggleFlag:
            let flag = !tasks.allSatisfy(\.flagged)
            return write(&s, tasks, flag ? "flag" : "unflag") { $0.flagged = flag }
        case .cyclePriority:
            let p = lead.priority.cycled
            return write(&s, tasks, "set priority \(p.rawValue) on") { $0.setPriority(p) }
        case .deleteTask:
            s.mode = .dialog(.deleteTasks(tasks, hidden: tasks.count - shownMarkCount(s)), over: .browse)
            return []
        default: return nil
        }
    }

    /// Each task changed by `change`; one closed by it that repeats completes
    /// its occurrence instead (and rolls forward), as `x` does on one task.
    static func write(_ s: inout AppState, _ tasks: [TaskItem], _ verb: String, _ change: (inout TaskItem) -> Void) -> [Effect] {
        var out: [TaskItem] = []
        var refused: [String] = []
        for t in tasks {
            var edited = t
            change(&edited)
            if edited.status == .done, t.status != .done, t.recurrence != nil {
                do { edited = try RecurringTask.complete(t, today: s.today).task } catch { refused.append("\(t.title): \(error)"); continue }
            }
            if edited != t { out.append(edited) }
        }
        if !refused.isEmpty { s.message = "Not changed: " + refused.joined(separator: "; ") }
        guard !out.isEmpty else {
            if refused.isEmpty { s.message = "Nothing to change: the \(tasks.count) marked tasks are already so." }
            return []
        }
        // Marked tasks the list does not show are changed too: the message says so.
        let hidden = out.count - shownCount(of: Set(out.map(\.id)), in: s)
        let unseen = hidden > 0 ? ", \(hidden) of them not shown" : ""
        return [.writeTasks(out, label: "\(verb) \(out.count) task\(out.count == 1 ? "" : "s")\(unseen)")]
    }
}
