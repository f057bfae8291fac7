import Foundation

/// A local calendar day, stored as the number of days since 1970-01-01
/// (proleptic Gregorian). Comparing two days is comparing two integers,
/// which keeps rule evaluation cheap.
///
///     Day(year: 2026, month: 11, day: 21)!.adding(months: -1)   // 2026-10-21
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let ordinal: Int

    public init(ordinal: Int) { self.ordinal = ordinal }

    /// Nil when the date does not exist (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        ordinal = Day.daysFromCivil(year, month, day)
    }

    public var components: (year: Int, month: Int, day: Int) { Day.civilFromDays(ordinal) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var dayOfMonth: Int { components.day }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var isoWeekday: Int {
        let w = (ordinal + 3) % 7  // 1970-01-01 was a Thursday (ISO 4)
        return (w < 0 ? w + 7 : w) + 1
    }

    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// Calendar months; a day that does not exist clamps to the month's last day
    /// (2026-03-31 − 1 month = 2026-02-28).
    public func adding(months: Int) -> Day {
        let (y, m, d) = components
        let total = y * 12 + (m - 1) + months
        let ny = Int((Double(total) / 12).rounded(.down))
        let nm = total - ny * 12 + 1
        return Day(ordinal: Day.daysFromCivil(ny, nm, min(d, Day.daysIn(month: nm, year: ny))))
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let (y, m, d) = components
        // Written digit by digit: `String(format:)` looks up how to format its arguments each
        // time (the first time, a scan of every conformance in the binary, which every command would pay).
        // Outside 0…9999 as `%04d` would write it (`-001`, `10000`), without `String(format:)`,
        // which prints garbage for a year past 32 bits.
        guard (0...9999).contains(y) else {
            let digits = String(y.magnitude), width = y < 0 ? 3 : 4
            let year = (y < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
            return year + (m < 10 ? "-0" : "-") + String(m) + (d < 10 ? "-0" : "-") + String(d)
        }
        let digit = { (n: Int) in UInt8(ascii: "0") + UInt8(n) }
        let bytes: [UInt8] = [digit(y / 1000), digit(y / 100 % 10), digit(y / 10 % 10), digit(y % 10), UInt8(ascii: "-"),
                              digit(m / 10), digit(m % 10), UInt8(ascii: "-"), digit(d / 10), digit(d % 10)]
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { iso }

    public static func < (a: Day, b: Day) -> Bool { a.ordinal < b.ordinal }

    /// Parses exactly `YYYY-MM-DD`.
    public static func parseISO(_ text: some StringProtocol) -> Day? {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D,
              let y = digits(u, 0, 4), let m = digits(u, 5, 2), let d = digits(u, 8, 2) else { return nil }
        return Day(year: y, month: m, day: d)
    }

    /// The local day containing `date` in `timeZone`.
    public static func containing(_ date: Date, in timeZone: TimeZone = .current) -> Day {
        let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        return Day(ordinal: floorDiv(seconds, 86_400))
    }

    public static func today(in timeZone: TimeZone = .current) -> Day { containing(Date(), in: timeZone) }

    /// The instant this day starts in `timeZone`.
    public func start(in timeZone: TimeZone = .current) -> Date {
        let utc = Double(ordinal) * 86_400
        let guess = Date(timeIntervalSince1970: utc)
        return Date(timeIntervalSince1970: utc - Double(timeZone.secondsFromGMT(for: guess)))
    }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's civil-calendar algorithms.
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = (m + 9) % 12
        let doy = (153 * mp + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

/// Reads `count` ASCII digits at `start`, nil if any is not a digit.
func digits<Bytes: RandomAccessCollection<UInt8>>(_ u: Bytes, _ start: Int, _ count: Int) -> Int? where Bytes.Index == Int {
    guard start + count <= u.count else { return nil }
    var v = 0
    for i in start..<(start + count) {
        let c = u[i]
        guard c >= 0x30, c <= 0x39 else { return nil }
        v = v * 10 + Int(c - 0x30)
    }
    return v
}
