import Foundation

/// Completing or skipping one occurrence of a repeating task, on the task
/// itself: what `x`, `Space` and `todomd done` do when a task has a
/// `recurrence` (docs/file-format.md, "Repeating tasks"). The task's status stays open and its dates move
/// on; once the series has ended (COUNT or UNTIL) the task is done for good.
public enum RecurringTask {
    public struct Result: Sendable {
        public var task: TaskItem
        /// The occurrence completed or skipped.
        public var day: Day
        /// The next occurrence, or nil when the series has ended.
        public var next: Day?
    }

    /// Whether setting `task`'s status to `status` completes one occurrence instead (a repeating
    /// task set done by a change: tasknotes-spec §5.7, a recurring completion is no status rewrite).
    public static func completesOccurrence(_ task: TaskItem, settingStatus status: TaskStatus?) -> Bool {
        status == .done && task.status != .done && task.recurrence != nil
    }

    public static func complete(_ task: TaskItem, on explicit: Day? = nil, today: Day, timeZone: TimeZone = .current) throws -> Result {
        try apply(task, explicit: explicit, today: today, timeZone: timeZone) { p, day in try p.complete(on: day) }
    }

    public static func skip(_ task: TaskItem, on explicit: Day? = nil, today: Day, timeZone: TimeZone = .current) throws -> Result {
        try apply(task, explicit: explicit, today: today, timeZone: timeZone) { p, day in try p.skip(on: day) }
    }

    static func apply(_ task: TaskItem, explicit: Day?, today: Day, timeZone: TimeZone,
                      _ step: (inout RecurrenceProgress, Day) throws -> RecurrenceProgress.Outcome) throws -> Result {
        guard let recurrence = task.recurrence else { throw RecurrenceProgress.Failure.invalidRule("the task does not repeat") }
        var progress = try RecurrenceProgress(recurrence: recurrence, anchor: task.recurrenceAnchor, scheduled: task.scheduled?.raw,
                                              due: task.due?.raw, created: task.created?.raw,
                                              instances: InstanceLists(complete: task.completeInstances, skipped: task.skippedInstances))
        // With the completion anchor the next occurrence counts "from the day
        // it was done" (docs/file-format.md, "Repeating tasks"): that day is today unless one is named.
        let day = progress.target(explicit: explicit ?? (progress.anchor == .completion ? today : nil), today: today)
        // A task with no date to start from starts on the day it is completed.
        if progress.seed == nil { progress.created = day.iso }
        let outcome = try step(&progress, day)
        var t = task
        if progress.rule.text != recurrence { t.recurrence = progress.rule.text }
        t.completeInstances = progress.instances.complete
        t.skippedInstances = progress.instances.skipped
        if outcome.next == nil {
            t.setStatus(.done)
        } else {
            // The next occurrence has not been started.
            if t.status == .inProgress { t.setStatus(.todo) }
            if let s = outcome.nextScheduled { t.scheduled = TaskDate(parsing: s, timeZone: timeZone) }
            if let d = outcome.nextDue { t.due = TaskDate(parsing: d, timeZone: timeZone) }
        }
        return Result(task: t, day: day, next: outcome.next)
    }

    /// "2026-11-23 · repeats: next Mon 30 Nov", or that the series has ended.
    public static func message(_ r: Result) -> String {
        guard let next = r.next else { return "\(r.day.iso) was the last occurrence: the task is done" }
        return "\(r.day.iso) · repeats: next \(DayName.short(next, besides: r.day))"
    }
}

/// "Mon 30 Nov", the way the app names a day.
enum DayName {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The year is named only when it differs from `reference`'s.
    static func short(_ d: Day, besides reference: Day) -> String {
        "\(weekdays[d.isoWeekday - 1]) \(d.dayOfMonth) \(months[d.month - 1])" + (d.year == reference.year ? "" : " \(d.year)")
    }
}
