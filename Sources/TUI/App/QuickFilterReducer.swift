import TaskEngine

/// The quick filter panel: rows are the projects (in the user's order), then
/// the statuses, then the priorities. Toggling narrows the list at once;
/// closing saves it for this vault.
enum QuickFilterReducer {
    enum Row: Hashable {
        case project(String)
        case status(TaskStatus)
        case priority(Priority)
    }

    static func rows(_ s: AppState) -> [Row] {
        s.quickFilter.projects(in: s.index).map(Row.project) + TaskStatus.allCases.map(Row.status) + Priority.allCases.map(Row.priority)
    }

    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        guard case .quickFilter(let cursor) = s.mode else { return [] }
        let all = rows(s)
        let projects = s.quickFilter.projects(in: s.index)
        var f = s.quickFilter
        switch action {
        case .menu(let m): s.mode = .quickFilter(cursor: ListKeys.step(m, index: cursor, count: all.count)); return []
        case .menuSelect(let i): if all.indices.contains(i) { s.mode = .quickFilter(cursor: i) }; return []
        case .filter(let a):
            guard all.indices.contains(cursor) || a == .close else { return [] }
            switch a {
            case .close:
                s.mode = .browse
                return [.saveQuickFilter]
            case .toggle:
                switch all[cursor] {
                case .project(let p): f.hiddenProjects.formSymmetricDifference([TextFold.key(p)])
                case .status(let st): f.hiddenStatuses.formSymmetricDifference([st.rawValue])
                case .priority(let pr): f.hiddenPriorities.formSymmetricDifference([pr.rawValue])
                }
            case .all: f.hiddenProjects = []
            case .none: f.hiddenProjects = Set(projects.map(TextFold.key))
            case .only:
                if case .project(let p) = all[cursor] { f.hiddenProjects = Set(projects.map(TextFold.key)).subtracting([TextFold.key(p)]) }
            case .moveDown, .moveUp:
                // A key that cannot move the row says why (a screen reader hears only what changes).
                guard case .project(let p) = all[cursor] else {
                    s.message = "Only projects are put in order here: statuses and priorities keep theirs."
                    return []
                }
                guard !p.isEmpty else { s.message = "No project always comes after the projects."; return [] }
                let named = projects.filter { !$0.isEmpty }
                let order = ManualReorder.move(named, id: p, a == .moveDown ? .down : .up)
                guard order != named else {
                    s.message = "\(p) is already \(a == .moveDown ? "last" : "first") of the projects"
                    return []
                }
                f.projectOrder = order
                if let i = order.firstIndex(of: p) { s.mode = .quickFilter(cursor: i) }
            }
        default: return []
        }
        s.quickFilter = f
        s.refresh(recount: false)  // it narrows the list, never the sidebar counts
        return []
    }
}
