import Foundation

/// Every task of a vault, indexed, and the problems met while reading it.
public struct VaultSnapshot: Sendable {
    /// The tasks, already indexed (the one copy a start keeps).
    public var index: TaskIndex
    public var problems: [VaultProblem]
    /// Every task file as listed, with its stamp (readable or not).
    public var files: [VaultListing.File] = []
    /// Temporary files of interrupted saves (see `AtomicFile.removeLeftovers`).
    public var leftovers: [String] = []

    /// Every task in id order (a copy).
    public var tasks: [TaskItem] { index.tasks.map(\.task) }

    public var unreadable: [VaultProblem] { problems.filter { $0.kind == .unreadable } }

    public func task(id: String) -> TaskItem? { index.task(id: id)?.task }
}

/// Reads a vault: every `*.md` below the root, folders and files whose name
/// starts with `.` skipped. Files are parsed on all cores.
public enum VaultLoader {
    /// Reads every task; with a `cache`, only files whose size or modification
    /// time changed since the last start are parsed (on all cores). Each task
    /// goes straight into its index entry: no second copy of 50,000 tasks is
    /// ever held.
    public static func load(root: String, timeZone: TimeZone = .current, cache: TaskCache? = nil) throws -> VaultSnapshot {
        var leftovers: [String] = []
        let (files, listingProblems) = try VaultListing.list(root: root, leftovers: &leftovers)
        PhaseTrace.mark("list \(files.count) files")
        var results = [Result<IndexedTask, VaultProblem>?](repeating: nil, count: files.count)
        var stale: [String] = []
        if let cache {
            // Only records whose file kept its size and modification time are decoded.
            var position: [String: Int] = [:]
            position.reserveCapacity(files.count)
            for (i, f) in files.enumerated() { position[f.id] = i }
            // Decoding runs here while another core folds the decoded tasks
            // for the index, a batch at a time, each into its own slot.
            let folding = DispatchGroup()
            results.withUnsafeMutableBufferPointer { slots in
                let out = Slots(base: slots.baseAddress!)
                var batch: [(Int, TaskItem)] = []
                func hand(_ b: [(Int, TaskItem)]) {
                    DispatchQueue.global().async(group: folding) { for (i, t) in b { (out.base + i).pointee = .success(IndexedTask(t)) } }
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
            PhaseTrace.mark("read cache")
        }
        let misses = results.indices.filter { results[$0] == nil }
        results.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress!
            let chunk = 64
            let chunks = (misses.count + chunk - 1) / chunk
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for m in (c * chunk)..<min(misses.count, (c + 1) * chunk) {
                    let i = misses[m]
                    (base + i).pointee = loadOne(root: root, id: files[i].id, timeZone: timeZone).map(IndexedTask.init)
                }
            }
        }
        PhaseTrace.mark("parse \(misses.count)")
        if let cache {
            var fresh: [TaskCache.Entry] = []
            for i in misses {
                guard case .success(let t)? = results[i] else { continue }
                fresh.append(TaskCache.Entry(size: files[i].size, mtime: files[i].mtime, task: t.task))
            }
            cache.update(fresh, removing: stale)
        }
        var entries: [IndexedTask] = []
        entries.reserveCapacity(files.count)
        var problems = listingProblems
        for r in results {
            switch r {
            case .success(let t)?:
                if !t.task.warnings.isEmpty { problems += t.task.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) } }
                entries.append(t)
            case .failure(let p)?: problems.append(p)
            case nil: break
            }
        }
        results = []
        problems.sort { $0.id < $1.id }
        PhaseTrace.mark("snapshot")
        return VaultSnapshot(index: TaskIndex(sortedEntries: entries), problems: problems, files: files, leftovers: leftovers)
    }

    /// Result slots filled from other threads, each slot by one writer only.
    struct Slots: @unchecked Sendable { let base: UnsafeMutablePointer<Result<IndexedTask, VaultProblem>?> }

    public static func loadOne(root: String, id: String, timeZone: TimeZone) -> Result<TaskItem, VaultProblem> {
        guard let data = FileManager.default.contents(atPath: root + "/" + id) else {
            return .failure(VaultProblem(id: id, kind: .unreadable, reason: "cannot be opened"))
        }
        do {
            return .success(try TaskFileCodec.parse([UInt8](data), id: id, timeZone: timeZone).task)
        } catch {
            return .failure(VaultProblem(id: id, kind: .unreadable, reason: "\(error)"))
        }
    }

    /// The ids (relative paths) of every task file, sorted.
    public static func listTaskFiles(root: String) throws -> ([String], [VaultProblem]) {
        let (files, problems) = try VaultListing.list(root: root)
        return (files.map(\.id), problems)
    }
}
