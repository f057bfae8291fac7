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
    /// `files`' hash (`CacheSnapshot.listingHash`), when the load made it for the cache.
    public var listingHash: String?

    /// Every task in id order (a copy).
    public var tasks: [TaskItem] { index.tasks.map(\.task) }

    public var unreadable: [VaultProblem] { problems.filter { $0.kind == .unreadable } }

    public func task(id: String) -> TaskItem? { index.task(id: id)?.task }
}

/// Reads a vault: every `*.md` below the root, folders and files whose name
/// starts with `.` skipped. Files are parsed on all cores.
public enum VaultLoader {
    /// The cache writes a load leaves running in the background.
    static let cacheWrites = DispatchGroup()
    /// The caches being opened on other threads (`TaskCache.Opening`).
    static let cacheOpenings = DispatchGroup()

    /// Waits until what loads parsed is in the cache, every cache being
    /// opened is open, and the perspectives' last good copy is written
    /// (before a process ends).
    public static func waitForCacheWrites() {
        waitForTaskCache()
        PerspectiveStore.cacheWrites.wait()
    }

    /// Waits until what loads parsed is in the task cache and every cache being opened is open.
    static func waitForTaskCache() {
        cacheOpenings.wait()
        cacheWrites.wait()
    }

    /// Reads every task; with a `cache`, only files whose size or modification
    /// time changed since the last start are parsed (on all cores). Each task
    /// goes straight into its index entry: no second copy of the tasks is
    /// ever held. With no `cache` but an `opening` of a new one (nothing in it to
    /// read), the vault is read while the cache is made, and what was read is
    /// stored in it once it is open.
    public static func load(root: String, timeZone: TimeZone = .current, cache given: TaskCache? = nil,
                            opening: TaskCache.Opening? = nil,
                            listing: VaultListing.Listing? = nil, profile: VaultProfile? = nil) throws -> VaultSnapshot {
        cacheWrites.wait()  // (a write still going on from an earlier load is read back here)
        let (detected, profileProblems) = profile.map { ($0, [String]()) } ?? ProfileDetection.detect(root: root)
        // The cache holds tasks as todomd's own format reads them; another tool's vault is parsed afresh.
        let cache = detected.isDefault ? given : nil
        let opening = detected.isDefault && given == nil && opening?.isNew == true ? opening : nil
        let caching = cache != nil || opening != nil
        // With no snapshot to compare stamps with, every file is read: each one's stamp is
        // taken from the open file, not by a `stat` of its path in the listing (a `stat` for each
        // file would be a sizeable part of a first load's CPU).
        let stampsWhenRead = listing == nil && cache?.hasSnapshot != true
        let listed = stampsWhenRead ? nil : try listing ?? VaultListing.listing(root: root)
        let folder = FileBytes.Folder(root)
        // The tasks share their names and tag lists (each made and folded once a thread).
        let names = SharedNamesPool()
        let parseRun = { @Sendable (ids: [String]) in
            names.with { shared in
                let run = folder.map(FileBytes.FolderRun.init)
                return ids.map { parse($0, root: root, timeZone: timeZone, profile: detected, in: run, stamped: stampsWhenRead, names: shared) }
            }
        }
        // Files outside the profile's task folders are not read at all; notes without its task tag are dropped after.
        var files: [VaultListing.File], listingProblems: [VaultProblem], leftovers: [String]
        var results: [Slot]
        var parsedCount = 0, mustWrite = false
        var listingHash = caching ? listed?.hash : nil
        if let listed {
            (files, listingProblems, leftovers) = (listed.files, listed.problems, listed.leftovers)
            PhaseTrace.mark("list \(files.count) files")
            results = .init(repeating: nil, count: files.count)
            var fromSnapshot = false
            if let cache, let listingHash {
                let read = readSnapshot(cache, files: files, into: &results, timeZone: timeZone)
                fromSnapshot = read.madeFor == listingHash && read.everyEntryFits
                if !fromSnapshot { readJournal(cache, files: files, into: &results, timeZone: timeZone) }
                PhaseTrace.mark(fromSnapshot ? "read cache snapshot" : "read cache snapshot and journal (the vault changed)")
            }
            let misses = results.indices.filter { results[$0] == nil && detected.detection.includes(path: files[$0].id) }
            let parsed = Parallel.fill(misses.count, chunk: 64) { [files] (run: Range<Int>, out: UnsafeMutablePointer<Parsed>) in
                (out + run.lowerBound).initialize(from: parseRun(run.map { files[misses[$0]].id }), count: run.count)
            }
            for (m, i) in misses.enumerated() { results[i] = parsed[m].result }
            parsedCount = misses.count
            mustWrite = caching && mustStore(results: results, misses: misses, fromSnapshot: fromSnapshot)
        } else {
            (files, listingProblems, leftovers, results, parsedCount) = try parseWhileListing(root: root, reads: detected.detection, parseRun)
            listingHash = caching ? CacheSnapshot.listingHash(files) : nil
            mustWrite = caching
        }
        PhaseTrace.mark("parse \(parsedCount)")
        let must = mustWrite
        let (read, rows, unreadable) = gathered(results)
        var problems = listingProblems + profileProblems.map { VaultProblem(id: "(profile)", kind: .warning, reason: $0) } + unreadable
        results = []
        // Notes without the task tag another tool asks for are dropped. (Every file was read
        // only once its path was found to be one a task may have: the tag is what is left.)
        let detection = detected.detection
        let included = { (t: IndexedTask) in detection.carriesTag(t.task) }
        let entries = !detection.asksForTag || read.allSatisfy(included) ? read : read.filter(included)
        for t in entries where !t.task.warnings.isEmpty {
            problems += t.task.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) }
        }
        problems.sort { $0.id < $1.id }
        var evaluation = IndexEvaluation()
        if caching, let listingHash {
            // A snapshot that must be written shares the index's rule columns (made here, after
            // the write has begun with the tasks themselves) when both hold every task.
            let promise = must && entries.count == read.count && read.allSatisfy({ TaskRecord.isCacheable($0) }) ? ColumnsPromise() : nil
            let source = SnapshotSource(files: files, rows: rows, tasks: read, columns: promise)
            // Off the critical path: the answer or the first screen need not wait for the cache.
            cacheWrites.enter()
            DispatchQueue.global().async {
                if let cache = cache ?? opening?.wait() { store(cache, hash: listingHash, source, must: must, timeZone: timeZone) }
                // Done once stored: letting go of what the write held (a reference for every task,
                // which takes a while in a big vault) comes after, so a command that ends with the
                // write need not wait for it.
                cacheWrites.leave()
            }
            if let promise {
                let columns = TaskColumns(read)
                promise.fulfil(columns)
                evaluation = IndexEvaluation(columns: columns)
            }
        }
        PhaseTrace.mark("snapshot")
        var index = TaskIndex(sortedEntries: entries, evaluation: evaluation)
        if detected.projectsAsLinks {
            // A project there is a note, whose `sequential: true` makes its tasks wait for each other in turn.
            let (projects, found) = ProjectNotes.sequential(root: root, files: files.map(\.id), tasks: entries)
            index.setSequentialProjects(projects)
            problems += found.map { VaultProblem(id: ProjectNotes.problemID, kind: .warning, reason: $0) }
        }
        return VaultSnapshot(index: index, problems: problems, files: files, leftovers: leftovers, listingHash: listingHash)
    }

    /// Nothing to compare with: every file is read, each as soon as the walk
    /// has listed it (the listing takes one core, the others parse meanwhile);
    /// each file stamped as its read saw it (else by a `stat` of its path).
    /// The files, the listing's problems and leftovers, each file's result
    /// (nil: not a file `reads` takes) and how many were read.
    static func parseWhileListing(root: String, reads detection: TaskDetection, _ parseRun: @escaping ([String]) -> [Parsed]) throws
        -> (files: [VaultListing.File], problems: [VaultProblem], leftovers: [String], results: [Slot], parsed: Int) {
        try VaultListing.walkable(root)
        let work = StreamedWork<String, Parsed>(chunk: 64, body: parseRun)
        var listed: [VaultListing.File] = []
        let (problems, leftovers) = VaultListing.unstamped(root: root) { file in
            if detection.includes(path: file.id) { work.add(file.id) }
            listed.append(file)
        }
        PhaseTrace.mark("list \(listed.count) files (parsing meanwhile)")
        var files = listed
        listed = []  // (the array's one owner is `files`: its stamps are set in place)
        var results = [Slot](repeating: nil, count: files.count)
        // The outputs come in the order the files were handed over: the listing's, skipping those not read.
        var i = 0, count = 0
        work.finish { parsed in
            while !detection.includes(path: files[i].id) { i += 1 }
            results[i] = parsed.result
            if parsed.size != VaultListing.File.unstamped { (files[i].size, files[i].mtime) = (parsed.size, parsed.mtime) }
            count += 1
            i += 1
        }
        stampUnstamped(&files, root: root)
        return (files, problems, leftovers, results, count)
    }

    /// The file `id` read and parsed, its task's names shared through `names`;
    /// with the stamp the open file had when `stamped`.
    static func parse(_ id: String, root: String, timeZone: TimeZone, profile: VaultProfile, in folder: FileBytes.FolderRun?,
                      stamped: Bool, names: SharedNames) -> Parsed {
        var stamp = (size: VaultListing.File.unstamped, mtime: Int64(0))
        let read = withUnsafeMutablePointer(to: &stamp) { p in
            loadOne(root: root, id: id, timeZone: timeZone, profile: profile, in: folder, stamp: stamped ? p : nil, names: names)
        }
        switch consume read {  // (the task is handed to its index entry, not copied)
        case .success(let task):
            return Parsed(result: .success(IndexedTask(task)), size: stamp.size, mtime: stamp.mtime)
        case .failure(let problem):
            return Parsed(result: .failure(problem), size: stamp.size, mtime: stamp.mtime)
        }
    }

    /// A file parsed, with the stamp the open file had (`size` is
    /// `File.unstamped` when it was not asked for, or the file could not be opened).
    struct Parsed {
        var result: Result<IndexedTask, VaultProblem>
        var size: Int
        var mtime: Int64
    }

    /// Gives each file of an unstamped listing that its read gave no stamp
    /// (a file not read, or not opened) a `stat` of its path; a file gone
    /// meanwhile keeps none that any later stamp equals (size 0, time 0).
    static func stampUnstamped(_ files: inout [VaultListing.File], root: String) {
        for i in files.indices where files[i].size == VaultListing.File.unstamped {
            (files[i].size, files[i].mtime) = VaultListing.stamp(root: root, id: files[i].id) ?? (0, 0)
        }
    }

    /// The tasks of `results` in listing order, each one's place in the
    /// listing (nil when every file gave a task: each is then its own), and
    /// the files that gave none.
    static func gathered(_ results: [Slot]) -> (tasks: [IndexedTask], rows: [Int32]?, problems: [VaultProblem]) {
        var tasks: [IndexedTask] = [], rows: [Int32] = [], problems: [VaultProblem] = []
        tasks.reserveCapacity(results.count)
        for (i, r) in results.enumerated() {
            switch r {
            case .success(let t)?:
                // (Made once a file gives no task: until then each task's place is its own.)
                if rows.isEmpty, tasks.count != i { rows = Array(0..<Int32(tasks.count)) }
                if !rows.isEmpty || tasks.count != i { rows.append(Int32(i)) }
                tasks.append(t)
            case .failure(let p)?: problems.append(p)
            case nil: break
            }
        }
        if rows.isEmpty, tasks.count != results.count { rows = Array(0..<Int32(tasks.count)) }
        return (tasks, rows.isEmpty && tasks.count == results.count ? nil : rows, problems)
    }

    /// The task of the file `id` below `root` (`folder`: the run's folders, the vault's held open, when it is).
    public static func loadOne(root: String, id: String, timeZone: TimeZone, profile: VaultProfile = .todomd) -> Result<TaskItem, VaultProblem> {
        loadOne(root: root, id: id, timeZone: timeZone, profile: profile, in: nil)
    }

    static func loadOne(root: String, id: String, timeZone: TimeZone, profile: VaultProfile, in folder: FileBytes.FolderRun?,
                        stamp: UnsafeMutablePointer<(size: Int, mtime: Int64)>? = nil, names: SharedNames? = nil) -> Result<TaskItem, VaultProblem> {
        VaultIOCounters.shared.count(\.fileReads)
        // (Without the vault's folder held open, by the whole path: the stamp is still taken before the read.)
        guard let bytes = folder.map({ $0.read(id, stamp: stamp) }) ?? FileBytes.read(root + "/" + id, stamp: stamp) else {
            return .failure(VaultProblem(id: id, kind: .unreadable, reason: "cannot be opened"))
        }
        do {
            return .success(try TaskFileCodec.readTask(bytes, id: id, timeZone: timeZone, profile: profile, names: names))
        } catch {
            return .failure(VaultProblem(id: id, kind: .unreadable, reason: "\(error)"))
        }
    }
}
