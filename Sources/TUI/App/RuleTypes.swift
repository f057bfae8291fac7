import TaskEngine

/// The rule types the editor offers and the operators each field allows,
/// read from the fields' records (`RuleField.editor`), with the three groups.
public enum RuleTypes {
    /// A rule type in the "Add a rule" list: its label and what it starts as (its glyph is the rule's).
    public struct Kind: Sendable {
        public var label: String
        public var make: @Sendable () -> RuleNode
        public var icon: String { RuleTypes.icon(make()) }
    }

    /// One way a rule can compare, as the operator list shows it.
    public typealias Operator = RuleField.Operator

    static func c(_ field: String, _ op: String, _ value: JSONValue? = nil, unit: String? = nil) -> RuleNode {
        .condition(RuleCondition(field: field, op: op, value: value, unit: unit))
    }

    /// The groups' places in the "Add a rule" list, among the fields' presets (`RuleField.Preset.place`).
    static let groups: [(place: Int, kind: Kind)] = [
        (29, Kind(label: "All of the following", make: { .group(RuleGroup(.and)) })),
        (30, Kind(label: "Any of the following", make: { .group(RuleGroup(.or)) })),
        (31, Kind(label: "None of the following", make: { .group(RuleGroup(.not)) })),
    ]

    /// Every field's presets and the groups, in their places.
    public static let kinds: [Kind] = kinds(of: RuleField.all)

    static func kinds(of fields: [RuleField]) -> [Kind] {
        var placed = groups
        for field in fields {
            for p in field.editor.presets {
                placed.append((p.place, Kind(label: p.label, make: { c(field.name, p.op, p.value, unit: p.unit) })))
            }
        }
        return placed.sorted { $0.place < $1.place }.map(\.kind)
    }

    /// The glyph of a rule as the editor draws it before the rule's words.
    public static func icon(_ node: RuleNode) -> String {
        switch node {
        case .group(let g):
            switch g.kind {
            case .and?: return "∧"
            case .or?: return "∨"
            case .not?: return "¬"
            case nil: return "?"
            }
        case .condition(let c): return icon(field: c.field, op: c.op)
        }
    }

    static func icon(field: String, op: String = "") -> String {
        RuleField.named(field)?.editor.glyph(op: op) ?? "?"
    }

    /// Every operator the field allows, in the editor's words.
    public static func operators(field: String) -> [Operator] {
        RuleField.named(field)?.editor.operators ?? []
    }

    /// Which of the field's operators the condition uses (nil: one the editor does not offer).
    public static func currentOperator(of c: RuleCondition) -> Int? {
        let ops = operators(field: c.field)
        if let i = ops.firstIndex(where: { $0.shape == .fixed(c.value ?? .bool(true)) && $0.op == c.op }) { return i }
        if RuleField.named(c.field)?.isDate == true, !["is_nil", "is_not_nil"].contains(c.op) { return ops.firstIndex { $0.shape == .dates } }
        return ops.firstIndex { $0.op == c.op }
    }

    /// The condition with another operator, its value reshaped to fit (one ⇄ many keeps what it can).
    public static func reshape(_ c: RuleCondition, to o: Operator) -> RuleCondition {
        var c = c
        if o.shape == .dates {
            // Stays as it is when it already compares dates; otherwise "on today" until the picker says.
            if !["is_nil", "is_not_nil"].contains(c.op), currentOperator(of: c) != nil { return c }
            c.op = "on"
            c.value = .string("today")
            c.unit = nil
            return c
        }
        let values = c.value?.array ?? c.value.map { [$0] } ?? []
        let strings = values.filter { $0.string?.isEmpty == false }
        c.unit = nil
        c.op = o.op
        switch o.shape {
        case .none: c.value = nil
        case .fixed(let v): c.value = v
        case .one: c.value = strings.first ?? o.defaultValue
        case .many: c.value = .array(strings)
        case .number: c.value = c.value?.int.map(JSONValue.int) ?? o.defaultValue
        case .text: c.value = c.value?.string.map(JSONValue.string) ?? o.defaultValue
        case .dates: break
        }
        return c
    }
}
