import Foundation

extension VaultLoader {
    /// Whether a task may wait for the task `id` by naming it, answered from the cache without
    /// reading the vault: the rule columns say which tasks have dependencies (most have none),
    /// and only those are decoded. False when none of their entries names a file of that name
    /// (nor the id a Backlog.md file name starts with); nil when the cache cannot say
    /// (`cachedColumns`: no snapshot, another tool's vault, too many files changed since).
    /// (A sequential project's waits are not names: a task in one is the caller's to look at.)
    public static func mayBeWaitedFor(_ id: String, root: String, cache: TaskCache?, listing: VaultListing.Listing,
                                      timeZone: TimeZone = .current) -> Bool? {
        guard let cache, let cached = cachedColumns(root: root, cache: cache, listing: listing, timeZone: timeZone) else { return nil }
        let waits = cached.columns.waits
        let bits = TaskBits(count: waits.count) { waits[$0] }
        PhaseTrace.mark("scan cached columns for waiters")
        if bits.population == 0 { return false }
        guard let tasks = decoded(bits, cached, cache: cache, files: listing.files, timeZone: timeZone) else { return nil }
        PhaseTrace.mark("decode \(tasks.count) with dependencies")
        let own = ReferenceRewrite.stem(VaultLinks.name(id)).lowercased()
        return tasks.contains { $0.task.id != id && $0.task.dependencies.contains { mayName($0, own) } }
    }

    /// More than names it, never less: the entry's file name (decoded, without `.md`, in any case) is
    /// the task's (`own`), or the id its file name starts with (`task-12` names `task-12 - Title`).
    static func mayName(_ d: TaskDependency, _ own: String) -> Bool { mayName(key: d.key, own) }

    /// `mayName` for an entry's key (`TaskDependency.key`).
    static func mayName(key raw: String, _ own: String) -> Bool {
        let key = LinkResolver.percentDecoded(raw).lowercased()
        let name = key.split(separator: "/").last.map(String.init) ?? key
        return name == own || own.hasPrefix(name + " - ")
    }
}
