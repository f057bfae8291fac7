import Foundation
import XCTest
@testable import TaskEngine

/// A load with no snapshot to compare with lists the vault without a `stat`
/// per file and takes each file's stamp from the open file as it reads it.
/// What it keeps must be what a listing says, stamp for stamp: every later
/// start compares with it.
final class FirstLoadStampsTests: XCTestCase {
    /// A vault with folders, links, a folder and a pipe named like tasks, a
    /// broken link, a file that does not parse and a folder of more files
    /// than a run of stats.
    func makeVault(_ rng: inout SeededRandom) throws -> TempDir {
        let vault = TempDir()
        let stems = VaultWalkTests.stems
        for _ in 0..<Int.random(in: 20...80, using: &rng) {
            let folder = ["", "work", "work/q4", "home", "a.md", "日本"].randomElement(using: &rng)!
            let stem = stems.randomElement(using: &rng)! + String(Int.random(in: 0..<30, using: &rng))
            let body = String(repeating: "note line\n", count: Int.random(in: 0...40, using: &rng))
            vault.write((folder.isEmpty ? "" : folder + "/") + stem + ".md", "---\ntitle: \(stem)\ndue: 2026-11-2\(Int.random(in: 0...9, using: &rng))\n---\n" + body)
        }
        for i in 0..<600 { vault.write("big/t\(i).md", "---\ntitle: T\(i)\n---\n" + String(repeating: "x", count: i)) }
        vault.write("bad.md", "---\ntitle: [oops\n---\n")
        vault.write("backlog/tasks/task-1.md", "---\ntitle: In Backlog's folder\nstatus: To Do\n---\n")
        XCTAssertEqual(symlink(vault.path + "/big/t7.md", vault.path + "/linked.md"), 0)
        XCTAssertEqual(symlink(vault.path + "/work", vault.path + "/link-to-work"), 0)
        XCTAssertEqual(symlink(vault.path + "/nowhere.md", vault.path + "/gone.md"), 0)
        XCTAssertEqual(mkfifo(vault.path + "/pipe.md", 0o644), 0)
        try FileManager.default.createDirectory(atPath: vault.path + "/folder.md", withIntermediateDirectories: true)
        return vault
    }

    func testAFirstLoadKeepsTheStampsAListingGives() throws {
        var rng = SeededRandom(seed: 77)
        for round in 0..<6 {
            let vault = try makeVault(&rng)
            // Some files edited after they were written: their change time moves, their size not always.
            for i in stride(from: round, to: 600, by: 37) {
                vault.write("big/t\(i).md", "---\ntitle: T\(i) edited\n---\n" + String(repeating: "y", count: i))
            }
            let unstamped = try VaultListing.unstamped(root: vault.path)
            let listed = try VaultListing.listing(root: vault.path)
            XCTAssertEqual(unstamped.files.map(\.id), listed.files.map(\.id), "round \(round): the same files")
            XCTAssertEqual(unstamped.problems, listed.problems, "round \(round)")
            XCTAssertEqual(unstamped.files.first { $0.id == "linked.md" }?.size, listed.files.first { $0.id == "linked.md" }?.size,
                           "a link is stat'ed as the listing does")
            XCTAssertTrue(unstamped.files.contains { $0.size == VaultListing.File.unstamped }, "regular files come without a stamp")
            // As a first load walks: each folder read when the walk comes to it, its files handed on one by one.
            for ahead in [1, 7, 600, 2048, Int.max] {
                var streamed: [VaultListing.File] = []
                let (problems, leftovers) = VaultListing.unstamped(root: vault.path, entriesPerScan: ahead) { streamed.append($0) }
                XCTAssertEqual(streamed, unstamped.files, "round \(round), reading \(ahead) entries ahead")
                XCTAssertEqual(problems, unstamped.problems, "round \(round), reading \(ahead) entries ahead")
                XCTAssertEqual(leftovers, unstamped.leftovers, "round \(round), reading \(ahead) entries ahead")
            }
            for profile in [VaultProfile.todomd, .backlog] {
                let first = try VaultLoader.load(root: vault.path, timeZone: utc, profile: profile)  // no cache: nothing to compare with
                let stamped = try VaultLoader.load(root: vault.path, timeZone: utc, listing: listed, profile: profile)
                XCTAssertEqual(first.files, listed.files, "round \(round), \(profile.kind): every stamp as the listing's")
                XCTAssertEqual(first.tasks, stamped.tasks, "round \(round), \(profile.kind)")
                XCTAssertEqual(first.problems, stamped.problems, "round \(round), \(profile.kind)")
            }
        }
    }

    /// Without the vault's folder held open (no descriptor left for it), a file is
    /// read by its whole path, and its stamp is still the open file's, as listed.
    func testAFileReadByItsWholePathIsStampedAsItIsRead() throws {
        var rng = SeededRandom(seed: 79)
        let vault = try makeVault(&rng)
        let listed = try VaultListing.listing(root: vault.path)
        var read = 0
        for file in listed.files {
            var stamp = (size: VaultListing.File.unstamped, mtime: Int64(0))
            let result = withUnsafeMutablePointer(to: &stamp) {
                VaultLoader.loadOne(root: vault.path, id: file.id, timeZone: utc, profile: .todomd, in: nil, stamp: $0)
            }
            guard case .success = result else { continue }
            read += 1
            XCTAssertEqual(stamp.size, file.size, file.id)
            XCTAssertEqual(stamp.mtime, file.mtime, file.id)
        }
        XCTAssertGreaterThan(read, 600)
    }

    /// With a cache: the first load stores a snapshot under the listing's
    /// own hash, so the next load takes every task from it and reads no file.
    func testTheSnapshotAFirstLoadWritesFitsTheNextListing() throws {
        var rng = SeededRandom(seed: 78)
        let vault = try makeVault(&rng), cacheDir = TempDir()
        let cache = TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path)!
        XCTAssertFalse(cache.hasSnapshot)
        let first = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        VaultLoader.waitForCacheWrites()
        XCTAssertTrue(cache.hasSnapshot)
        let before = VaultIOCounters.shared.current.fileReads
        let next = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        XCTAssertEqual(first.unreadable.map(\.id).sorted(), ["bad.md", "gone.md", "pipe.md"])
        XCTAssertEqual(VaultIOCounters.shared.current.fileReads - before, 1, "only the file that does not parse is read again")
        XCTAssertEqual(next.tasks, first.tasks)
        XCTAssertEqual(next.files, try VaultListing.listing(root: vault.path).files)
        VaultLoader.waitForCacheWrites()
    }
}
