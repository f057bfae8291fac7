/// What a perspective's rules say every one of its tasks has, simply enough
/// that a task added while it is shown can be given it: an `area` or
/// `project` that `equals` (or is `within`, or is `in` one) value, the tags of
/// `contains` / `contains_all` (the first of `contains_any`), and `flagged`.
/// Only conditions that must hold count: turned-on conditions of the top
/// group and of the All groups inside it (never inside Any or None).
public enum PerspectiveContext {
    public static func of(_ rules: RuleGroup) -> QuickAdd {
        var out = QuickAdd(title: "")
        collect(rules, into: &out)
        return out
    }

    static func collect(_ group: RuleGroup, into out: inout QuickAdd) {
        guard group.enabled, group.kind == .and else { return }
        for node in group.conditions {
            switch node {
            case .group(let g): collect(g, into: &out)
            case .condition(let c) where c.enabled: take(c, into: &out)
            default: break
            }
        }
    }

    static func take(_ c: RuleCondition, into out: inout QuickAdd) {
        let op = c.op.lowercased()
        let one: String? = {
            switch (op, c.value) {
            case ("equals", .string(let s)?), ("within", .string(let s)?), ("contains", .string(let s)?): return s
            case ("in", .array(let a)?) where a.count == 1: return a[0].string
            default: return nil
            }
        }()
        switch c.field.lowercased() {
        case "area": if out.area == nil, let v = one?.trimmedSpaces(), !v.isEmpty { out.area = v }
        case "project": if out.project == nil, let v = one?.trimmedSpaces(), !v.isEmpty { out.project = v }
        case "flagged": if op == "equals", c.value == .bool(true) { out.flagged = true }
        case "tags":
            var tags: [String] = []
            switch (op, c.value) {
            case ("contains", .string(let s)?): tags = [s]
            case ("contains_all", .array(let a)?): tags = a.compactMap(\.string)
            case ("contains_any", .array(let a)?): tags = a.first?.string.map { [$0] } ?? []
            default: break
            }
            for t in tags.map({ $0.trimmedSpaces() }) where !t.isEmpty && !out.tags.contains(where: { $0.lowercased() == t.lowercased() }) {
                out.tags.append(t)
            }
        default: break
        }
    }
}

extension QuickAdd {
    /// This line with what `context` has filled in where the line named nothing
    /// (tags are added to the line's own).
    public func taking(_ context: QuickAdd) -> QuickAdd {
        var out = self
        if out.project == nil { out.project = context.project }
        if out.area == nil { out.area = context.area }
        if context.flagged { out.flagged = true }
        // (The Forecast's selected day: the line's own due or scheduled day wins over it.)
        if out.due == nil, out.scheduled == nil { out.due = context.due }
        for t in context.tags where !out.tags.contains(where: { $0.lowercased() == t.lowercased() }) { out.tags.append(t) }
        return out
    }

    /// `+cl` → `Clients`: a project or area typed as the start of exactly one
    /// that exists (ignoring case) takes that one's spelling; one typed in
    /// full, or matching none or several, stays as typed (a new one).
    public func resolving(projects: [String], areas: [String]) -> QuickAdd {
        func resolve(_ typed: String?, _ known: [String]) -> String? {
            guard let typed else { return nil }
            let key = typed.lowercased()
            if let exact = known.first(where: { $0.lowercased() == key }) { return exact }
            let starting = known.filter { $0.lowercased().hasPrefix(key) }
            return starting.count == 1 ? starting[0] : typed
        }
        var out = self
        out.project = resolve(project, projects)
        out.area = resolve(area, areas)
        return out
    }

    /// Whether the line names nothing but a title.
    public var isPlain: Bool {
        tags.isEmpty && assignees.isEmpty && project == nil && area == nil && priority == nil && !flagged && due == nil && scheduled == nil
            && defer_ == nil && estimatedMinutes == nil && recurrence == nil && after.isEmpty && reminders.isEmpty && badReminders.isEmpty
    }
}
