import Foundation

/// One line typed into quick add (`a` in the app, `todomd add "…"`), read
/// into the fields of a new task. Pure: the same line and day always give the
/// same task. See the README's table for the syntax; in short:
/// `#tag`, `+Project`, `@Area` (quotes for spaces), `!`/`!!`/`!!!` or `!high`,
/// `*` flags, dates in words with an optional time (a bare date is due;
/// `sched …` / `defer …` name the others), `~1h30m`, `every 2 weeks on mon`,
/// `after:Title` / `after:"Long title"` (waits for that task), `remind 9am` / `remind -1h`,
/// and `\word` or a `"quoted phrase"` kept literally in the title.
public struct QuickAdd: Hashable, Sendable {
    /// What a recognised part of the line sets (for highlighting and the preview).
    public enum Part: String, Hashable, Sendable {
        case tag, project, area, priority, flag, due, scheduled, deferDate = "defer", estimate, recurrence
        /// `@alice` where `@` assigns (a Backlog.md project, which has no areas).
        case assignee
        /// `after:Title`: the task waits for the task of that title.
        case after
        /// `remind 9am`, `remind -1h` (before due).
        case reminder
    }

    /// A recognised part: where it is in the line (characters) and what it sets.
    public struct Token: Hashable, Sendable {
        public var range: Range<Int>
        public var part: Part
    }

    public var title: String
    public var tags: [String] = []
    public var project: String?
    public var area: String?
    public var priority: Priority?
    public var flagged = false
    public var due: TaskDate?
    public var scheduled: TaskDate?
    public var defer_: TaskDate?
    public var estimatedMinutes: Int?
    public var recurrence: String?
    /// As Backlog.md writes them: `@alice`.
    public var assignees: [String] = []
    /// The titles of the tasks this one waits for, as typed (`after:`): which tasks they are
    /// takes the vault (`TaskIndex.task(titled:)`), so `fill` leaves them to the caller.
    public var after: [String] = []
    /// `remind …`, as `modify --remind` reads it; added by `addReminders` (a clock time needs the time now).
    public var reminders: [ReminderRequest] = []
    /// What followed `remind` meant as a reminder that is none (`+1h`), as typed: the line is refused
    /// with `ReminderRequest.refusal` of the first rather than taking it into the title.
    public var badReminders: [String] = []
    public var tokens: [Token] = []

    public init(title: String) { self.title = title }

    /// Reads `line` as of `today`. `atAssigns`: `@name` names an assignee
    /// (each one), not the area (Backlog.md's projects, which have no areas).
    public static func parse(_ line: String, today: Day, atAssigns: Bool = false) -> QuickAdd {
        var reader = QuickAddReader(words: QuickAddWords.split(line), today: today)
        reader.atAssigns = atAssigns
        return reader.read()
    }

    /// The task this line makes (a new task: status todo).
    public func task() -> TaskItem {
        var t = TaskItem(id: "", title: title)
        t.setStatus(.todo)
        fill(&t)
        return t
    }

    /// Sets on `t` what the line named (a field the line did not name is left as it is).
    public func fill(_ t: inout TaskItem) {
        if !title.isEmpty { t.title = title }
        for tag in tags where !t.tags.contains(tag) { t.tags.append(tag) }
        if let project { t.project = project }
        if let area { t.area = area }
        if let priority { t.setPriority(priority) }
        if flagged { t.flagged = true }
        if let due { t.due = due }
        if let scheduled { t.scheduled = scheduled }
        if let defer_ { t.defer_ = defer_ }
        if let estimatedMinutes { t.estimatedMinutes = estimatedMinutes }
        if let recurrence { t.recurrence = recurrence }
        for a in assignees where !t.assignees.contains(where: { Assignee.key($0) == Assignee.key(a) }) { t.assignees.append(a) }
    }

    /// What the line says, for the line under the entry:
    /// "Call Anna · due Tue 24 Nov 15:00 · #phone · high · +Clients".
    public func summary(today: Day) -> String {
        var parts = [title.isEmpty ? "(no title yet)" : title]
        func date(_ label: String, _ d: TaskDate?) {
            guard let d else { return }
            parts.append(label + " " + QuickAdd.describe(d, today: today))
        }
        date("due", due)
        date("sched", scheduled)
        date("defer", defer_)
        if let recurrence { parts.append("↻ " + RecurrenceWords.describe(recurrence)) }
        parts += tags.map { "#" + $0 }
        if let priority { parts.append(priority.rawValue) }
        if flagged { parts.append("flagged") }
        if let project { parts.append("+" + project) }
        if let area { parts.append("@" + area) }
        if !assignees.isEmpty { parts.append(Assignee.shown(assignees)) }
        if let estimatedMinutes { parts.append("~" + QuickAdd.duration(estimatedMinutes)) }
        parts += after.map { "waits for " + $0 }
        parts += reminders.map { "remind " + $0.words(today: today) }
        parts += badReminders.map { "remind '\(BoundedQuote.prefix($0))' is not a reminder" }
        return parts.joined(separator: " · ")
    }

    /// Why the line cannot be added or applied as typed: a word after `remind` that is not a reminder.
    public var reminderRefusal: String? { badReminders.first.map(ReminderRequest.refusal) }

    /// `t` with the line's reminders added (after `fill`: a due date on the same line is what they count from).
    /// (`localTimes`: as `ReminderRequest.reminder`.)
    public func addReminders(to t: inout TaskItem, now: Date, timeZone: TimeZone = .current, localTimes: Bool = false) throws(ReminderRequest.Refusal) {
        for r in reminders { try r.apply(to: &t, now: now, timeZone: timeZone, localTimes: localTimes) }
    }

    /// Why the line's reminders would be refused on `t` (what Enter would say), else nil: the preview
    /// says it before Enter does.
    public func reminderRefusal(on t: TaskItem, now: Date, timeZone: TimeZone = .current) -> ReminderRequest.Refusal? {
        guard !reminders.isEmpty else { return nil }
        var probe = t
        do { try addReminders(to: &probe, now: now, timeZone: timeZone) } catch { return error }
        return nil
    }

    /// "Tue 24 Nov", "Tue 24 Nov 15:00", "Fri 1 Jan 2027".
    public static func describe(_ d: TaskDate, today: Day) -> String {
        var s = DayName.short(d.day, besides: today)
        if d.hasTime {
            let seconds = Int(d.sortKey) - d.day.ordinal * 86_400
            s += " " + String(format: "%02d:%02d", seconds / 3600, seconds / 60 % 60)
        }
        return s
    }

    /// 90 → "1h30m", 15 → "15m", 120 → "2h".
    public static func duration(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return "\(m)m" }
        return m == 0 ? "\(h)h" : "\(h)h\(m)m"
    }
}
