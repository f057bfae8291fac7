import Foundation
import Synchronization
import XCTest
@testable import TaskEngine

final class TaskCacheTests: XCTestCase {
    func testASecondStartReadsUnchangedFilesFromTheCache() throws {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: 200, seed: 4, today: pinnedToday, timeZone: utc).write(to: vault.path)
        vault.write("bad.md", "---\ntitle: [oops\n---\n")
        let cold = try VaultLoader.load(root: vault.path, timeZone: utc, cache: TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        let warm = try VaultLoader.load(root: vault.path, timeZone: utc, cache: TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        XCTAssertEqual(warm.tasks, cold.tasks, "the cache gives back the same tasks")
        XCTAssertEqual(warm.problems, cold.problems, "unreadable files are parsed (and reported) each time")
        XCTAssertEqual(cold.tasks.count, 200)

        // Prove the cache is read: plant a different title under an unchanged stamp.
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
        let id = cold.tasks[0].id
        var planted = cold.tasks[0]
        planted.title = "From the cache"
        VaultLoader.waitForCacheWrites()  // (a load writes the cache in the background)
        plant(planted, in: cache)
        // Touching another file changes the listing: each entry whose file kept its stamp is still used.
        var later = [timespec(tv_sec: time(nil) + 30, tv_nsec: 0), timespec(tv_sec: time(nil) + 30, tv_nsec: 0)]
        utimensat(AT_FDCWD, vault.path + "/" + cold.tasks[1].id, &later, 0)
        XCTAssertEqual(try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache).task(id: id)?.title, "From the cache")
        VaultLoader.waitForCacheWrites()
        XCTAssertEqual(cachedIDs(cache).count, 200, "a new snapshot for the new listing")
        // A file that changes is parsed again.
        var times = [timespec(tv_sec: time(nil) + 60, tv_nsec: 0), timespec(tv_sec: time(nil) + 60, tv_nsec: 0)]
        utimensat(AT_FDCWD, vault.path + "/" + id, &times, 0)
        XCTAssertEqual(try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache).task(id: id)?.title, cold.tasks[0].title)
        // A deleted file leaves the cache.
        try FileManager.default.removeItem(atPath: vault.path + "/" + id)
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        VaultLoader.waitForCacheWrites()
        XCTAssertFalse(cachedIDs(cache).contains(id))
        XCTAssertEqual(cachedIDs(cache).count, 199)
    }

    /// A first load reads the vault while its new cache is made (`TaskCache.Opening`)
    /// and stores what it read once the cache is open: the next load reads it back,
    /// with and without a listing given. An opening of a cache that already exists is
    /// not waited for by the load (it holds what a load must compare with: the command
    /// opens it first), and a load of another tool's vault stores nothing.
    func testAFirstLoadReadsWhileItsNewCacheIsMade() throws {
        for givenListing in [false, true] {
            let vault = TempDir(), cacheDir = TempDir()
            try DemoVaultGenerator(count: 300, seed: 6, today: pinnedToday, timeZone: utc).write(to: vault.path)
            vault.write("bad.md", "---\ntitle: [oops\n---\n")
            let opening = TaskCache.Opening(vaultRoot: vault.path, directory: cacheDir.path)
            XCTAssertTrue(opening.isNew)
            let listing = givenListing ? try VaultListing.listing(root: vault.path) : nil
            let first = try VaultLoader.load(root: vault.path, timeZone: utc, opening: opening, listing: listing)
            VaultLoader.waitForCacheWrites()
            XCTAssertEqual(first.tasks.count, 300)
            XCTAssertEqual(first.listingHash, CacheSnapshot.listingHash(first.files), "the hash of the files it kept, made once")
            let cache = try XCTUnwrap(opening.wait())
            XCTAssertTrue(cache.hasSnapshot, "stored once open")
            XCTAssertEqual(Set(cachedIDs(cache)), Set(first.tasks.map(\.id)))
            let again = TaskCache.Opening(vaultRoot: vault.path, directory: cacheDir.path)
            XCTAssertFalse(again.isNew)
            let second = try VaultLoader.load(root: vault.path, timeZone: utc, cache: again.wait())
            VaultLoader.waitForCacheWrites()
            XCTAssertEqual(second.tasks, first.tasks)
            XCTAssertEqual(second.problems, first.problems)
        }
        // Another tool's vault (TaskNotes): parsed afresh, nothing stored.
        let vault = TempDir(), cacheDir = TempDir()
        vault.write(".obsidian/plugins/tasknotes/data.json", "{}")
        vault.write("TaskNotes/Tasks/a.md", "---\ntitle: A\nstatus: open\ntags: [task]\n---\n")
        let opening = TaskCache.Opening(vaultRoot: vault.path, directory: cacheDir.path)
        let read = try VaultLoader.load(root: vault.path, timeZone: utc, opening: opening)
        VaultLoader.waitForCacheWrites()
        XCTAssertEqual(read.tasks.map(\.id), ["TaskNotes/Tasks/a.md"])
        XCTAssertEqual(opening.wait()?.hasSnapshot, false)
        XCTAssertNil(read.listingHash)
    }

    func testALoadUsesWhatTheAppJournaledAfterTheSnapshot() throws {
        let vault = TempDir(), cacheDir = TempDir()
        for i in 0..<20 { vault.write("t\(i).md", "---\ntitle: Task \(i)\n---\n") }
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        VaultLoader.waitForCacheWrites()
        // The app saved t3 and t4 after the snapshot and journaled them at quit; t4 changed again since.
        vault.write("t3.md", "---\ntitle: Saved by the app\n---\n")
        vault.write("t4.md", "---\ntitle: Saved by the app\n---\n")
        let listed = try VaultListing.listing(root: vault.path).files
        let stamp = { (id: String) in listed.first { $0.id == id }! }
        var journaled = TaskItem(id: "t3.md", title: "From the journal")
        journaled.hasTitleKey = true
        var t4 = journaled
        t4.id = "t4.md"
        cache.replaceJournal([TaskCache.JournalEntry(id: "t3.md", file: stamp("t3.md"), task: journaled),
                              TaskCache.JournalEntry(id: "t4.md", file: stamp("t4.md"), task: t4)])
        vault.write("t4.md", "---\ntitle: Changed since by another program\n---\n")
        var later = [timespec(tv_sec: time(nil) + 30, tv_nsec: 0), timespec(tv_sec: time(nil) + 30, tv_nsec: 0)]
        utimensat(AT_FDCWD, vault.path + "/t4.md", &later, 0)
        let loaded = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        XCTAssertEqual(loaded.task(id: "t3.md")?.title, "From the journal", "its file kept the journaled stamp")
        XCTAssertEqual(loaded.task(id: "t4.md")?.title, "Changed since by another program", "its file changed after the journal")
        XCTAssertEqual(loaded.task(id: "t5.md")?.title, "Task 5")
        VaultLoader.waitForCacheWrites()
        XCTAssertTrue(cache.journal(timeZone: utc).isEmpty, "the new snapshot holds it all")
        XCTAssertEqual(try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache).task(id: "t3.md")?.title, "From the journal")
    }

    /// A start from the cache takes the snapshot's rule columns, read from
    /// the same file as its tasks, when nothing was journaled after it: they
    /// are the columns its tasks make, so none are made. With a journal, or
    /// columns made in another time zone, the columns are made from the
    /// tasks on first use, as before. Also for a snapshot that leaves out a
    /// file giving no task and a task too large to cache.
    func testAStartFromTheCacheTakesTheSnapshotsColumns() throws {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: 700, seed: 21, today: pinnedToday, timeZone: utc).write(to: vault.path)
        vault.write("m-bad.md", "---\ntitle: [oops\n---\n")
        vault.write("m-huge.md", "---\ntitle: Huge\n---\n" + String(repeating: "a long note line\n", count: TaskRecord.largestCachedBody / 16))
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        VaultLoader.waitForCacheWrites()
        func start(_ zone: TimeZone) throws -> TaskIndex {
            try XCTUnwrap(VaultLoader.loadCached(root: vault.path, cache: cache, timeZone: zone, profile: .todomd)).snapshot.index
        }
        let index = try start(utc)
        XCTAssertEqual(index.tasks.count, 700, "the snapshot's tasks (not the huge one, nor the unreadable file)")
        XCTAssertTrue(index.evaluation.hasColumns, "taken from the snapshot")
        XCTAssertEqual(index.evaluation.withColumns(index) { CacheColumns.encode($0) }, CacheColumns.encode(TaskColumns(index.tasks)))
        // Another time zone's days differ: made from the tasks read in it.
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let elsewhere = try start(tokyo)
        XCTAssertFalse(elsewhere.evaluation.hasColumns)
        XCTAssertEqual(elsewhere.evaluation.withColumns(elsewhere) { CacheColumns.encode($0) }, CacheColumns.encode(TaskColumns(elsewhere.tasks)))
        // A journal written after the snapshot: the columns are the journaled tasks', made from them.
        var changed = index.tasks[5].task
        changed.area = "Journaled area"
        changed.tags = ["journaled"]
        let file = try VaultListing.listing(root: vault.path).files.first { $0.id == changed.id }!
        XCTAssertFalse(cache.hasJournal)
        XCTAssertNotNil(VaultLoader.decodeSnapshot(cache, timeZone: utc)?.columns)
        XCTAssertNil(VaultLoader.decodeSnapshot(cache, timeZone: utc, columns: false)?.columns, "not read when not wanted")
        cache.replaceJournal([TaskCache.JournalEntry(id: changed.id, file: file, task: changed),
                              TaskCache.JournalEntry(id: index.tasks[6].id, file: nil, task: nil)])
        XCTAssertTrue(cache.hasJournal)
        let journaled = try start(utc)
        XCTAssertFalse(journaled.evaluation.hasColumns)
        XCTAssertEqual(journaled.tasks.count, 699)
        XCTAssertEqual(journaled.task(id: changed.id)?.task.area, "Journaled area")
        XCTAssertEqual(journaled.evaluation.withColumns(journaled) { CacheColumns.encode($0) }, CacheColumns.encode(TaskColumns(journaled.tasks)))
    }

    /// A snapshot of more chunks than its write encodes ahead (16 at a time,
    /// the last chunk short) is read back entry for entry, in order, with
    /// the columns of its tasks.
    func testASnapshotOfManyChunksIsReadBackWhole() throws {
        let cacheDir = TempDir()
        let cache = TaskCache.open(vaultRoot: cacheDir.path + "/vault", directory: cacheDir.path)!
        let count = CacheSnapshot.tasksPerChunk * 33 + 7
        let entries = (0..<count).map { i -> (file: VaultListing.File, task: IndexedTask) in
            let id = String(format: "t%06d.md", i)
            var t = TaskItem(id: id, title: "Task \(i)")
            t.hasTitleKey = true
            t.statusText = ["todo", "done", "blocked"][i % 3]
            t.body = String(repeating: "x", count: i % 200)
            t.due = TaskDate(parsing: "2026-12-\(String(format: "%02d", 1 + i % 28))", timeZone: utc)
            return (VaultListing.File(id: id, size: 100 + i, mtime: Int64(i) * 1_000), IndexedTask(t))
        }
        VaultLoader.writeSnapshot(cache, hash: "many", entries, timeZone: utc)
        let back = try XCTUnwrap(VaultLoader.decodeSnapshot(cache, timeZone: utc))
        XCTAssertEqual(back.files, entries.map(\.file))
        XCTAssertEqual(back.tasks.map(\.task), entries.map(\.task.task))
        XCTAssertEqual(back.columns.map { CacheColumns.encode($0) }, CacheColumns.encode(TaskColumns(entries.map(\.task))))
    }

    /// A snapshot is taken only with its entries in listing order, each id
    /// after the one before it, within a chunk and across two; one out of
    /// order or repeated is refused (the start then reads the vault). The
    /// names a sync tool's conflict copy may have are found as it is read.
    func testASnapshotOutOfOrderIsRefusedAndCopiesAreFoundAsItIsRead() throws {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: 600, seed: 5, today: pinnedToday, timeZone: utc).write(to: vault.path)
        for name in ["a.sync-conflict-20261122-101500-ABC.md", "b 2.md", "m (conflicted copy 2026-11-22).md", "z 1.md"] {
            vault.write(name, "---\ntitle: \(name)\n---\n")
        }
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        VaultLoader.waitForCacheWrites()
        let (files, tasks, _, copies) = try XCTUnwrap(VaultLoader.decodeSnapshot(cache, timeZone: utc))
        XCTAssertEqual(files.count, 604)
        XCTAssertEqual(copies, files.map(\.id).filter { SyncConflict.mayBeACopy($0) })
        XCTAssertEqual(Set(copies), ["a.sync-conflict-20261122-101500-ABC.md", "b 2.md", "m (conflicted copy 2026-11-22).md"])
        let start = try XCTUnwrap(VaultLoader.loadCached(root: vault.path, cache: cache, timeZone: utc, profile: .todomd))
        XCTAssertEqual(start.mayBeCopies, copies)
        let hash = cache.forEachSnapshotChunk(matching: nil) { _ in }!
        let entries = Array(zip(files, tasks).map { (file: $0, task: $1) })
        let per = CacheSnapshot.tasksPerChunk
        let disorders: [(String, [(file: VaultListing.File, task: IndexedTask)])] = [
            ("two swapped in a chunk", { var e = entries; e.swapAt(10, 11); return e }()),
            ("across two chunks", { var e = entries; e.swapAt(per - 1, per); return e }()),
            ("an id twice", { var e = entries; e[per] = e[per - 1]; return e }()),
            ("the last two swapped", { var e = entries; e.swapAt(e.count - 2, e.count - 1); return e }()),
        ]
        for (name, disordered) in disorders {
            VaultLoader.writeSnapshot(cache, hash: hash, disordered, timeZone: utc)
            XCTAssertNil(VaultLoader.decodeSnapshot(cache, timeZone: utc), name)
            XCTAssertNil(VaultLoader.loadCached(root: vault.path, cache: cache, timeZone: utc, profile: .todomd), name)
        }
        VaultLoader.writeSnapshot(cache, hash: hash, entries, timeZone: utc)
        XCTAssertEqual(VaultLoader.decodeSnapshot(cache, timeZone: utc)?.files.count, 604, "in order again")
        // After a journal: a copy journaled as changed is named once, one journaled as gone not at all, a new one too.
        let stamp = { (id: String) in files.first { $0.id == id }! }
        var added = TaskItem(id: "n 3.md", title: "n 3")
        added.hasTitleKey = true
        cache.replaceJournal([TaskCache.JournalEntry(id: "b 2.md", file: stamp("b 2.md"), task: tasks[files.firstIndex { $0.id == "b 2.md" }!].task),
                              TaskCache.JournalEntry(id: "a.sync-conflict-20261122-101500-ABC.md", file: nil, task: nil),
                              TaskCache.JournalEntry(id: "n 3.md", file: VaultListing.File(id: "n 3.md", size: 10, mtime: 1), task: added)])
        let journaled = try XCTUnwrap(VaultLoader.loadCached(root: vault.path, cache: cache, timeZone: utc, profile: .todomd))
        XCTAssertEqual(journaled.mayBeCopies.sorted(), ["b 2.md", "m (conflicted copy 2026-11-22).md", "n 3.md"])
        XCTAssertEqual(journaled.mayBeCopies.sorted(), journaled.snapshot.files.map(\.id).filter { SyncConflict.mayBeACopy($0) }.sorted())
        cache.replaceJournal([])
        // A snapshot of one entry, and one whose only chunk is empty (its one task too large to cache).
        VaultLoader.writeSnapshot(cache, hash: hash, Array(entries.prefix(1)), timeZone: utc)
        XCTAssertEqual(VaultLoader.loadCached(root: vault.path, cache: cache, timeZone: utc, profile: .todomd)?.snapshot.index.tasks.count, 1)
        let huge = TempDir()
        huge.write("big.md", "---\ntitle: Big\n---\n" + String(repeating: "a long note line\n", count: TaskRecord.largestCachedBody / 16))
        let hugeCache = TaskCache.open(vaultRoot: huge.path, directory: cacheDir.path)!
        _ = try VaultLoader.load(root: huge.path, timeZone: utc, cache: hugeCache)
        VaultLoader.waitForCacheWrites()
        XCTAssertEqual(VaultLoader.loadCached(root: huge.path, cache: hugeCache, timeZone: utc, profile: .todomd)?.snapshot.index.tasks.count, 0)
    }

    /// The ids the stored snapshot holds.
    func cachedIDs(_ cache: TaskCache) -> [String] {
        VaultLoader.decodeSnapshot(cache, timeZone: utc)?.files.map(\.id) ?? []
    }

    /// Replaces the stored snapshot's task of `task.id` with `task`, its file's stamp kept.
    func plant(_ task: TaskItem, stamp: VaultListing.File? = nil, in cache: TaskCache) {
        let (files, tasks, _, _) = VaultLoader.decodeSnapshot(cache, timeZone: utc)!
        let stored = cache.forEachSnapshotChunk(matching: nil) { _ in }!
        let loaded = zip(files, tasks).map { f, t in
            f.id == task.id ? (file: stamp ?? f, task: IndexedTask(task)) : (file: f, task: t)
        }
        VaultLoader.writeSnapshot(cache, hash: stored, loaded, timeZone: utc)
    }

    func testACorruptOrIncompatibleCacheIsRebuiltSilently() throws {
        let vault = TempDir(), cacheDir = TempDir()
        vault.write("a.md", "---\ntitle: Alpha\n---\n")
        _ = try VaultLoader.load(root: vault.path, cache: TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        VaultLoader.waitForCacheWrites()
        let file = try FileManager.default.contentsOfDirectory(atPath: cacheDir.path).first { $0.hasSuffix(".sqlite") }!
        try Data("this is not a database".utf8).write(to: URL(fileURLWithPath: cacheDir.path + "/" + file))
        let reopened = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)
        XCTAssertNotNil(reopened)
        XCTAssertEqual(try VaultLoader.load(root: vault.path, cache: reopened).tasks.map(\.title), ["Alpha"])
        VaultLoader.waitForCacheWrites()
        // A stale entry (another stamp) is parsed again.
        var stale = TaskItem(id: "a.md", title: "Stale")
        stale.fingerprint = FileFingerprint(size: 1, hash: 1)
        plant(stale, stamp: VaultListing.File(id: "a.md", size: 22, mtime: 0), in: reopened!)
        XCTAssertEqual(try VaultLoader.load(root: vault.path, cache: reopened).tasks.map(\.title), ["Alpha"])
        XCTAssertNil(TaskCache.open(vaultRoot: vault.path, directory: nil))
    }

    /// A database made by this open is made without syncs (`synchronous = OFF`)
    /// and then synced as any other (`NORMAL`, WAL); so is one opened again,
    /// and one another open made meanwhile (found with the tables made).
    /// Opens of a new cache racing each other all get it (SQLite refuses
    /// at once to turn a database to WAL while another connection does:
    /// one open in four lost its cache that way).
    func testANewCacheIsSyncedAsAnyOtherOnceMade() throws {
        let vault = TempDir(), cacheDir = TempDir()
        vault.write("a.md", "---\ntitle: Alpha\n---\n")
        func modes(_ cache: TaskCache) throws -> (Int?, String?) {
            try cache.db.read { db in
                (try Int.fetchOne(db, sql: "PRAGMA synchronous"), try String.fetchOne(db, sql: "PRAGMA journal_mode"))
            }
        }
        let made = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        XCTAssertEqual(try modes(made).0, 1, "NORMAL")
        XCTAssertEqual(try modes(made).1, "wal")
        XCTAssertEqual(try VaultLoader.load(root: vault.path, cache: made).tasks.map(\.title), ["Alpha"])
        VaultLoader.waitForCacheWrites()
        let again = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        XCTAssertEqual(try modes(again).0, 1)
        XCTAssertEqual(try modes(again).1, "wal")
        XCTAssertEqual(try VaultLoader.load(root: vault.path, cache: again).tasks.map(\.title), ["Alpha"])
        // Opens of a new cache racing each other: each gets it, synced.
        for round in 0..<6 {
            let other = TempDir()
            let opened = Mutex([TaskCache?](repeating: nil, count: 6))
            DispatchQueue.concurrentPerform(iterations: 6) { i in
                let cache = TaskCache.open(vaultRoot: vault.path, directory: other.path)
                opened.withLock { $0[i] = cache }
            }
            for cache in opened.withLock({ $0 }) {
                let cache = try XCTUnwrap(cache, "round \(round)")
                XCTAssertEqual(try modes(cache).0, 1)
                XCTAssertEqual(try modes(cache).1, "wal")
            }
        }
    }
}

/// The snapshot a start reads when no file changed since the last one.
final class CacheSnapshotTests: XCTestCase {
    /// A load whose cache writes (made in the background) are finished, so the test can look at the cache.
    func load(_ vault: TempDir, _ cache: TaskCache?) throws -> VaultSnapshot {
        defer { VaultLoader.waitForCacheWrites() }
        return try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
    }

    /// A snapshot chunk of `tasks`, each with the stamp `files` give its id.
    func chunk(_ tasks: [TaskItem], _ files: [VaultListing.File]) -> [UInt8] {
        let stamps = Dictionary(uniqueKeysWithValues: files.map { ($0.id, $0) })
        return CacheSnapshot.chunk(tasks.map { (file: stamps[$0.id]!, task: IndexedTask($0)) })
    }

    func testColdAndCachedLoadsGiveTheSameVault() throws {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: 1200, seed: 7, today: pinnedToday, timeZone: utc).write(to: vault.path)
        for (name, text) in HandWrittenFiles.all { vault.write("hand/\(name).md", text) }
        vault.write("bad.md", "---\ntitle: [oops\n---\n")
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)
        let cold = try load(vault, nil)
        let first = try load(vault, cache)  // parses, writes the snapshot
        let files = try VaultListing.listing(root: vault.path).files
        XCTAssertTrue(cache!.forEachSnapshotChunk(hash: CacheSnapshot.listingHash(files)) { _ in }, "a snapshot for this listing")
        let warm = try load(vault, cache)
        // With the listing given (as `count` lists first to find a remembered answer), the same vault.
        let afterListing = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache, listing: VaultListing.listing(root: vault.path))
        XCTAssertEqual(warm.files, files, "the listing kept beside the tasks is the vault's")
        for snapshot in [first, warm, afterListing] {
            XCTAssertEqual(snapshot.tasks, cold.tasks)
            XCTAssertEqual(snapshot.problems, cold.problems, "the unreadable file is reported each time")
            XCTAssertEqual(snapshot.index.tasks.map(\.idRank), cold.index.tasks.map(\.idRank), "ranked as a load ranks")
        }
    }

    /// The snapshot a load writes holds every task beside its own file's
    /// stamp and the rule columns the index uses (made once for both), also
    /// when files in between give no task, and when a task too large to
    /// cache leaves the snapshot with columns of its own.
    func testTheSnapshotALoadWritesHoldsEachTaskAtItsFileWithItsColumns() throws {
        let huge = String(repeating: "a long note line\n", count: TaskRecord.largestCachedBody / 16)
        let cases: [(String, [(String, String)])] = [
            ("every file a task", []),
            ("unreadable files in between", [("0-first.md", "---\ntitle: [oops\n---\n"), ("m-middle.md", "---\n\tbad: [\n---\n"),
                                            ("zz-last.md", "---\ntitle: \"open\n---\n")]),
            ("a task too large to cache", [("m-huge.md", "---\ntitle: Huge\n---\n" + huge)]),
        ]
        for (name, extra) in cases {
            let vault = TempDir(), cacheDir = TempDir()
            try DemoVaultGenerator(count: 300, seed: 12, today: pinnedToday, timeZone: utc).write(to: vault.path)
            for (file, text) in extra { vault.write(file, text) }
            let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
            let cold = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
            VaultLoader.waitForCacheWrites()
            // The stored columns are those of the cached tasks, row for row.
            let cached = cold.index.tasks.filter { TaskRecord.isCacheable($0.task) }
            guard let stored = cache.snapshotColumns(zone: utc.identifier, program: RunningProgram.stamp) else { return XCTFail("\(name): no columns") }
            XCTAssertEqual(CacheColumns.encode(stored.columns), CacheColumns.encode(TaskColumns(cached)), name)
            // The index's own columns are the same.
            XCTAssertEqual(cold.index.evaluation.withColumns(cold.index) { CacheColumns.encode($0) }, CacheColumns.encode(TaskColumns(cold.index.tasks)), name)
            // Each entry has its own file's stamp: a second load reads only what the snapshot cannot hold.
            let before = VaultIOCounters.shared.current.fileReads
            let warm = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
            XCTAssertEqual(VaultIOCounters.shared.current.fileReads - before, cold.tasks.count - cached.count + cold.unreadable.count, name)
            XCTAssertEqual(warm.tasks, cold.tasks, name)
            XCTAssertEqual(warm.problems, cold.problems, name)
            VaultLoader.waitForCacheWrites()
        }
    }

    func testTheSnapshotIsReadOnlyForTheListingItWasMadeFor() throws {
        let vault = TempDir(), cacheDir = TempDir()
        for i in 0..<40 { vault.write("t\(i).md", "---\ntitle: Task \(i)\n---\n") }
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
        _ = try load(vault, cache)
        // Plant a title in the snapshot: a start with the same listing shows it (the snapshot is read) …
        var files = try VaultListing.listing(root: vault.path).files
        var tasks = try load(vault, nil).tasks
        tasks[3].title = "From the snapshot"
        cache.writeSnapshot(hash: CacheSnapshot.listingHash(files), count: 1) { _ in SnapshotFile.Record(.chunk, payload: self.chunk(tasks, files)) }
        XCTAssertEqual(try load(vault, cache).tasks[3].title, "From the snapshot")
        // … a change to the listing (a touched file) leaves the other entries in use, the touched file parsed …
        var times = [timespec(tv_sec: time(nil) + 60, tv_nsec: 0), timespec(tv_sec: time(nil) + 60, tv_nsec: 0)]
        utimensat(AT_FDCWD, vault.path + "/t7.md", &times, 0)
        tasks[3].title = "Task 11"  // t11 sorts fourth: t0, t1, t10, t11
        let t7 = tasks.firstIndex { $0.id == "t7.md" }!
        tasks[t7].title = "Planted too"
        cache.writeSnapshot(hash: CacheSnapshot.listingHash(files), count: 1) { _ in SnapshotFile.Record(.chunk, payload: self.chunk(tasks.map { t in
            var t = t
            if t.id == "t11.md" { t.title = "From the snapshot" }
            return t
        }, files)) }
        let after = try load(vault, cache)
        XCTAssertEqual(after.tasks[3].title, "From the snapshot", "its file did not change")
        XCTAssertEqual(after.tasks[t7].title, "Task 7", "parsed again: its file changed")
        // … and the snapshot is replaced by one for the new listing.
        files = try VaultListing.listing(root: vault.path).files
        XCTAssertTrue(cache.forEachSnapshotChunk(hash: CacheSnapshot.listingHash(files)) { _ in }, "rewritten for the new listing")
        XCTAssertEqual(try load(vault, cache).tasks[3].title, "From the snapshot", "kept until its file changes")
    }

    func testADamagedSnapshotIsParsedAgain() throws {
        let vault = TempDir(), cacheDir = TempDir()
        for i in 0..<30 { vault.write("t\(i).md", "---\ntitle: Task \(i)\ntags: [a, b]\n---\nNotes \(i)\n") }
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
        let truth = try load(vault, cache).tasks
        let files = try VaultListing.listing(root: vault.path).files
        let hash = CacheSnapshot.listingHash(files)
        let good = chunk(truth, files)
        for damage in [Array(good.prefix(good.count / 2)), good + [7], [0xFF, 0xFF, 0xFF], Array(good.reversed())] {
            cache.writeSnapshot(hash: hash, count: 1) { _ in SnapshotFile.Record(.chunk, payload: damage) }
            XCTAssertEqual(try load(vault, cache).tasks, truth)
        }
        // A snapshot naming files that are not there: those entries are passed over.
        var other = truth
        other[0].id = "zz-not-there.md"
        cache.writeSnapshot(hash: hash, count: 1) { _ in SnapshotFile.Record(.chunk, payload: self.chunk(other, files + [VaultListing.File(id: "zz-not-there.md", size: 1, mtime: 1)])) }
        XCTAssertEqual(try load(vault, cache).tasks, truth)
    }

    func testListingHashFollowsEveryPathSizeAndTime() {
        let base = [VaultListing.File(id: "a.md", size: 10, mtime: 1), VaultListing.File(id: "b.md", size: 20, mtime: 2)]
        var variants = [base, Array(base.prefix(1)), base + [VaultListing.File(id: "c.md", size: 1, mtime: 1)]]
        for i in base.indices {
            var v = base; v[i].size += 1; variants.append(v)
            v = base; v[i].mtime += 1; variants.append(v)
            v = base; v[i].id += "x"; variants.append(v)
        }
        let hashes = variants.map(CacheSnapshot.listingHash)
        XCTAssertEqual(Set(hashes).count, hashes.count, "every change gives another hash")
        XCTAssertEqual(CacheSnapshot.listingHash(base), CacheSnapshot.listingHash(base))
    }
}
