/// Rules in words, with relative dates resolved: for the editor and for
/// `todomd explain`. ("Due in the next 7 days → 22 Nov – 29 Nov")
public enum RuleDescriber {
    public static let fieldNames: [String: String] = [
        "due": "Due", "scheduled": "Scheduled", "defer": "Deferred", "created": "Created",
        "completed": "Completed", "modified": "Modified",
        "area": "Area", "project": "Project", "source": "Source", "recurrence": "Recurrence",
        "title": "Title", "body": "Body", "status": "Status", "priority": "Priority",
    ]

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
        if case .failure(let skip) = ConditionCompiler.compile(c, today: today) {
            return "Unknown rule: \(c.field) \(c.op) \(c.value.map(show) ?? "") (skipped: \(skip.message(c)))"
        }
        let name = fieldNames[c.field] ?? c.field
        let v = c.value.map(show) ?? ""
        switch c.field {
        case "status", "priority":
            switch c.op {
            case "in": return "\(name) is \(list(c.value, joiner: "or"))"
            case "not_in": return "\(name) is not \(list(c.value, joiner: "or"))"
            case "not_equals": return "\(name) is not \(plain(c.value))"
            default: return "\(name) is \(plain(c.value))"
            }
        case "flagged":
            let yes = (c.value?.bool ?? true) == (c.op == "equals")
            return yes ? "Flagged" : "Not flagged"
        case "inbox":
            let yes = (c.value?.bool ?? true) == (c.op == "equals")
            return yes ? "Has no area or project" : "Has an area or project"
        case "draft":
            let yes = (c.value?.bool ?? true) == (c.op == "equals")
            return yes ? "Is a draft" : "Is not a draft"
        case "tags", "tag":
            switch c.op {
            case "is_nil": return "Is untagged"
            case "is_not_nil": return "Has a tag"
            case "contains_all": return "Is tagged with all of \(list(c.value, joiner: "and"))"
            case "not_contains": return "Is not tagged with \(list(c.value, joiner: "or"))"
            default: return "Is tagged with \(c.value?.array == nil ? plain(c.value) : "any of " + list(c.value, joiner: "or"))"
            }
        case "contexts", "context":
            switch c.op {
            case "is_nil": return "Has no context"
            case "is_not_nil": return "Has a context"
            case "contains_all": return "Has all of the contexts \(list(c.value, joiner: "and"))"
            case "not_contains": return "Has none of the contexts \(list(c.value, joiner: "or"))"
            default: return "Has the context \(c.value?.array == nil ? plain(c.value) : "any of " + list(c.value, joiner: "or"))"
            }
        case "assignees", "assignee":
            switch c.op {
            case "is_nil": return "Is unassigned"
            case "is_not_nil": return "Is assigned"
            case "contains_all": return "Is assigned to all of \(list(c.value, joiner: "and"))"
            case "not_contains": return "Is not assigned to \(list(c.value, joiner: "or"))"
            default: return "Is assigned to \(c.value?.array == nil ? plain(c.value) : "any of " + list(c.value, joiner: "or"))"
            }
        case "estimated_minutes":
            switch c.op {
            case "is_nil": return "Has no estimated time"
            case "is_not_nil": return "Has estimated time"
            case "less_than": return "Estimated time less than \(v) min"
            case "greater_than": return "Estimated time greater than \(v) min"
            case "not_equals": return "Estimated time is not \(v) min"
            default: return "Estimated time is \(v) min"
            }
        case "recurrence" where c.op == "is_not_nil": return "Is repeating"
        case "recurrence" where c.op == "is_nil": return "Is not repeating"
        case let f where ConditionCompiler.dateFields.contains(f):
            return describeDate(c, name: name, today: today)
        default:
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

    static func describeDate(_ c: RuleCondition, name: String, today: Day) -> String {
        let noun = name == "Deferred" ? "defer date" : name == "Due" ? "due date" : "\(name.lowercased()) date"
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
    public static func explain(_ rules: RuleGroup, index: TaskIndex, today: Day) -> [String] {
        explain(rules, counts: RuleMatchCounts.counts(rules, index: index, today: today), today: today)
    }

    /// The same with each rule's count given (`RuleMatchCounts`, by tree path).
    public static func explain(_ rules: RuleGroup, counts: [[Int]: Int], today: Day) -> [String] {
        var lines: [String] = []
        func walk(_ node: RuleNode, path: [Int], prefix: String, childPrefix: String) {
            let n = counts[path] ?? 0
            lines.append("\(prefix)\(describe(node, today: today))  · \(n) task\(n == 1 ? "" : "s")")
            if case .group(let g) = node {
                for (i, child) in g.conditions.enumerated() {
                    let last = i == g.conditions.count - 1
                    walk(child, path: path + [i], prefix: childPrefix + (last ? "└─ " : "├─ "), childPrefix: childPrefix + (last ? "   " : "│  "))
                }
            }
        }
        walk(.group(rules), path: [], prefix: "", childPrefix: "")
        return lines
    }
}
