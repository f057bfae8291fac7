import Foundation
import TaskEngine

/// Reminders in words: when one fires ("Fri 27 Nov 09:00", "09:00" today),
/// what it counts from ("1h before due"), and the banner's line.
enum ReminderText {
    /// An instant as local time: the clock alone on `today`, else the day and the clock.
    static func when(_ at: Date, today: Day, timeZone: TimeZone = .current) -> String {
        let day = Day.containing(at, in: timeZone)
        let seconds = Int(at.timeIntervalSince1970) + timeZone.secondsFromGMT(for: at) - day.ordinal * 86_400
        let clock = String(format: "%02d:%02d", max(0, seconds) / 3600 % 24, max(0, seconds) / 60 % 60)
        return day == today ? clock : DayLabel.long(day, today: today) + " " + clock
    }

    /// "1h before due", "at scheduled", "1d 2h after due"; nil for an absolute reminder.
    static func relation(_ r: Reminder) -> String? {
        guard r.kind == .relative, let base = r.relatedTo, let text = r.offset else { return nil }
        return ReminderRequest.relation(text, to: base)
    }

    /// A detail pane line: "Fri 27 Nov 09:00 (1h before due)", or why it cannot fire.
    static func detail(_ r: Reminder, of t: TaskItem, today: Day, timeZone: TimeZone = .current) -> String {
        let relation = relation(r)
        let words = r.description.map { " · " + $0 } ?? ""
        guard let at = ReminderTrigger.instant(r, due: t.due, scheduled: t.scheduled, timeZone: timeZone) else {
            return (relation ?? "at an unreadable time") + " (cannot fire: the task has no \(r.relatedTo ?? "date"))" + words
        }
        return when(at, today: today, timeZone: timeZone) + (relation.map { " (\($0))" } ?? "") + words
    }

    /// "(due 10:00)" from the task's due date as the firing found it; else when it fired.
    static func due(_ f: ReminderFiring, today: Day, timeZone: TimeZone = .current) -> String {
        if let raw = f.due, let d = TaskDate(parsing: raw, timeZone: timeZone) {
            if d.hasTime, let at = ReminderTrigger.instant(of: d, timeZone: timeZone) { return "due " + when(at, today: today, timeZone: timeZone) }
            return "due " + (d.day == today ? "today" : DayLabel.long(d.day, today: today))
        }
        return "at " + when(f.at, today: today, timeZone: timeZone)
    }
}
