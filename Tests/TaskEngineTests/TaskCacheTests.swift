import Foundation
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
        let entry = cache.all()[id]!
        cache.update([TaskCache.Entry(size: entry.size, mtime: entry.mtime, task: planted)], removing: [])
        XCTAssertEqual(try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache).task(id: id)?.title, "From the cache")
        // A file that changes is parsed again.
        var times = [timespec(tv_sec: time(nil) + 60, tv_nsec: 0), timespec(tv_sec: time(nil) + 60, tv_nsec: 0)]
        utimensat(AT_FDCWD, vault.path + "/" + id, &times, 0)
        XCTAssertEqual(try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache).task(id: id)?.title, cold.tasks[0].title)
        // A deleted file leaves the cache.
        try FileManager.default.removeItem(atPath: vault.path + "/" + id)
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        XCTAssertNil(cache.all()[id])
    }

    func testACorruptOrIncompatibleCacheIsRebuiltSilently() throws {
        let vault = TempDir(), cacheDir = TempDir()
        vault.write("a.md", "---\ntitle: Alpha\n---\n")
        _ = try VaultLoader.load(root: vault.path, cache: TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        let file = try FileManager.default.contentsOfDirectory(atPath: cacheDir.path).first { $0.hasSuffix(".sqlite") }!
        try Data("this is not a database".utf8).write(to: URL(fileURLWithPath: cacheDir.path + "/" + file))
        let reopened = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)
        XCTAssertNotNil(reopened)
        XCTAssertEqual(try VaultLoader.load(root: vault.path, cache: reopened).tasks.map(\.title), ["Alpha"])
        // A stale entry (another stamp) is parsed again.
        var stale = TaskItem(id: "a.md", title: "Stale")
        stale.fingerprint = FileFingerprint(size: 1, hash: 1)
        reopened!.update([TaskCache.Entry(size: 22, mtime: 0, task: stale)], removing: [])
        XCTAssertEqual(try VaultLoader.load(root: vault.path, cache: reopened).tasks.map(\.title), ["Alpha"])
        XCTAssertNil(TaskCache.open(vaultRoot: vault.path, directory: nil))
    }
}
