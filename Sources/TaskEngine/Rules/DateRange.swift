/// What a date condition matches: an inclusive range of local days
/// (either end open), the complement of one day (`not_equals`), or presence.
public enum DayMatch: Hashable, Sendable {
    case range(lo: Int?, hi: Int?)
    case notOn(Int)
    case present
    case absent
}

/// Resolves date conditions against "today": `on`, `before`, `after`,
/// `on_or_before`, `on_or_after`, `between`, `in_past`, `in_next`.
public enum DateRule {
    /// A day value: `"2026-11-21"` (or a date-time), `"yesterday"`, `"today"`, `"tomorrow"`.
    public static func day(_ value: JSONValue?, today: Day) -> Day? {
        guard let s = value?.string else { return nil }
        switch s.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: return Day.parseISO(s) ?? TaskDate(parsing: s)?.day
        }
    }

    public enum Unit: String, CaseIterable, Sendable { case days, weeks, months }

    /// The most units `in_past` / `in_next` may name: 100,000 days is 273 years.
    public static let maxUnits = 100_000

    public static func unit(_ text: String?) -> Unit? {
        guard let t = text?.lowercased() else { return .days }
        if let u = Unit(rawValue: t) { return u }
        return Unit(rawValue: t + "s")  // "day", "week", "month"
    }

    public static func shift(_ day: Day, by n: Int, _ unit: Unit) -> Day {
        switch unit {
        case .days: return day.adding(days: n)
        case .weeks: return day.adding(days: 7 * n)
        case .months: return day.adding(months: n)
        }
    }

    /// The match, or a reason the condition is skipped.
    public static func resolve(op: String, value: JSONValue?, unit: String?, today: Day) -> Result<DayMatch, RuleSkip> {
        switch op {
        case "is_nil": return .success(.absent)
        case "is_not_nil": return .success(.present)
        case "between":
            guard let pair = value?.array, pair.count == 2, let a = day(pair[0], today: today), let b = day(pair[1], today: today) else {
                return .failure(.badValue("between needs two days, [A, B]"))
            }
            return .success(.range(lo: a.ordinal, hi: b.ordinal))
        case "in_past", "in_next":
            // Bounded so that shifting today by it cannot overflow (a file may hold any number).
            guard let n = value?.int ?? value?.string.flatMap({ Int($0) }), n >= 0, n <= maxUnits else {
                return .failure(.badValue("\(op) needs a whole number of units from 0 to \(maxUnits)"))
            }
            guard let u = self.unit(unit) else { return .failure(.badValue("unknown unit \"\(unit ?? "")\"")) }
            let other = shift(today, by: op == "in_past" ? -n : n, u)
            return .success(op == "in_past" ? .range(lo: other.ordinal, hi: today.ordinal) : .range(lo: today.ordinal, hi: other.ordinal))
        default:
            guard ["on", "equals", "before", "after", "on_or_before", "on_or_after", "not_equals"].contains(op) else {
                return .failure(.unknownOperator)
            }
            guard let d = day(value, today: today)?.ordinal else {
                return .failure(.badValue("needs a day: YYYY-MM-DD, yesterday, today or tomorrow"))
            }
            switch op {
            case "on", "equals": return .success(.range(lo: d, hi: d))
            case "before": return .success(.range(lo: nil, hi: d - 1))
            case "after": return .success(.range(lo: d + 1, hi: nil))
            case "on_or_before": return .success(.range(lo: nil, hi: d))
            case "on_or_after": return .success(.range(lo: d, hi: nil))
            default: return .success(.notOn(d))
            }
        }
    }

    public static func matches(_ m: DayMatch, _ day: Int?) -> Bool {
        switch m {
        case .absent: return day == nil
        case .present: return day != nil
        case .notOn(let x): return day != x
        case .range(let lo, let hi):
            guard let d = day else { return false }
            return (lo.map { d >= $0 } ?? true) && (hi.map { d <= $0 } ?? true)
        }
    }
}

public enum RuleSkip: Error, Hashable, Sendable {
    case unknownField
    case unknownOperator
    case badValue(String)
    case unknownGroupOperator

    func message(_ c: RuleCondition) -> String {
        switch self {
        case .unknownField: return "unknown field \"\(c.field)\"; rule skipped"
        case .unknownOperator: return "unknown operator \"\(c.op)\" for \(c.field); rule skipped"
        case .badValue(let why): return "\(c.field) \(c.op): \(why); rule skipped"
        case .unknownGroupOperator: return "unknown group operator; group skipped"
        }
    }
}
