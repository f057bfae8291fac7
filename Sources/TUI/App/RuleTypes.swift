import TaskEngine

/// The rule types the editor offers (seed 002 §3.4, with its labels), each
/// with a glyph, and every operator rules.md §4 allows for each field.
public enum RuleTypes {
    /// A rule type in the "Add a rule" list: its label and what it starts as (its glyph is the rule's).
    public struct Kind: Sendable {
        public var label: String
        public var make: @Sendable () -> RuleNode
        public var icon: String { RuleTypes.icon(make()) }
    }

    /// One way a rule can compare, as the operator list shows it.
    public struct Operator: Sendable {
        public enum Shape: Hashable, Sendable {
            /// Presence: no value.
            case none
            /// A fixed value (`flagged` true or false).
            case fixed(JSONValue)
            /// One value or several (a list), chosen from what the vault has.
            case one, many
            case number, text
            /// A day, a range of days or a relative range: the date picker.
            case dates
        }

        public var label: String
        public var op: String
        public var shape: Shape
    }

    static func c(_ field: String, _ op: String, _ value: JSONValue? = nil, unit: String? = nil) -> RuleNode {
        .condition(RuleCondition(field: field, op: op, value: value, unit: unit))
    }

    static let dateFieldNames: [(field: String, noun: String)] = [
        ("due", "due"), ("scheduled", "scheduled"), ("defer", "defer"), ("created", "created"), ("completed", "completed"), ("modified", "modified"),
    ]
    public static let dateFields: Set<String> = Set(dateFieldNames.map(\.field))

    public static let kinds: [Kind] = {
        var k: [Kind] = [
            Kind(label: "Status", make: { c("status", "in", .strings(["todo", "in-progress"])) }),
            Kind(label: "Priority", make: { c("priority", "equals", .string("high")) }),
            Kind(label: "Flagged", make: { c("flagged", "equals", .bool(true)) }),
        ]
        for (field, noun) in dateFieldNames where ["due", "scheduled", "defer"].contains(field) {
            k.append(Kind(label: "Has a \(noun) date", make: { c(field, "is_not_nil") }))
        }
        for (field, noun) in dateFieldNames {
            k.append(Kind(label: "\(noun.prefix(1).uppercased() + noun.dropFirst()) date in range",
                          make: { defaultRange(field) }))
        }
        k += [
            Kind(label: "Area equals", make: { c("area", "equals", .string("")) }),
            Kind(label: "Project equals", make: { c("project", "equals", .string("")) }),
            Kind(label: "Is in area", make: { c("area", "within", .string("")) }),
            Kind(label: "Is in project", make: { c("project", "within", .string("")) }),
            Kind(label: "Has no area or project", make: { c("inbox", "equals", .bool(true)) }),
            Kind(label: "Is tagged with any of", make: { c("tags", "contains_any", .strings([])) }),
            Kind(label: "Is tagged with all of", make: { c("tags", "contains_all", .strings([])) }),
            Kind(label: "Is untagged", make: { c("tags", "is_nil") }),
            Kind(label: "Has estimated time", make: { c("estimated_minutes", "is_not_nil") }),
            Kind(label: "Estimated time less than", make: { c("estimated_minutes", "less_than", .int(15)) }),
            Kind(label: "Estimated time greater than", make: { c("estimated_minutes", "greater_than", .int(60)) }),
            Kind(label: "Is repeating", make: { c("recurrence", "is_not_nil") }),
            Kind(label: "Source equals", make: { c("source", "equals", .string("")) }),
            Kind(label: "Title contains", make: { c("title", "string_contains", .string("")) }),
            Kind(label: "Body contains", make: { c("body", "string_contains", .string("")) }),
            Kind(label: "Has any of the contexts", make: { c("contexts", "contains_any", .strings([])) }),
            Kind(label: "Has no context", make: { c("contexts", "is_nil") }),
            Kind(label: "All of the following", make: { .group(RuleGroup(.and)) }),
            Kind(label: "Any of the following", make: { .group(RuleGroup(.or)) }),
            Kind(label: "None of the following", make: { .group(RuleGroup(.not)) }),
            // (Last, so the kinds above keep their places.)
            Kind(label: "Is assigned to any of", make: { c("assignees", "contains_any", .strings([])) }),
            Kind(label: "Is unassigned", make: { c("assignees", "is_nil") }),
            Kind(label: "Is a draft (Backlog.md)", make: { c("draft", "equals", .bool(true)) }),
        ]
        return k
    }()

    /// What a new date rule starts as: due soon, scheduled or deferred until today, the others recently.
    static func defaultRange(_ field: String) -> RuleNode {
        switch field {
        case "due": return c(field, "in_next", .int(7), unit: "days")
        case "scheduled", "defer": return c(field, "on_or_before", .string("today"))
        default: return c(field, "in_past", .int(7), unit: "days")
        }
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
        switch field {
        case "status": return "◉"
        case "priority": return "!"
        case "flagged": return "⚑"
        case "due": return "▦"
        case "scheduled": return "◷"
        case "defer": return "☾"
        case "created": return "✚"
        case "completed": return "✓"
        case "modified": return "✎"
        case "area": return "⌂"
        case "project": return "▭"
        case "inbox": return "▤"
        case "tags", "tag": return op == "is_nil" ? "◇" : "◈"
        case "contexts", "context": return "@"
        case "assignees", "assignee": return "☺"
        case "draft": return "✎"
        case "estimated_minutes": return "◔"
        case "recurrence": return "↻"
        case "source": return "⇲"
        case "title": return "T"
        case "body": return "¶"
        default: return "?"
        }
    }

    /// Every operator the field allows (rules.md §4), labelled as the seed words it.
    public static func operators(field: String) -> [Operator] {
        func choice(_ name: String) -> [Operator] {
            [Operator(label: "\(name) is", op: "equals", shape: .one), Operator(label: "\(name) is not", op: "not_equals", shape: .one),
             Operator(label: "\(name) is any of", op: "in", shape: .many)]
        }
        switch field {
        case "status": return choice("Status")
        case "priority": return choice("Priority")
        case "flagged":
            return [Operator(label: "Flagged", op: "equals", shape: .fixed(.bool(true))),
                    Operator(label: "Not flagged", op: "equals", shape: .fixed(.bool(false)))]
        case "inbox":
            return [Operator(label: "Has no area or project", op: "equals", shape: .fixed(.bool(true))),
                    Operator(label: "Has an area or project", op: "equals", shape: .fixed(.bool(false)))]
        case "draft":
            return [Operator(label: "Is a draft", op: "equals", shape: .fixed(.bool(true))),
                    Operator(label: "Is not a draft", op: "equals", shape: .fixed(.bool(false)))]
        case let f where dateFields.contains(f):
            let noun = dateFieldNames.first { $0.field == f }!.noun
            return [Operator(label: "\(noun.prefix(1).uppercased() + noun.dropFirst()) date in range…", op: "on", shape: .dates),
                    Operator(label: "Has a \(noun) date", op: "is_not_nil", shape: .none),
                    Operator(label: "Does not have a \(noun) date", op: "is_nil", shape: .none)]
        case "area", "project":
            let name = field == "area" ? "Area" : "Project"
            return [Operator(label: "\(name) equals", op: "equals", shape: .one),
                    Operator(label: "\(name) does not equal", op: "not_equals", shape: .one),
                    Operator(label: "\(name) is any of", op: "in", shape: .many),
                    Operator(label: "Is in \(field) (or below it)", op: "within", shape: .one)]
        case "tags", "tag":
            return [Operator(label: "Is tagged with any of", op: "contains_any", shape: .many),
                    Operator(label: "Is tagged with all of", op: "contains_all", shape: .many),
                    Operator(label: "Is tagged with (one tag)", op: "contains", shape: .one),
                    Operator(label: "Is untagged", op: "is_nil", shape: .none),
                    Operator(label: "Has a tag", op: "is_not_nil", shape: .none)]
        case "contexts", "context":
            return [Operator(label: "Has any of the contexts", op: "contains_any", shape: .many),
                    Operator(label: "Has all of the contexts", op: "contains_all", shape: .many),
                    Operator(label: "Has no context", op: "is_nil", shape: .none),
                    Operator(label: "Has a context", op: "is_not_nil", shape: .none)]
        case "assignees", "assignee":
            return [Operator(label: "Is assigned to any of", op: "contains_any", shape: .many),
                    Operator(label: "Is assigned to all of", op: "contains_all", shape: .many),
                    Operator(label: "Is assigned to (one name)", op: "contains", shape: .one),
                    Operator(label: "Is unassigned", op: "is_nil", shape: .none),
                    Operator(label: "Is assigned", op: "is_not_nil", shape: .none)]
        case "estimated_minutes":
            return [Operator(label: "Has estimated time", op: "is_not_nil", shape: .none),
                    Operator(label: "Has no estimated time", op: "is_nil", shape: .none),
                    Operator(label: "Estimated time less than", op: "less_than", shape: .number),
                    Operator(label: "Estimated time greater than", op: "greater_than", shape: .number)]
        case "recurrence":
            return [Operator(label: "Is repeating", op: "is_not_nil", shape: .none),
                    Operator(label: "Is not repeating", op: "is_nil", shape: .none)]
        case "source":
            return [Operator(label: "Source equals", op: "equals", shape: .one),
                    Operator(label: "Source does not equal", op: "not_equals", shape: .one)]
        case "title", "body":
            return [Operator(label: "\(field == "title" ? "Title" : "Body") contains", op: "string_contains", shape: .text)]
        default: return []
        }
    }

    /// Which of the field's operators the condition uses (nil: one the editor does not offer).
    public static func currentOperator(of c: RuleCondition) -> Int? {
        let ops = operators(field: c.field)
        if let i = ops.firstIndex(where: { $0.shape == .fixed(c.value ?? .bool(true)) && $0.op == c.op }) { return i }
        if dateFields.contains(c.field), !["is_nil", "is_not_nil"].contains(c.op) { return ops.firstIndex { $0.shape == .dates } }
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
        case .one:
            c.value = strings.first ?? .string(c.field == "status" ? "todo" : c.field == "priority" ? "high" : "")
        case .many: c.value = .array(strings)
        case .number: c.value = c.value?.int.map(JSONValue.int) ?? .int(o.op == "less_than" ? 15 : 60)
        case .text: c.value = c.value?.string.map(JSONValue.string) ?? .string("")
        case .dates: break
        }
        return c
    }
}
