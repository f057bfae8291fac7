/// A saved view: rules, sort, grouping, layout, manual order, name, icon and
/// color. Keeps the JSON it was read from so unknown keys survive a save.
public struct Perspective: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var icon: String?
    public var color: String?
    public var rules: RuleGroup
    public var sort: SortSpec
    /// As written: `none`, `area`, `project`, `tag`, `tags`, `priority`, `due`, … (`GroupBy` reads it).
    public var groupBy: String
    public var layout: String
    public var manualOrder: [String]?
    public var isBuiltin: Bool
    var raw: JSONValue
    /// The JSON this perspective was read from: written back as it was while
    /// nothing was changed (values, key order, unknown keys, odd types).
    var original: JSONValue?

    public static let maxNameLength = 100
    public static let defaultIcon = "list.bullet"

    public init(id: String, name: String, rules: RuleGroup, sort: SortSpec = SortSpec(field: "due"), groupBy: String = "none",
                layout: String = "default", icon: String? = nil, color: String? = nil, isBuiltin: Bool = false) {
        self.id = id
        self.name = name
        self.rules = rules
        self.sort = sort
        self.groupBy = groupBy
        self.layout = layout
        self.icon = icon
        self.color = color
        manualOrder = nil
        self.isBuiltin = isBuiltin
        raw = .object([])
    }

    public init(id fallbackID: String, json: JSONValue) {
        raw = json.objectPairs != nil ? json : .object([])
        id = json["id"]?.string ?? fallbackID
        name = json["name"]?.string ?? fallbackID
        icon = json["icon"]?.string
        color = json["color"]?.string
        rules = json["rules"].map(RuleGroup.init(json:)) ?? RuleGroup(.and)
        sort = json["sort"].map(SortSpec.init(json:)) ?? SortSpec(field: "due")
        groupBy = json["group_by"]?.string ?? "none"
        layout = json["layout"]?.string ?? "default"
        manualOrder = json["manual_order"]?.array?.compactMap(\.string)
        isBuiltin = false
        original = json
    }

    /// Whether every field reads the same as in `other` (what the file would say).
    func sameFields(as other: Perspective) -> Bool {
        id == other.id && name == other.name && icon == other.icon && color == other.color && rules == other.rules
            && sort == other.sort && groupBy == other.groupBy && layout == other.layout && manualOrder == other.manualOrder
            && raw == other.raw
    }

    /// The JSON to save: the original object with known keys updated in place.
    /// A key the file did not have is added only when its value is not the default.
    public var json: JSONValue {
        if let original {
            var unchanged = Perspective(id: id, json: original)
            unchanged.id = id
            if unchanged.sameFields(as: self) && (original["id"]?.string ?? id) == id { return original }
        }
        var out = raw
        func put(_ key: String, _ value: JSONValue, isDefault: Bool) {
            if raw[key] != nil || !isDefault { out.set(key, value) }
        }
        out.set("id", .string(id))
        out.set("name", .string(name))
        put("icon", icon.map(JSONValue.string) ?? .null, isDefault: icon == nil)
        put("color", color.map(JSONValue.string) ?? .null, isDefault: color == nil)
        out.set("rules", rules.json)
        put("sort", sort.json, isDefault: sort == SortSpec(field: "due"))
        put("group_by", .string(groupBy), isDefault: groupBy == "none")
        put("layout", .string(layout), isDefault: layout == "default")
        put("manual_order", manualOrder.map { .strings($0) } ?? .null, isDefault: manualOrder == nil)
        return out
    }

    public var grouping: GroupBy { GroupBy(rawValue: groupBy) ?? .none }

    /// The sort to return to on "Reset Order" (kept in the file as `previous_sort`).
    public var previousSort: SortSpec? {
        get { raw["previous_sort"].map(SortSpec.init(json:)) }
        set { raw.set("previous_sort", newValue?.json) }
    }
}

/// `{"field": "due", "direction": "asc"}`; `direction` may be missing (the field's default).
public struct SortSpec: Hashable, Sendable {
    public var field: String
    public var direction: String?
    var raw: JSONValue

    public init(field: String, direction: String? = nil) {
        self.field = field
        self.direction = direction
        raw = .object([])
    }

    public init(json: JSONValue) {
        raw = json.objectPairs != nil ? json : .object([])
        field = json["field"]?.string ?? json.string ?? "due"
        direction = json["direction"]?.string
    }

    public var json: JSONValue {
        var out = raw
        out.set("field", .string(field))
        if direction != nil || raw["direction"] != nil { out.set("direction", direction.map(JSONValue.string) ?? .null) }
        return out
    }

    public var sortField: SortField? { SortField(rawValue: field) }

    /// True when the comparison runs ascending (the field's default unless `direction` names the other).
    public var ascending: Bool {
        let d = sortField?.defaultAscending ?? true
        switch direction?.lowercased() {
        case "asc"?: return true
        case "desc"?: return false
        default: return d
        }
    }

    /// The same sort, the other way.
    public var reversed: SortSpec {
        var s = self
        s.direction = ascending ? "desc" : "asc"
        return s
    }
}
