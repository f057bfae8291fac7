import Foundation
import TaskEngine

/// Reminders in words: when one fires ("Fri 27 Nov 09:00", "09:00" today),
/// what it counts from ("1h before due"), and the banner's line.
enum ReminderText {
    /// An instant as local time: the clock alone on `today`, else the day and the clock.
    static func when(_ at: Date, today: Day, timeZone: TimeZone = .current) -> String {
        let (day, clock) = ReminderListing.local(at, timeZone: timeZone)
        return day == today ? clock : DayLabel.long(day, today: today) + " " + clock
    }

    /// A detail pane line: "Fri 27 Nov 09:00 (1h before due)", "Mon 23 Nov 09:00 (past)", or why it cannot fire.
    static func detail(_ item: ReminderListing.Item, today: Day, now: Date, timeZone: TimeZone = .current) -> String {
        ReminderListing.words(item, now: now) { when($0, today: today, timeZone: timeZone) }
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
