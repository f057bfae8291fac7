import Foundation
import Synchronization

/// The vault as the cache last knew it, read without listing the vault: the
/// full-screen app draws its first screen from this, then lists the vault
/// and reads what changed since (as it does for any change made outside).
public struct CachedStart: Sendable {
    /// The tasks (the snapshot with the journal applied); `files` are the
    /// stamps of the files they were read from, `problems` their warnings.
    public var snapshot: VaultSnapshot
    /// The snapshot's own stamps, without the journal: what a journal written
    /// later is relative to.
    public var base: SnapshotBase
    /// The files whose names a sync tool's conflict copy may have
    /// (`SyncConflict.mayBeACopy`), looked at while they were read.
    public var mayBeCopies: [String]
}

extension VaultLoader {
    /// The stored snapshot and journal, decoded on all cores; nil when there
    /// is none (or it is damaged), or for another tool's vault (never cached).
    public static func loadCached(root: String, cache: TaskCache?, timeZone: TimeZone = .current,
                                  profile: VaultProfile) -> CachedStart? {
        guard let cache, profile.isDefault else { return nil }
        waitForTaskCache()
        // (The stored columns are of the snapshot's tasks: with a journal they are not read.)
        guard let (base, entries, columns, copies) = decodeSnapshot(cache, timeZone: timeZone, columns: !cache.hasJournal) else { return nil }
        let journal = cache.journal(timeZone: timeZone)
        // The snapshot's own rule columns, row for row its tasks, when nothing was journaled since
        // (made from the tasks instead, they would be a large part of the first screen of a big vault).
        let stored = columns.flatMap { journal.isEmpty && $0.count == entries.count ? $0 : nil }
        var index = TaskIndex(sortedEntries: entries, evaluation: stored.map { IndexEvaluation(columns: $0) } ?? IndexEvaluation())
        var files = base, mayBeCopies = copies
        if !journal.isEmpty {
            index.update(journal.compactMap(\.task), removing: Set(journal.map(\.id)))
            let journaled = Set(journal.map(\.id))
            files = base.filter { !journaled.contains($0.id) } + journal.compactMap { $0.task == nil ? nil : $0.file }
            files.sort { IDOrder.less($0.id, $1.id) }
            mayBeCopies = copies.filter { !journaled.contains($0) } + journal.compactMap { $0.task == nil ? nil : $0.id }.filter { SyncConflict.mayBeACopy($0) }
        }
        var problems: [VaultProblem] = []
        for t in index.tasks where !t.task.warnings.isEmpty {
            problems += t.task.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) }
        }
        PhaseTrace.mark("read cache snapshot (\(index.tasks.count) tasks, \(journal.count) journaled)")
        return CachedStart(snapshot: VaultSnapshot(index: index, problems: problems, files: files),
                           base: journal.isEmpty ? SnapshotBase(count: base.count) : SnapshotBase(snapshot: base, shown: files),
                           mayBeCopies: mayBeCopies)
    }

    /// The snapshot's tasks and their files' stamps, in listing order, its
    /// rule columns when `wanted` and they were made in `timeZone` by this program, and
    /// the files whose names a sync tool's conflict copy may have.
    static func decodeSnapshot(_ cache: TaskCache, timeZone: TimeZone, columns wanted: Bool = true)
        -> (files: [VaultListing.File], tasks: [IndexedTask], columns: TaskColumns?, mayBeCopies: [String])? {
        guard let (chunks, columns) = decodeRows(cache, madeFor: nil, only: nil, timeZone: timeZone,
                                                 columnsMadeIn: wanted ? (timeZone.identifier, RunningProgram.stamp) : nil) else { return nil }
        var files: [VaultListing.File] = [], tasks: [IndexedTask] = []
        let n = chunks.reduce(0) { $0 + $1.count }
        files.reserveCapacity(n)
        tasks.reserveCapacity(n)
        var copies: [String] = []
        for chunk in chunks {
            let first = files.count
            files += chunk.lazy.map(\.file)
            tasks += chunk.lazy.map(\.task)
            // While the chunk's ids are at hand (looked at later, each would be a cache miss):
            // written in listing order, anything else is not this program's
            // snapshot; and the names a conflict copy may have.
            for i in stride(from: max(first, 1), to: files.count, by: 1) where !IDOrder.less(files[i - 1].id, files[i].id) { return nil }
            for i in first..<files.count where SyncConflict.mayBeACopy(files[i].id) { copies.append(files[i].id) }
        }
        return (files, tasks, columns, copies)
    }

    /// The snapshot's entries (all, or at the rows `only` sets) in order, chunk by chunk,
    /// with `madeFor` the listing it must have been made for (nil: any).
    /// Chunks are read in order here and decoded on other cores (at most
    /// four in flight); chunks without a set row are passed over. A row is
    /// an entry's position counting `tasksPerChunk` a chunk (the last one
    /// fewer: a snapshot for which that is not so has rows a listing refuses).
    /// With `columnsMadeIn`, the snapshot's columns too, read from the same
    /// file while the last chunks are decoded (see `TaskCache.forEachSnapshotChunk`).
    static func decodeRows(_ cache: TaskCache, madeFor: String?, only: TaskBits?, timeZone: TimeZone,
                           columnsMadeIn: (zone: String, program: String)? = nil)
        -> (chunks: [[(row: Int, file: VaultListing.File, task: IndexedTask)]], columns: TaskColumns?)? {
        typealias Row = (row: Int, file: VaultListing.File, task: IndexedTask)
        struct Parts { var chunks: [Int: [Row]] = [:], damaged = false }
        let parts = Mutex(Parts())
        let decoding = DispatchGroup()
        let inFlight = DispatchSemaphore(value: 4), names = SharedNamesPool()
        let per = CacheSnapshot.tasksPerChunk
        var count = 0
        let wanted = { @Sendable (row: Int) in only.map { row < $0.count && $0[row] } ?? true }
        let read = cache.forEachSnapshotChunk(matching: madeFor, columnsMadeIn: columnsMadeIn) { chunk in
            let n = count, base = count * per
            count += 1
            guard only == nil || (base..<(base + per)).contains(where: wanted) else { return }
            let bytes = Array(chunk)  // the chunk outlives this call
            inFlight.wait()
            DispatchQueue.global().async(group: decoding) {
                defer { inFlight.signal() }
                var rows: [Row] = []
                let ok = bytes.withUnsafeBytes { all -> Bool in
                    guard let entries = CacheSnapshot.entries(all), entries.count <= per else { return false }
                    rows.reserveCapacity(only == nil ? entries.count : 0)
                    return names.with { shared in
                        for (k, e) in entries.enumerated() where wanted(base + k) {
                            let id = String(decoding: UnsafeRawBufferPointer(rebasing: all[e.id]), as: UTF8.self)
                            guard let t = TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[e.record]), id: id, timeZone: timeZone,
                                                            shared: shared)
                            else { return false }
                            rows.append((base + k, VaultListing.File(id: id, size: e.size, mtime: e.mtime), IndexedTask(t)))
                        }
                        return true
                    }
                }
                parts.withLock { if ok { $0.chunks[n] = rows } else { $0.damaged = true } }
            }
        }
        decoding.wait()
        let done = parts.withLock { $0 }
        guard let read, !done.damaged else { return nil }
        return ((0..<count).map { done.chunks[$0] ?? [] }, read.columns)
    }
}
