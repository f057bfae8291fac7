import TaskEngine

/// What `show` adds for a task's dependencies and links, and the dependency
/// lines of `problems`. The vault is read only for a task that has either.
enum DependencyOutput {
    /// The lines after a task's fields: what it waits for (and where each name leads),
    /// what waits for it, and where each link in its notes points.
    static func lines(_ t: TaskItem, root: String, snapshot: VaultSnapshot) -> String {
        let index = snapshot.index
        let graph = index.dependencies
        guard let row = index.tasks.firstIndex(where: { $0.task.id == t.id }) else { return "" }
        var rows: [(String, String)] = []
        for e in graph.edges(of: row) {
            let d = e.dependency
            let kind = d.relation == .finishToStart && d.gap == nil ? "" : " (\(d.relation.rawValue)\(d.gap.map { ", gap \($0)" } ?? ""))"
            if let target = e.target, let project = e.sequentialProject {
                let other = index.tasks[target].task
                rows.append(("waits for", "\(other.id) [\(other.displayStatus)] (sequential project \(project))"))
            } else if let target = e.target {
                let other = index.tasks[target].task
                rows.append(("waits for", "\(d.uid) → \(other.id) [\(other.displayStatus)]\(kind)"))
            } else {
                rows.append(("waits for", "\(d.uid) → \(e.problem ?? "no task")\(kind)"))
            }
        }
        for w in graph.waitedBy(row) {
            let other = index.tasks[w].task
            let project = graph.edges(of: w).first { $0.target == row && $0.sequentialProject != nil }?.sequentialProject
            rows.append(("waited for by", "\(other.id) [\(other.displayStatus)]" + (project.map { " (sequential project \($0))" } ?? "")))
        }
        if !graph.edges(of: row).isEmpty {
            rows.append(("blocked", graph.isBlocked(row) ? "yes" : "no"))
        }
        let links = LinkScan.links(in: t.body)
        if !links.isEmpty {
            let vault = VaultLinks(root: root, taskIDs: index.tasks.map(\.task.id))
            for l in links { rows.append(("link", "\(l.raw) → \(vault.describe(l, from: t.id))")) }
        }
        return rows.map { "  " + $0.0.padding(toLength: 19, withPad: " ", startingAt: 0) + $0.1 + "\n" }.joined()
    }

    /// Whether `show` needs the vault for this task.
    static func needsVault(_ t: TaskItem, store: PerspectiveStore, kind: VaultProfile.Kind) -> Bool {
        !t.dependencies.isEmpty || t.body.contains("[") || t.project.map(store.document.sequentialProjects.isSequential) == true
            // (A TaskNotes project's note may make it sequential: only the vault says.)
            || (kind == .tasknotes && t.project != nil)
    }

    /// `problems`' lines for names of no task, tasks naming themselves, ambiguous names and cycles.
    static func problemLines(_ snapshot: VaultSnapshot) -> [String] {
        snapshot.index.dependencies.problems.map { "warning: \($0.id): \($0.text)" }
    }
}
