import Foundation

/// When a reminder fires (tasknotes-spec §10.3.4): an absolute one at its
/// instant; a relative one at its base (the task's due or scheduled: a date
/// and time as written, a whole day at `anchor` local time, 00:00 unless set)
/// moved by its offset. Years, months, weeks and days of the offset move the
/// local calendar (`-P1D` before 09:00 is 09:00 the day before, across a
/// daylight-saving change too); hours, minutes and seconds move the instant.
public enum ReminderTrigger {
    /// A time of day, for a whole-day base (`reminders.date_only_anchor_time`).
    public struct Anchor: Hashable, Sendable {
        public var hour: Int, minute: Int
        public init(hour: Int, minute: Int) {
            self.hour = hour
            self.minute = minute
        }
        public static let midnight = Anchor(hour: 0, minute: 0)
    }

    /// Nil when the reminder cannot fire: its base is absent, or a part of it cannot be read.
    public static func instant(_ r: Reminder, due: TaskDate?, scheduled: TaskDate?, anchor: Anchor = .midnight,
                               timeZone: TimeZone) -> Date? {
        switch r.kind {
        case .absolute:
            return r.absoluteTime.flatMap { try? Reminder.instant($0, localIn: timeZone) }
        case .relative:
            guard let base = r.relatedTo.flatMap(Reminder.Base.init), let offsetText = r.offset,
                  let offset = try? Reminder.duration(offsetText) else { return nil }
            guard let date = base == .due ? due : scheduled, let start = instant(of: date, anchor: anchor, timeZone: timeZone) else { return nil }
            return moved(start, by: offset, timeZone: timeZone)
        }
    }

    /// A task date as an instant: a date and time with a zone is that instant; one without is
    /// local time in `timeZone`; a whole day is `anchor` on it.
    public static func instant(of date: TaskDate, anchor: Anchor = .midnight, timeZone: TimeZone) -> Date? {
        if date.hasTime, case .datetime(let instant, _)? = try? SpecDate.parse(date.raw) { return instant }
        let seconds = Int(date.sortKey)
        let day = date.day
        let inDay = date.hasTime ? seconds - day.ordinal * 86_400 : anchor.hour * 3600 + anchor.minute * 60
        let (y, m, d) = day.components
        var c = DateComponents()
        (c.year, c.month, c.day) = (y, m, d)
        (c.hour, c.minute, c.second) = (inDay / 3600, inDay / 60 % 60, inDay % 60)
        return calendar(timeZone).date(from: c)
    }

    /// `start` moved by `offset`: its calendar part on the local calendar, its clock part in seconds.
    public static func moved(_ start: Date, by offset: ISODuration, timeZone: TimeZone) -> Date? {
        let sign = offset.negative ? -1 : 1
        var c = DateComponents()
        (c.year, c.month, c.day) = (sign * offset.years, sign * offset.months, sign * (offset.weeks * 7 + offset.days))
        guard let moved = calendar(timeZone).date(byAdding: c, to: start) else { return nil }
        let clock = offset.hours * 3600 + offset.minutes * 60 + offset.seconds  // (each at most Int32.max: no overflow in 64 bits)
        return moved.addingTimeInterval(TimeInterval(sign * clock))
    }

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = timeZone
        return c
    }

    /// A task's reminders that fire in `from..<to`, each with its instant, earliest first and
    /// by id at the same instant (§10.3.7). Windows that follow one another see each firing once.
    public static func firing(_ task: TaskItem, from: Date, to: Date, anchor: Anchor = .midnight, timeZone: TimeZone) -> [(reminder: Reminder, at: Date)] {
        task.reminders.compactMap { r -> (reminder: Reminder, at: Date)? in
            guard let at = instant(r, due: task.due, scheduled: task.scheduled, anchor: anchor, timeZone: timeZone), at >= from, at < to else { return nil }
            return (r, at)
        }.sorted { $0.at != $1.at ? $0.at < $1.at : $0.reminder.id < $1.reminder.id }
    }
}
