import TaskEngine

/// The editor's lists: the rule types to add, how a rule compares, and the
/// control that edits a rule's value (the date picker's relative choices too).
public enum RuleCatalog {
    /// "Add a rule": every rule type with its glyph, then the three groups.
    public static var typePicker: Picker {
        Picker(title: "Add a rule (type to filter)", options: RuleTypes.kinds.enumerated().map { .init("\($0.element.icon)  \($0.element.label)", .int($0.offset)) })
    }

    /// How a rule compares: every operator its field allows, the current one chosen.
    public static func operatorPicker(for c: RuleCondition) -> Picker? {
        let ops = RuleTypes.operators(field: c.field)
        guard !ops.isEmpty else { return nil }
        let options = ops.enumerated().map { Picker.Option("\(RuleTypes.icon(field: c.field, op: $0.element.op))  \($0.element.label)", .int($0.offset)) }
        var p = Picker(title: "How the rule compares", options: options)
        if let i = RuleTypes.currentOperator(of: c) { (p.cursor, p.current) = (i, i) }
        return p
    }

    /// Whether the condition is edited with the date picker (a date field compared with a day or a range).
    public static func usesDatePicker(_ c: RuleCondition) -> Bool {
        RuleField.named(c.field)?.isDate == true && !["is_nil", "is_not_nil"].contains(c.op)
    }

    static let dateChoices: [(String, String, JSONValue?, String?)] = [
        ("On yesterday", "on", .string("yesterday"), nil), ("On today", "on", .string("today"), nil),
        ("On tomorrow", "on", .string("tomorrow"), nil), ("Before today", "before", .string("today"), nil),
        ("After today", "after", .string("today"), nil), ("On or before today", "on_or_before", .string("today"), nil),
        ("On or after today", "on_or_after", .string("today"), nil),
        ("In the past 7 days", "in_past", .int(7), "days"), ("In the past 4 weeks", "in_past", .int(4), "weeks"),
        ("In the past 1 month", "in_past", .int(1), "months"), ("In the next 7 days", "in_next", .int(7), "days"),
        ("In the next 14 days", "in_next", .int(14), "days"), ("In the next 2 weeks", "in_next", .int(2), "weeks"),
        ("In the next 1 month", "in_next", .int(1), "months"),
    ]

    /// The control for a condition's value (nil: nothing to edit).
    public static func valuePicker(for c: RuleCondition, index: TaskIndex, today: Day) -> Picker? {
        // The controls are for the names the editor writes; a hand-written alias (`tag`) keeps its value as it is.
        guard let field = RuleField.stored(c.field) else { return nil }
        return valuePicker(for: c, on: field, index: index, today: today)
    }

    /// The control `field`'s record names for the condition's value.
    static func valuePicker(for c: RuleCondition, on field: RuleField, index: TaskIndex, today: Day) -> Picker? {
        func existing(_ f: TaskField) -> [Picker.Option] { index.values(of: f).map { .init($0, .string($0)) } }
        func chosen(_ options: [Picker.Option]) -> Set<Int> {
            let current = c.value?.array ?? c.value.map { [$0] } ?? []
            return Set(options.indices.filter { current.contains(options[$0].value) })
        }
        guard let control = field.editor.picker else { return nil }
        switch control {
        case .choice(let words):
            let options = words.map { Picker.Option($0, .string($0)) }
            return Picker(title: field.label,
                          options: options, multi: c.op == "in", chosen: chosen(options))
        case .yesNo:
            return Picker(title: "Value", options: [.init("Yes", .bool(true)), .init("No", .bool(false))])
        case .existing(let f, list: false):
            let options = existing(f)
            return Picker(title: "\(field.label) (type to filter or enter a new one)", options: options,
                          multi: c.op == "in", chosen: chosen(options), allowsTyped: true)
        case .existing(let f, list: true):
            guard c.op != "is_nil" && c.op != "is_not_nil" else { return nil }
            let options = existing(f)
            let multi = c.op != "contains"
            return Picker(title: "\(field.label) (type a new one)", options: options, multi: multi,
                          chosen: chosen(options), allowsTyped: true)
        case .minutes:
            guard c.op == "less_than" || c.op == "greater_than" else { return nil }
            // Tracked time in the words rules as text write it (`2h`, `1h30m`), an estimate in minutes.
            let tracked = field.isTracked
            let minutes = tracked ? (c.op == "less_than" ? [15, 30, 60, 120] : [30, 60, 120, 240])
                : c.op == "less_than" ? [5, 15, 30, 60] : [15, 30, 60, 120]
            let options = minutes.map { Picker.Option(tracked ? TrackedTime.written(minutes: $0) : "\($0) minutes", .int($0)) }
            return Picker(title: tracked ? "Time (or type 3h, 1h30m, 90m)" : "Minutes (or type 90, 1h30m)", options: options, allowsTyped: true)
        case .text:
            return Picker(title: "Text to find (ignores case and accents)", options: [], allowsTyped: true)
        case .dates:
            guard !["is_nil", "is_not_nil"].contains(c.op) else { return nil }
            let options = dateChoices.enumerated().map { i, choice -> Picker.Option in
                var probe = RuleCondition(field: c.field, op: choice.1, value: choice.2, unit: choice.3)
                probe.enabled = true
                let resolved = RuleDescriber.describe(probe, today: today)
                let arrow = resolved.components(separatedBy: "→").dropFirst().first.map { " →" + $0 } ?? ""
                return Picker.Option(choice.0 + arrow, .int(i))
            }
            return Picker(title: "Relative (or type: next 10 days, before 2026-12-01)",
                          options: options, allowsTyped: true)
        }
    }

    /// Applies a picked or typed value to the condition; nil when the typed text makes no sense.
    /// (Date rules are not edited here: the date picker makes their operator and value.)
    public static func apply(_ outcome: Picker.Outcome, to c: RuleCondition) -> RuleCondition? {
        var c = c
        let control = RuleField.stored(c.field)?.editor.picker
        let holdsList = if case .existing(_, list: true)? = control { true } else { false }
        switch outcome {
        case .picked(let values):
            if holdsList && c.op != "contains" || c.op == "in" {
                c.value = .array(values)
            } else {
                c.value = values.first
            }
        case .typed(let text):
            if control == .minutes {
                // (A bare number is minutes; `3h`, `1h30m`, `90m` as rules as text read them.)
                guard let n = TrackedTime.minutes(text.trimmingCharacters(in: .whitespaces)) else { return nil }
                c.value = .int(n)
            } else if holdsList && c.op != "contains" {
                c.value = .array((c.value?.array ?? []) + [.string(text)])
            } else {
                c.value = c.op == "in" ? .array((c.value?.array ?? []) + [.string(text)]) : .string(text)
            }
        default: return nil
        }
        return c
    }

    /// "before 2026-12-01", "on_or_after today", "next 10 days", "past 2 weeks", "between A B", "2026-12-24".
    static func typedDate(_ text: String, _ c: RuleCondition, today: Day) -> RuleCondition? {
        var c = c
        let words = text.lowercased().split(separator: " ").map(String.init)
        func day(_ s: String) -> JSONValue? {
            if ["today", "yesterday", "tomorrow"].contains(s) { return .string(s) }
            return DateInput.parse(s, today: today).map { .string($0.iso) }
        }
        let ops = ["on": "on", "before": "before", "after": "after", "on_or_before": "on_or_before", "on_or_after": "on_or_after"]
        if words.count == 1, let d = day(words[0]) {
            c.op = "on"; c.value = d; c.unit = nil
        } else if words.count == 2, let op = ops[words[0]], let d = day(words[1]) {
            c.op = op; c.value = d; c.unit = nil
        } else if words.count == 3, words[0] == "between", let a = day(words[1]), let b = day(words[2]) {
            c.op = "between"; c.value = .array([a, b]); c.unit = nil
        } else if words.count == 3, ["next", "past"].contains(words[0]), let n = Int(words[1]), n >= 0, let unit = DateRule.unit(words[2]) {
            c.op = words[0] == "next" ? "in_next" : "in_past"; c.value = .int(n); c.unit = unit.rawValue
        } else {
            return nil
        }
        return c
    }
}
