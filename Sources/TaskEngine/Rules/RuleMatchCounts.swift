/// How many tasks each rule of a tree matches on its own, so the editor can
/// show which rule empties the view. Keys are tree paths (`[]` is the top group).
public enum RuleMatchCounts {
    public static func counts(_ rules: RuleGroup, index: TaskIndex, today: Day) -> [[Int]: Int] {
        counts(rules) { RuleBits.count($0, in: index, today: today) } ?? [:]
    }

    /// The same with each rule (as a group of its own) counted by `count`; nil when it gives nil for one.
    static func counts(_ rules: RuleGroup, count: (RuleGroup) -> Int?) -> [[Int]: Int]? {
        var out: [[Int]: Int] = [:]
        for line in RuleTreeEditing.lines(rules) {
            let group: RuleGroup
            switch line.node {
            case .group(let g): group = g
            case .condition(var c):
                c.enabled = true
                group = RuleGroup(.and, [.condition(c)])
            }
            guard let n = count(group) else { return nil }
            out[line.path] = n
        }
        return out
    }
}
