import Foundation
import Synchronization
import XCTest
@testable import TaskEngine

/// A load's tasks share their names and tag lists across the whole load (one
/// `SharedNames` a thread, borrowed run by run), not run by run of 64 files:
/// a name is one object a thread at most, and each task still keeps its
/// own bytes (`é` and `e` + U+0301 are two names).
final class SharedNamesPoolTests: XCTestCase {
    static let areas = ["Work", "Caf\u{E9}", "Cafe\u{301}", "Home"]
    static let tagLists = [["a", "b"], ["caf\u{E9}"], ["cafe\u{301}"], ["a", "b"], []]

    func makeVault(files: Int) -> TempDir {
        let vault = TempDir()
        var rng = SeededRandom(seed: 91)
        for i in 0..<files {
            let area = Self.areas[rng.int(0...Self.areas.count - 1)], tags = Self.tagLists[rng.int(0...Self.tagLists.count - 1)]
            vault.write("t\(i).md", "---\ntitle: T\(i)\narea: \(area)\ntags: [\(tags.joined(separator: ", "))]\n---\n")
        }
        return vault
    }

    /// Each name's objects among `tasks`, by the name's bytes; every task's shared name and tags are its own bytes.
    func objectsPerName(_ tasks: [TaskItem], file: StaticString = #filePath, line: UInt = #line) -> [[UInt8]: Set<ObjectIdentifier>] {
        var out: [[UInt8]: Set<ObjectIdentifier>] = [:]
        for t in tasks {
            guard let name = t.areaName, let area = t.area else { XCTFail("\(t.id): no shared area", file: file, line: line); continue }
            XCTAssertEqual(Array(name.text.utf8), Array(area.utf8), t.id, file: file, line: line)
            XCTAssertEqual(t.tagList?.tags.map { Array($0.utf8) } ?? [], t.tags.map { Array($0.utf8) }, t.id, file: file, line: line)
            out[Array(area.utf8), default: []].insert(ObjectIdentifier(name))
        }
        return out
    }

    func testAParsedVaultSharesEachNameAcrossItsRuns() throws {
        let vault = makeVault(files: 3_000)  // 47 runs of 64 files
        let loaded = try VaultLoader.load(root: vault.path, timeZone: utc)
        XCTAssertEqual(loaded.tasks.count, 3_000)
        let perName = objectsPerName(loaded.tasks)
        XCTAssertEqual(perName.count, 4, "é and e + U+0301 are two names")
        let threads = ProcessInfo.processInfo.activeProcessorCount
        for (name, objects) in perName {
            XCTAssertLessThanOrEqual(objects.count, min(threads, 46), "\(String(decoding: name, as: UTF8.self)): one object a thread at most")
        }
    }

    func testAStartFromTheCacheSharesEachNameAcrossItsChunks() throws {
        let vault = makeVault(files: 3_000), cacheDir = TempDir()
        let cache = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        VaultLoader.waitForCacheWrites()
        let start = try XCTUnwrap(VaultLoader.loadCached(root: vault.path, cache: cache, timeZone: utc, profile: .todomd))
        let tasks = start.snapshot.index.tasks.map(\.task)
        XCTAssertEqual(tasks.count, 3_000)
        for (name, objects) in objectsPerName(tasks) {
            XCTAssertLessThanOrEqual(objects.count, 4, "\(String(decoding: name, as: UTF8.self)): one object a decoder at most (four in flight)")
        }
    }

    /// A list answered from the cache's columns with a changed file patched in
    /// (the tasks decoded from the snapshot's records) shares names the same way.
    func testAnAnswerFromPatchedColumnsSharesEachName() throws {
        let vault = makeVault(files: 3_000), cacheDir = TempDir()
        let cache = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
        VaultLoader.waitForCacheWrites()
        vault.write("t7.md", "---\ntitle: Changed\narea: Work\n---\n")
        let found = try XCTUnwrap(VaultLoader.matching(RuleGroup(.and, []), root: vault.path, cache: cache,
                                                       listing: try VaultListing.listing(root: vault.path), today: pinnedToday, timeZone: utc,
                                                       decode: true))
        let tasks = try XCTUnwrap(found.index).tasks.map(\.task)
        XCTAssertEqual(tasks.count, 3_000)
        XCTAssertEqual(tasks.first { $0.id == "t7.md" }?.title, "Changed")
        let threads = ProcessInfo.processInfo.activeProcessorCount
        for (name, objects) in objectsPerName(tasks) {
            // (The changed file's own name, read from it, is one more.)
            XCTAssertLessThanOrEqual(objects.count, min(threads, 11) + 1, "\(String(decoding: name, as: UTF8.self))")
        }
    }

    /// No two runs at once ever hold the same `SharedNames`, and the pool
    /// makes no more of them than runs went on at once.
    func testThePoolLendsEachOneToOneRunAtATime() {
        let pool = SharedNamesPool()
        struct Seen { var busy: Set<ObjectIdentifier> = [], all: Set<ObjectIdentifier> = [], clashes = 0, running = 0, most = 0 }
        let seen = Mutex(Seen())
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            pool.with { shared in
                let id = ObjectIdentifier(shared)
                seen.withLock { seen in
                    if !seen.busy.insert(id).inserted { seen.clashes += 1 }
                    seen.all.insert(id)
                    seen.running += 1
                    seen.most = max(seen.most, seen.running)
                }
                usleep(200)
                seen.withLock { seen in
                    seen.busy.remove(id)
                    seen.running -= 1
                }
            }
        }
        let seenAll = seen.withLock { $0 }
        XCTAssertEqual(seenAll.clashes, 0)
        XCTAssertLessThanOrEqual(seenAll.all.count, seenAll.most)
        XCTAssertGreaterThanOrEqual(seenAll.all.count, 1)
    }

    /// Names and tag lists met in any order (runs of the same one, as a
    /// folder's files give, and Unicode forms side by side) come back with
    /// the very bytes asked for, one object for each byte sequence.
    func testEachNameAndListIsOneObjectPerByteSequence() {
        var rng = SeededRandom(seed: 8)
        let words = ["Work", "caf\u{E9}", "cafe\u{301}", "Caf\u{E9}", "R\u{E9}novation de la cuisine et du salon", "Re\u{301}novation de la cuisine et du salon",
                     "日本", "x", "work", "Work "]
        let shared = SharedNames()
        var names: [[UInt8]: TaskName] = [:], lists: [[[UInt8]]: TaskTags] = [:]
        for _ in 0..<5_000 {
            let word = words[rng.below(words.count)]
            for _ in 0..<(1 + rng.below(4)) {  // (runs of the same name)
                let got = shared.name(word)!
                XCTAssertEqual(Array(got.text.utf8), Array(word.utf8))
                if let kept = names[Array(word.utf8)] { XCTAssertTrue(kept === got, word) } else { names[Array(word.utf8)] = got }
            }
            let list = (0..<(1 + rng.below(3))).map { _ in words[rng.below(words.count)] }
            for _ in 0..<(1 + rng.below(3)) {
                let got = shared.tags(list)!
                XCTAssertEqual(got.tags.map { Array($0.utf8) }, list.map { Array($0.utf8) })
                let key = list.map { Array($0.utf8) }
                if let kept = lists[key] { XCTAssertTrue(kept === got, "\(list)") } else { lists[key] = got }
            }
        }
        XCTAssertNil(shared.name(nil))
        XCTAssertNil(shared.tags([]))
    }

    /// A file read with shared names is the task read without them, for
    /// every demo file, every hand-written one and names in both Unicode
    /// forms, repeated keys and aliases (the last one read wins either way);
    /// each name and tag list is then one object across the files.
    func testReadingWithSharedNamesGivesTheSameTasks() throws {
        let vault = TempDir()
        _ = try DemoVaultGenerator(count: 400, seed: 17, today: pinnedToday, timeZone: utc).write(to: vault.path)
        for (name, text) in HandWrittenFiles.all { vault.write("hand/\(name).md", text) }
        vault.write("twice.md", "---\ntitle: T\narea: Caf\u{E9}\narea: Cafe\u{301}\ntags: [x]\ntags: [y, z]\nproject: P\n---\n")
        vault.write("nfd.md", "---\ntitle: T\narea: Cafe\u{301}\nproject: [\"[[Home]]\"]\nsource: s\n---\n")
        let listed = try VaultListing.listing(root: vault.path).files
        XCTAssertGreaterThan(listed.count, 400)
        for profile in [VaultProfile.todomd, .tasknotes] {
            let shared = SharedNames()
            var areas: [[UInt8]: Set<ObjectIdentifier>] = [:]
            for f in listed {
                let bytes = try XCTUnwrap(FileManager.default.contents(atPath: vault.path + "/" + f.id)).map { $0 }
                let plain = Result { try TaskFileCodec.readTask(bytes, id: f.id, timeZone: utc, profile: profile) }
                let sharing = Result { try TaskFileCodec.readTask(bytes, id: f.id, timeZone: utc, profile: profile, names: shared) }
                switch (plain, sharing) {
                case (.success(let a), .success(let b)):
                    XCTAssertEqual(a, b, f.id)
                    XCTAssertEqual(a.area.map { Array($0.utf8) }, b.area.map { Array($0.utf8) }, f.id)
                    XCTAssertEqual(a.tags.map { Array($0.utf8) }, b.tags.map { Array($0.utf8) }, f.id)
                    if let name = b.areaName { areas[Array(name.text.utf8), default: []].insert(ObjectIdentifier(name)) }
                case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", f.id)
                default: XCTFail("\(f.id): read one way only")
                }
            }
            XCTAssertGreaterThan(areas.count, 2)
            for (name, objects) in areas { XCTAssertEqual(objects.count, 1, String(decoding: name, as: UTF8.self)) }
        }
    }
}
