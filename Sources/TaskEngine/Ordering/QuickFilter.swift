/// The quick filter panel's settings: a project checklist (in the user's
/// order), and status and priority toggles. It narrows whatever perspective
/// is shown; with everything on, it narrows nothing.
public struct QuickFilter: Hashable, Sendable, Codable {
    /// Projects in the order the user arranged them (used by the "project order" sort too).
    public var projectOrder: [String] = []
    /// Projects left out (by folded name); "" stands for tasks without a project.
    public var hiddenProjects: Set<String> = []
    public var hiddenStatuses: Set<String> = []
    public var hiddenPriorities: Set<String> = []

    public init() {}

    enum CodingKeys: String, CodingKey {
        case projectOrder = "project_order", hiddenProjects = "hidden_projects"
        case hiddenStatuses = "hidden_statuses", hiddenPriorities = "hidden_priorities"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        projectOrder = try c.decodeIfPresent([String].self, forKey: .projectOrder) ?? []
        hiddenProjects = try c.decodeIfPresent(Set<String>.self, forKey: .hiddenProjects) ?? []
        hiddenStatuses = try c.decodeIfPresent(Set<String>.self, forKey: .hiddenStatuses) ?? []
        hiddenPriorities = try c.decodeIfPresent(Set<String>.self, forKey: .hiddenPriorities) ?? []
    }

    public var isNarrowing: Bool { !hiddenProjects.isEmpty || !hiddenStatuses.isEmpty || !hiddenPriorities.isEmpty }

    public func allows(_ t: IndexedTask) -> Bool {
        if !hiddenProjects.isEmpty, hiddenProjects.contains(t.projectKey ?? "") { return false }
        if !hiddenStatuses.isEmpty, hiddenStatuses.contains(t.task.status.rawValue) { return false }
        if !hiddenPriorities.isEmpty, hiddenPriorities.contains(t.task.priority.rawValue) { return false }
        return true
    }

    /// The checklist: the user's order first, then the vault's other projects A–Z; "" (no project) last.
    public func projects(in index: TaskIndex) -> [String] {
        let existing = index.values(of: .project)
        let existingKeys = Set(existing.map(TextFold.key))
        var seen = Set<String>()
        var out: [String] = []
        for p in projectOrder + existing {
            let key = TextFold.key(p)
            if existingKeys.contains(key), seen.insert(key).inserted { out.append(p) }
        }
        return out + [""]
    }

    /// Narrows a result: tasks the filter hides leave their groups; empty groups go.
    public func narrow(_ r: PerspectiveResult) -> PerspectiveResult {
        guard isNarrowing else { return r }
        var groups: [TaskGroup] = []
        var ids = Set<String>()
        for g in r.groups {
            var g = g
            g.tasks = g.tasks.filter(allows)
            for t in g.tasks { ids.insert(t.id) }
            if !g.tasks.isEmpty || g.title == nil { groups.append(g) }
        }
        return PerspectiveResult(groups: groups, count: ids.count, warnings: r.warnings)
    }
}
