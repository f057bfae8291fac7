/// Backlog.md's drafts are not tasks of the board yet: a rule matches a
/// draft only when it asks for drafts (`draft`, as the Drafts perspective
/// does), so drafts stay out of the Inbox and every other view.
enum DraftRule {
    static let notDraft = RuleCondition(field: "draft", op: "equals", value: .bool(false))

    /// Whether an enabled condition of `rules` names the `draft` field.
    static func asksForDrafts(_ rules: RuleGroup) -> Bool {
        guard rules.enabled else { return false }
        return rules.conditions.contains { node in
            switch node {
            case .group(let g): return asksForDrafts(g)
            case .condition(let c): return c.enabled && c.field == "draft"
            }
        }
    }
}
