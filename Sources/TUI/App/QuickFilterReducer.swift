import TaskEngine

/// The quick filter panel: rows are the projects (in the user's order), then
/// the statuses, then the priorities. Space toggles, `o` keeps only this
/// project, `a` all, `n` none, `J`/`K` reorder projects, `Esc` closes and saves.
enum QuickFilterReducer {
    enum Row: Hashable {
        case project(String)
        case status(TaskStatus)
        case priority(Priority)
    }

    static func rows(_ s: AppState) -> [Row] {
        s.quickFilter.projects(in: s.index).map(Row.project) + TaskStatus.allCases.map(Row.status) + Priority.allCases.map(Row.priority)
    }

    static func reduce(_ s: inout AppState, _ key: Key) -> [Effect] {
        guard let cursor = s.filterPanel else { return [] }
        let all = rows(s)
        let projects = s.quickFilter.projects(in: s.index)
        var f = s.quickFilter
        if let next = ListKeys.step(key, index: cursor, count: all.count) { s.filterPanel = next; return [] }
        switch key {
        case .escape, .char("F"), .char("q"):
            s.filterPanel = nil
            return [.saveQuickFilter]
        case .char(" "), .enter:
            switch all[cursor] {
            case .project(let p): f.hiddenProjects.formSymmetricDifference([TextFold.key(p)])
            case .status(let st): f.hiddenStatuses.formSymmetricDifference([st.rawValue])
            case .priority(let pr): f.hiddenPriorities.formSymmetricDifference([pr.rawValue])
            }
        case .char("a"): f.hiddenProjects = []
        case .char("n"): f.hiddenProjects = Set(projects.map(TextFold.key))
        case .char("o"):
            if case .project(let p) = all[cursor] { f.hiddenProjects = Set(projects.map(TextFold.key)).subtracting([TextFold.key(p)]) }
        case .char("J"), .char("K"):
            guard case .project(let p) = all[cursor], !p.isEmpty else { break }
            var order = projects.filter { !$0.isEmpty }
            let moved = ManualReorder.move(order, id: p, key == .char("J") ? .down : .up)
            order = moved
            f.projectOrder = order
            if let i = order.firstIndex(of: p) { s.filterPanel = i }
        default: break
        }
        s.quickFilter = f
        s.refresh(recount: false)  // it narrows the list, never the sidebar counts
        return []
    }
}
