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
        guard !q.isPlain else { return "" }
        return " · " + q.summary(today: today).replacingOccurrences(of: "(no title yet) · ", with: "")
    }

    /// The first perspective, in sidebar order, that shows `t`.
    static func shownIn(_ t: TaskItem, _ perspectives: [Perspective], today: Day) -> String? {
        let row = IndexedTask(t)
        return perspectives.first { RuleCompiler.compile($0.rules, today: today).matches(row) }?.name
    }
}
