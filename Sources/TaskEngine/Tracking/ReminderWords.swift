import Foundation

/// A reminder as typed (`todomd modify --remind`): `-1h`, `-30m`, `-2d`,
/// `-1w`, `-1mo`, `-1y`, `-30s` or an ISO 8601 offset (`-PT15M`) before the due date (`scheduled-1h`
/// before the scheduled one; no sign: after; `0m` or `-0m` at it); `9am`, `14:30` on the due day
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
        if !ambiguousMonth(typed), let offset = offset(String(rest)) { return .relative(base, offset: offset) }
        if let d = TaskDate(parsing: typed.trimmingCharacters(in: .whitespaces), timeZone: timeZone), d.hasTime { return .at(d) }
        return nil
    }

    /// A short offset with a capital M (`-1M`): months or minutes? Refused rather than guessed
    /// (`-1m` is minutes, `-1mo` months; an ISO 8601 duration, `-P1M`, `-PT1M`, says which itself).
    static func ambiguousMonth(_ typed: String) -> Bool {
        var rest = Substring(typed.trimmingCharacters(in: .whitespaces))
        for b in Reminder.Base.allCases where rest.lowercased().hasPrefix(b.rawValue) { rest = rest.dropFirst(b.rawValue.count) }
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        guard let first = rest.first, first.isASCII, first.isNumber else { return false }
        return rest.contains("M") && rest.allSatisfy { $0.isASCII && ($0.isNumber || "ywdhmsoYWDHMSO".contains($0)) }
    }

    /// Why `typed` is not a reminder, for the line that refuses it. A `+` gets its own answer:
    /// an offset after the date is written without one (`1h`), as tasknotes-spec's fixtures
    /// refuse `+PT15M` in a file.
    public static func refusal(_ typed: String) -> String {
        let quoted = "'\(BoundedQuote.prefix(typed.trimmingCharacters(in: .whitespaces)))'"
        if ambiguousMonth(typed) {
            return "\(quoted) is not a reminder: M could be months or minutes (write m for minutes, mo for months: -1m, -1mo)"
        }
        if typed.contains("+") {
            return "\(quoted) is not a reminder: an offset takes no + (1h is an hour after the due date, -1h an hour before, "
                + "scheduled-1h before the scheduled one), or give a time (9am, 2026-11-25T09:00)"
        }
        return "\(quoted) is not a reminder (try -1h, -30m, scheduled-1d, 9am, 2026-11-25T09:00)"
    }

    /// Whether a word after `remind` that is no reminder was meant as one, and so is refused rather than
    /// kept as title: a signed offset (`+1h`, `due+1h`, `-1x`), or a number followed only by what times,
    /// dates and offsets are written with (`25:00`, `1h30`, `2026-13-01`). `me`, `2nd`, `2` are words.
    public static func looksMeant(_ word: String) -> Bool {
        var rest = Substring(word.lowercased())
        for b in Reminder.Base.allCases where rest.hasPrefix(b.rawValue) { rest = rest.dropFirst(b.rawValue.count) }
        guard let first = rest.first else { return false }
        if first == "+" || first == "-" {
            guard let next = rest.dropFirst().first else { return false }
            return next.isASCII && (next.isNumber || next == "p")
        }
        guard first.isASCII, first.isNumber, rest.count > 1 else { return false }
        return rest.allSatisfy { $0.isASCII && ($0.isNumber || ":.-+tzwdhmsap".contains($0)) }
    }

    /// `-1h` → `-PT1H`, `2d` → `P2D`, `-1h30m` → `-PT1H30M`, `1d2h` → `P1DT2H`; an ISO 8601
    /// duration as it is (upper case); nil otherwise (`+1h` too: see `refusal`). A zero offset is at
    /// the date, neither before nor after: `-0m` is `PT0M` as `0m` is (and `-PT0M` typed, `PT0M`).
    static func offset(_ s: String) -> String? {
        guard !s.hasPrefix("+") else { return nil }
        let negative = s.hasPrefix("-")
        var iso: String
        if let body = compound(negative ? String(s.dropFirst()) : s) {
            iso = (negative ? "-" : "") + body
        } else {
            iso = s.uppercased()
        }
        guard let d = try? Reminder.duration(iso) else { return nil }
        if d.negative, parts(d).isEmpty { iso.removeFirst() }
        return iso
    }

    /// The units typed, in the order they must come, each with its ISO 8601 designator.
    private static let units: [(typed: String, iso: Character)] =
        [("y", "Y"), ("mo", "M"), ("w", "W"), ("d", "D"), ("h", "H"), ("m", "M"), ("s", "S")]

    /// Numbers each with its unit, years, months, weeks, days, hours, minutes, seconds in that order and
    /// each once (`1h30m`, `90m`, `1d2h`, `2w`, `1mo`, `30s`), as the ISO 8601 duration tasknotes-spec
    /// §10.3 writes: `PT1H30M`, `PT90M`, `P1DT2H`, `P2W`, `P1M`, `PT30S` (weeks beside any other unit
    /// count as days: `2w3d` is `P17D`). Nil for anything else, or a number past `Int32.max`.
    static func compound(_ body: String) -> String? {
        var values = [Int?](repeating: nil, count: units.count)
        var next = 0, number = ""
        var rest = Substring(body)
        while let c = rest.first {
            if c.isASCII, c.isNumber {
                number.append(c)
                rest = rest.dropFirst()
                guard number.count <= 10 else { return nil }
                continue
            }
            // (`mo` is months, never minutes followed by an `o`.)
            guard let n = Int(number), n <= Int(Int32.max),
                  let k = units.indices[next...].first(where: { rest.hasPrefix(units[$0].typed) && !(units[$0].typed == "m" && rest.hasPrefix("mo")) })
            else { return nil }
            values[k] = n
            rest = rest.dropFirst(units[k].typed.count)
            next = k + 1
            number = ""
        }
        guard number.isEmpty, values.contains(where: { $0 != nil }) else { return nil }
        let (w, d) = (values[2], values[3])
        if let w, values.indices.allSatisfy({ $0 == 2 || values[$0] == nil }) { return "P\(w)W" }
        var date = (values[0].map { "\($0)Y" } ?? "") + (values[1].map { "\($0)M" } ?? "")
        if w != nil || d != nil {
            let days = (w ?? 0) * 7 + (d ?? 0)
            guard days <= Int(Int32.max) else { return nil }
            date += "\(days)D"
        }
        let time = (4..<7).compactMap { k in values[k].map { "\($0)\(units[k].iso)" } }.joined()
        return "P" + date + (time.isEmpty ? "" : "T" + time)
    }

    /// A duration's parts as typed, without its sign: `1y2mo`, `1w2d`, `1h30m`, `45s`; empty when it is zero.
    static func parts(_ d: ISODuration) -> String {
        [(d.years, "y"), (d.months, "mo"), (d.weeks, "w"), (d.days, "d"), (d.hours, "h"), (d.minutes, "m"), (d.seconds, "s")]
            .filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
    }

    /// An offset as it is typed: `-PT1H30M` → `-1h30m`, `P1D` → `1d`, `P1M` → `1mo`; nil when no short
    /// form reads back to the same text (`P1W2D` is typed `1w2d`, written `P9D`; `-PT0M`).
    public static func shortOffset(_ iso: String) -> String? {
        guard let d = try? ISODuration.parse(iso) else { return nil }
        let text = parts(d).isEmpty ? "0m" : (d.negative ? "-" : "") + parts(d)
        return offset(text) == iso ? text : nil
    }

    /// As it could be typed again (`parse` reads it back): `-1h30m`, `scheduled-1d`, `P1M`, `09:00`, `2026-11-25T09:00`.
    public var typed: String {
        switch self {
        case .clear: return "none"
        case .relative(let base, let offset): return (base == .scheduled ? "scheduled" : "") + (Self.shortOffset(offset) ?? offset)
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

    /// `-PT1H` from `due` in words: "1h before due", "1d2h after scheduled", "at due"; nil when not a duration.
    /// (Its parts run together as they are typed: `-1h30m` is "1h30m before due".)
    public static func relation(_ offset: String, to base: String) -> String? {
        guard let d = try? ISODuration.parse(offset) else { return nil }
        let parts = [(d.years, "y"), (d.months, "mo"), (d.weeks, "w"), (d.days, "d"), (d.hours, "h"), (d.minutes, "m"), (d.seconds, "s")]
            .filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        if parts.isEmpty { return "at \(base)" }
        return parts.joined() + (d.negative ? " before " : " after ") + base
    }

    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case noBase(Reminder.Base)
        case tooMany
        /// The task has a reminder firing as this one would (in words: "1h before due", "at 2026-11-25 09:00").
        case duplicate(String)
        public var description: String {
            switch self {
            case .noBase(let b): return "the reminder counts from \(b.rawValue), which the task does not have"
            case .tooMany: return "the task has \(Reminder.maxEntries) reminders already"
            case .duplicate(let what): return "the task already has a reminder \(what)"
            }
        }

        /// The refusal with what to do about a missing date, in the words of where it was typed:
        /// `hint` says how that place sets the date ("set --due first", "fill in Due first").
        public func said(hint: (Reminder.Base) -> String) -> String {
            guard case .noBase(let b) = self else { return description }
            return description + " (" + hint(b) + ")"
        }
    }

    /// The reminder this request adds to `t` (nil for `none`), with no id yet. A clock time falls on
    /// the due day, else the scheduled one, else is the next such time after `now`. Refused when it
    /// counts from a date `t` lacks (it could never ring: asked for now, that is a mistake to say), or
    /// when `t` has one firing as it would. `localTimes`: a time is written as the clock reads in
    /// `timeZone`, with its offset (`VaultProfile.reminderTimesLocal`); else in UTC.
    public func reminder(for t: TaskItem, now: Date, timeZone: TimeZone, localTimes: Bool = false) throws(Refusal) -> Reminder? {
        let reminder: Reminder
        switch self {
        case .clear:
            return nil
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
            reminder = .absolute(id: "", at: instant, localIn: localTimes ? timeZone : nil)
        case .at(let date):
            guard let instant = ReminderTrigger.instant(of: date, timeZone: timeZone) else { throw .noBase(.due) }
            reminder = .absolute(id: "", at: instant, localIn: localTimes ? timeZone : nil)
        }
        // (Named as the task has it: `-60m` typed over `-PT1H` is "1h before due".)
        if let had = t.reminders.first(where: { $0.firesAs(reminder, timeZone: timeZone) }) {
            let what = had.kind == .relative ? ReminderFireCheck.words(had)
                : "at " + (ReminderTrigger.instant(had, due: nil, scheduled: nil, timeZone: timeZone).map { ReminderFireCheck.local($0, timeZone) }
                    ?? had.absoluteTime ?? "")
            throw .duplicate(what)
        }
        return reminder
    }

    /// `t` with this reminder added, or its reminders cleared (`none`: every entry, those todomd
    /// cannot read too, so that it is the way out of a list that cannot be read).
    /// `reservedIDs`: ids the new reminder must not take besides those of `t`'s reminders.
    public func apply(to t: inout TaskItem, now: Date, timeZone: TimeZone, localTimes: Bool = false, reservedIDs: Set<String> = []) throws(Refusal) {
        guard var r = try reminder(for: t, now: now, timeZone: timeZone, localTimes: localTimes) else {
            t.reminders = []
            t.badReminders = 0
            return
        }
        guard t.reminders.count < Reminder.maxEntries else { throw .tooMany }
        r.id = Self.freshID(in: t, reserved: reservedIDs)
        t.reminders.append(r)
    }

    /// A new id no reminder of the task has (ids are unique within a task, §10.3.2). Past the
    /// entries todomd cannot read too, whose ids it does not know: one it wrote and a hand broke
    /// has one of the first ids (the list writer refuses an id one of them has, should it come).
    static func freshID(in t: TaskItem, reserved: Set<String>) -> String {
        let ids = reserved.union(t.reminders.map(\.id))
        var n = t.reminders.count + t.badReminders + 1
        while ids.contains("rem_\(n)") { n += 1 }
        return "rem_\(n)"
    }
}
