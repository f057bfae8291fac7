import Foundation

/// Reminders a change leaves that can never fire: one counting from a date
/// the task no longer has (its due date cleared), or one whose time is
/// already past. They are kept (the file holds what was asked) and the
/// command line, quick add and the form say so, rather than let a reminder
/// that will stay silent pass for one that will ring.
public enum ReminderFireCheck {
    /// One reminder of `after` that will not fire, and why: "the reminder 1h before due will not
    /// fire: the task has no due date". A reminder `before` held, firing at the same time, is
    /// not named (it was set before this change: a reminder that rang yesterday is not news).
    public static func warnings(before: TaskItem?, after: TaskItem, now: Date, anchor: ReminderTrigger.Anchor = .midnight,
                                timeZone: TimeZone) -> [String] {
        guard !after.reminders.isEmpty else { return [] }
        var old: [Reminder: Date?] = [:]
        for r in before?.reminders ?? [] {
            old[r] = ReminderTrigger.instant(r, due: before?.due, scheduled: before?.scheduled, anchor: anchor, timeZone: timeZone)
        }
        var out: [String] = []
        for r in after.reminders {
            let at = ReminderTrigger.instant(r, due: after.due, scheduled: after.scheduled, anchor: anchor, timeZone: timeZone)
            if let was = old[r], was == at { continue }
            if let at {
                guard at < now else { continue }
                let name = r.kind == .relative ? words(r) + " (\(local(at, timeZone)))" : "at " + local(at, timeZone)
                out.append("the reminder \(name) will not fire: that time is past")
            } else if r.kind == .relative, let base = r.relatedTo {
                out.append("the reminder \(words(r)) will not fire: the task has no \(base) date")
            }
        }
        return out
    }

    /// What a reminder write says of the entries it kept as written because todomd cannot read them
    /// (they never ring): "1 reminder entry todomd cannot read is kept as written".
    public static func unreadKept(_ n: Int) -> String {
        (n == 1 ? "1 reminder entry todomd cannot read is" : "\(n) reminder entries todomd cannot read are") + " kept as written"
    }

    /// "1h before due" (a relative reminder's offset in words).
    static func words(_ r: Reminder) -> String {
        r.offset.flatMap { ReminderRequest.relation($0, to: r.relatedTo ?? "due") } ?? r.offset ?? r.id
    }

    /// An instant as local time, `2026-11-24 09:00` (as `todomd reminders` lists them).
    static func local(_ at: Date, _ timeZone: TimeZone) -> String {
        let day = Day.containing(at, in: timeZone)
        let seconds = max(0, Int(at.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: at) - day.ordinal * 86_400)
        return day.iso + String(format: " %02d:%02d", seconds / 3600 % 24, seconds / 60 % 60)
    }
}
