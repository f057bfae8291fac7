import TaskEngine

/// The keys on a project of the sidebar that change the project itself
/// rather than a view of it: sequential or parallel, and a sequential
/// project's order of work. Both are kept in `.perspectives.json`'s `projects`.
enum ProjectKeys {
    /// `S` on a project: sequential (its tasks wait for each other in turn) or parallel again.
    static func toggleSequential(_ s: inout AppState) -> [Effect] {
        guard let p = s.perspective, let name = VaultTree.projectName(of: p.id) else { return [] }
        let on = !s.sequentialProjects.isSequential(name)
        let order = s.keymap.phrase(["move-down", "move-up"], "in its view set the order", in: [.list]).map { "; \($0)" } ?? ""
        s.message = on
            ? "'\(name)' is sequential: each task waits for the one before it\(order)"
            : "'\(name)' is parallel: its tasks no longer wait for each other"
        // A task waiting for one the order puts after it: neither can start, said now rather than found later.
        if on, let cycle = s.index.cycles(ifSequential: name, projects: s.sequentialProjects).first {
            let words = cycle.dropFirst("dependency cycle: ".count)
            let path = words.range(of: " (each waits").map { words[..<$0.lowerBound] } ?? words
            s.message = "'\(name)' is sequential, but its order goes against a wait (\(path)): none of these can start\(order)"
        }
        s.message! += s.keymap.clause(" (", "undo", "undoes", ")")
        return [.setSequential(project: name, on)]
    }

    /// A project's view with the order saved for it (a sequential project's order of work).
    static func withSavedOrder(_ p: Perspective, _ projects: SequentialProjects) -> Perspective {
        guard let name = VaultTree.projectName(of: p.id), let saved = projects.project(named: name), saved.sequential,
              !saved.manualOrder.isEmpty else { return p }
        var p = p
        p.applyManualOrder(saved.manualOrder)
        return p
    }

    /// A project view's new manual order: saved when the project is sequential (it is the order of work).
    static func savedOrder(_ s: AppState, _ p: Perspective) -> [Effect] {
        guard let name = VaultTree.projectName(of: p.id), s.sequentialProjects.isSequential(name), let order = p.manualOrder else { return [] }
        return [.saveProjectOrder(project: name, order)]
    }
}
