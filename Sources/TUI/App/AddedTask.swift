import TaskEngine

/// What the status line says about a task just added: its fields in a few
/// words, and where it can be seen when the shown perspective leaves it out.
enum AddedTask {
    /// " · due Tue 24 Nov 15:00 · +Clients · #phone" (empty for a bare task).
    static func describe(_ t: TaskItem, today: Day) -> String {
        var q = QuickAdd(title: "")
        q.due = t.due
        q.scheduled = t.scheduled
        q.defer_ = t.defer_
        q.recurrence = t.recurrence
        q.tags = t.tags
        q.priority = t.priority == .none ? nil : t.priority
        q.flagged = t.flagged
        q.project = t.project
        q.area = t.area
        q.estimatedMinutes = t.estimatedMinutes
        q.after = t.dependencies.map { VaultProfile.plain($0.uid) }
        guard !q.isPlain else { return "" }
        return " · " + q.summary(today: today).replacingOccurrences(of: "(no title yet) · ", with: "")
    }

    /// The first perspective, in sidebar order, that shows `t`, asked with the vault's `index`
    /// (which holds `t`): a task added waiting for another is blocked, and not in Today.
    static func shownIn(_ t: TaskItem, _ perspectives: [Perspective], today: Day, index: TaskIndex) -> String? {
        let row = index.task(id: t.id) ?? IndexedTask(t)
        return perspectives.first { RuleCompiler.compile($0.rules, today: today, index: index).matches(row) }?.name
    }
}
