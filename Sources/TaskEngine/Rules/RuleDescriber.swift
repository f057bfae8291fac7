/// Rules in words, with relative dates resolved: for the editor and for
/// `todomd explain`. ("Due in the next 7 days → 22 Nov – 29 Nov")
public enum RuleDescriber {
    /// Each field's name in words, by its stored name (aliases too).
    public static let fieldNames: [String: String] = RuleField.byName.mapValues(\.label)

    static let dateOps: [String: String] = [
        "on": "on", "equals": "on", "before": "before", "after": "after", "on_or_before": "on or before",
        "on_or_after": "on or after", "not_equals": "not on",
    ]

    public static func describe(_ node: RuleNode, today: Day) -> String {
        switch node {
        case .group(let g):
            let label = g.kind?.label ?? "Unknown group \"\(g.operatorText)\" (skipped)"
            return g.enabled ? label : label + " (off)"
        case .condition(let c):
            let text = describe(c, today: today)
            return c.enabled ? text : text + " (off)"
        }
    }

    public static func describe(_ c: RuleCondition, today: Day) -> String {
        guard let field = RuleField.named(c.field) else { return unknown(c, .unknownField) }
        return describe(c, on: field, today: today)
    }

    static func unknown(_ c: RuleCondition, _ skip: RuleSkip) -> String {
        "Unknown rule: \(c.field) \(c.op) \(c.value.map(show) ?? "") (skipped: \(skip.message(c)))"
    }

    /// A condition on `field` in the words its record gives.
    static func describe(_ c: RuleCondition, on field: RuleField, today: Day) -> String {
        if case .failure(let skip) = ConditionCompiler.test(c, on: field, today: today) { return unknown(c, skip) }
        let name = field.label
        let v = c.value.map(show) ?? ""
        switch field.words {
        case .choice:
            switch c.op {
            case "in": return "\(name) is \(list(c.value, joiner: "or"))"
            case "not_in": return "\(name) is not \(list(c.value, joiner: "or"))"
            case "not_equals": return "\(name) is not \(plain(c.value))"
            default: return "\(name) is \(plain(c.value))"
            }
        case .flag(let yes, let no):
            return (c.value?.bool ?? true) == (c.op == "equals") ? yes : no
        case .flagAnd(let yes, let no, let others):
            return others[c.op] ?? ((c.value?.bool ?? true) == (c.op == "equals") ? yes : no)
        case .list(let w):
            switch c.op {
            case "is_nil": return w.empty
            case "is_not_nil": return w.notEmpty
            case "contains_all": return "\(w.all) \(list(c.value, joiner: "and"))"
            case "not_contains": return "\(w.none) \(list(c.value, joiner: "or"))"
            default: return "\(w.some) \(c.value?.array == nil ? plain(c.value) : "any of " + list(c.value, joiner: "or"))"
            }
        case .tracked:
            switch c.op {
            case "is_nil": return "Has no tracked time"
            case "is_not_nil": return "Has tracked time"
            case "this_week": return "Tracked this week"
            default: return "Tracked \(c.op == "less_than" ? "less" : "more") than \(TrackedTime.written(minutes: c.value?.int ?? 0))"
            }
        case .minutes:
            switch c.op {
            case "is_nil": return "Has no estimated time"
            case "is_not_nil": return "Has estimated time"
            case "less_than": return "Estimated time less than \(v) min"
            case "greater_than": return "Estimated time greater than \(v) min"
            case "not_equals": return "Estimated time is not \(v) min"
            default: return "Estimated time is \(v) min"
            }
        case .date(let noun):
            return describeDate(c, name: name, noun: noun + " date", today: today)
        case .value(let isSet?, _) where c.op == "is_not_nil": return isSet
        case .value(_, let notSet?) where c.op == "is_nil": return notSet
        case .value:
            let lower = name.lowercased()
            switch c.op {
            case "is_nil": return "Has no \(lower)"
            case "is_not_nil": return "Has \(["a", "e", "i", "o", "u"].contains(lower.prefix(1)) ? "an" : "a") \(lower)"
            case "within": return "Is in \(lower) \(v) (or below it)"
            case "in": return "\(name) is one of \(list(c.value, joiner: "or"))"
            case "not_in": return "\(name) is none of \(list(c.value, joiner: "or"))"
            case "not_equals": return "\(name) does not equal \(v)"
            case "string_contains", "contains": return "\(name) contains \(v)"
            case "not_contains": return "\(name) does not contain \(v)"
            default: return "\(name) equals \(v)"
            }
        }
    }

    static func describeDate(_ c: RuleCondition, name: String, noun: String, today: Day) -> String {
        switch c.op {
        case "is_nil": return "Has no \(noun)"
        case "is_not_nil": return "Has a \(noun)"
        default: break
        }
        guard case .success(let match) = DateRule.resolve(op: c.op, value: c.value, unit: c.unit, today: today) else {
            return "\(name) \(c.op)"
        }
        let resolved = resolvedText(match, today: today)
        switch c.op {
        case "in_past", "in_next":
            let n = c.value?.int ?? Int(c.value?.string ?? "") ?? 0
            var unit = DateRule.unit(c.unit)?.rawValue ?? "days"
            if n == 1 { unit.removeLast() }
            return "\(name) in the \(c.op == "in_past" ? "past" : "next") \(n) \(unit) → \(resolved)"
        case "between":
            let pair = c.value?.array ?? []
            return "\(name) between \(pair.map(plain).joined(separator: " and ")) → \(resolved)"
        default:
            return "\(name) \(dateOps[c.op] ?? c.op) \(plain(c.value)) → \(resolved)"
        }
    }

    static func resolvedText(_ m: DayMatch, today: Day) -> String {
        func d(_ o: Int) -> String { DayLabel.short(Day(ordinal: o), today: today) }
        switch m {
        case .range(let lo?, let hi?): return lo == hi ? d(lo) : "\(d(lo)) – \(d(hi))"
        case .range(nil, let hi?): return "until \(d(hi))"
        case .range(let lo?, nil): return "from \(d(lo))"
        case .notOn(let x): return "any day but \(d(x))"
        default: return "any day"
        }
    }

    static func show(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(show).joined(separator: ", ") + "]"
        default: return JSONText.render(inline: v)
        }
    }

    static func plain(_ v: JSONValue?) -> String {
        guard let v else { return "" }
        if case .string(let s) = v { return s }
        return show(v)
    }

    static func list(_ v: JSONValue?, joiner: String) -> String {
        guard let items = v?.array else { return plain(v) }
        let words = items.map(plain)
        if words.count <= 1 { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " \(joiner) " + words.last!
    }

    /// The tree as indented lines, each with the number of tasks it matches on its own.
    /// `lines`: the tree's guides (`├─ `, `│  `); without, three spaces a level (a screen reader reads no box lines).
    public static func explain(_ rules: RuleGroup, index: TaskIndex, today: Day, lines guides: Bool = true) -> [String] {
        explain(rules, counts: RuleMatchCounts.counts(rules, index: index, today: today), today: today, lines: guides)
    }

    /// The same with each rule's count given (`RuleMatchCounts`, by tree path).
    public static func explain(_ rules: RuleGroup, counts: [[Int]: Int], today: Day, lines guides: Bool = true) -> [String] {
        var lines: [String] = []
        func walk(_ node: RuleNode, path: [Int], prefix: String, childPrefix: String) {
            let n = counts[path] ?? 0
            lines.append("\(prefix)\(describe(node, today: today))  · \(n) task\(n == 1 ? "" : "s")")
            if case .group(let g) = node {
                for (i, child) in g.conditions.enumerated() {
                    let last = i == g.conditions.count - 1
                    let (branch, through) = !guides ? ("   ", "   ") : last ? ("└─ ", "   ") : ("├─ ", "│  ")
                    walk(child, path: path + [i], prefix: childPrefix + branch, childPrefix: childPrefix + through)
                }
            }
        }
        walk(.group(rules), path: [], prefix: "", childPrefix: "")
        return lines
    }
}
