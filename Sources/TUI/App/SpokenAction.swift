import TaskEngine

/// What a key did, in words, for the status line in the screen-reader mode:
/// the actions that change what the list shows or how, which a sighted user
/// sees at once and a screen reader would not announce ("Sorted by due date,
/// ascending", "Folded Work", "Perspective saved: Deep Work, 12 tasks").
/// Read from the state before and after the action, so it says what happened,
/// not what was asked. A focus move says nothing: the line under the
/// terminal's cursor is its announcement. Actions that already say what they
/// did (marks, adds, deletes, undo) keep their own words.
enum SpokenAction {
    /// `effects`: what the action asked for (a perspective's new sort is in the save it asks for, not yet in the state).
    static func said(_ before: AppState, _ after: AppState, _ action: Action, effects: [Effect]) -> String? {
        // The perspective as the action left it: the one it saves, else the state's.
        let saved = effects.lazy.compactMap { if case .savePerspective(let p) = $0 { return p }; return nil }.first ?? after.perspective
        switch action {
        case .reverseSort, .resetOrder, .sortMenu(.choose):
            return sorted(before.perspective, saved)
        case .reorderTask(let direction):
            guard let t = after.selectedTask, before.perspective?.manualOrder != saved?.manualOrder else { return nil }
            return "Moved \(t.title) \(words(direction))"
        case .reorderPerspective(let down):
            guard let p = after.perspective else { return nil }
            // (Saved by the effect that follows at once; a failed save replaces these words with why.)
            return "Moved \(p.name) \(down ? "down" : "up")"
        case .toggleCollapse:
            // Unfolded, the cursor goes on to the group's first task: the header was the selection before.
            if case .group(_, let title, _, true)? = before.selectedRow, after.selectedRow != before.selectedRow { return "Unfolded " + title }
            guard case .group(_, let title, _, true)? = after.selectedRow else { return nil }
            return "Folded " + title
        case .toggleVaultTree:
            guard before.vaultTreeCollapsed != after.vaultTreeCollapsed else { return nil }
            return after.vaultTreeCollapsed ? "Areas and projects folded" : "Areas and projects shown"
        case .forecastMove:
            guard let counts = after.forecast.counts else { return nil }
            return "\(ForecastStripView.title(after.forecast, counts: counts)): \(tasks(after.listedCount))"
        case .filter(.toggle), .filter(.only), .filter(.all), .filter(.none):
            guard before.quickFilter != after.quickFilter else { return nil }
            return filter(after)
        case .search(.keep):
            guard let q = after.search, !q.isEmpty else { return "Search cleared" }
            return "Search “\(q)”: \(after.searchMatches ?? after.result.count) of \(tasks(after.listedCount))"
        case .search(.clear):
            return before.search != nil && after.search == nil ? "Search cleared" : nil
        case .cancel:
            return before.search != nil && after.search == nil ? "Search cleared" : nil
        case .settings(.change):
            if before.themeName != after.themeName { return "Theme: \(after.themeName)" }
            if before.density != after.density { return "Density: \(after.density.rawValue)" }
            return nil
        case .editor(.close):
            // (What the editor showed is what is saved: its working copy's name and count.)
            guard let e = before.editor, after.editor == nil else { return nil }
            return "Perspective saved: \(e.perspective.name), \(tasks(before.listedCount))"
        case .editor(.moveRuleUp), .editor(.moveRuleDown), .editor(.outdent):
            guard let e = after.editor, before.editor?.perspective.rules != e.perspective.rules else { return nil }
            let how = action == .editor(.outdent) ? "out of its group" : action == .editor(.moveRuleUp) ? "up" : "down"
            return "Moved \(how): " + RuleEditorReducer.named(after, e, e.path)
        case .filter(.moveUp), .filter(.moveDown):
            let rows = QuickFilterReducer.rows(after)
            guard before.quickFilter.projectOrder != after.quickFilter.projectOrder, case .quickFilter(let at) = after.mode,
                  rows.indices.contains(at), case .project(let p) = rows[at] else { return nil }
            return "Moved \(p) \(action == .filter(.moveUp) ? "up" : "down")"
        case .editor(.toggleRule):
            guard let e = after.editor, e.header == nil, let node = RuleTreeEditing.node(e.perspective.rules, at: e.path) else { return nil }
            // The state and the count first, the rule's words last: on a narrow status line the words are cut, not the state.
            // (The description's own " (off)" would say it twice.)
            var described = RuleDescriber.describe(node, today: after.today)
            if !node.enabled, described.hasSuffix(" (off)") { described.removeLast(" (off)".count) }
            return (node.enabled ? "Turned on" : "Turned off") + " (\(tasks(after.listedCount)) now): " + described
        default:
            return nil
        }
    }

    static func tasks(_ n: Int) -> String { "\(n) task\(n == 1 ? "" : "s")" }

    static func words(_ d: ManualReorder.Direction) -> String {
        switch d {
        case .up: return "up"
        case .down: return "down"
        case .top: return "to the top"
        case .bottom: return "to the bottom"
        }
    }

    static func sorted(_ before: Perspective?, _ after: Perspective?) -> String? {
        guard let p = after, before?.sort != p.sort || before?.manualOrder != p.manualOrder else { return nil }
        let field = p.sort.sortField?.label.lowercased() ?? p.sort.field
        return "Sorted by \(field), \(p.sort.ascending ? "ascending" : "descending")"
    }

    /// "Filter: 2 projects, 1 status hidden; 5 of 12 tasks shown", or that nothing is hidden.
    static func filter(_ s: AppState) -> String {
        let f = s.quickFilter
        func n(_ count: Int, _ one: String, _ many: String) -> String? { count == 0 ? nil : "\(count) \(count == 1 ? one : many)" }
        let hidden = [n(f.hiddenProjects.count, "project", "projects"), n(f.hiddenStatuses.count, "status", "statuses"),
                      n(f.hiddenPriorities.count, "priority", "priorities")].compactMap { $0 }
        guard !hidden.isEmpty else { return "Filter off: all \(tasks(s.listedCount)) shown" }
        return "Filter: \(hidden.joined(separator: ", ")) hidden; \(s.result.count) of \(tasks(s.listedCount)) shown"
    }
}
