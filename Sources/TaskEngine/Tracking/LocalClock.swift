import Foundation

/// A date and time as a wall clock reads it, without a zone: how TaskNotes'
/// plugin writes an absolute reminder (`2026-11-30T08:00:00`, from its date and
/// time inputs) and reads it back (as local time). The spec's strict reading
/// (`SpecDate`) asks for a zone; this reads and writes what the plugin does.
enum LocalClock {
    static let utc = TimeZone(identifier: "UTC")!

    /// `2026-11-30T08:00[:00[.fff]]` with no zone, as the clock in `timeZone` reads: the instant then
    /// (a time a clock change skips is moved past the gap, as `Calendar` does). Nil for anything else,
    /// a time with a zone too (that is an instant already: `TimeEntry.instant`).
    static func instant(_ text: String, in timeZone: TimeZone) -> Date? {
        // The same strict shape as a zoned time, read as if in UTC: its written date and clock.
        guard text.utf8.count <= 64, text.utf8.last.map({ $0 >= 0x30 && $0 <= 0x39 }) == true,
              case .datetime(let asUTC, let day)? = try? SpecDate.parse(text + "Z") else { return nil }
        let clock = Int(asUTC.timeIntervalSince1970) - day.ordinal * 86_400
        let (y, m, d) = day.components
        var c = DateComponents()
        (c.year, c.month, c.day) = (y, m, d)
        (c.hour, c.minute, c.second) = (clock / 3600, clock / 60 % 60, clock % 60)
        return ReminderTrigger.calendar(timeZone).date(from: c)
    }

    /// `instant` as the clock in `timeZone` reads it, with that zone's offset then: `2026-11-30T08:00:00+01:00`.
    static func written(_ instant: Date, in timeZone: TimeZone) -> String {
        let whole = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
        let offset = timeZone.secondsFromGMT(for: whole)
        guard offset % 60 == 0 else { return TimeEntry.canonical(whole) }  // (an offset in seconds, as old local mean times have: none writes it)
        let local = TimeEntry.canonical(whole.addingTimeInterval(TimeInterval(offset)))  // (`…Z`: its clock is the local one)
        let sign = offset < 0 ? "-" : "+", a = abs(offset)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return local.dropLast() + sign + two(a / 3600) + ":" + two(a / 60 % 60)
    }
}
