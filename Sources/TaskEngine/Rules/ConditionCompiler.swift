/// One condition → one predicate. Field and operator are checked here once;
/// the returned closure only compares precomputed values.
enum ConditionCompiler {
    typealias Predicate = RuleCompiler.Predicate

    static let dateFields: Set<String> = ["due", "scheduled", "defer", "created", "completed", "modified"]

    static func compile(_ c: RuleCondition, today: Day) -> Result<Predicate, RuleSkip> {
        switch c.field {
        case "status": return choice(c, parse: { TaskStatus(written: $0) }, get: { $0.statusBit })
        case "priority": return choice(c, parse: { Priority(written: $0) }, get: { $0.priorityBit })
        case "flagged": return boolean(c) { $0.task.flagged }
        case "inbox": return boolean(c) { $0.task.isInbox }
        case "area": return text(c, within: true) { $0.areaKey }
        case "project": return text(c, within: true) { $0.projectKey }
        case "source": return text(c, within: false) { $0.sourceKey }
        case "recurrence": return text(c, within: false) { $0.recurrenceKey }
        case "tags", "tag": return tags(c) { $0.tagKeys }
        case "contexts", "context": return tags(c) { $0.contextKeys }
        case "estimated_minutes": return minutes(c)
        case "title": return search(c) { $0.titleSearch }
        case "body": return search(c) { $0.bodySearch }
        case let f where dateFields.contains(f): return date(c, field: TaskField(rawValue: f)!, today: today)
        default: return .failure(.unknownField)
        }
    }

    // MARK: status, priority

    /// Status and priority: the wanted values become a bit mask.
    static func choice<T: CaseIterable & Equatable>(_ c: RuleCondition, parse: (String) -> T?, get: @escaping @Sendable (IndexedTask) -> UInt8) -> Result<Predicate, RuleSkip> {
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
            return .success { get($0) & m != 0 }
        case "not_equals", "not_in":
            guard let m = mask() else { return .failure(.badValue("unknown value")) }
            return .success { get($0) & m == 0 }
        case "is_not_nil": return .success { _ in true }  // always has a value (its default)
        case "is_nil": return .success { _ in false }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: flagged, inbox

    static func boolean(_ c: RuleCondition, get: @escaping @Sendable (IndexedTask) -> Bool) -> Result<Predicate, RuleSkip> {
        let want = c.value?.bool ?? (c.value == nil ? true : nil)
        guard let want else { return .failure(.badValue("needs true or false")) }
        switch c.op {
        case "equals": return .success { get($0) == want }
        case "not_equals": return .success { get($0) != want }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: area, project, source, recurrence

    static func text(_ c: RuleCondition, within allowsWithin: Bool, get: @escaping @Sendable (IndexedTask) -> String?) -> Result<Predicate, RuleSkip> {
        switch c.op {
        case "is_nil": return .success { get($0) == nil }
        case "is_not_nil": return .success { get($0) != nil }
        case "equals", "not_equals", "within":
            guard let v = c.value?.string.map(TextFold.key) else { return .failure(.badValue("needs a text value")) }
            if c.op == "equals" { return .success { get($0) == v } }
            if c.op == "not_equals" { return .success { get($0) != v } }
            guard allowsWithin else { return .failure(.unknownOperator) }
            let prefix = v + "/"
            return .success { t in
                guard let x = get(t) else { return false }
                return x == v || x.hasPrefix(prefix)
            }
        case "in", "not_in":
            guard let list = c.value?.array, case let words = list.compactMap(\.string), words.count == list.count else {
                return .failure(.badValue("needs a list of text values"))
            }
            let set = Set(words.map(TextFold.key))
            if c.op == "in" { return .success { get($0).map(set.contains) ?? false } }
            return .success { get($0).map { !set.contains($0) } ?? true }
        case "string_contains":
            guard let v = c.value?.string.map(TextFold.search) else { return .failure(.badValue("needs a text value")) }
            return .success { get($0).map { TextFold.search($0).contains(v) } ?? false }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: tags

    /// Tags and contexts: lists of words.
    static func tags(_ c: RuleCondition, _ keys: @escaping @Sendable (IndexedTask) -> [String]) -> Result<Predicate, RuleSkip> {
        switch c.op {
        case "is_nil": return .success { keys($0).isEmpty }
        case "is_not_nil": return .success { !keys($0).isEmpty }
        case "contains", "contains_any", "contains_all", "not_contains":
            let words: [String]
            if let s = c.value?.string {
                words = [s]
            } else if let list = c.value?.array, list.allSatisfy({ $0.string != nil }), !list.isEmpty || c.op != "contains" {
                words = list.compactMap(\.string)
            } else {
                return .failure(.badValue("needs a tag or a list of tags"))
            }
            let wanted = words.map { TextFold.key($0.hasPrefix("@") && c.field.hasPrefix("context") ? String($0.dropFirst()) : $0) }
            switch c.op {
            case "contains_all": return .success { t in wanted.allSatisfy(keys(t).contains) }
            case "not_contains": return .success { t in !wanted.contains(where: keys(t).contains) }
            default: return .success { t in wanted.contains(where: keys(t).contains) }
            }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: estimated_minutes

    static func minutes(_ c: RuleCondition) -> Result<Predicate, RuleSkip> {
        switch c.op {
        case "is_nil": return .success { $0.task.estimatedMinutes == nil }
        case "is_not_nil": return .success { $0.task.estimatedMinutes != nil }
        default: break
        }
        guard let n = c.value?.int else { return .failure(.badValue("needs a number of minutes")) }
        switch c.op {
        case "less_than": return .success { $0.task.estimatedMinutes.map { $0 < n } ?? false }
        case "greater_than": return .success { $0.task.estimatedMinutes.map { $0 > n } ?? false }
        case "equals": return .success { $0.task.estimatedMinutes == n }
        case "not_equals": return .success { $0.task.estimatedMinutes != n }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: title, body

    static func search(_ c: RuleCondition, get: @escaping @Sendable (IndexedTask) -> String) -> Result<Predicate, RuleSkip> {
        guard let raw = c.value?.string else { return .failure(.badValue("needs a text value")) }
        let v = TextFold.search(raw)
        switch c.op {
        case "string_contains", "contains": return .success { get($0).contains(v) }
        case "not_contains": return .success { !get($0).contains(v) }
        case "equals": return .success { get($0) == v }
        case "not_equals": return .success { get($0) != v }
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: dates

    static func date(_ c: RuleCondition, field: TaskField, today: Day) -> Result<Predicate, RuleSkip> {
        let get: @Sendable (IndexedTask) -> Int?
        switch field {
        case .due: get = { $0.task.due?.day.ordinal }
        case .scheduled: get = { $0.task.scheduled?.day.ordinal }
        case .defer: get = { $0.task.defer_?.day.ordinal }
        case .created: get = { $0.task.created?.day.ordinal }
        case .completed: get = { $0.task.completed?.day.ordinal }
        default: get = { $0.task.modified?.day.ordinal }
        }
        return DateRule.resolve(op: c.op, value: c.value, unit: c.unit, today: today).map { m in
            switch m {
            case .range(let lo?, let hi?): return { t in get(t).map { $0 >= lo && $0 <= hi } ?? false }
            case .range(nil, let hi?): return { t in get(t).map { $0 <= hi } ?? false }
            case .range(let lo?, nil): return { t in get(t).map { $0 >= lo } ?? false }
            default: return { t in DateRule.matches(m, get(t)) }
            }
        }
    }
}
