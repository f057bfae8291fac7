import Foundation

/// Dates and datetimes as tasknotes-spec §3 reads them in strict mode: a
/// calendar date `YYYY-MM-DD` that exists, or an instant
/// `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z` or an explicit offset. Anything
/// else (offset-less, space-separated, basic forms, impossible days or
/// times) is rejected.
public enum SpecDate: Equatable, Sendable {
    case date(Day)
    /// An instant, and the calendar date written in it (before any offset is applied).
    case datetime(Date, written: Day)

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case empty
        case invalid(String)
        public var description: String {
            switch self {
            case .empty: return "Invalid date: the value is empty"
            case .invalid(let v): return "Invalid date or datetime value: \"\(v)\" (expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ / ±HH:MM)"
            }
        }
    }

    public static func parse(_ text: String) throws -> SpecDate {
        let s = text.trimmingCharacters(in: .whitespaces)
        guard !s.isEmpty else { throw Failure.empty }
        let u = Array(s.utf8)
        guard u.count >= 10, let day = Day.parseISO(String(decoding: u[0..<10], as: UTF8.self)) else { throw Failure.invalid(text) }
        if u.count == 10 { return .date(day) }
        // THH:MM[:SS[.fff]] then Z or ±HH:MM
        func num(_ i: Int, _ n: Int) -> Int? {
            guard i + n <= u.count else { return nil }
            var v = 0
            for b in u[i..<(i + n)] { guard (0x30...0x39).contains(b) else { return nil }; v = v * 10 + Int(b - 0x30) }
            return v
        }
        guard u[10] == 0x54, let hh = num(11, 2), u.count > 13, u[13] == 0x3A, let mm = num(14, 2), hh < 24, mm < 60 else {
            throw Failure.invalid(text)
        }
        var i = 16
        var ss = 0
        if i < u.count, u[i] == 0x3A {
            guard let s2 = num(i + 1, 2), s2 < 60 else { throw Failure.invalid(text) }
            ss = s2
            i += 3
            if i < u.count, u[i] == 0x2E {
                var j = i + 1
                while j < u.count, (0x30...0x39).contains(u[j]) { j += 1 }
                guard j > i + 1 else { throw Failure.invalid(text) }
                i = j
            }
        }
        var offset = 0
        guard i < u.count else { throw Failure.invalid(text) }  // no offset: ambiguous local time
        if u[i] == 0x5A, i + 1 == u.count {
            offset = 0
        } else if u[i] == 0x2B || u[i] == 0x2D, i + 6 == u.count, let oh = num(i + 1, 2), u[i + 3] == 0x3A, let om = num(i + 4, 2),
                  oh <= 14, om < 60 {
            offset = (oh * 3600 + om * 60) * (u[i] == 0x2D ? -1 : 1)
        } else {
            throw Failure.invalid(text)
        }
        let seconds = day.ordinal * 86_400 + hh * 3600 + mm * 60 + ss - offset
        return .datetime(Date(timeIntervalSince1970: TimeInterval(seconds)), written: day)
    }

    /// The calendar date as written (a datetime's date part, offset not applied).
    public var writtenDay: Day {
        switch self {
        case .date(let d): return d
        case .datetime(_, let d): return d
        }
    }

    /// The day in `timeZone`: a date is itself; an instant falls on one day there.
    public func day(in timeZone: TimeZone) -> Day {
        switch self {
        case .date(let d): return d
        case .datetime(let instant, _): return Day.containing(instant, in: timeZone)
        }
    }

    /// Whether text carries a time of day (`T` then `HH:MM`), as §3 tells a datetime from a date.
    public static func hasTime(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count >= 6 else { return false }
        for i in 0...(u.count - 6) where u[i] == 0x54 {
            let d = { (k: Int) in (0x30...0x39).contains(u[k]) }
            if d(i + 1), d(i + 2), u[i + 3] == 0x3A, d(i + 4), d(i + 5) { return true }
        }
        return false
    }
}
