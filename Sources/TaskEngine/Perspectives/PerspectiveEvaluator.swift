/// A perspective applied to the vault: the matching tasks, ordered (bands,
/// sort) and grouped, plus the count of distinct tasks and rule warnings.
public struct PerspectiveResult: Sendable {
    public var groups: [TaskGroup]
    /// Distinct matching tasks ("Showing N tasks").
    public var count: Int
    public var warnings: [RuleWarning]

    public init(groups: [TaskGroup], count: Int, warnings: [RuleWarning]) {
        self.groups = groups
        self.count = count
        self.warnings = warnings
    }

    /// The visible rows in order (a task under several tag groups appears once per group).
    public var rows: [(group: TaskGroup, task: IndexedTask)] {
        groups.flatMap { g in g.tasks.map { (g, $0) } }
    }

    /// Each task once, in display order.
    public var orderedIDs: [String] {
        var seen = Set<String>()
        return groups.flatMap { $0.tasks.map(\.task.id) }.filter { seen.insert($0).inserted }
    }
}

public enum PerspectiveEvaluator {
    public static func evaluate(_ p: Perspective, in index: TaskIndex, today: Day, projectOrder: [String] = []) -> PerspectiveResult {
        let (bits, ruleWarnings) = RuleBits.matching(p.rules, in: index, today: today)
        let sorter = TaskSorter(spec: p.sort, manualOrder: p.manualOrder, projectOrder: projectOrder)
        let groups = index.evaluation.ordered(bits, by: sorter, grouping: p.grouping, today: today, in: index)
        return PerspectiveResult(groups: groups, count: bits.population, warnings: ruleWarnings + layoutWarnings(p))
    }

    /// How many tasks `p` shows, with the warnings `evaluate` gives, without sorting or grouping them.
    public static func count(_ p: Perspective, in index: TaskIndex, today: Day) -> (count: Int, warnings: [RuleWarning]) {
        let (bits, ruleWarnings) = RuleBits.matching(p.rules, in: index, today: today)
        return (bits.population, ruleWarnings + layoutWarnings(p))
    }

    /// The perspective's sort field or grouping when this program does not know them.
    public static func layoutWarnings(_ p: Perspective) -> [RuleWarning] {
        var warnings: [RuleWarning] = []
        if p.sort.sortField == nil { warnings.append(RuleWarning(path: "sort", message: "unknown sort field \"\(p.sort.field)\"; sorting by due date")) }
        if GroupBy(rawValue: p.groupBy) == nil { warnings.append(RuleWarning(path: "group_by", message: "unknown grouping \"\(p.groupBy)\"; not grouped")) }
        return warnings
    }

    /// Every perspective's count at once (the sidebar): rules only, no sort;
    /// conditions already scanned for this index are not scanned again.
    public static func counts(_ perspectives: [Perspective], in index: TaskIndex, today: Day) -> [String: Int] {
        var out: [String: Int] = [:]
        for p in perspectives { out[p.id] = RuleBits.count(p.rules, in: index, today: today) }
        return out
    }
}
