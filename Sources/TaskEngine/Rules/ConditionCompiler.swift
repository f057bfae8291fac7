/// One condition → what it tests on its field's value (`ValueTest`). Field,
/// operator and value are checked here once; the row predicate (one task)
/// and the column scan (every task at once) both apply the same test, so
/// they cannot disagree.
enum ConditionCompiler {
    typealias Predicate = RuleCompiler.Predicate

    static let dateFields: Set<String> = ["due", "scheduled", "defer", "created", "completed", "modified"]

    static func compile(_ c: RuleCondition, today: Day) -> Result<Predicate, RuleSkip> {
        test(c, today: today).map(\.predicate)
    }

    static func test(_ c: RuleCondition, today: Day) -> Result<ValueTest, RuleSkip> {
        switch c.field {
        case "status": return choice(c, .status, parse: { TaskStatus(written: $0) })
        case "priority": return choice(c, .priority, parse: { Priority(written: $0) })
        case "flagged": return boolean(c, .flagged)
        case "inbox": return boolean(c, .inbox)
        case "draft": return boolean(c, .draft)
        case "area": return text(c, within: true).map { .key(.area, $0) }
        case "project": return text(c, within: true).map { .key(.project, $0) }
        case "source": return text(c, within: false).map { .key(.source, $0) }
        case "recurrence": return text(c, within: false).map { .key(.recurrence, $0) }
        case "tags", "tag": return list(c).map { .list(.tags, $0) }
        case "contexts", "context": return list(c).map { .list(.contexts, $0) }
        case "assignees", "assignee": return list(c).map { .list(.assignees, $0) }
        case "estimated_minutes": return minutes(c).map(ValueTest.minutes)
        case "title": return search(c).map { .search(.title, $0) }
        case "body": return search(c).map { .search(.body, $0) }
        case let f where dateFields.contains(f):
            let field = TaskField(rawValue: f)!
            return DateRule.resolve(op: c.op, value: c.value, unit: c.unit, today: today).map { .day(field, $0) }
        default: return .failure(.unknownField)
        }
    }

    // MARK: status, priority

    /// Status and priority: the wanted values become a bit mask.
    static func choice<T: CaseIterable & Equatable>(_ c: RuleCondition, _ field: ValueTest.ChoiceField, parse: (String) -> T?) -> Result<ValueTest, RuleSkip> {
        func mask() -> UInt8? {
            let words: [String]? = c.value?.string.map { [$0] } ?? c.value?.array?.compactMap(\.string)
            guard let words, words.count == (c.value?.array?.count ?? 1) else { return nil }
            var m: UInt8 = 0
            for w in words {
                guard let v = parse(w), let i = T.allCases.firstIndex(of: v) else { return nil }
                m |= UInt8(1) << (T.allCases.distance(from: T.allCases.startIndex, to: i))
            }
            return m
        }
        switch c.op {
        case "equals", "in":
            guard let m = mask() else { return .failure(.badValue("unknown value")) }
            if c.op == "equals" && c.value?.array != nil { return .failure(.badValue("equals takes one value")) }
            return .success(.choice(field, mask: m, matching: true))
        case "not_equals", "not_in":
            guard let m = mask() else { return .failure(.badValue("unknown value")) }
            return .success(.choice(field, mask: m, matching: false))
        case "is_not_nil": return .success(.constant(true))  // always has a value (its default)
        case "is_nil": return .success(.constant(false))
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: flagged, inbox

    static func boolean(_ c: RuleCondition, _ field: ValueTest.FlagField) -> Result<ValueTest, RuleSkip> {
        let want = c.value?.bool ?? (c.value == nil ? true : nil)
        guard let want else { return .failure(.badValue("needs true or false")) }
        switch c.op {
        case "equals": return .success(.flag(field, want: want))
        case "not_equals": return .success(.flag(field, want: !want))
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: area, project, source, recurrence

    static func text(_ c: RuleCondition, within allowsWithin: Bool) -> Result<ValueTest.KeyTest, RuleSkip> {
        switch c.op {
        case "is_nil": return .success { $0 == nil }
        case "is_not_nil": return .success { $0 != nil }
        case "equals", "not_equals", "within":
            guard let v = c.value?.string.map(TextFold.key) else { return .failure(.badValue("needs a text value")) }
            if c.op == "equals" { return .success { $0 == v } }
            if c.op == "not_equals" { return .success { $0 != v } }
            guard allowsWithin else { return .failure(.unknownOperator) }
            let prefix = v + "/"
            return .success { x in
                guard let x else { return false }
                return x == v || x.hasPrefix(prefix)
            }
        case "in", "not_in":
            guard let list = c.value?.array, case let words = list.compactMap(\.string), words.count == list.count else {
                return .failure(.badValue("needs a list of text values"))
            }
            let set = Set(words.map(TextFold.key))
            if c.op == "in" { return .success { $0.map(set.contains) ?? false } }
            return .success { $0.map { !set.contains($0) } ?? true }
        case "string_contains":
            guard let v = c.value?.string.map(TextFold.search) else { return .failure(.badValue("needs a text value")) }
            return .success { $0.map { TextFold.search($0).contains(v) } ?? false }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: tags, contexts

    static func list(_ c: RuleCondition) -> Result<ValueTest.ListTest, RuleSkip> {
        switch c.op {
        case "is_nil": return .success(ValueTest.ListTest(kind: .empty, wanted: []))
        case "is_not_nil": return .success(ValueTest.ListTest(kind: .notEmpty, wanted: []))
        case "contains", "contains_any", "contains_all", "not_contains":
            let words: [String]
            if let s = c.value?.string {
                words = [s]
            } else if let list = c.value?.array, list.allSatisfy({ $0.string != nil }), !list.isEmpty || c.op != "contains" {
                words = list.compactMap(\.string)
            } else {
                return .failure(.badValue("needs a tag or a list of tags"))
            }
            let wanted = words.map { $0.hasPrefix("@") && (c.field.hasPrefix("context") || c.field.hasPrefix("assignee")) ? TextFold.key(String($0.dropFirst())) : TextFold.key($0) }
            let kind: ValueTest.ListTest.Kind = c.op == "contains_all" ? .all : c.op == "not_contains" ? .none : .any
            return .success(ValueTest.ListTest(kind: kind, wanted: wanted))
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: estimated_minutes

    static func minutes(_ c: RuleCondition) -> Result<ValueTest.MinutesTest, RuleSkip> {
        switch c.op {
        case "is_nil": return .success { $0 == nil }
        case "is_not_nil": return .success { $0 != nil }
        default: break
        }
        guard let n = c.value?.int else { return .failure(.badValue("needs a number of minutes")) }
        switch c.op {
        case "less_than": return .success { $0.map { $0 < n } ?? false }
        case "greater_than": return .success { $0.map { $0 > n } ?? false }
        case "equals": return .success { $0 == n }
        case "not_equals": return .success { $0 != n }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: title, body

    static func search(_ c: RuleCondition) -> Result<ValueTest.SearchTest, RuleSkip> {
        guard let raw = c.value?.string else { return .failure(.badValue("needs a text value")) }
        let v = TextFold.search(raw)
        switch c.op {
        case "string_contains", "contains": return .success { $0.contains(v) }
        case "not_contains": return .success { !$0.contains(v) }
        case "equals": return .success { $0 == v }
        case "not_equals": return .success { $0 != v }
        default: return .failure(.unknownOperator)
        }
    }
}
