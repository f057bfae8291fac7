/// The days a rule falls on, from its start day on, one period at a time
/// (RFC 5545 §3.3.10, as python-dateutil and rrule.js read it: the start day
/// is an occurrence only when the rule matches it).
///
///     let r = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=-1FR")
///     RecurrenceExpansion.days(r, start: Day.parseISO("2026-11-01")!).prefix(3)
///     // 2026-11-27, 2026-12-25, 2027-01-29
public enum RecurrenceExpansion {
    /// Periods looked at before giving up on a rule that matches nothing
    /// (`BYMONTH=2;BYMONTHDAY=30`): about 400 years of months.
    static let maxEmptyPeriods = 5_000

    /// The last year an occurrence may fall in: dates are written with four
    /// digits, so a rule whose next day lies past 9999 has none to give.
    public static let lastYear = 9999
    static let lastDay = Day(year: lastYear, month: 12, day: 31)!

    /// The occurrences in order; `passedLastYear` tells, once it has ended,
    /// whether it stopped at `lastYear` rather than at the rule's own end.
    public struct Occurrences: Sequence, IteratorProtocol {
        let rule: RecurrenceRule
        let start: Day
        var period = 0
        var emptyRun = 0
        var buffer: [Day] = []
        var emitted = 0
        var done = false
        public private(set) var passedLastYear = false

        public mutating func next() -> Day? {
            while !done {
                if !buffer.isEmpty {
                    let d = buffer.removeFirst()
                    if let until = rule.until, d > until { done = true; return nil }
                    if let count = rule.count, emitted >= count { done = true; return nil }
                    emitted += 1
                    return d
                }
                guard emptyRun < maxEmptyPeriods else { done = true; return nil }
                // INTERVAL is at most 10,000 and the periods stop at year 9999,
                // so the step below stays far from overflowing.
                guard firstYear(rule, start: start, period: period) <= lastYear else { passedLastYear = true; done = true; return nil }
                buffer = candidates(rule, start: start, period: period).filter { $0 >= start && $0 <= lastDay }
                emptyRun = buffer.isEmpty ? emptyRun + 1 : 0
                period += 1
            }
            return nil
        }
    }

    public static func days(_ rule: RecurrenceRule, start: Day) -> Occurrences { Occurrences(rule: rule, start: start) }

    /// The year period `n` begins in.
    static func firstYear(_ r: RecurrenceRule, start: Day, period n: Int) -> Int {
        let step = n * r.interval
        switch r.frequency {
        case .daily: return start.adding(days: step).year
        case .weekly: return start.adding(days: step * 7 - 6).year
        case .monthly: return monthAfter(start.year, start.month, step).0
        case .yearly: return start.year + step
        }
    }

    /// What follows a day: the next occurrence, the rule's end, or the end of the calendar.
    public enum Following: Equatable, Sendable {
        case day(Day)
        case ended
        case pastLastYear
    }

    /// The first occurrence strictly after `day` that `excluded` does not hold.
    public static func following(_ rule: RecurrenceRule, start: Day, after day: Day, excluding excluded: Set<Day> = []) -> Following {
        var occurrences = days(rule, start: start)
        while let d = occurrences.next() {
            if d > day && !excluded.contains(d) { return .day(d) }
        }
        return occurrences.passedLastYear ? .pastLastYear : .ended
    }

    /// The first occurrence strictly after `day` that `excluded` does not hold.
    public static func next(_ rule: RecurrenceRule, start: Day, after day: Day, excluding excluded: Set<Day> = []) -> Day? {
        if case .day(let d) = following(rule, start: start, after: day, excluding: excluded) { return d }
        return nil
    }

    /// The days of one period (the `n`th day, week, month or year after the start's), in order.
    static func candidates(_ r: RecurrenceRule, start: Day, period n: Int) -> [Day] {
        let step = n * r.interval
        var days: [Day]
        switch r.frequency {
        case .daily:
            days = [start.adding(days: step)]
        case .weekly:
            let offset = (start.isoWeekday - r.weekStart + 7) % 7
            let weekStart = start.adding(days: step * 7 - offset)
            days = (0..<7).map { weekStart.adding(days: $0) }
        case .monthly:
            let (y, m) = monthAfter(start.year, start.month, step)
            days = (1...Day.daysIn(month: m, year: y)).map { Day(year: y, month: m, day: $0)! }
        case .yearly:
            let y = start.year + step
            days = (0..<(Day.isLeap(y) ? 366 : 365)).map { Day(year: y, month: 1, day: 1)!.adding(days: $0) }
        }
        let matched = days.filter { matches($0, r, start: start) }
        return applySetPos(matched, r.bySetPos)
    }

    static func monthAfter(_ y: Int, _ m: Int, _ k: Int) -> (Int, Int) {
        let index = y * 12 + (m - 1) + k
        return (index / 12, index % 12 + 1)
    }

    /// Whether `d` belongs to the rule inside its period (BYMONTH, BYMONTHDAY,
    /// BYDAY, and the start day's fields where the rule names none).
    static func matches(_ d: Day, _ r: RecurrenceRule, start: Day) -> Bool {
        let (y, m, dom) = d.components
        if !r.byMonth.isEmpty, !r.byMonth.contains(m) { return false }
        let monthLength = Day.daysIn(month: m, year: y)
        if !r.byMonthDay.isEmpty, !r.byMonthDay.contains(where: { $0 > 0 ? $0 == dom : monthLength + $0 + 1 == dom }) { return false }
        if !r.byDay.isEmpty {
            let inMonth = r.frequency == .monthly || (r.frequency == .yearly && !r.byMonth.isEmpty)
            guard r.byDay.contains(where: { weekdayMatches(d, $0, inMonth: inMonth, frequency: r.frequency) }) else { return false }
        }
        // Fields the rule leaves open come from the start day.
        switch r.frequency {
        case .daily: return true
        case .weekly: return !r.byDay.isEmpty || d.isoWeekday == start.isoWeekday
        case .monthly: return !r.byDay.isEmpty || !r.byMonthDay.isEmpty || dom == start.dayOfMonth
        case .yearly:
            if !r.byDay.isEmpty || !r.byMonthDay.isEmpty { return true }
            if !r.byMonth.isEmpty { return dom == start.dayOfMonth }
            return m == start.month && dom == start.dayOfMonth
        }
    }

    static func weekdayMatches(_ d: Day, _ w: RecurrenceRule.WeekdayNum, inMonth: Bool, frequency: RecurrenceRule.Frequency) -> Bool {
        guard d.isoWeekday == w.weekday else { return false }
        guard let ordinal = w.ordinal, frequency == .monthly || frequency == .yearly else { return true }
        let (y, m, dom) = d.components
        if inMonth {
            let length = Day.daysIn(month: m, year: y)
            return ordinal > 0 ? (dom - 1) / 7 + 1 == ordinal : (length - dom) / 7 + 1 == -ordinal
        }
        let dayOfYear = d.ordinal - Day(year: y, month: 1, day: 1)!.ordinal
        let length = Day.isLeap(y) ? 366 : 365
        return ordinal > 0 ? dayOfYear / 7 + 1 == ordinal : (length - 1 - dayOfYear) / 7 + 1 == -ordinal
    }

    static func applySetPos(_ days: [Day], _ positions: [Int]) -> [Day] {
        guard !positions.isEmpty, !days.isEmpty else { return days }
        var picked = Set<Day>()
        for p in positions {
            let i = p > 0 ? p - 1 : days.count + p
            if i >= 0, i < days.count { picked.insert(days[i]) }
        }
        return days.filter(picked.contains)
    }
}
