/// A task's `recurrence`, read as tasknotes-spec §4.3 defines it: an RRULE
/// (RFC 5545 property syntax) with an optional inline `DTSTART` first, or a
/// plain phrase people and other tools write (`daily`, `every 2 weeks`).
///
///     try RecurrenceRule(parsing: "DTSTART:20261123;FREQ=WEEKLY;BYDAY=MO,TH")
///     try RecurrenceRule(parsing: "every 2 weeks")   // FREQ=WEEKLY;INTERVAL=2
///
/// Only what a day-based task needs is supported: FREQ DAILY, WEEKLY,
/// MONTHLY, YEARLY; INTERVAL; BYDAY (with ordinals such as `1MO`, `-1FR` for
/// monthly and yearly rules); BYMONTHDAY (negative counts from the month's
/// end); BYMONTH; BYSETPOS; COUNT; UNTIL; WKST. Anything else is refused with
/// the reason, so a rule is never half understood.
///
/// Every number is range-checked as it is read, so no later arithmetic can
/// overflow: INTERVAL 1…10,000, COUNT 1…1,000,000, and the RFC 5545 ranges
/// BYMONTHDAY ±1…31, BYMONTH 1…12, BYSETPOS ±1…366, BYDAY ordinals ±1…53.
/// A number past its range (or past 64 bits) makes the rule invalid.
public struct RecurrenceRule: Hashable, Sendable {
    public enum Frequency: String, Sendable { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    /// A weekday (1 = Monday … 7 = Sunday, ISO) with an optional ordinal (`-1FR`: the last Friday).
    public struct WeekdayNum: Hashable, Sendable {
        public var ordinal: Int?
        public var weekday: Int
    }

    public var frequency: Frequency
    public var interval = 1
    public var byDay: [WeekdayNum] = []
    public var byMonthDay: [Int] = []
    public var byMonth: [Int] = []
    public var bySetPos: [Int] = []
    public var count: Int?
    public var until: Day?
    public var weekStart = 1
    /// The inline `DTSTART` (its day; a date-time keeps its text in `dtstartText`).
    public var dtstart: Day?
    public var dtstartText: String?
    /// The RRULE parts as written (without `DTSTART`), kept so a rewrite of
    /// `DTSTART` leaves the rest exactly as it was.
    public var ruleText: String

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The largest INTERVAL: every 10,000 days is 27 years, every 10,000 years past any date a file holds.
    public static let maxInterval = 10_000
    /// The largest COUNT.
    public static let maxCount = 1_000_000

    /// A whole number in `range`, nil for anything else (a sign, digits past 64 bits, a fraction).
    static func number(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
        guard let n = Int(text), range.contains(n) else { return nil }
        return n
    }

    static let weekdayCodes = ["MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6, "SU": 7]
    public static func weekdayCode(_ isoWeekday: Int) -> String { weekdayCodes.first { $0.value == isoWeekday }!.key }

    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let words = PlainRecurrence.rule(trimmed) { try self.init(parsing: words); return }
        // `RRULE:` prefixes and several lines (`DTSTART:…\nRRULE:…`) are accepted and folded into one.
        var parts: [String] = []
        for line in trimmed.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var l = line.trimmingCharacters(in: .whitespaces)
            if l.uppercased().hasPrefix("RRULE:") { l = String(l.dropFirst(6)) }
            parts += l.split(separator: ";").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var frequency: Frequency?
        var rule: [String] = []
        var result = RecurrenceRule(frequency: .daily, ruleText: "")
        for part in parts {
            // Error messages quote at most the start of what was written.
            let shown = BoundedQuote.prefix(part)
            if part.uppercased().hasPrefix("DTSTART:") || part.uppercased().hasPrefix("DTSTART;") {
                let value = String(part.split(separator: ":", maxSplits: 1).last ?? "")
                guard let day = Self.compactDay(value) else { throw Invalid(description: "DTSTART \(BoundedQuote.prefix(value)) is not a date (YYYYMMDD or YYYYMMDDTHHMMSSZ)") }
                result.dtstart = day
                result.dtstartText = value
                continue
            }
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, !kv[1].isEmpty else { throw Invalid(description: "\"\(shown)\" is not NAME=VALUE") }
            let (name, value) = (kv[0].uppercased(), kv[1].uppercased())
            rule.append(part)
            // ±1…`limit` (no `abs`: it traps on the smallest Int).
            func ints(_ limit: Int, allowNegative: Bool) throws -> [Int] {
                try value.split(separator: ",").map {
                    guard let n = Self.number($0, in: (allowNegative ? -limit : 1)...limit), n != 0 else {
                        throw Invalid(description: "\(shown): \(BoundedQuote.prefix($0)) is out of range (\(allowNegative ? "±" : "")1 to \(limit))")
                    }
                    return n
                }
            }
            switch name {
            case "FREQ":
                guard let f = Frequency(rawValue: value) else { throw Invalid(description: "\(shown) is not supported (DAILY, WEEKLY, MONTHLY or YEARLY)") }
                frequency = f
            case "INTERVAL":
                guard let n = Self.number(value, in: 1...Self.maxInterval) else {
                    throw Invalid(description: "\(shown) must be a whole number from 1 to \(Self.maxInterval)")
                }
                result.interval = n
            case "COUNT":
                guard let n = Self.number(value, in: 1...Self.maxCount) else {
                    throw Invalid(description: "\(shown) must be a whole number from 1 to \(Self.maxCount)")
                }
                result.count = n
            case "UNTIL":
                guard let d = Self.compactDay(value) else { throw Invalid(description: "\(shown) is not a date") }
                result.until = d
            case "BYDAY":
                result.byDay = try value.split(separator: ",").map { item in
                    let code = String(item.suffix(2))
                    guard let wd = Self.weekdayCodes[code] else { throw Invalid(description: "\(shown): \(BoundedQuote.prefix(item)) is not a weekday") }
                    let ord = item.dropLast(2)
                    if ord.isEmpty { return WeekdayNum(ordinal: nil, weekday: wd) }
                    guard let n = Self.number(ord, in: -53...53), n != 0 else {
                        throw Invalid(description: "\(shown): \(BoundedQuote.prefix(item)) has a bad ordinal (±1 to 53)")
                    }
                    return WeekdayNum(ordinal: n, weekday: wd)
                }
            case "BYMONTHDAY": result.byMonthDay = try ints(31, allowNegative: true)
            case "BYMONTH": result.byMonth = try ints(12, allowNegative: false)
            case "BYSETPOS": result.bySetPos = try ints(366, allowNegative: true)
            case "WKST":
                guard let wd = Self.weekdayCodes[value] else { throw Invalid(description: "\(shown) is not a weekday") }
                result.weekStart = wd
            default:
                throw Invalid(description: "\(BoundedQuote.prefix(name)) is not supported")
            }
        }
        guard let frequency else { throw Invalid(description: "FREQ is missing") }
        if result.count != nil && result.until != nil { throw Invalid(description: "COUNT and UNTIL cannot both be given") }
        if frequency == .daily || frequency == .weekly, result.byDay.contains(where: { $0.ordinal != nil }) {
            throw Invalid(description: "BYDAY ordinals (like 1MO) need FREQ=MONTHLY or YEARLY")
        }
        result.frequency = frequency
        result.ruleText = rule.joined(separator: ";")
        self = result
    }

    init(frequency: Frequency, ruleText: String) {
        self.frequency = frequency
        self.ruleText = ruleText
    }

    /// `20261123` or `20261123T090000Z` (the day part).
    static func compactDay(_ s: String) -> Day? {
        let digits = s.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isNumber), let y = Int(digits.prefix(4)),
              let m = Int(digits.dropFirst(4).prefix(2)), let d = Int(digits.suffix(2)) else { return nil }
        let rest = s.dropFirst(8)
        if !rest.isEmpty {
            let t = Array(rest)
            guard t.count >= 7, t[0] == "T" || t[0] == "t", t[1...6].allSatisfy(\.isNumber), t.count == 7 || (t.count == 8 && (t[7] == "Z" || t[7] == "z")) else { return nil }
        }
        return Day(year: y, month: m, day: d)
    }

    static func compact(_ day: Day) -> String { day.iso.replacingOccurrences(of: "-", with: "") }

    /// The rule as stored: `DTSTART:…;` then the RRULE parts as written.
    public var text: String { (dtstartText.map { "DTSTART:\($0);" } ?? "") + ruleText }

    /// The same rule with `DTSTART` set to a day (§4.4.3: date-only form).
    public func withStart(_ day: Day) -> RecurrenceRule {
        var r = self
        r.dtstart = day
        r.dtstartText = Self.compact(day)
        return r
    }
}

import Foundation
