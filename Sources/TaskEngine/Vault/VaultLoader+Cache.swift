import Foundation
import Synchronization

/// How a load uses the task cache: each file whose size and time are what
/// the snapshot (or the journal the app kept after it) recorded is decoded
/// from there; the rest are parsed. Afterwards a new snapshot is stored when
/// anything differed.
extension VaultLoader {
    typealias Slot = Result<IndexedTask, VaultProblem>?

    /// What `readSnapshot` found.
    struct SnapshotRead {
        /// The listing hash the stored snapshot was made for (nil: there is none, or it is damaged).
        var madeFor: String?
        /// Every entry named a listed file with the same stamp.
        var everyEntryFits: Bool
    }

    /// Fills `results` from the stored snapshot's entries whose file is
    /// listed with the same size and time (entries and listing are both in id
    /// order: one walk). Chunks are read in order here and decoded on other
    /// cores (at most four in flight). A damaged snapshot fills nothing. With
    /// `only`, only the files of those rows (listing positions) are decoded.
    static func readSnapshot(_ cache: TaskCache, files: [VaultListing.File], into results: inout [Slot],
                             timeZone: TimeZone, only: TaskBits? = nil) -> SnapshotRead {
        var damaged = false, everyEntryFits = true
        let decoding = DispatchGroup()
        let inFlight = DispatchSemaphore(value: 4), names = SharedNamesPool()
        let madeFor = results.withUnsafeMutableBufferPointer { buffer -> String? in
            let slots = Slots(base: buffer.baseAddress!)
            var next = 0
            return cache.forEachSnapshotChunk(matching: nil) { chunk in
                var work: [(file: Int, record: Range<Int>)] = []
                work.reserveCapacity(CacheSnapshot.tasksPerChunk)
                let walked = !damaged && CacheSnapshot.walk(chunk, against: files, next: &next, unlisted: { _ in true }) { e, match, i in
                    if match != .same {
                        everyEntryFits = false  // the file is gone or changed
                    } else if only?[i] ?? true {
                        work.append((i, e.record))
                    }
                    return true
                }
                guard walked else { damaged = true; return }
                guard !work.isEmpty else { return }
                let bytes = Array(chunk)  // the chunk outlives this call
                let items = work
                inFlight.wait()
                DispatchQueue.global().async(group: decoding) {
                    bytes.withUnsafeBytes { all in
                        names.with { shared in
                            for (i, range) in items {
                                if let t = TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[range]), id: files[i].id,
                                                             timeZone: timeZone, shared: shared) {
                                    (slots.base + i).pointee = .success(IndexedTask(t))
                                }
                            }
                        }
                    }
                    inFlight.signal()
                }
            }
        }
        decoding.wait()
        guard let madeFor, !damaged else {
            for i in results.indices { results[i] = nil }
            return SnapshotRead(madeFor: nil, everyEntryFits: false)
        }
        return SnapshotRead(madeFor: madeFor, everyEntryFits: everyEntryFits)
    }

    /// Fills the still empty `results` from the journal (what the app saw
    /// change after the snapshot) where the file's stamp is the listed one.
    static func readJournal(_ cache: TaskCache, files: [VaultListing.File], into results: inout [Slot], timeZone: TimeZone) {
        for e in cache.journal(timeZone: timeZone) {
            guard let f = e.file, let t = e.task, let i = position(of: e.id, in: files),
                  results[i] == nil, files[i].size == f.size, files[i].mtime == f.mtime else { continue }
            results[i] = .success(IndexedTask(t))
        }
    }

    /// Where `id` is in `files` (id order), by binary search.
    static func position(of id: String, in files: [VaultListing.File]) -> Int? {
        var lo = 0, hi = files.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let c = IDOrder.compare(files[mid].id, id)
            if c == 0 { return mid }
            if c < 0 { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// Whether a load must store a new snapshot: the stored one did not fit
    /// the listing exactly, or a file was parsed that it can hold (when
    /// neither, `store` still writes once if it has no columns for this
    /// time zone and build).
    static func mustStore(results: [Slot], misses: [Int], fromSnapshot: Bool) -> Bool {
        !fromSnapshot || misses.contains { i in
            if case .success(let t)? = results[i] { return TaskRecord.isCacheable(t) }
            return false
        }
    }

    /// After a load: writes `source` as the new snapshot when `mustStore`
    /// said so, or when the stored one has no columns for this time zone and build.
    static func store(_ cache: TaskCache, hash: String, _ source: SnapshotSource, must: Bool, timeZone: TimeZone) {
        guard must || !cache.hasColumns(hash: hash, zone: timeZone.identifier, program: RunningProgram.stamp) else { return }
        writeSnapshot(cache, hash: hash, source, timeZone: timeZone)
    }

    /// Replaces the cache's snapshot with these tasks (in id order) and the
    /// stamps of their files, for the listing `hash`, and stores their rule
    /// columns beside it (`timeZone`: the one their dates were read in).
    public static func writeSnapshot(_ cache: TaskCache, hash: String, _ loaded: [(file: VaultListing.File, task: IndexedTask)],
                                     timeZone: TimeZone = .current) {
        writeSnapshot(cache, hash: hash, SnapshotSource(files: loaded.map(\.file), rows: nil, tasks: loaded.map(\.task)), timeZone: timeZone)
    }

    static func writeSnapshot(_ cache: TaskCache, hash: String, _ source: SnapshotSource, timeZone: TimeZone) {
        let n = CacheSnapshot.tasksPerChunk, count = CacheSnapshot.chunkCount(source.tasks.count)
        @Sendable func encode(_ c: Int) -> SnapshotFile.Record {
            CacheSnapshot.record(((c * n)..<min(source.tasks.count, (c + 1) * n)).lazy
                .map { (file: source.file(of: $0), task: source.tasks[$0]) }.filter { TaskRecord.isCacheable($0.task) })
        }
        // The columns are the load's own when it made them for exactly these tasks; else made on
        // another core meanwhile (made after the chunks, on one core, they would be a large part of the
        // write), row for row the snapshot's entries (which leave out what cannot be cached).
        let made = Mutex<TaskCache.StoredColumns?>(nil), making = DispatchGroup()
        DispatchQueue.global().async(group: making) {
            let columns = source.columns?.wait() ?? {
                TaskColumns(source.tasks.filter { TaskRecord.isCacheable($0) })
            }()
            let stored = TaskCache.StoredColumns(zone: timeZone.identifier, program: RunningProgram.stamp, columns: columns)
            made.withLock { $0 = stored }
        }
        // Encoded on all cores, each chunk's record whole (its checksum taken there too), up to
        // 16 chunks ahead of the write (a few megabytes held; fewer leave a core idle between turns).
        var ahead: [Int: SnapshotFile.Record] = [:]
        cache.writeSnapshot(hash: hash, count: count, record: { c in
            if ahead[c] == nil {
                let next = c..<min(count, c + 16)
                ahead = Dictionary(uniqueKeysWithValues: zip(next, Parallel.map(next.count, chunk: 1) { encode(next.lowerBound + $0) }))
            }
            return ahead.removeValue(forKey: c)!
        }, columns: {
            making.wait()
            return made.withLock { $0 }
        })
        making.wait()  // (when the file could not be made, the columns are not asked for)
    }
}

/// What a snapshot is written from: tasks in id order and the stamps of
/// their files, without a copy of either (`files` is the listing the load
/// keeps; `rows`, each task's place in it, is nil when that is its own).
struct SnapshotSource: Sendable {
    let files: [VaultListing.File]
    let rows: [Int32]?
    let tasks: [IndexedTask]
    /// The tasks' rule columns when the load makes them for its index (every task cacheable).
    let columns: ColumnsPromise?

    init(files: [VaultListing.File], rows: [Int32]?, tasks: [IndexedTask], columns: ColumnsPromise? = nil) {
        precondition(rows.map { $0.count == tasks.count } ?? (files.count == tasks.count), "a stamp for every task")
        (self.files, self.rows, self.tasks, self.columns) = (files, rows, tasks, columns)
    }

    func file(of task: Int) -> VaultListing.File { files[rows.map { Int($0[task]) } ?? task] }
}

/// Rule columns one side makes and another waits for: a load's index and
/// the snapshot written after it share one set instead of making two
/// (each is large in a big vault).
// @unchecked: `columns` is set before `made` is signalled and read only after waiting for it.
final class ColumnsPromise: @unchecked Sendable {
    private let made = DispatchSemaphore(value: 0)
    private var columns: TaskColumns?

    func fulfil(_ columns: TaskColumns) {
        self.columns = columns
        made.signal()
    }

    /// The columns, once made.
    func wait() -> TaskColumns {
        made.wait()
        made.signal()  // (for the next to ask)
        return columns!
    }
}
