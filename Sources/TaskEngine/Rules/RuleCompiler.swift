/// Turns a rule tree into one predicate, once per evaluation of "today", so a
/// perspective is not re-interpreted for every task.
///
///     let compiled = RuleCompiler.compile(perspective.rules, today: today)
///     let matching = index.tasks.filter(compiled.matches)
///
/// Disabled nodes and groups with no enabled conditions are left out. A
/// condition (or group) the engine cannot evaluate is *skipped*: true inside
/// AND, false inside OR and NOT, reported in `warnings` with its path.
public struct CompiledRules: Sendable {
    public let matches: @Sendable (IndexedTask) -> Bool
    public let warnings: [RuleWarning]
}

public enum RuleCompiler {
    public typealias Predicate = @Sendable (IndexedTask) -> Bool

    enum Compiled {
        case ignored
        case skipped
        case test(Predicate)
    }

    public static func compile(_ rules: RuleGroup, today: Day) -> CompiledRules {
        var warnings: [RuleWarning] = []
        switch compileGroup(rules, path: "rules", today: today, warnings: &warnings) {
        case .test(let p): return CompiledRules(matches: p, warnings: warnings)
        case .ignored, .skipped: return CompiledRules(matches: { _ in true }, warnings: warnings)
        }
    }

    static func compileNode(_ node: RuleNode, path: String, today: Day, warnings: inout [RuleWarning]) -> Compiled {
        switch node {
        case .group(let g): return compileGroup(g, path: path, today: today, warnings: &warnings)
        case .condition(let c):
            guard c.enabled else { return .ignored }
            switch ConditionCompiler.compile(c, today: today) {
            case .success(let p): return .test(p)
            case .failure(let skip):
                warnings.append(RuleWarning(path: path, message: skip.message(c)))
                return .skipped
            }
        }
    }

    static func compileGroup(_ g: RuleGroup, path: String, today: Day, warnings: inout [RuleWarning]) -> Compiled {
        guard g.enabled else { return .ignored }
        var found: [Predicate] = []
        var enabledChildren = 0
        for (i, child) in g.conditions.enumerated() {
            switch compileNode(child, path: "\(path).conditions[\(i)]", today: today, warnings: &warnings) {
            case .ignored: continue
            case .skipped: enabledChildren += 1
            case .test(let p):
                enabledChildren += 1
                found.append(p)
            }
        }
        guard let kind = g.kind else {
            warnings.append(RuleWarning(path: path, message: "unknown group operator \"\(g.operatorText)\"; group skipped"))
            return .skipped
        }
        // "A group with no enabled conditions is ignored, as a turned-off rule is."
        if enabledChildren == 0 { return .ignored }
        let tests = found
        switch kind {
        case .and:
            if tests.isEmpty { return .test { _ in true } }  // only skipped rules: each counts as true
            if tests.count == 1 { return .test(tests[0]) }
            return .test { t in
                for p in tests where !p(t) { return false }
                return true
            }
        case .or:
            if tests.isEmpty { return .test { _ in false } }
            if tests.count == 1 { return .test(tests[0]) }
            return .test { t in
                for p in tests where p(t) { return true }
                return false
            }
        case .not:
            if tests.isEmpty { return .test { _ in true } }
            return .test { t in
                for p in tests where p(t) { return false }
                return true
            }
        }
    }
}
