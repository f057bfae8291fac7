import Foundation

/// A task's reminders as a reader is shown them (`todomd show`, the detail
/// pane): each with the instant it fires, in the order they fire, a past one
/// saying so in a word, a relative one with what it counts from.
public enum ReminderListing {
    public struct Item: Hashable, Sendable {
        public var reminder: Reminder
        /// Nil: it cannot fire (its base date is missing, or a part cannot be read).
        public var at: Date?

        public func isPast(now: Date) -> Bool { at.map { $0 < now } ?? false }
    }

    /// Earliest first (the file's order at the same instant); those that cannot fire last, in the file's order.
    public static func ordered(_ t: TaskItem, anchor: ReminderTrigger.Anchor = .midnight, timeZone: TimeZone) -> [Item] {
        let items = t.reminders.map { Item(reminder: $0, at: ReminderTrigger.instant($0, due: t.due, scheduled: t.scheduled, anchor: anchor, timeZone: timeZone)) }
        return items.indices.sorted { a, b in
            switch (items[a].at, items[b].at) {
            case let (x?, y?): return x != y ? x < y : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }.map { items[$0] }
    }

    /// An instant's local day and clock ("09:05").
    public static func local(_ at: Date, timeZone: TimeZone) -> (day: Day, clock: String) {
        let day = Day.containing(at, in: timeZone)
        let seconds = max(0, Int(at.timeIntervalSince1970) + timeZone.secondsFromGMT(for: at) - day.ordinal * 86_400)
        let h = seconds / 3600 % 24, m = seconds / 60 % 60
        return (day, "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)")
    }

    /// "Wed 2 Dec 09:00", the year added when it is not `today`'s.
    public static func when(_ at: Date, today: Day, timeZone: TimeZone) -> String {
        let (day, clock) = local(at, timeZone: timeZone)
        return DayLabel.long(day, today: today) + " " + clock
    }

    /// One reminder in words: "Wed 2 Dec 09:00", "Wed 2 Dec 08:00 (1h before due)", "Mon 23 Nov 09:00 (past)",
    /// "1h before scheduled (cannot fire: the task has no scheduled)", each with " · " and its description.
    /// `when` says the instant (the app says today's by its clock alone).
    public static func words(_ item: Item, now: Date, when: (Date) -> String) -> String {
        let r = item.reminder
        let relation = r.kind == .relative ? r.relatedTo.flatMap { base in r.offset.flatMap { ReminderRequest.relation($0, to: base) } } : nil
        let note = r.description.map { " · " + $0 } ?? ""
        guard let at = item.at else {
            return (relation ?? "at an unreadable time") + " (cannot fire: the task has no \(r.relatedTo ?? "date"))" + note
        }
        let said = (item.isPast(now: now) ? ["past"] : []) + [relation].compactMap { $0 }
        return when(at) + (said.isEmpty ? "" : " (" + said.joined(separator: ", ") + ")") + note
    }
}
