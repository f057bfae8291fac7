import Foundation

/// Every task of a vault and the problems met while reading it.
public struct VaultSnapshot: Sendable {
    public var tasks: [TaskItem]
    public var problems: [VaultProblem]
    /// Every task file as listed, with its stamp (readable or not).
    public var files: [VaultListing.File] = []

    public var unreadable: [VaultProblem] { problems.filter { $0.kind == .unreadable } }

    public func task(id: String) -> TaskItem? { tasks.first { $0.id == id } }
}

/// Reads a vault: every `*.md` below the root, folders and files whose name
/// starts with `.` skipped. Files are parsed on all cores.
public enum VaultLoader {
    /// Reads every task; with a `cache`, only files whose size or modification
    /// time changed since the last start are parsed (on all cores).
    public static func load(root: String, timeZone: TimeZone = .current, cache: TaskCache? = nil) throws -> VaultSnapshot {
        let (files, listingProblems) = try VaultListing.list(root: root)
        PhaseTrace.mark("list \(files.count) files")
        var results = [Result<TaskItem, VaultProblem>?](repeating: nil, count: files.count)
        var stale: [String] = []
        if let cache {
            // Only records whose file kept its size and modification time are decoded.
            var position: [String: Int] = [:]
            position.reserveCapacity(files.count)
            for (i, f) in files.enumerated() { position[f.id] = i }
            cache.forEachRecord { id, size, mtime, bytes in
                guard let i = position[id] else { return stale.append(id) }
                guard files[i].size == size, files[i].mtime == mtime,
                      let t = TaskRecord.decode(bytes, id: id, timeZone: timeZone) else { return }
                results[i] = .success(t)
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
                    (base + i).pointee = loadOne(root: root, id: files[i].id, timeZone: timeZone)
                }
            }
        }
        PhaseTrace.mark("parse \(misses.count)")
        if let cache {
            var fresh: [TaskCache.Entry] = []
            for i in misses {
                guard case .success(let t)? = results[i] else { continue }
                fresh.append(TaskCache.Entry(size: files[i].size, mtime: files[i].mtime, task: t))
            }
            cache.update(fresh, removing: stale)
        }
        var tasks: [TaskItem] = []
        tasks.reserveCapacity(files.count)
        var problems = listingProblems
        for r in results {
            switch r {
            case .success(let t)?:
                tasks.append(t)
                problems += t.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) }
            case .failure(let p)?: problems.append(p)
            case nil: break
            }
        }
        problems.sort { $0.id < $1.id }
        PhaseTrace.mark("snapshot")
        return VaultSnapshot(tasks: tasks, problems: problems, files: files)
    }

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
