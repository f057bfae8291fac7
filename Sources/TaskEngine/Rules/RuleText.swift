/// Rules as one line of text, a small grammar that round-trips with the rule
/// tree (`RuleTextParser` reads it back):
///
///     area within Work and status in (todo, in-progress) and (priority = high or flagged)
///     due in next 7 days
///     not (tags any (phone, email))
///     title contains "report"
///
/// A group of two or more is a chain (`a and b`, `a or b`; parentheses when
/// nested); "none of" is `not (a or b)`; a group of none or one is written
/// `all()`, `any(x)`, `none()`; `off` before a rule or group turns it off.
/// The README lists every condition's form.
public enum RuleText {
    /// The words written for a field instead of its stored name (`estimate`), to the stored name.
    /// (Each word is one field's: `RuleFieldTableTests` holds them apart.)
    public static let fieldAliases: [String: String] = Dictionary(
        RuleField.all.compactMap { f in f.text.name.map { ($0, f.name) } }, uniquingKeysWith: { first, _ in first })
    /// Words a bare value cannot be (they would read as grammar).
    static let reserved: Set<String> = ["and", "or", "not", "off", "all", "any", "none", "in", "is", "set", "true", "false", "next", "past",
                                        "on", "between", "before", "after", "has", "within", "contains", "null"]

    public static func text(_ root: RuleGroup) -> String {
        root.enabled ? group(root, nested: false) : "off " + group(root, nested: true)
    }

    static func node(_ n: RuleNode) -> String {
        switch n {
        case .condition(let c): return (c.enabled ? "" : "off ") + condition(c)
        case .group(let g): return (g.enabled ? "" : "off ") + group(g, nested: true)
        }
    }

    static func group(_ g: RuleGroup, nested: Bool) -> String {
        let kids = g.conditions
        // Arguments are separated by commas: a chain needs no parentheses there.
        func argument(_ kid: RuleNode) -> String {
            if case .group(let g) = kid, g.enabled, g.kind == .and || g.kind == .or, g.conditions.count >= 2 { return group(g, nested: false) }
            return node(kid)
        }
        func function(_ name: String) -> String { name + "(" + kids.map(argument).joined(separator: ", ") + ")" }
        switch g.kind {
        case .and?:
            if kids.count >= 2 { return wrap(kids.map(node).joined(separator: " and "), nested) }
            if kids.count == 1, !nested, case .condition = kids[0] { return node(kids[0]) }
            return function("all")
        case .or?:
            return kids.count >= 2 ? wrap(kids.map(node).joined(separator: " or "), nested) : function("any")
        case .not?:
            if kids.count >= 2 { return "not (" + kids.map(node).joined(separator: " or ") + ")" }
            if kids.count == 1 {
                // One child that is itself a chain of "or" keeps its own parentheses: `not ((a or b))`.
                if case .group(let inner) = kids[0], inner.enabled, inner.kind == .or, inner.conditions.count >= 2 { return "not (" + group(inner, nested: true) + ")" }
                return "not (" + node(kids[0]) + ")"
            }
            return function("none")
        case nil:
            return "group " + value(.string(g.operatorText)) + " (" + kids.map(node).joined(separator: ", ") + ")"
        }
    }

    static func wrap(_ s: String, _ nested: Bool) -> String { nested ? "(" + s + ")" : s }

    static func condition(_ c: RuleCondition) -> String {
        // The field's own word and shorthands are for the names the app writes (a hand-written alias is said as stored).
        let stored = RuleField.stored(c.field)
        let f = stored?.text.name ?? c.field
        let fieldText = isBare(f) ? f : value(.string(f))
        let v = c.value
        switch (c.op, v) {
        case ("equals", .bool(true)?) where stored?.isFlag == true: return fieldText
        case ("is_nil", nil): return fieldText + " is not set"
        case ("is_not_nil", nil): return fieldText + " is set"
        case ("equals", let x?) where x.isScalar: return fieldText + " = " + value(x)
        case ("not_equals", let x?) where x.isScalar && stored?.isDate != true: return fieldText + " != " + value(x)
        case ("in", .array(let xs)?): return fieldText + " in " + list(xs)
        case ("within", .string?): return fieldText + " within " + value(v!)
        case ("contains", .string?) where stored?.text.has == true: return fieldText + " has " + value(v!)
        case ("contains_any", .array(let xs)?): return fieldText + " any " + list(xs)
        case ("contains_all", .array(let xs)?): return fieldText + " all " + list(xs)
        case ("string_contains", .string?): return fieldText + " contains " + value(v!)
        case ("less_than", .number?) where stored?.isTracked == true, ("greater_than", .number?) where stored?.isTracked == true:
            if let n = v?.int, n >= 0 { return fieldText + (c.op == "less_than" ? " less than " : " more than ") + TrackedTime.written(minutes: n) }
        case ("this_week", nil) where stored?.isTracked == true: return fieldText + " this week"
        case ("less_than", .number?): return fieldText + " < " + value(v!)
        case ("greater_than", .number?): return fieldText + " > " + value(v!)
        case ("on", .string?), ("before", .string?), ("after", .string?), ("not_equals", .string?):
            return fieldText + " " + (c.op == "not_equals" ? "not on" : c.op) + " " + value(v!)
        case ("on_or_before", .string?): return fieldText + " on or before " + value(v!)
        case ("on_or_after", .string?): return fieldText + " on or after " + value(v!)
        case ("between", .array(let xs)?) where xs.count == 2 && xs.allSatisfy({ $0.string != nil }):
            return fieldText + " between " + value(xs[0]) + " and " + value(xs[1])
        case ("in_next", .number?), ("in_past", .number?):
            if let unit = c.unit, isBare(unit) { return fieldText + " " + (c.op == "in_next" ? "in next " : "in past ") + value(v!) + " " + unit }
        default: break
        }
        // Anything else, said as it is stored: `field op=name value [unit=u]`.
        return fieldText + " op=" + value(.string(c.op)) + (v.map { " " + value($0) } ?? "") + (c.unit.map { " unit=" + value(.string($0)) } ?? "")
    }

    static func list(_ xs: [JSONValue]) -> String { "(" + xs.map(value).joined(separator: ", ") + ")" }

    static func value(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return isBare(s) ? s : quote(s)
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let xs): return list(xs)
        case .object: return quote(JSONText.render(v))
        }
    }

    /// A word that reads back as itself: letters, digits and `_-./:#@+` (not
    /// starting with a digit-only form), and not a word of the grammar.
    static func isBare(_ s: String) -> Bool {
        guard let first = s.first, !reserved.contains(s.lowercased()), !(first.isNumber && s.allSatisfy { $0.isNumber || $0 == "." }) else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || "_-./:#@+".contains($0) } && !"=!<>".contains(first)
    }

    static func quote(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .string, .number, .bool: return true
        default: return false
        }
    }
}
