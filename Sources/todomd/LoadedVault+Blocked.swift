import TaskEngine

extension LoadedVault {
    /// The ids among `tasks` that wait for a task not done. Only a task with
    /// dependencies can: with none among them nothing more is read. When there
    /// is one and this vault holds only what a rule matched (the cache's
    /// answer), its blockers may be missing here, so the whole vault is read,
    /// from the cache, by the listing that confirmed this answer (the vault is not listed twice).
    /// (A task of a sequential project may wait too.)
    func blocked(among tasks: [IndexedTask], _ global: any VaultChoice) throws -> Set<String> {
        let projects = index.sequentialProjects
        let anySequential = !projects.isEmpty
        let waiting = tasks.filter { !$0.task.dependencies.isEmpty || (anySequential && $0.projectKey.map { projects.byKey[$0]?.sequential == true } == true) }
        guard !waiting.isEmpty else { return [] }
        let whole = narrowed ? try LoadedVault(global, root: root, store: store, listing: listing).index : index
        return Set(waiting.map(\.task.id).filter { whole.isBlocked(id: $0) })
    }
}
