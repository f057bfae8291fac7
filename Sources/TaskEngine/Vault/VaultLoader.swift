import Foundation

/// Every task of a vault and the problems met while reading it.
public struct VaultSnapshot: Sendable {
    public var tasks: [TaskItem]
    public var problems: [VaultProblem]

    public var unreadable: [VaultProblem] { problems.filter { $0.kind == .unreadable } }

    public func task(id: String) -> TaskItem? { tasks.first { $0.id == id } }
}

/// Reads a vault: every `*.md` below the root, folders and files whose name
/// starts with `.` skipped. Files are parsed on all cores.
public enum VaultLoader {
    /// Reads every task; with a `cache`, only files whose size or modification
    /// time changed since the last start are parsed (on all cores).
    public static func load(root: String, timeZone: TimeZone = .current, cache: TaskCache? = nil) throws -> VaultSnapshot {
        var stamps: [String: (Int, Int64)] = [:]
        let (files, listingProblems) = try listTaskFiles(root: root, stamps: &stamps)
        var results = [Result<TaskItem, VaultProblem>?](repeating: nil, count: files.count)
        let cached = cache?.all() ?? [:]
        var misses: [Int] = []
        if cached.isEmpty {
            misses = Array(files.indices)
        } else {
            for (i, id) in files.enumerated() {
                if let e = cached[id], let stamp = stamps[id], e.size == stamp.0, e.mtime == stamp.1 {
                    results[i] = .success(e.task)
                } else {
                    misses.append(i)
                }
            }
        }
        results.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress!
            let chunk = 64
            let chunks = (misses.count + chunk - 1) / chunk
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for m in (c * chunk)..<min(misses.count, (c + 1) * chunk) {
                    let i = misses[m]
                    (base + i).pointee = loadOne(root: root, id: files[i], timeZone: timeZone)
                }
            }
        }
        if let cache {
            var fresh: [TaskCache.Entry] = []
            for i in misses {
                guard case .success(let t)? = results[i], let stamp = stamps[t.id] else { continue }
                fresh.append(TaskCache.Entry(size: stamp.0, mtime: stamp.1, task: t))
            }
            let present = Set(files)
            cache.update(fresh, removing: cached.keys.filter { !present.contains($0) })
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
        return VaultSnapshot(tasks: tasks, problems: problems)
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
        var stamps: [String: (Int, Int64)] = [:]
        return try listTaskFiles(root: root, stamps: &stamps)
    }

    /// The listing, and each file's size and modification time (ns) as `stat` saw it.
    static func listTaskFiles(root: String, stamps: inout [String: (Int, Int64)]) throws -> ([String], [VaultProblem]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else { throw VaultError.notFound(root) }
        guard isDir.boolValue else { throw VaultError.notADirectory(root) }
        var ids: [String] = []
        var problems: [VaultProblem] = []
        var pending: [String] = [""]
        let fm = FileManager.default
        while let rel = pending.popLast() {
            let dirPath = rel.isEmpty ? root : root + "/" + rel
            guard let names = try? fm.contentsOfDirectory(atPath: dirPath) else {
                problems.append(VaultProblem(id: rel.isEmpty ? "." : rel, kind: .warning, reason: "folder cannot be read"))
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let id = rel.isEmpty ? name : rel + "/" + name
                var st = stat()
                guard stat(root + "/" + id, &st) == 0 else { continue }  // dangling link
                let isMarkdown = name.lowercased().hasSuffix(".md")
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    if isMarkdown {
                        problems.append(VaultProblem(id: id, kind: .warning, reason: "is a folder, not a task file; tasks inside it are read"))
                    }
                    var lst = stat()
                    if lstat(root + "/" + id, &lst) == 0, (lst.st_mode & S_IFMT) == S_IFLNK { continue }  // no link loops
                    pending.append(id)
                } else if isMarkdown {
                    if (st.st_mode & S_IFMT) == S_IFREG {
                        ids.append(id)
                        stamps[id] = (Int(st.st_size), Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
                    } else {
                        problems.append(VaultProblem(id: id, kind: .unreadable, reason: "not a regular file"))
                    }
                }
            }
        }
        ids.sort()
        return (ids, problems)
    }
}
