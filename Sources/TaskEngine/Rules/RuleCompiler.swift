/// Turns a rule tree into one predicate on a task, once per evaluation of
/// "today" (the row-by-row meaning, `RuleFold`'s rules; the app and CLI
/// evaluate with `RuleBits`, held equal to this by randomized tests).
///
///     let compiled = RuleCompiler.compile(perspective.rules, today: today)
///     let matching = index.tasks.filter(compiled.matches)
public struct CompiledRules: Sendable {
    public let matches: @Sendable (IndexedTask) -> Bool
    public let warnings: [RuleWarning]
}

public enum RuleCompiler {
    public typealias Predicate = @Sendable (IndexedTask) -> Bool

    /// `index`: the vault the tasks are of, for a rule on their dependencies (`blocked`); without it no task is blocked.
    public static func compile(_ rules: RuleGroup, today: Day, index: TaskIndex? = nil) -> CompiledRules {
        var warnings: [RuleWarning] = []
        let fold = RuleFold<Predicate>(
            leaf: { ConditionCompiler.compile($0, today: today, index: index) },
            all: { { _ in true } },
            none: { { _ in false } },
            and: { tests in { t in tests.allSatisfy { $0(t) } } },
            or: { tests in { t in tests.contains { $0(t) } } },
            not: { tests in { t in !tests.contains { $0(t) } } })
        let found = fold.top(rules, warnings: &warnings)
        let matches: Predicate
        if DraftRule.asksForDrafts(rules) { matches = found } else { matches = { (t: IndexedTask) -> Bool in !t.task.isDraft && found(t) } }
        return CompiledRules(matches: matches, warnings: warnings)
    }
}
