import Foundation
import GRDB
import XCTest
@testable import TaskEngine

/// Where the cache keeps its snapshot (a file of its own, `SnapshotFile`)
/// and how it shares the cache with other todomd processes.
final class TaskCacheFileTests: XCTestCase {
    func loaded(_ vault: TempDir, _ cache: TaskCache) throws -> VaultSnapshot {
        defer { VaultLoader.waitForCacheWrites() }
        return try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
    }

    func snapshotFiles(_ dir: TempDir) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(TaskCache.snapshotInfix) }.sorted()
    }

    func size(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }

    func testTheSnapshotIsAFileOfItsOwnAndTheOneItReplacesGoes() throws {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: 2_000, seed: 3, today: pinnedToday, timeZone: utc).write(to: vault.path)
        let cache = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        let truth = try loaded(vault, cache).tasks
        let first = try snapshotFiles(cacheDir)
        XCTAssertEqual(first.count, 1)
        let file = try XCTUnwrap(cache.snapshotFilePath)
        XCTAssertTrue(file.hasSuffix(first[0]))
        // The database holds which file is current, not its bytes (they went through the write-ahead log twice).
        XCTAssertGreaterThan(size(file), 400_000)
        XCTAssertLessThan(size(cache.path) + size(cache.path + "-wal"), size(file) / 4)
        // A reader that opened the file reads on after it is replaced and removed.
        var reader = try XCTUnwrap(SnapshotFile.Reader(path: file))
        defer { reader.close() }
        vault.write("new.md", "---\ntitle: New\n---\n")
        XCTAssertEqual(try loaded(vault, cache).tasks.count, truth.count + 1)
        let second = try snapshotFiles(cacheDir)
        XCTAssertEqual(second.count, 1, "the replaced file is removed")
        XCTAssertNotEqual(second, first)
        var chunks = 0
        XCTAssertTrue(reader.forEachChunk { _ in chunks += 1 })
        XCTAssertEqual(chunks, CacheSnapshot.chunkCount(truth.count), "the old file, whole, to whoever had it open")
        XCTAssertEqual(try loaded(vault, cache).tasks.count, truth.count + 1, "from the new one")
    }

    func testATornOrMissingSnapshotFileMeansAFullRead() throws {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: 700, seed: 8, today: pinnedToday, timeZone: utc).write(to: vault.path)
        let cold = try VaultLoader.load(root: vault.path, timeZone: utc)
        for damage in 0..<3 {
            let cache = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
            _ = try loaded(vault, cache)
            let file = try XCTUnwrap(cache.snapshotFilePath)
            var bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
            switch damage {
            case 0: bytes = bytes.prefix(bytes.count * 2 / 3)  // torn
            case 1: bytes.replaceSubrange(100..<4_196, with: repeatElement(0, count: 4_096))  // a block never written
            default: try FileManager.default.removeItem(atPath: file)
            }
            if damage < 2 { try bytes.write(to: URL(fileURLWithPath: file)) }
            let io = VaultIOCounters.shared.current
            XCTAssertEqual(try loaded(vault, cache).tasks, cold.tasks, "damage \(damage)")
            XCTAssertEqual(VaultIOCounters.shared.current.fileReads - io.fileReads, 700, "damage \(damage): every file parsed")
            XCTAssertNotEqual(cache.snapshotFilePath, file, "damage \(damage): written again")
            XCTAssertEqual(try loaded(vault, cache).tasks, cold.tasks)
        }
    }

    func testAbandonedSnapshotFilesAreRemovedOnlyWhenOld() throws {
        let vault = TempDir(), cacheDir = TempDir()
        vault.write("a.md", "---\ntitle: A\n---\n")
        let cache = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        let prefix = (cache.path as NSString).lastPathComponent + TaskCache.snapshotInfix
        let old = cacheDir.path + "/" + prefix + "0ld", young = cacheDir.path + "/" + prefix + "y0ung"
        let otherVault = cacheDir.path + "/tasks-0.sqlite" + TaskCache.snapshotInfix + "0ld"
        for path in [old, young, otherVault] { FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        for path in [old, otherVault] {
            var times = [timespec(tv_sec: time(nil) - 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3_600, tv_nsec: 0)]
            utimensat(AT_FDCWD, path, &times, 0)
        }
        _ = try loaded(vault, cache)
        let current = try XCTUnwrap(cache.snapshotFilePath)
        XCTAssertFalse(FileManager.default.fileExists(atPath: old), "left by a write that never finished")
        XCTAssertTrue(FileManager.default.fileExists(atPath: young), "may be another process's, still being written")
        XCTAssertTrue(FileManager.default.fileExists(atPath: otherVault), "another vault's")
        XCTAssertTrue(FileManager.default.fileExists(atPath: current))
    }

    /// A second todomd opening the cache while the first writes its first
    /// snapshot waits for the write; it used to take SQLite's "database is
    /// locked" for a corrupt cache and delete the cache under the writer.
    func testOpeningWhileAnotherWritesKeepsTheCache() throws {
        let vault = TempDir()
        try DemoVaultGenerator(count: 300, seed: 2, today: pinnedToday, timeZone: utc).write(to: vault.path)
        for round in 0..<4 {
            let cacheDir = TempDir()
            // Each load returns with its cache still being written (in the background); others open it meanwhile.
            _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
            _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
            let second = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)
            VaultLoader.waitForCacheWrites()
            XCTAssertNotNil(second, "round \(round)")
            let file = try XCTUnwrap(second?.snapshotFilePath, "round \(round): the first one's snapshot is there")
            XCTAssertTrue(FileManager.default.fileExists(atPath: file))
            let io = VaultIOCounters.shared.current
            XCTAssertEqual(try second.map { try loaded(vault, $0).tasks.count }, 300)
            XCTAssertEqual(VaultIOCounters.shared.current.fileReads, io.fileReads, "round \(round): read from it")
        }
    }

    /// A snapshot that cannot be written whole (as on a full disk: here
    /// the process may not grow a file past 64 KiB) leaves no file behind;
    /// the one current stays current, byte for byte, and the answer is whole.
    func testASnapshotThatCannotBeWrittenLeavesNoFileAndKeepsTheCurrentOne() throws {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: 1_500, seed: 4, today: pinnedToday, timeZone: utc).write(to: vault.path)
        let cache = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        let truth = try loaded(vault, cache).tasks
        let current = try XCTUnwrap(cache.snapshotFilePath)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: current))
        XCTAssertGreaterThan(bytes.count, 65_536)
        vault.write("new.md", "---\ntitle: New\n---\n")

        signal(SIGXFSZ, SIG_IGN)  // (a write past the limit fails with EFBIG instead)
        var room = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &room), 0)
        var tight = room
        tight.rlim_cur = 65_536
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &tight), 0)
        let answer = try loaded(vault, cache).tasks
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &room), 0)

        XCTAssertEqual(answer.count, truth.count + 1)
        XCTAssertEqual(try snapshotFiles(cacheDir), [(current as NSString).lastPathComponent], "no part of the new one left")
        XCTAssertEqual(cache.snapshotFilePath, current)
        XCTAssertEqual(FileManager.default.contents(atPath: current), bytes)
        // With room again, the next load writes it.
        XCTAssertEqual(try loaded(vault, cache).tasks, answer)
        let next = try XCTUnwrap(cache.snapshotFilePath)
        XCTAssertNotEqual(next, current)
        XCTAssertEqual(try snapshotFiles(cacheDir), [(next as NSString).lastPathComponent])
        let io = VaultIOCounters.shared.current
        XCTAssertEqual(try loaded(vault, cache).tasks, answer)
        XCTAssertEqual(VaultIOCounters.shared.current.fileReads, io.fileReads, "read from the new snapshot")
    }
}
