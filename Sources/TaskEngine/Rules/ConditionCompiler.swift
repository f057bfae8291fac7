/// One condition → what it tests on its field's value (`ValueTest`). Field,
/// operator and value are checked here once; the row predicate (one task)
/// and the column scan (every task at once) both apply the same test, so
/// they cannot disagree.
enum ConditionCompiler {
    typealias Predicate = RuleCompiler.Predicate

    static func compile(_ c: RuleCondition, today: Day, index: TaskIndex? = nil) -> Result<Predicate, RuleSkip> {
        test(c, today: today).map { $0.predicate(in: index) }
    }

    static func test(_ c: RuleCondition, today: Day) -> Result<ValueTest, RuleSkip> {
        guard let field = RuleField.named(c.field) else { return .failure(.unknownField) }
        return test(c, on: field, today: today)
    }

    /// The test a condition compiles to on `field`'s column (the field it names, or one
    /// a test defines). One test per column family: the scan stays a loop over one array.
    static func test(_ c: RuleCondition, on field: RuleField, today: Day) -> Result<ValueTest, RuleSkip> {
        switch field.column {
        case .choice(.status): return choice(c, .status, parse: { TaskStatus(written: $0) })
        case .choice(.priority): return choice(c, .priority, parse: { Priority(written: $0) })
        case .flag(let f): return boolean(c, f)
        case .key(let f, let within): return text(c, within: within).map { .key(f, $0) }
        case .list(let f, let atSign): return list(c, atSign: atSign).map { .list(f, $0) }
        case .minutes: return minutes(c).map(ValueTest.minutes)
        case .search(let f): return search(c).map { .search(f, $0) }
        case .day(let f): return DateRule.resolve(op: c.op, value: c.value, unit: c.unit, today: today).map { .day(f, $0) }
        case .dependency: return dependency(c)
        case .tracked: return tracked(c, today: today).map(ValueTest.tracked)
        }
    }

    // MARK: tracked

    /// `greater_than` / `less_than` a number of minutes of finished sessions; `is_nil` / `is_not_nil`
    /// (no finished session, or some: a timer running alone is not yet tracked time); `this_week`: a session in today's week, Monday to Sunday, in local time.
    static func tracked(_ c: RuleCondition, today: Day) -> Result<ValueTest.TrackedTest, RuleSkip> {
        switch c.op {
        case "is_nil": return .success(.seconds { $0 == nil })
        case "is_not_nil": return .success(.seconds { $0 != nil })
        case "this_week":
            guard c.value == nil else { return .failure(.badValue("takes no value")) }
            let (from, to) = TrackedTime.week(of: today, timeZone: .current)
            return .success(.overlaps(from: from, to: to))
        case "greater_than", "less_than":
            // (Minutes, or a time as written by hand in a rules file: "2h", "1h30m".)
            guard let n = c.value?.int ?? c.value?.string.flatMap(TrackedTime.minutes), n >= 0, n <= 1_000_000_000 else {
                return .failure(.badValue("needs a time like 2h, 1h30m or 90 (minutes)"))
            }
            let seconds = n * 60
            return .success(c.op == "greater_than" ? .seconds { ($0 ?? 0) > seconds } : .seconds { ($0 ?? 0) < seconds })
        default: return .failure(.unknownOperator)
        }
    }

    // MARK: blocked

    /// `equals true` / `false` (blocked or not; `not_equals` the other way), `blocks_others` (a task not done waits for it).
    static func dependency(_ c: RuleCondition) -> Result<ValueTest, RuleSkip> {
        switch c.op {
        case "blocks_others":
            guard c.value == nil else { return .failure(.badValue("takes no value")) }
            return .success(.dependency(.blocking))
        case "equals", "not_equals":
            let want = c.value?.bool ?? (c.value == nil ? true : nil)
            guard let want else { return .failure(.badValue("needs true or false")) }
            return .success(.dependency(.blocked(c.op == "equals" ? want : !want)))
        default: return .failure(.unknownOperator)
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

    // MARK: flagged, inbox, draft

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

    // MARK: tags, contexts, assignees

    /// `atSign`: a wanted word may be written `@name` (contexts, assignees).
    static func list(_ c: RuleCondition, atSign: Bool) -> Result<ValueTest.ListTest, RuleSkip> {
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
            let wanted = words.map { $0.hasPrefix("@") && atSign ? TextFold.key(String($0.dropFirst())) : TextFold.key($0) }
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
