import Foundation

/// A reminder as typed (`todomd modify --remind`): `-1h`, `-30m`, `-2d`,
/// `-1w` or an ISO 8601 offset (`-PT15M`) before the due date (`scheduled-1h`
/// before the scheduled one; no sign: after); `9am`, `14:30` on the due day
/// (else the next such time); `2026-11-25T09:00` (local) or with a zone; `none` clears them.
public enum ReminderRequest: Hashable, Sendable {
    case clear
    case relative(Reminder.Base, offset: String)
    case clock(hour: Int, minute: Int)
    case at(TaskDate)

    public static func parse(_ typed: String, timeZone: TimeZone) -> ReminderRequest? {
        let text = typed.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        if text == "none" { return .clear }
        if let t = QuickAddDates.clock(text) { return .clock(hour: t.hour, minute: t.minute) }
        var base = Reminder.Base.due, rest = Substring(text)
        for b in Reminder.Base.allCases where rest.hasPrefix(b.rawValue) {
            base = b
            rest = rest.dropFirst(b.rawValue.count)
        }
        if let offset = offset(String(rest)) { return .relative(base, offset: offset) }
        if let d = TaskDate(parsing: typed.trimmingCharacters(in: .whitespaces), timeZone: timeZone), d.hasTime { return .at(d) }
        return nil
    }

    /// Why `typed` is not a reminder, for the line that refuses it. A `+` gets its own answer:
    /// an offset after the date is written without one (`1h`), as tasknotes-spec's fixtures
    /// refuse `+PT15M` in a file.
    public static func refusal(_ typed: String) -> String {
        let quoted = "'\(BoundedQuote.prefix(typed.trimmingCharacters(in: .whitespaces)))'"
        if typed.contains("+") {
            return "\(quoted) is not a reminder: an offset takes no + (1h is an hour after the due date, -1h an hour before, "
                + "scheduled-1h before the scheduled one), or give a time (9am, 2026-11-25T09:00)"
        }
        return "\(quoted) is not a reminder (try -1h, -30m, scheduled-1d, 9am, 2026-11-25T09:00)"
    }

    /// `-1h` → `-PT1H`, `2d` → `P2D`; an ISO 8601 duration as it is (upper case); nil otherwise
    /// (`+1h` too: see `refusal`).
    static func offset(_ s: String) -> String? {
        guard !s.hasPrefix("+") else { return nil }
        let sign = s.hasPrefix("-") ? "-" : ""
        let body = s.hasPrefix("-") ? String(s.dropFirst()) : s
        if let unit = body.last, let n = Int(body.dropLast()), n >= 0, n <= Int(Int32.max) {
            switch unit {
            case "m": return "\(sign)PT\(n)M"
            case "h": return "\(sign)PT\(n)H"
            case "d": return "\(sign)P\(n)D"
            case "w": return "\(sign)P\(n)W"
            default: break
            }
        }
        let iso = s.uppercased()
        return (try? Reminder.duration(iso)) != nil ? iso : nil
    }

    /// As it could be typed again (`parse` reads it back): `-PT1H`, `scheduled-P1D`, `09:00`, `2026-11-25T09:00`.
    public var typed: String {
        switch self {
        case .clear: return "none"
        case .relative(let base, let offset): return (base == .scheduled ? "scheduled" : "") + offset
        case .clock(let h, let m): return String(format: "%02d:%02d", h, m)
        case .at(let d): return d.raw
        }
    }

    /// "1h before due", "09:00", "Wed 25 Nov 09:00", "none" (quick add's preview).
    public func words(today: Day) -> String {
        switch self {
        case .clear: return "none"
        case .relative(let base, let offset): return Self.relation(offset, to: base.rawValue) ?? offset
        case .clock(let h, let m): return String(format: "%02d:%02d", h, m)
        case .at(let d): return QuickAdd.describe(d, today: today)
        }
    }

    /// `-PT1H` from `due` in words: "1h before due", "1d 2h after scheduled", "at due"; nil when not a duration.
    public static func relation(_ offset: String, to base: String) -> String? {
        guard let d = try? ISODuration.parse(offset) else { return nil }
        let parts = [(d.years, "y"), (d.months, "mo"), (d.weeks, "w"), (d.days, "d"), (d.hours, "h"), (d.minutes, "m"), (d.seconds, "s")]
            .filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        if parts.isEmpty { return "at \(base)" }
        return parts.joined(separator: " ") + (d.negative ? " before " : " after ") + base
    }

    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case noBase(Reminder.Base)
        case tooMany
        public var description: String {
            switch self {
            case .noBase(let b): return "the reminder counts from \(b.rawValue), which the task does not have (set --\(b.rawValue) first)"
            case .tooMany: return "the task has \(Reminder.maxEntries) reminders already"
            }
        }
    }

    /// `t` with this reminder added (or its reminders cleared). A clock time falls on the due
    /// day, else the scheduled one, else is the next such time after `now`.
    public func apply(to t: inout TaskItem, now: Date, timeZone: TimeZone) throws(Refusal) {
        let reminder: Reminder
        switch self {
        case .clear:
            t.reminders = []
            return
        case .relative(let base, let offset):
            guard (base == .due ? t.due : t.scheduled) != nil else { throw .noBase(base) }
            reminder = .relative(id: "", to: base, offset: offset)
        case .clock(let hour, let minute):
            let anchor = ReminderTrigger.Anchor(hour: hour, minute: minute)
            var instant: Date?
            if let day = (t.due ?? t.scheduled)?.day {
                instant = ReminderTrigger.instant(of: TaskDate(day: day), anchor: anchor, timeZone: timeZone)
            } else {
                let today = Day.containing(now, in: timeZone)
                instant = [today, today.adding(days: 1)].lazy.compactMap { ReminderTrigger.instant(of: TaskDate(day: $0), anchor: anchor, timeZone: timeZone) }
                    .first { $0 > now }
            }
            guard let instant else { throw .noBase(.due) }
            reminder = .absolute(id: "", at: instant)
        case .at(let date):
            guard let instant = ReminderTrigger.instant(of: date, timeZone: timeZone) else { throw .noBase(.due) }
            reminder = .absolute(id: "", at: instant)
        }
        guard t.reminders.count < Reminder.maxEntries else { throw .tooMany }
        // A new id no reminder of the task has (ids are unique within a task, §10.3.2).
        let ids = Set(t.reminders.map(\.id))
        var n = t.reminders.count + 1
        while ids.contains("rem_\(n)") { n += 1 }
        var r = reminder
        r.id = "rem_\(n)"
        t.reminders.append(r)
    }
}
