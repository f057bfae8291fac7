import Foundation
import TaskEngine

/// `todomd show`'s lines for a task's reminders and time entries, in the
/// detail page's two columns: each reminder when it fires (in the order they
/// fire, a past one saying so, a relative one with what it counts from), each
/// session from start to end with its length (the running one to `now`), and
/// the total.
enum TrackingOutput {
    static func lines(_ t: TaskItem, now: Date, today: Day, timeZone: TimeZone = .current) -> String {
        var rows: [(String, [String])] = []
        let reminders = ReminderListing.ordered(t, timeZone: timeZone)
        if !reminders.isEmpty {
            rows.append(("reminders", reminders.map { ReminderListing.words($0, now: now) { ReminderListing.when($0, today: today, timeZone: timeZone) } }))
        }
        if !t.timeEntries.isEmpty {
            let entries = t.timeEntries.enumerated().sorted { $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset }
            rows.append(("time entries", entries.map { entry($0.element, now: now, today: today, timeZone: timeZone) }))
            // (An entry begun after `now`, `show --at` an earlier time, was no time worked then.)
            let begun = t.timeEntries.filter { $0.start <= now }
            let total = begun.reduce(0) { $0 + $1.seconds(until: now) }
            let running = begun.filter(\.isRunning).reduce(0) { $0 + $1.seconds(until: now) }
            let live = begun.contains(where: \.isRunning) ? " (\(TimeTracking.duration(running)) of it running)" : ""
            rows.append(("tracked", [TimeTracking.duration(total) + live]))
        }
        var out = ""
        for (key, values) in rows {
            for (i, v) in values.enumerated() { out += "  " + (i == 0 ? key : "").padding(toLength: 19, withPad: " ", startingAt: 0) + v + "\n" }
        }
        return out
    }

    /// "Sat 21 Nov 09:00–10:30  1h 30m", the end's day said when it is another; "Sun 22 Nov 09:00–now  25m (running)";
    /// a running one begun after `now` (`show --at` an earlier time): "Sun 22 Nov 09:00–  not begun at that time (running)".
    static func entry(_ e: TimeEntry, now: Date, today: Day, timeZone: TimeZone) -> String {
        let start = ReminderListing.local(e.start, timeZone: timeZone)
        if e.isRunning, e.start > now {
            return DayLabel.long(start.day, today: today) + " " + start.clock + "–  not begun at that time (running)" + (e.description.map { " · " + $0 } ?? "")
        }
        var end = "now"
        if let stop = e.end {
            let (day, clock) = ReminderListing.local(stop, timeZone: timeZone)
            end = day == start.day ? clock : DayLabel.long(day, today: today) + " " + clock
        }
        return DayLabel.long(start.day, today: today) + " " + start.clock + "–" + end + "  " + TimeTracking.duration(e.seconds(until: now))
            + (e.isRunning ? " (running)" : "") + (e.description.map { " · " + $0 } ?? "")
    }
}
