/// How a rule tree is evaluated, whatever the result is made of (a
/// predicate on one task, a bit set over every task): disabled nodes and
/// groups with no enabled conditions are left out; a condition (or group)
/// that cannot be evaluated is *skipped*: true inside AND, false inside OR
/// and NOT, reported in `warnings` with its path.
struct RuleFold<Value> {
    enum Outcome {
        case ignored
        case skipped
        case value(Value)
    }

    /// A condition's value, or why it is skipped.
    let leaf: (RuleCondition) -> Result<Value, RuleSkip>
    /// Every task; no task.
    let all: () -> Value
    let none: () -> Value
    /// Two or more values combined.
    let and: ([Value]) -> Value
    let or: ([Value]) -> Value
    /// Neither of the values (NOT of their OR).
    let not: ([Value]) -> Value

    /// The tree's value: every task when it is ignored or skipped as a whole.
    func top(_ rules: RuleGroup, warnings: inout [RuleWarning]) -> Value {
        switch group(rules, path: "rules", warnings: &warnings) {
        case .value(let v): return v
        case .ignored, .skipped: return all()
        }
    }

    func node(_ n: RuleNode, path: String, warnings: inout [RuleWarning]) -> Outcome {
        switch n {
        case .group(let g): return group(g, path: path, warnings: &warnings)
        case .condition(let c):
            guard c.enabled else { return .ignored }
            switch leaf(c) {
            case .success(let v): return .value(v)
            case .failure(let skip):
                warnings.append(RuleWarning(path: path, message: skip.message(c)))
                return .skipped
            }
        }
    }

    func group(_ g: RuleGroup, path: String, warnings: inout [RuleWarning]) -> Outcome {
        guard g.enabled else { return .ignored }
        var found: [Value] = []
        var enabledChildren = 0
        for (i, child) in g.conditions.enumerated() {
            switch node(child, path: "\(path).conditions[\(i)]", warnings: &warnings) {
            case .ignored: continue
            case .skipped: enabledChildren += 1
            case .value(let v):
                enabledChildren += 1
                found.append(v)
            }
        }
        guard let kind = g.kind else {
            warnings.append(RuleWarning(path: path, message: "unknown group operator \"\(g.operatorText)\"; group skipped"))
            return .skipped
        }
        // "A group with no enabled conditions is ignored, as a turned-off rule is."
        if enabledChildren == 0 { return .ignored }
        switch kind {
        case .and: return .value(found.isEmpty ? all() : found.count == 1 ? found[0] : and(found))  // only skipped rules: each counts as true
        case .or: return .value(found.isEmpty ? none() : found.count == 1 ? found[0] : or(found))
        case .not: return .value(found.isEmpty ? all() : not(found))
        }
    }
}
