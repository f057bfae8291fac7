import Foundation

/// How a start uses the task cache: the snapshot when nothing changed, else
/// the per-file rows; and what it stores afterwards.
extension VaultLoader {
    typealias Slot = Result<IndexedTask, VaultProblem>?

    /// Fills `results` from the snapshot when it was made for this very
    /// listing: chunks are read in order here and decoded on other cores (at
    /// most four chunks in flight). False when there is no such snapshot or
    /// it does not fit the listing (then nothing is filled). With `only`,
    /// only the files of those rows (listing positions) are decoded.
    static func readSnapshot(_ cache: TaskCache, hash: String, files: [VaultListing.File], into results: inout [Slot],
                             timeZone: TimeZone, only: TaskBits? = nil) -> Bool {
        var fits = true
        let decoding = DispatchGroup()
        let inFlight = DispatchSemaphore(value: 4)
        let found = results.withUnsafeMutableBufferPointer { buffer -> Bool in
            let slots = Slots(base: buffer.baseAddress!)
            var next = 0
            return cache.forEachSnapshotChunk(hash: hash) { chunk in
                guard fits, let entries = CacheSnapshot.entries(chunk) else { fits = false; return }
                // Entries follow the listing (unreadable files are left out of it).
                var work: [(file: Int, record: Range<Int>)] = []
                work.reserveCapacity(entries.count)
                for e in entries {
                    let id = UnsafeRawBufferPointer(rebasing: chunk[e.id])
                    while next < files.count, !CacheSnapshot.id(files[next].id, equals: id) { next += 1 }
                    guard next < files.count, files[next].size == e.size, files[next].mtime == e.mtime else { fits = false; return }
                    if only?[next] ?? true { work.append((next, e.record)) }
                    next += 1
                }
                guard !work.isEmpty else { return }
                let bytes = Array(chunk)  // the chunk outlives this call
                let items = work
                inFlight.wait()
                DispatchQueue.global().async(group: decoding) {
                    bytes.withUnsafeBytes { all in
                        for (i, range) in items {
                            if let t = TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[range]), id: files[i].id, timeZone: timeZone) {
                                (slots.base + i).pointee = .success(IndexedTask(t))
                            }
                        }
                    }
                    inFlight.signal()
                }
            }
        }
        decoding.wait()
        guard found, fits else {
            for i in results.indices { results[i] = nil }
            return false
        }
        return true
    }

    /// Fills `results` from the per-file rows whose size and modification
    /// time still match; decoding runs here while another core folds the
    /// decoded tasks for the index. Returns the rows of files that are gone.
    static func readRecords(_ cache: TaskCache, files: [VaultListing.File], into results: inout [Slot], timeZone: TimeZone) -> [String] {
        var position: [String: Int] = [:]
        position.reserveCapacity(files.count)
        for (i, f) in files.enumerated() { position[f.id] = i }
        var stale: [String] = []
        let folding = DispatchGroup()
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress!)
            var batch: [(Int, TaskItem)] = []
            func hand(_ b: [(Int, TaskItem)]) {
                DispatchQueue.global().async(group: folding) { for (i, t) in b { (slots.base + i).pointee = .success(IndexedTask(t)) } }
            }
            cache.forEachRecord { id, size, mtime, bytes in
                guard let i = position[id] else { return stale.append(id) }
                guard files[i].size == size, files[i].mtime == mtime,
                      let t = TaskRecord.decode(bytes, id: id, timeZone: timeZone) else { return }
                batch.append((i, t))
                if batch.count == 512 {
                    hand(batch)
                    batch = []
                    batch.reserveCapacity(512)
                }
            }
            hand(batch)
            folding.wait()
        }
        return stale
    }

    /// Stores what this start parsed in the per-file rows, and a new snapshot
    /// when the listing changed (or a snapshot record could not be used).
    static func store(_ cache: TaskCache, hash: String, files: [VaultListing.File], results: [Slot], misses: [Int],
                      stale: [String], fromSnapshot: Bool, timeZone: TimeZone) {
        var fresh: [TaskCache.Entry] = []
        for i in misses {
            guard case .success(let t)? = results[i], TaskRecord.isCacheable(t.task) else { continue }
            fresh.append(TaskCache.Entry(size: files[i].size, mtime: files[i].mtime, task: t.task))
        }
        cache.update(fresh, removing: stale)
        // (a snapshot another build or time zone made is written again once, for its columns)
        guard !fromSnapshot || !fresh.isEmpty
            || !cache.hasColumns(hash: hash, zone: timeZone.identifier, program: RunningProgram.stamp) else { return }
        // Chunk by chunk from the loaded entries: no copy of every task at once.
        let loaded: [(file: VaultListing.File, task: IndexedTask)] = results.indices.compactMap {
            if case .success(let t)? = results[$0] { return (files[$0], t) }
            return nil
        }
        writeSnapshot(cache, hash: hash, loaded, timeZone: timeZone)
    }

    /// Replaces the cache's snapshot with these tasks (in id order) and the
    /// stamps of their files, for the listing `hash`, and stores their rule
    /// columns beside it (`timeZone`: the one their dates were read in).
    public static func writeSnapshot(_ cache: TaskCache, hash: String, _ loaded: [(file: VaultListing.File, task: IndexedTask)],
                                     timeZone: TimeZone = .current) {
        let n = CacheSnapshot.tasksPerChunk
        cache.writeSnapshot(hash: hash, count: CacheSnapshot.chunkCount(loaded.count), chunk: { c in
            CacheSnapshot.chunk(loaded[(c * n)..<min(loaded.count, (c + 1) * n)].lazy
                .map { (file: $0.file, task: $0.task.task) }.filter { TaskRecord.isCacheable($0.task) })
        }, columns: {
            // Row for row the snapshot's entries (which leave out what cannot be cached).
            let stored = loaded.lazy.map(\.task).filter { TaskRecord.isCacheable($0.task) }
            return TaskCache.StoredColumns(zone: timeZone.identifier, program: RunningProgram.stamp,
                                           bytes: CacheColumns.encode(TaskColumns(Array(stored))))
        })
    }
}
