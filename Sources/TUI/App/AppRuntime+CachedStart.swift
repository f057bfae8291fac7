import Foundation
import TaskEngine

/// A start drawn from the cache: the first screen shows the vault as the
/// cache last knew it (the snapshot and the journal the last quit kept), the
/// vault is listed right after it is drawn, and whatever differs is read
/// as any change made outside the app is. Nothing is written from a task
/// the check has not confirmed: every save compares the file with the bytes
/// the task was read from, so a task changed on disk meanwhile is re-read,
/// never overwritten.
extension AppRuntime {
    /// The vault from the cache alone (nil: no usable cache; the caller loads as usual).
    func loadCached() -> Shared<VaultContents>? {
        store.load()
        PhaseTrace.mark("perspectives")
        guard let start = VaultLoader.loadCached(root: writer.root, cache: taskCache, profile: writer.profile) else { return nil }
        seenSignature = nil
        listedFiles = (start.snapshot.files, VaultSignature.stamp(writer.root + "/" + PerspectiveStore.fileName))
        journalBase = start.base
        startCheckPending = true
        let index = start.snapshot.index
        let conflicts = SyncConflict.find(root: writer.root, mayBeCopies: start.mayBeCopies) { index.task(id: $0)?.task.title }
        PhaseTrace.mark("state")
        return Shared(VaultContents(index: start.snapshot.index, problems: start.snapshot.problems, perspectives: store.all,
                                    perspectivesProblem: store.shownProblem, conflicts: conflicts, projects: projects))
    }

    /// The files as the vault was last seen (what a start from the cache
    /// showed): what the start's check compares the vault with.
    public var filesSeen: [VaultListing.File] { signature?.listed ?? [] }

    /// Brings a start from the cache up to date with `check`, the vault
    /// compared with `filesSeen` after the first screen: removes what
    /// interrupted saves left, and reads every file whose stamp differed
    /// (each is looked at again first, so a save the app made meanwhile is
    /// not read back). Returns true when something changed.
    @discardableResult
    public func finishStart(_ check: VaultListing.Comparison) -> Bool {
        guard startCheckPending else { return false }
        startCheckPending = false
        AtomicFile.removeLeftovers(check.leftovers, root: writer.root)
        defer { PhaseTrace.mark("start checked: \(check.differing.files.count) files differ") }
        return pollChanges(check.differing, listed: check.problems)
    }

    /// At quit: keeps in the cache's journal what changed since its snapshot
    /// (the app's own saves, and what it read of changes made outside), so the
    /// next start from the cache shows it at once. When most of the vault
    /// changed, a new snapshot is written instead.
    public func rememberForNextStart() {
        guard let cache = taskCache, let base = journalBase, let seen = seenSignature else { return }  // (no signature: nothing was saved or read)
        let (changed, removed) = seen.changes(since: base)
        if changed.count + removed.count > max(2_000, base.count / 10) {
            let files = seen.listed
            let loaded = files.compactMap { f in state.index.task(id: f.id).map { (file: f, task: $0) } }
            VaultLoader.writeSnapshot(cache, hash: CacheSnapshot.listingHash(files), loaded)
            return
        }
        var entries = removed.map { TaskCache.JournalEntry(id: $0, file: nil, task: nil) }
        entries += changed.map { TaskCache.JournalEntry(id: $0.id, file: $0, task: state.index.task(id: $0.id)?.task) }
        cache.replaceJournal(entries)
    }
}
