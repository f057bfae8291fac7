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
                guard case .project(let p) = all[cursor], !p.isEmpty else { break }
                let order = ManualReorder.move(projects.filter { !$0.isEmpty }, id: p, a == .moveDown ? .down : .up)
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
