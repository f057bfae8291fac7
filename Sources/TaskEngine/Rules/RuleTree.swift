/// A perspective's rules: groups (`AND` = all of, `OR` = any of, `NOT` = none
/// of) holding conditions and groups. Every node keeps the JSON it was read
/// from, so keys, fields, operators and values the app does not know are
/// written back exactly as they were.
public indirect enum RuleNode: Hashable, Sendable {
    case group(RuleGroup)
    case condition(RuleCondition)

    public init(json: JSONValue) {
        if json["conditions"] != nil || json["operator"] != nil {
            self = .group(RuleGroup(json: json))
        } else {
            self = .condition(RuleCondition(json: json))
        }
    }

    public var json: JSONValue {
        switch self {
        case .group(let g): return g.json
        case .condition(let c): return c.json
        }
    }

    public var enabled: Bool {
        switch self {
        case .group(let g): return g.enabled
        case .condition(let c): return c.enabled
        }
    }
}

public enum GroupOperator: String, CaseIterable, Sendable {
    case and = "AND", or = "OR", not = "NOT"

    /// The words the rule editor and `explain` use (docs/file-format.md, "Rules").
    public var label: String {
        switch self {
        case .and: return "All of the following"
        case .or: return "Any of the following"
        case .not: return "None of the following"
        }
    }
}

public struct RuleGroup: Hashable, Sendable {
    /// As written; `kind` is nil when it is not AND, OR or NOT.
    public var operatorText: String
    public var conditions: [RuleNode]
    public var enabled: Bool
    var raw: JSONValue

    public var kind: GroupOperator? { GroupOperator(rawValue: operatorText.uppercased()) }

    public init(_ op: GroupOperator, _ conditions: [RuleNode] = [], enabled: Bool = true) {
        operatorText = op.rawValue
        self.conditions = conditions
        self.enabled = enabled
        raw = .object([])
    }

    public init(json: JSONValue) {
        raw = json.objectPairs != nil ? json : .object([])
        operatorText = json["operator"]?.string ?? "AND"
        conditions = json["conditions"]?.array?.map(RuleNode.init(json:)) ?? []
        enabled = json["enabled"]?.bool ?? true
    }

    public var json: JSONValue {
        var out = raw
        out.set("operator", .string(operatorText))
        out.set("conditions", .array(conditions.map(\.json)))
        if !enabled || raw["enabled"] != nil { out.set("enabled", .bool(enabled)) }
        return out
    }
}

public struct RuleCondition: Hashable, Sendable {
    public var field: String
    public var op: String
    public var value: JSONValue?
    public var unit: String?
    public var enabled: Bool
    var raw: JSONValue

    public init(field: String, op: String, value: JSONValue? = nil, unit: String? = nil, enabled: Bool = true) {
        self.field = field
        self.op = op
        self.value = value
        self.unit = unit
        self.enabled = enabled
        raw = .object([])
    }

    public init(json: JSONValue) {
        raw = json
        field = json["field"]?.string ?? ""
        op = json["op"]?.string ?? ""
        value = json["value"]
        unit = json["unit"]?.string
        enabled = json["enabled"]?.bool ?? true
    }

    public var json: JSONValue {
        guard raw.objectPairs != nil || raw == .object([]) else { return raw }  // not an object: kept as is
        var out = raw
        out.set("field", .string(field))
        out.set("op", .string(op))
        if value != nil || raw["value"] != nil { out.set("value", value ?? .null) }
        if unit != nil || raw["unit"] != nil { out.set("unit", unit.map(JSONValue.string)) }
        if !enabled || raw["enabled"] != nil { out.set("enabled", .bool(enabled)) }
        return out
    }
}

extension RuleNode {
    public static func cond(_ field: String, _ op: String, _ value: JSONValue? = nil, unit: String? = nil) -> RuleNode {
        .condition(RuleCondition(field: field, op: op, value: value, unit: unit))
    }

    public static func all(_ c: [RuleNode]) -> RuleNode { .group(RuleGroup(.and, c)) }
    public static func any(_ c: [RuleNode]) -> RuleNode { .group(RuleGroup(.or, c)) }
    public static func none(_ c: [RuleNode]) -> RuleNode { .group(RuleGroup(.not, c)) }
}

extension JSONValue {
    public static func strings(_ s: [String]) -> JSONValue { .array(s.map(JSONValue.string)) }
}
