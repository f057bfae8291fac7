import Foundation

/// A reminder in the words a person types in the form's Remind field, and
/// back: `-1h`, `scheduled-1d`, `9am 2 Dec` rather than the file's `-PT1H`
/// and `2026-12-02T09:00:00Z`. An offset is shown part by part as the file
/// writes it (`-PT1H30M` is `-1h30m`, `-P1M` is `-1mo`, `-PT45S` is `-45s`);
/// a time that is no whole minute is shown as the file holds it.
public enum ReminderTyping {
    /// "-1h", "30m", "scheduled-2d", "-1w", "9am 2 Dec", "9:30pm 3 Jan 2027" (the year said when the day
    /// is past or in another year, so typing it again names the same day).
    public static func shown(_ r: Reminder, today: Day, timeZone: TimeZone) -> String {
        switch r.kind {
        case .relative:
            let base = r.relatedTo == Reminder.Base.scheduled.rawValue ? "scheduled" : ""
            guard let offset = r.offset else { return base }
            return base + (short(offset) ?? offset)
        case .absolute:
            guard let text = r.absoluteTime else { return "" }
            guard let at = try? Reminder.instant(text, localIn: timeZone), Int(at.timeIntervalSince1970) % 60 == 0 else { return text }
            let (day, _) = ReminderListing.local(at, timeZone: timeZone)
            let seconds = Int(at.timeIntervalSince1970) + timeZone.secondsFromGMT(for: at) - day.ordinal * 86_400
            let h = seconds / 3600 % 24, m = seconds / 60 % 60
            let clock = "\(h % 12 == 0 ? 12 : h % 12)" + (m == 0 ? "" : ":\(m < 10 ? "0" : "")\(m)") + (h < 12 ? "am" : "pm")
            let year = day.year != today.year || day < today ? " \(day.year)" : ""
            return "\(clock) \(day.dayOfMonth) \(DayLabel.monthNames[day.month - 1].prefix(3))\(year)"
        }
    }

    /// `-PT1H` → `-1h`, `-PT1H30M` → `-1h30m`, `-PT90M` → `-90m`, `-P1DT2H` → `-1d2h`, `-P1M` → `-1mo`,
    /// `-PT45S` → `-45s`, `-PT0M` → `0m` (at the date: no before or after): each part as written, which
    /// `ReminderRequest` reads back to a reminder firing at the same instant (`1w2d` is written `P9D`).
    /// Nil for what is no duration.
    static func short(_ offset: String) -> String? {
        guard let d = try? ISODuration.parse(offset) else { return nil }
        let parts = ReminderRequest.parts(d)
        return parts.isEmpty ? "0m" : (d.negative ? "-" : "") + parts
    }

    /// What a typed item asks for: any form `ReminderRequest.parse` reads, or a time with a day
    /// as quick add writes them (`9am 2 Dec`, `2 Dec 14:30`, `9am tomorrow`, `3pm 5 Jan 2027`).
    public static func request(_ typed: String, today: Day, timeZone: TimeZone) -> ReminderRequest? {
        if let r = ReminderRequest.parse(typed, timeZone: timeZone) { return r }
        let w = typed.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard (2...8).contains(w.count) else { return nil }
        var found: (day: Day, time: QuickAddDates.Time)?
        if let (t, n) = QuickAddDates.time(w, 0), let (d, k) = QuickAddDates.day(w, n, today: today), n + k == w.count {
            found = (d, t)
        } else if let (d, k) = QuickAddDates.day(w, 0, today: today), let (t, n) = QuickAddDates.time(w, k), n + k == w.count {
            found = (d, t)
        }
        guard let (day, time) = found else { return nil }
        let two = { (n: Int) in (n < 10 ? "0" : "") + "\(n)" }
        return TaskDate(parsing: "\(day.iso)T\(two(time.hour)):\(two(time.minute))", timeZone: timeZone).map { .at($0) }
    }
}
