import Foundation

/// The vault as the cache last knew it, read without listing the vault: the
/// full-screen app draws its first screen from this, then lists the vault
/// and reads what changed since (as it does for any change made outside).
public struct CachedStart: Sendable {
    /// The tasks (the snapshot with the journal applied); `files` are the
    /// stamps of the files they were read from, `problems` their warnings.
    public var snapshot: VaultSnapshot
    /// The snapshot's own stamps, without the journal: what a journal written
    /// later is relative to.
    public var base: [VaultListing.File]
}

extension VaultLoader {
    /// The stored snapshot and journal, decoded on all cores; nil when there
    /// is none (or it is damaged), or for another tool's vault (never cached).
    public static func loadCached(root: String, cache: TaskCache?, timeZone: TimeZone = .current,
                                  profile: VaultProfile) -> CachedStart? {
        guard let cache, profile.isDefault else { return nil }
        waitForCacheWrites()
        guard let (base, entries) = decodeSnapshot(cache, timeZone: timeZone) else { return nil }
        var index = TaskIndex(sortedEntries: entries)
        var files = base
        let journal = cache.journal(timeZone: timeZone)
        if !journal.isEmpty {
            index.update(journal.compactMap(\.task), removing: Set(journal.map(\.id)))
            let journaled = Set(journal.map(\.id))
            files = base.filter { !journaled.contains($0.id) } + journal.compactMap { $0.task == nil ? nil : $0.file }
            files.sort { IDOrder.less($0.id, $1.id) }
        }
        var problems: [VaultProblem] = []
        for t in index.tasks where !t.task.warnings.isEmpty {
            problems += t.task.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) }
        }
        PhaseTrace.mark("read cache snapshot (\(index.tasks.count) tasks, \(journal.count) journaled)")
        return CachedStart(snapshot: VaultSnapshot(index: index, problems: problems, files: files), base: base)
    }

    /// The snapshot's tasks and their files' stamps, in listing order. Chunks are read in order here and decoded on
    /// other cores (at most four in flight).
    static func decodeSnapshot(_ cache: TaskCache, timeZone: TimeZone)
        -> (files: [VaultListing.File], tasks: [IndexedTask])? {
        final class Parts: @unchecked Sendable {
            let lock = NSLock()
            var chunks: [Int: (files: [VaultListing.File], tasks: [IndexedTask])] = [:]
            var damaged = false
        }
        let parts = Parts()
        let decoding = DispatchGroup()
        let inFlight = DispatchSemaphore(value: 4)
        var count = 0
        let found = cache.forEachSnapshotChunk(matching: nil) { chunk in
            let bytes = Array(chunk)  // the chunk outlives this call
            let n = count
            count += 1
            inFlight.wait()
            DispatchQueue.global().async(group: decoding) {
                defer { inFlight.signal() }
                var files: [VaultListing.File] = [], tasks: [IndexedTask] = []
                let ok = bytes.withUnsafeBytes { all -> Bool in
                    guard let entries = CacheSnapshot.entries(all) else { return false }
                    files.reserveCapacity(entries.count)
                    tasks.reserveCapacity(entries.count)
                    for e in entries {
                        let id = String(decoding: UnsafeRawBufferPointer(rebasing: all[e.id]), as: UTF8.self)
                        guard let t = TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[e.record]), id: id, timeZone: timeZone)
                        else { return false }
                        files.append(VaultListing.File(id: id, size: e.size, mtime: e.mtime))
                        tasks.append(IndexedTask(t))
                    }
                    return true
                }
                parts.lock.lock()
                if ok { parts.chunks[n] = (files, tasks) } else { parts.damaged = true }
                parts.lock.unlock()
            }
        }
        decoding.wait()
        guard found != nil, !parts.damaged else { return nil }
        var files: [VaultListing.File] = [], tasks: [IndexedTask] = []
        for n in 0..<count {
            guard let part = parts.chunks.removeValue(forKey: n) else { return nil }
            files += part.files
            tasks += part.tasks
        }
        // Written in listing order; anything else is not this program's snapshot.
        guard zip(files, files.dropFirst()).allSatisfy({ IDOrder.less($0.id, $1.id) }) else { return nil }
        return (files, tasks)
    }
}
