import TaskEngine

extension LoadedVault {
    /// The ids among `tasks` that wait for a task not done. Only a task with
    /// dependencies can: with none among them nothing more is read. When there
    /// is one and this vault holds only what a rule matched (the cache's
    /// answer), its blockers may be missing here: the blocked tasks of the whole
    /// vault are then taken from the cache's memo for this listing and these
    /// sequential projects (`BlockedMemo`), else the whole vault is read, from the
    /// cache, by the listing that confirmed this answer (the vault is not listed
    /// twice), and what it says is kept for the next run.
    /// (A task of a sequential project may wait too.)
    func blocked(among tasks: [IndexedTask], _ global: any VaultChoice, cache: TaskCache?) throws -> Set<String> {
        let projects = index.sequentialProjects
        let anySequential = !projects.isEmpty
        let waiting = tasks.filter { !$0.task.dependencies.isEmpty || (anySequential && $0.projectKey.map { projects.byKey[$0]?.sequential == true } == true) }
        guard !waiting.isEmpty else { return [] }
        guard narrowed else { return Set(waiting.map(\.task.id).filter { index.isBlocked(id: $0) }) }
        let memo = listing.map { BlockedMemo(listing: $0.hash, projects: SequentialCLI.questionText(store)) }
        if let memo, let cache, let all = memo.answer(cache) {
            PhaseTrace.mark("blocked from the cache's memo")
            return Set(waiting.map(\.task.id).filter(all.contains))
        }
        let whole = try LoadedVault(global, root: root, store: store, listing: listing)
        if let memo, let cache, whole.unreadable == 0 { memo.store(whole.index, in: cache) }
        return Set(waiting.map(\.task.id).filter { whole.index.isBlocked(id: $0) })
    }
}

/// The blocked tasks of a whole vault, remembered in the cache (`TaskCache.memo`) for the
/// listing they were reckoned on and the sequential projects of the perspectives file, so
/// that a warm `list --json` of tasks that wait answers without reading every task again.
struct BlockedMemo {
    var listing: String
    /// `SequentialCLI.questionText`: another setting is another answer.
    var projects: String

    static let name = "blocked"

    /// The first line of the answer: the projects' text with its newlines and backslashes escaped.
    var head: String { projects.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n") }

    func answer(_ cache: TaskCache) -> Set<String>? {
        guard let text = cache.memo(Self.name, listing: listing) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == head else { return nil }
        lines.removeFirst()
        return Set(lines.lazy.filter { !$0.isEmpty }.map(String.init))
    }

    /// Kept unless a blocked task's file name holds a newline (one a line: such a vault reads the whole vault each time).
    func store(_ index: TaskIndex, in cache: TaskCache) {
        let ids = index.dependencies.blocked.map { index.tasks[$0].task.id }
        guard !ids.contains(where: { $0.contains("\n") }) else { return }
        cache.storeMemo(Self.name, ([head] + ids.sorted()).joined(separator: "\n"), listing: listing)
    }
}
