/// What one rule condition asks of a task's field, decided once per rule
/// (`ConditionCompiler.test`). `predicate` applies it to one task;
/// `ColumnScan` applies it to the columns of a whole index.
enum ValueTest: Sendable {
    enum ChoiceField: Sendable { case status, priority }
    enum FlagField: Sendable { case flagged, inbox, draft }
    enum KeyField: Sendable { case area, project, source, recurrence }
    enum ListField: Sendable { case tags, contexts, assignees }
    enum SearchField: Sendable { case title, body }
    /// A task's place among the vault's dependencies (`DependencyGraph`): blocked or not, or waited for.
    enum DependencyTest: Hashable, Sendable { case blocked(Bool), blocking }

    typealias KeyTest = @Sendable (String?) -> Bool
    typealias MinutesTest = @Sendable (Int?) -> Bool
    typealias SearchTest = @Sendable (String) -> Bool

    /// Time tracked (the `tracked` field): the seconds of its finished sessions (nil: none at
    /// all), or whether a session (a running one included) overlaps `from..<to` (seconds since 1970).
    enum TrackedTest: Sendable {
        case seconds(@Sendable (Int?) -> Bool)
        case overlaps(from: Int64, to: Int64)
    }

    /// Tags or contexts (folded keys) against the wanted words.
    struct ListTest: Sendable {
        enum Kind: Sendable { case empty, notEmpty, any, all, none }
        let kind: Kind
        let wanted: [String]

        func matches(_ keys: [String]) -> Bool {
            switch kind {
            case .empty: return keys.isEmpty
            case .notEmpty: return !keys.isEmpty
            case .any: return wanted.contains(where: keys.contains)
            case .all: return wanted.allSatisfy(keys.contains)
            case .none: return !wanted.contains(where: keys.contains)
            }
        }
    }

    case constant(Bool)
    /// Status or priority: its bit is in `mask` (or, with `matching` false, is not).
    case choice(ChoiceField, mask: UInt8, matching: Bool)
    case flag(FlagField, want: Bool)
    case key(KeyField, KeyTest)
    case list(ListField, ListTest)
    case minutes(MinutesTest)
    case day(TaskField, DayMatch)
    case search(SearchField, SearchTest)
    case tracked(TrackedTest)
    /// Decided by the whole vault's dependency graph, not by the task alone: a task
    /// changing can change another's answer (`IndexEvaluation.next` scans it again).
    case dependency(DependencyTest)

    /// The test on one task.
    var predicate: RuleCompiler.Predicate {
        switch self {
        case .constant(let b): return { _ in b }
        case .choice(.status, let m, let matching): return { ($0.statusBit & m != 0) == matching }
        case .choice(.priority, let m, let matching): return { ($0.priorityBit & m != 0) == matching }
        case .flag(.flagged, let want): return { $0.task.flagged == want }
        case .flag(.inbox, let want): return { $0.task.isInbox == want }
        case .flag(.draft, let want): return { $0.task.isDraft == want }
        case .key(let field, let test):
            switch field {
            case .area: return { test($0.areaKey) }
            case .project: return { test($0.projectKey) }
            case .source: return { test($0.sourceKey) }
            case .recurrence: return { test($0.recurrenceKey) }
            }
        case .list(.tags, let test): return { test.matches($0.tagKeys) }
        case .list(.contexts, let test): return { test.matches($0.contextKeys) }
        case .list(.assignees, let test): return { test.matches($0.assigneeKeys) }
        case .minutes(let test): return { test($0.task.estimatedMinutes) }
        case .day(let field, let m):
            let get = ValueTest.day(field)
            if case .range(let lo?, let hi?) = m { return { t in get(t.task).map { $0 >= lo && $0 <= hi } ?? false } }
            return { DateRule.matches(m, get($0.task)) }
        case .search(.title, let test): return { test($0.titleSearch) }
        case .search(.body, let test): return { test($0.bodySearch) }
        case .dependency(let d): return predicate(d, in: nil)
        case .tracked(let test):
            return { t in
                let pairs = TrackedColumn.pairs(t.task)
                return pairs.withUnsafeBufferPointer { test.matches($0, 0, pairs.count / 2) }
            }
        }
    }

    /// The test on one task of `index` (a dependency test asks the index's graph;
    /// with no index there are no dependencies, so no task is blocked or blocking).
    func predicate(in index: TaskIndex?) -> RuleCompiler.Predicate {
        guard case .dependency(let d) = self else { return predicate }
        return predicate(d, in: index)
    }

    private func predicate(_ d: DependencyTest, in index: TaskIndex?) -> RuleCompiler.Predicate {
        guard let index else { return { _ in d == .blocked(false) } }
        switch d {
        case .blocked(let want): return { index.isBlocked(id: $0.task.id) == want }
        case .blocking: return { index.isBlocking(id: $0.task.id) }
        }
    }

    /// A date field's local day (as an ordinal).
    static func day(_ field: TaskField) -> @Sendable (TaskItem) -> Int? {
        switch field {
        case .due: return { $0.due?.day.ordinal }
        case .scheduled: return { $0.scheduled?.day.ordinal }
        case .defer: return { $0.defer_?.day.ordinal }
        case .created: return { $0.created?.day.ordinal }
        case .completed: return { $0.completed?.day.ordinal }
        default: return { $0.modified?.day.ordinal }
        }
    }
}
