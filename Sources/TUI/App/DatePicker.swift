import TaskEngine

public enum CalendarAction: Hashable, Sendable {
    /// A day (±1) or a week (±7).
    case move(Int)
    /// A month back or on.
    case month(Int)
    case today
    /// The next (or previous) comparison: on, before, after, …, between.
    case comparison(Int)
    case pick
    /// Between the calendar and the relative choices.
    case switchSide
    case cancel
}

/// The date picker of a date rule: a month calendar beside the relative
/// choices ("In the next 7 days"), with what the rule would match previewed
/// while the cursor moves. Pure state; the view draws it.
public struct DatePicker: Hashable, Sendable {
    public static let comparisons: [(label: String, op: String)] = [
        ("on", "on"), ("before", "before"), ("after", "after"), ("on or before", "on_or_before"),
        ("on or after", "on_or_after"), ("between", "between"),
    ]

    public enum Side: Hashable, Sendable { case calendar, relative }

    public var field: String
    public var cursor: Day
    public var comparison: Int
    /// The first pick of a `between` (the start), waiting for the end.
    public var start: Day?
    public var side: Side = .calendar
    /// The relative choices (and typed forms such as "next 10 days").
    public var relative: Picker
    /// Why the last Enter did not pick (an end before its start).
    public var problem: String?

    public enum Outcome: Hashable, Sendable {
        case open, cancelled
        case condition(RuleCondition)
    }

    /// Opens on what the condition says: its day (or range) and comparison, else today.
    public init(_ c: RuleCondition, today: Day, relative: Picker) {
        field = c.field
        self.relative = relative
        cursor = today
        comparison = 0
        func day(_ v: JSONValue?) -> Day? { DateRule.day(v, today: today) }
        if let i = RuleCatalog.dateChoices.firstIndex(where: { $0.1 == c.op && $0.2 == c.value && $0.3 == c.unit }) {
            // A relative rule ("today", "in the next 7 days") opens on its choice, and the comparison
            // line says the rule's own ("on or before today": [on or before], not the first one).
            side = .relative
            self.relative.cursor = i
            if let j = DatePicker.comparisons.firstIndex(where: { $0.op == c.op }) { comparison = j }
        } else if ["in_past", "in_next"].contains(c.op) {
            side = .relative
        } else if c.op == "between", let pair = c.value?.array, pair.count == 2, let a = day(pair[0]) {
            // The range as it is: its start marked, the cursor on its end (Enter keeps it, moving changes the end).
            comparison = DatePicker.comparisons.firstIndex { $0.op == "between" }!
            start = a
            cursor = max(a, day(pair[1]) ?? a)
        } else if let i = DatePicker.comparisons.firstIndex(where: { $0.op == c.op }), let d = day(c.value) {
            comparison = i
            cursor = d
        }
    }

    public var op: String { DatePicker.comparisons[comparison].op }

    /// The rule the picker would make now: the cursor's day (or the start to
    /// the cursor), or the highlighted relative choice. Nil when there is none.
    public func candidate(today: Day) -> RuleCondition? {
        switch side {
        case .calendar:
            if op == "between" {
                let (a, b) = start.map { ($0, cursor) } ?? (cursor, cursor)
                guard a <= b else { return nil }
                return RuleCondition(field: field, op: "between", value: .array([.string(a.iso), .string(b.iso)]))
            }
            return RuleCondition(field: field, op: op, value: .string(cursor.iso))
        case .relative:
            let shown = relative.visible
            guard shown.indices.contains(relative.cursor), let i = relative.options[shown[relative.cursor]].value.int,
                  RuleCatalog.dateChoices.indices.contains(i) else { return nil }
            let choice = RuleCatalog.dateChoices[i]
            return RuleCondition(field: field, op: choice.1, value: choice.2, unit: choice.3)
        }
    }

    public mutating func apply(_ a: CalendarAction, today: Day) -> Outcome {
        problem = nil
        switch a {
        case .cancel: return .cancelled
        case .switchSide: side = side == .calendar ? .relative : .calendar
        case .move(let n): cursor = cursor.adding(days: n)
        case .month(let n): cursor = cursor.adding(months: n)
        case .today: cursor = today
        case .comparison(let n):
            let count = DatePicker.comparisons.count
            comparison = ((comparison + n) % count + count) % count
            if op != "between" { start = nil }
        case .pick:
            if side == .relative {
                guard let c = candidate(today: today) else { return .open }
                return .condition(c)
            }
            if op == "between" {
                guard let a = start else {
                    start = cursor
                    return .open
                }
                guard a <= cursor else {
                    problem = "The end (\(DayLabel.short(cursor, today: today))) is before the start (\(DayLabel.short(a, today: today))): pick a later day."
                    return .open
                }
            }
            return candidate(today: today).map(Outcome.condition) ?? .open
        }
        return .open
    }

    /// "Due between 24 Nov – 30 Nov", "Due on or before 24 Nov", "Due in the next 7 days → 23 Nov – 30 Nov".
    public func preview(today: Day, keys: Keymap) -> String {
        let name = RuleDescriber.fieldNames[field] ?? field
        func d(_ day: Day) -> String { DayLabel.short(day, today: today) }
        if side == .calendar {
            if op == "between" {
                guard let a = start else { return "\(name) between \(d(cursor)) – …" + keys.clause("  (", "calendar-pick", "marks the start", ")", in: [.calendar]) }
                return "\(name) between \(d(a)) – \(d(cursor))"
            }
            return "\(name) \(DatePicker.comparisons[comparison].label) \(d(cursor))"
        }
        return candidate(today: today).map { RuleDescriber.describe($0, today: today) } ?? "\(name): nothing chosen"
    }
}
