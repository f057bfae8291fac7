import Foundation
import XCTest
@testable import TaskEngine

/// The listing's walk emits each folder's files at the folder's place,
/// sorted per folder: the whole must come out in `IDOrder` (bytes of the
/// whole path) as a sort of every path would give, whatever the names.
final class VaultWalkTests: XCTestCase {
    /// Names that sit right around `/` in byte order (`-` `.` before it,
    /// `0` `_` `a` after), prefixes of each other, non-ASCII, long ones.
    static let stems = ["a", "a-b", "a.b", "a0", "a_", "ab", "b", "é", "e\u{301}", "日本", "x", "x-y", "x.y", "x0",
                        "zz", "long-name-that-passes-eight-bytes", "long-name-that-passes-eight-bytez", "A", "Z", "0"]

    func testRandomTreesComeOutInByteOrderOfTheWholePath() throws {
        var rng = SeededRandom(seed: 42)
        for round in 0..<12 {
            let vault = TempDir()
            var expected: [String] = []
            // Folders up to three deep named from the same stems as the files (a folder `a.md` too).
            var folders = [""]
            for _ in 0..<Int.random(in: 3...8, using: &rng) {
                let parent = folders.randomElement(using: &rng)!
                guard parent.split(separator: "/").count < 3 else { continue }
                var name = Self.stems.randomElement(using: &rng)!
                if Int.random(in: 0..<6, using: &rng) == 0 { name += ".md" }
                let path = parent.isEmpty ? name : parent + "/" + name
                if folders.contains(path) { continue }
                try FileManager.default.createDirectory(atPath: vault.path + "/" + path, withIntermediateDirectories: true)
                folders.append(path)
            }
            for _ in 0..<Int.random(in: 5...60, using: &rng) {
                let folder = folders.randomElement(using: &rng)!
                let stem = Self.stems.randomElement(using: &rng)! + (Bool.random(using: &rng) ? "" : String(Int.random(in: 0..<20, using: &rng)))
                let id = (folder.isEmpty ? "" : folder + "/") + stem + ".md"
                guard !expected.contains(id), !folders.contains(id) else { continue }
                vault.write(id, "---\ntitle: \(stem)\n---\n")
                expected.append(id)
            }
            // Files that are not listed: hidden, not markdown, in a hidden folder.
            vault.write(".hidden.md", "x")
            vault.write("notes.txt", "x")
            vault.write(".obsidian/app.md", "x")
            // A big folder, stat'ed on all cores, next to the walk of its subfolders.
            if round % 3 == 0 {
                for i in 0..<400 {
                    let id = "big/t\(i).md"
                    vault.write(id, "x")
                    expected.append(id)
                }
                vault.write("big/sub/inner.md", "x")
                expected.append("big/sub/inner.md")
            }
            let listing = try VaultListing.listing(root: vault.path)
            let ids = listing.files.map(\.id)
            XCTAssertEqual(ids, expected.sorted(by: IDOrder.less), "round \(round)")
            XCTAssertEqual(Set(ids).count, ids.count)
            XCTAssertEqual(listing.hash, CacheSnapshot.listingHash(listing.files))
            // A folder's listing is the part of the whole below it.
            for folder in folders where !folder.isEmpty {
                let part = try VaultListing.listing(root: vault.path, folder: folder).files.map(\.id)
                XCTAssertEqual(part, ids.filter { $0.hasPrefix(folder + "/") }, "round \(round), \(folder)")
            }
        }
    }

    func testManyFoldersAreReadInBatchesAndComeOutInOrder() throws {
        // More folders than one batch holds open, some behind links (not followed) and one reached twice by a link.
        let vault = TempDir()
        var expected: [String] = []
        for a in 0..<12 {
            for b in 0..<(a % 4) * 4 {
                for c in 0..<(b % 3) {
                    let id = "f\(a)/g-\(b)/h.\(c)/task.md"
                    vault.write(id, "x")
                    expected.append(id)
                }
                let id = "f\(a)/g-\(b).md"
                vault.write(id, "x")
                expected.append(id)
            }
            try FileManager.default.createDirectory(atPath: vault.path + "/f\(a)/empty", withIntermediateDirectories: true)
        }
        XCTAssertEqual(symlink(vault.path + "/f3", vault.path + "/link-to-f3"), 0)
        XCTAssertEqual(symlink(vault.path + "/f2/g-4.md", vault.path + "/linked.md"), 0)
        expected.append("linked.md")  // (a link to a file is read as the file)
        let folders = try FileManager.default.subpathsOfDirectory(atPath: vault.path).filter { p in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: vault.path + "/" + p, isDirectory: &isDir) && isDir.boolValue && !p.hasPrefix("link")
        }
        XCTAssertGreaterThan(folders.count, VaultWalk.foldersPerBatch)
        XCTAssertEqual(try VaultListing.listing(root: vault.path).files.map(\.id), expected.sorted(by: IDOrder.less))
    }

    /// Entries are stat'ed in runs of 512 across the folders of a batch:
    /// each file's size must be its own, in folders big and small.
    func testEveryFileGetsItsOwnStatAcrossRunsAndFolders() throws {
        let vault = TempDir()
        var sizes: [String: Int] = [:]
        for (f, count) in [("a", 300), ("b", 7), ("c", 520), ("c/d", 1), ("e", 290), ("", 45)].enumerated() {
            for i in 0..<count.1 {
                let id = (count.0.isEmpty ? "" : count.0 + "/") + "t\(i).md"
                let size = 1 + (i * 7 + f * 13) % 900
                vault.write(id, String(repeating: "x", count: size))
                sizes[id] = size
            }
        }
        let files = try VaultListing.listing(root: vault.path).files
        XCTAssertEqual(files.count, sizes.count)
        for file in files { XCTAssertEqual(file.size, sizes[file.id], file.id) }
        XCTAssertLessThanOrEqual(files.capacity, files.onceSized(files.count + 16), "room made once for what was read, not grown by doubling")
    }

    func testTheFolderOrderAgreesWithComparingTheWholePaths() {
        // Every pair of stems, each as a file or a folder: the walk's order of
        // two entries is the order of a file in each (`name.md`, `name/x.md`).
        let names = Self.stems + Self.stems.map { $0 + ".md" }
        for a in names {
            for b in names where a != b {
                for (fa, fb) in [(false, false), (true, false), (false, true), (true, true)] {
                    let pa = fa ? a + "/x" : a, pb = fb ? b + "/x" : b
                    XCTAssertEqual(VaultWalk.less(a, fa, b, fb), IDOrder.less(pa, pb), "\(a) \(fa) vs \(b) \(fb)")
                    let order = VaultWalk.order([a, b], folders: [fa, fb])
                    XCTAssertEqual(order == [0, 1], IDOrder.less(pa, pb), "\(a) \(fa) vs \(b) \(fb) sorted")
                }
            }
        }
    }

    func testAMissingFolderHasNoFilesAndAnUnreadableOneIsReported() throws {
        let vault = TempDir()
        vault.write("a/t.md", "x")
        XCTAssertEqual(try VaultListing.listing(root: vault.path, folder: "gone").files.count, 0)
        XCTAssertEqual(try VaultListing.listing(root: vault.path, folder: "gone").problems.count, 0)
        guard getuid() != 0 else { return }  // root reads every folder
        chmod(vault.path + "/a", 0)
        defer { chmod(vault.path + "/a", 0o755) }
        let listing = try VaultListing.listing(root: vault.path)
        XCTAssertEqual(listing.files.count, 0)
        XCTAssertEqual(listing.problems.map(\.id), ["a"])
    }

    func testTheListingHashFollowsEveryChangeOverManyFiles() {
        var rng = SeededRandom(seed: 7)
        let base = (0..<9_000).map { i in
            VaultListing.File(id: "f/\(i)-" + String(repeating: "x", count: i % 23) + ".md", size: i, mtime: Int64(i) * 1_000)
        }
        let h = CacheSnapshot.listingHash(base)
        var seen: Set<String> = [h]
        for _ in 0..<200 {
            var v = base
            let i = Int.random(in: 0..<v.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: v[i].size += 1
            case 1: v[i].mtime += 1
            case 2: v[i].id += "x"
            case 3: v.remove(at: i)
            default: v.swapAt(i, (i + 1) % v.count)
            }
            seen.insert(CacheSnapshot.listingHash(v))
        }
        XCTAssertEqual(seen.count, 201, "every change gives another hash")
        // Bytes moved from one path to the next (same bytes in all) still change it.
        let moved = [VaultListing.File(id: "ab.md", size: 1, mtime: 1), VaultListing.File(id: "c.md", size: 1, mtime: 1)]
        let moved2 = [VaultListing.File(id: "a.md", size: 1, mtime: 1), VaultListing.File(id: "bc.md", size: 1, mtime: 1)]
        XCTAssertNotEqual(CacheSnapshot.listingHash(moved), CacheSnapshot.listingHash(moved2))
        XCTAssertEqual(CacheSnapshot.listingHash(base), h, "the same listing, the same hash")
    }
}
