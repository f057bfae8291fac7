import Foundation
import XCTest
@testable import TaskEngine

/// A command's answer from the cache's stored rule columns (`CacheColumns`,
/// `VaultLoader.matching`) against a full load: the same tasks, order,
/// groups, counts and warnings for random rule trees under every built-in
/// sort and grouping; and every case where the cache must not answer.
final class CachedMatchingTests: XCTestCase {
    /// A vault of demo tasks and random ones (every field the rules read), its cache filled by one full load.
    /// Without dependencies: the columns then answer every rule but those on text.
    func makeVault(_ seed: UInt64, demo: Int = 150, random: Int = 150) throws -> (vault: TempDir, cacheDir: TempDir, full: VaultSnapshot) {
        let vault = TempDir(), cacheDir = TempDir()
        try DemoVaultGenerator(count: demo, seed: seed, today: pinnedToday, timeZone: utc, dependencies: false).write(to: vault.path)
        var rng = SeededRandom(seed: seed)
        for i in 0..<random {
            var t = RuleBitsTests.randomTask("r/\(i).md", &rng, today: pinnedToday)
            if t.title.isEmpty { t.title = "untitled \(i)" }
            vault.write(rng.pick(["r/", "r/deep/", ""]) + "random-\(i).md", try TaskFileCodec.renderNew(t))
        }
        let full = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache(vault, cacheDir))
        VaultLoader.waitForCacheWrites()
        return (vault, cacheDir, full)
    }

    func cache(_ vault: TempDir, _ dir: TempDir) -> TaskCache { TaskCache.open(vaultRoot: vault.path, directory: dir.path)! }

    /// The cache's answer read before the listing, confirmed (or not) by it.
    func speculated(_ rules: RuleGroup, _ vault: TempDir, _ cacheDir: TempDir) throws -> CachedMatches? {
        let early = VaultLoader.speculate(rules, root: vault.path, cache: cache(vault, cacheDir), today: pinnedToday, timeZone: utc)
        return early?.confirmed(by: try VaultListing.listing(root: vault.path))
    }

    func matching(_ rules: RuleGroup, _ vault: TempDir, _ cacheDir: TempDir, decode: Bool = true, zone: TimeZone = utc) throws -> CachedMatches? {
        VaultLoader.matching(rules, root: vault.path, cache: cache(vault, cacheDir), listing: try VaultListing.listing(root: vault.path),
                             today: pinnedToday, timeZone: zone, decode: decode)
    }

    /// What a reader of the result sees: each group's title and its tasks' ids, in order.
    func shown(_ r: PerspectiveResult) -> [String] {
        r.groups.map { g in (g.title ?? "-") + ": " + g.tasks.map(\.task.id).joined(separator: " ") }
    }

    func testColumnsComeBackFromTheirBytesAsTheyWere() {
        var rng = SeededRandom(seed: 3)
        for n in [0, 1, 2, 63, 64, 65, 700] {
            let tasks = (0..<n).map { RuleBitsTests.randomTask(String(format: "t%05d.md", $0), &rng, today: pinnedToday) }
            let columns = TaskColumns(TaskIndex(tasks).tasks)
            let bytes = CacheColumns.encode(columns)
            guard let back = bytes.withUnsafeBytes({ CacheColumns.decode($0) }) else { return XCTFail("\(n) rows did not decode") }
            XCTAssertEqual(back.count, n)
            XCTAssertLessThanOrEqual(bytes.count, CacheColumns.sizeBound(columns), "\(n) rows: written in the room reserved")
            // Each column sized once for its rows (not grown by doubling).
            for rows in [columns.area.rows, columns.project.rows, columns.source.rows, columns.recurrence.rows] + columns.days {
                XCTAssertLessThanOrEqual(rows.capacity, rows.onceSized(n + 8), "\(n) rows")
            }
            XCTAssertLessThanOrEqual(columns.minutes.capacity, columns.minutes.onceSized(n + 4))
            XCTAssertLessThanOrEqual(columns.inbox.capacity, columns.inbox.onceSized(n + 32))
            XCTAssertLessThanOrEqual(columns.tags.starts.capacity, columns.tags.starts.onceSized(n + 9))
            XCTAssertEqual(CacheColumns.encode(back), bytes, "\(n) rows: the same bytes again")
            XCTAssertEqual(back.area.values, columns.area.values)
            XCTAssertEqual(back.tags.starts, columns.tags.starts)
            XCTAssertEqual(back.days, columns.days)
            XCTAssertEqual(back.minutes, columns.minutes)
            XCTAssertEqual(back.flagged, columns.flagged)
            // Interned text finds its number again (the rule scan looks values up).
            var area = back.area
            for (n, v) in columns.area.values.enumerated() { XCTAssertEqual(area.number(v), Int32(n)) }
        }
    }

    func testDamagedColumnsAreRefusedNeverScanned() {
        var rng = SeededRandom(seed: 5)
        let tasks = (0..<40).map { RuleBitsTests.randomTask("t\($0).md", &rng, today: pinnedToday) }
        let bytes = CacheColumns.encode(TaskColumns(TaskIndex(tasks).tasks))
        for cut in 0..<bytes.count {
            XCTAssertNil(Array(bytes[..<cut]).withUnsafeBytes { CacheColumns.decode($0) }, "cut at \(cut)")
        }
        XCTAssertNil((bytes + [0]).withUnsafeBytes { CacheColumns.decode($0) }, "a byte too many")
        var versioned = bytes
        versioned[0] = CacheColumns.version + 1
        XCTAssertNil(versioned.withUnsafeBytes { CacheColumns.decode($0) }, "another version")
        // Random damage: refused, or (when it only changed a value) columns whose every number is in range.
        var decoded = 0
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<rng.int(1...4) { damaged[rng.int(0...(damaged.count - 1))] = UInt8(rng.int(0...255)) }
            guard let c = damaged.withUnsafeBytes({ CacheColumns.decode($0) }) else { continue }
            decoded += 1
            for column in [c.area, c.project, c.source, c.recurrence] {
                XCTAssertTrue(column.rows.allSatisfy { $0 >= -1 && Int($0) < column.values.count })
            }
            for lists in [c.tags, c.contexts] {
                XCTAssertEqual(lists.starts.count, c.count + 1)
                XCTAssertTrue(lists.items.allSatisfy { $0 >= 0 && Int($0) < lists.words.values.count })
            }
            // and a scan over them runs
            _ = RuleBits.matching(RuleGroup(.and, [.cond("tags", "contains", .string("a")), .cond("area", "within", .string("Work"))]),
                                  columns: c, today: pinnedToday)
        }
        XCTAssertLessThan(decoded, 3_000, "damage was noticed")
    }

    func testTheCacheAnswersAsAFullLoadDoesForRandomRules() throws {
        let (vault, cacheDir, full) = try makeVault(11)
        XCTAssertEqual(full.index.tasks.count, 300)
        var rng = SeededRandom(seed: 12)
        let builtins = BuiltinPerspectives.all
        var answered = 0, readText = 0
        for round in 0..<250 {
            var p = builtins[round % builtins.count]
            if round >= builtins.count { p.rules = RuleBitsTests.randomTree(&rng) }
            let want = PerspectiveEvaluator.evaluate(p, in: full.index, today: pinnedToday)
            guard let found = try matching(p.rules, vault, cacheDir) else {
                // Only a rule on the title or notes keeps the cache from answering.
                XCTAssertTrue(JSONText.render(p.rules.json).contains("\"title\"") || JSONText.render(p.rules.json).contains("\"body\""),
                              "round \(round): \(JSONText.render(p.rules.json))")
                readText += 1
                continue
            }
            answered += 1
            let got = PerspectiveEvaluator.evaluate(p, in: found.index!, today: pinnedToday)
            let context = "round \(round) (\(p.name)): \(JSONText.render(p.rules.json))"
            XCTAssertEqual(shown(got), shown(want), context)
            XCTAssertEqual(got.count, want.count, context)
            XCTAssertEqual(found.count, want.count, context)
            XCTAssertEqual(got.warnings, want.warnings, context)
            XCTAssertEqual(found.warnings, RuleBits.matching(p.rules, in: full.index, today: pinnedToday).warnings, context)
            for t in found.index!.tasks { XCTAssertEqual(t.task, full.task(id: t.id), "\(t.id) decoded as read") }
            XCTAssertEqual(try matching(p.rules, vault, cacheDir, decode: false)?.count, want.count, "counted only: \(context)")
            // Read beside the listing: the same tasks, confirmed by a listing of the unchanged vault.
            let early = try XCTUnwrap(try speculated(p.rules, vault, cacheDir), context)
            XCTAssertEqual(early.index!.tasks.map(\.task), found.index!.tasks.map(\.task), context)
            XCTAssertEqual(early.count, found.count, context)
            XCTAssertEqual(early.warnings, found.warnings, context)
            // Each rule's own count (`explain`).
            let perRule = VaultLoader.ruleCounts(p.rules, root: vault.path, cache: cache(vault, cacheDir),
                                                 listing: try VaultListing.listing(root: vault.path), today: pinnedToday, timeZone: utc)
            XCTAssertEqual(perRule?.counts, RuleMatchCounts.counts(p.rules, index: full.index, today: pinnedToday), context)
            XCTAssertEqual(perRule?.counts[[]], want.count, context)
        }
        XCTAssertGreaterThan(answered, 150)
        XCTAssertGreaterThan(readText, 0)
        // Every perspective's count at once (the `perspectives` command).
        let listing = try VaultListing.listing(root: vault.path)
        XCTAssertEqual(VaultLoader.counts(builtins, root: vault.path, cache: cache(vault, cacheDir), listing: listing, today: pinnedToday, timeZone: utc),
                       PerspectiveEvaluator.counts(builtins, in: full.index, today: pinnedToday))
        let titled = builtins + [Perspective(id: "t", name: "Titled", rules: RuleGroup(.and, [.cond("title", "string_contains", .string("a"))]))]
        XCTAssertNil(VaultLoader.counts(titled, root: vault.path, cache: cache(vault, cacheDir), listing: listing, today: pinnedToday, timeZone: utc),
                     "one perspective reads the title: the vault is read for all")
    }

    func testTheCacheDoesNotAnswerForAVaultItHasNotSeen() throws {
        let everything = RuleGroup(.and, [])
        let due = RuleGroup(.and, [.cond("due", "is_not_nil")])
        let (vault, cacheDir, full) = try makeVault(21, demo: 60, random: 40)
        XCTAssertEqual(try matching(due, vault, cacheDir)?.count, RuleBits.count(due, in: full.index, today: pinnedToday))

        // Another time zone: its days would differ.
        XCTAssertNil(try matching(due, vault, cacheDir, zone: TimeZone(identifier: "Pacific/Auckland")!))
        // A rule on the text.
        XCTAssertNil(try matching(RuleGroup(.and, [.cond("title", "string_contains", .string("a"))]), vault, cacheDir))
        // (a turned-off one does not count)
        var off = RuleCondition(field: "body", op: "string_contains", value: .string("x"))
        off.enabled = false
        XCTAssertNotNil(try matching(RuleGroup(.and, [.condition(off)]), vault, cacheDir))

        // A file changed since the snapshot: its row is patched (the answer is the vault's).
        let id = full.index.tasks[5].id
        vault.write(id, "---\ntitle: Changed\ndue: 2026-11-30\n---\n")
        let changed = try VaultLoader.load(root: vault.path, timeZone: utc, cache: nil)
        XCTAssertEqual(try matching(due, vault, cacheDir)?.count, RuleBits.count(due, in: changed.index, today: pinnedToday))

        XCTAssertNil(try speculated(due, vault, cacheDir), "a changed file: the listing refuses the early answer")
        // An unreadable file cannot be patched in: every run reads (and reports) it.
        vault.write("broken.md", "---\ntitle: [oops\n---\n")
        XCTAssertNil(try matching(everything, vault, cacheDir))
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache(vault, cacheDir))
        VaultLoader.waitForCacheWrites()
        XCTAssertNil(try matching(everything, vault, cacheDir))
        try FileManager.default.removeItem(atPath: vault.path + "/broken.md")

        // A task too large to cache is read each time, and answered with the rest.
        vault.write("huge.md", "---\ntitle: Huge\n---\n" + String(repeating: "notes ", count: TaskRecord.largestCachedBody / 5))
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache(vault, cacheDir))
        VaultLoader.waitForCacheWrites()
        XCTAssertEqual(try matching(everything, vault, cacheDir)?.count, 101)
        XCTAssertNil(try speculated(everything, vault, cacheDir), "the snapshot has a row fewer than the listing")
        XCTAssertEqual(try matching(everything, vault, cacheDir)?.index?.task(id: "huge.md")?.task.title, "Huge")
        try FileManager.default.removeItem(atPath: vault.path + "/huge.md")

        // Another tool's vault (its own field names) is never answered from the cache.
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache(vault, cacheDir))
        VaultLoader.waitForCacheWrites()
        XCTAssertNotNil(try matching(everything, vault, cacheDir))
        XCTAssertNotNil(try speculated(everything, vault, cacheDir))
        vault.write(".obsidian/plugins/tasknotes/data.json", "{}")
        XCTAssertNil(try matching(everything, vault, cacheDir))
        XCTAssertNil(try speculated(everything, vault, cacheDir))
    }

    func testAFewChangedFilesArePatchedInAsAFullReadReadsThem() throws {
        let (vault, cacheDir, _) = try makeVault(41, demo: 120, random: 80)
        var rng = SeededRandom(seed: 42)
        var ids = try VaultListing.listing(root: vault.path).files.map(\.id)
        var changed = 0, answered = 0
        for round in 0..<12 {
            // Edits, new files, deletions and touches, as other programs make them.
            for _ in 0..<rng.int(1...4) {
                switch rng.int(0...4) {
                case 4:  // an edit that keeps the size: only the time says it changed
                    let id = rng.pick(ids)
                    guard var text = vault.text(id), let r = text.range(of: "title: ") else { continue }
                    let at = r.upperBound
                    guard at < text.endIndex, text[at].isASCII, text[at].isLetter else { continue }
                    text.replaceSubrange(at...at, with: text[at] == "Q" ? "Z" : "Q")
                    vault.write(id, text)
                    var later = [timespec(tv_sec: time(nil) + 200 + round, tv_nsec: 0), timespec(tv_sec: time(nil) + 200 + round, tv_nsec: 0)]
                    utimensat(AT_FDCWD, vault.path + "/" + id, &later, 0)
                case 0:
                    let id = rng.pick(ids)
                    vault.write(id, try TaskFileCodec.renderNew(RuleBitsTests.randomTask(id, &rng, today: pinnedToday)))
                case 1:
                    let id = rng.pick(["", "r/", "new/"]) + "added-\(round)-\(rng.int(0...9_999)).md"
                    vault.write(id, try TaskFileCodec.renderNew(RuleBitsTests.randomTask(id, &rng, today: pinnedToday)))
                    ids.append(id)
                case 2:
                    let id = rng.pick(ids)
                    try? FileManager.default.removeItem(atPath: vault.path + "/" + id)
                    ids.removeAll { $0 == id }
                default:
                    var later = [timespec(tv_sec: time(nil) + 100 + round, tv_nsec: 0), timespec(tv_sec: time(nil) + 100 + round, tv_nsec: 0)]
                    utimensat(AT_FDCWD, vault.path + "/" + rng.pick(ids), &later, 0)
                }
                changed += 1
            }
            let truth = try VaultLoader.load(root: vault.path, timeZone: utc, cache: nil)  // (the snapshot stays as it was)
            for p in BuiltinPerspectives.all + (0..<10).map({ _ in Perspective(id: "r", name: "Random", rules: RuleBitsTests.randomTree(&rng)) }) {
                let want = PerspectiveEvaluator.evaluate(p, in: truth.index, today: pinnedToday)
                guard let found = try matching(p.rules, vault, cacheDir) else {
                    XCTAssertTrue(JSONText.render(p.rules.json).contains("\"title\"") || JSONText.render(p.rules.json).contains("\"body\""),
                                  "round \(round): \(JSONText.render(p.rules.json))")
                    continue
                }
                answered += 1
                let context = "round \(round) (\(p.name)): \(JSONText.render(p.rules.json))"
                let got = PerspectiveEvaluator.evaluate(p, in: found.index!, today: pinnedToday)
                XCTAssertEqual(shown(got), shown(want), context)
                XCTAssertEqual(found.count, want.count, context)
                for t in found.index!.tasks { XCTAssertEqual(t.task, truth.task(id: t.id), "\(t.id): \(context)") }
                XCTAssertEqual(try matching(p.rules, vault, cacheDir, decode: false)?.count, want.count, "counted only: \(context)")
                XCTAssertNil(try speculated(p.rules, vault, cacheDir), "the listing refuses what was read before it: \(context)")
            }
        }
        XCTAssertGreaterThan(answered, 150)
        XCTAssertLessThanOrEqual(changed, SnapshotPatch.limit)
        let truth = try VaultLoader.load(root: vault.path, timeZone: utc, cache: nil)
        XCTAssertEqual(VaultLoader.counts(BuiltinPerspectives.all, root: vault.path, cache: cache(vault, cacheDir),
                                          listing: try VaultListing.listing(root: vault.path), today: pinnedToday, timeZone: utc),
                       PerspectiveEvaluator.counts(BuiltinPerspectives.all, in: truth.index, today: pinnedToday), "counts over patched columns")

        // Past the limit, a full read (which writes a new snapshot) answers instead …
        for i in 0...SnapshotPatch.limit { vault.write("bulk/\(i).md", "---\ntitle: Bulk \(i)\n---\n") }
        XCTAssertNil(try matching(RuleGroup(.and, []), vault, cacheDir))
        _ = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache(vault, cacheDir))
        VaultLoader.waitForCacheWrites()
        // … and the snapshot then fits again.
        XCTAssertEqual(try matching(RuleGroup(.and, []), vault, cacheDir)?.count,
                       try VaultLoader.load(root: vault.path, timeZone: utc, cache: nil).index.tasks.count)
    }

    func testAChangeTheAppJournaledIsTakenFromTheJournal() throws {
        let (vault, cacheDir, full) = try makeVault(51, demo: 30, random: 0)
        let id = full.index.tasks[3].id
        vault.write(id, "---\ntitle: Saved by the app\nflagged: true\n---\n")
        let stamp = try VaultListing.listing(root: vault.path).files.first { $0.id == id }!
        var journaled = TaskItem(id: id, title: "From the journal")
        journaled.flagged = true
        cache(vault, cacheDir).replaceJournal([TaskCache.JournalEntry(id: id, file: stamp, task: journaled)])
        let flagged = RuleGroup(.and, [.cond("flagged", "equals", .bool(true))])
        let found = try matching(flagged, vault, cacheDir)
        XCTAssertEqual(found?.index?.task(id: id)?.task.title, "From the journal", "the journal's version of the file, not a parse")
        // Once the file changes again, it is parsed.
        vault.write(id, "---\ntitle: Changed again\nflagged: true\n---\n")
        var later = [timespec(tv_sec: time(nil) + 60, tv_nsec: 0), timespec(tv_sec: time(nil) + 60, tv_nsec: 0)]
        utimensat(AT_FDCWD, vault.path + "/" + id, &later, 0)
        XCTAssertEqual(try matching(flagged, vault, cacheDir)?.index?.task(id: id)?.task.title, "Changed again")
    }

    func testDamagedOrMissingColumnsFallBackAndAreWrittenAgain() throws {
        let (vault, cacheDir, full) = try makeVault(31, demo: 50, random: 50)
        let c = cache(vault, cacheDir)
        let everything = RuleGroup(.and, [])
        XCTAssertNotNil(try matching(everything, vault, cacheDir))
        try damageColumns(c, at: 3, bits: 0x10)
        XCTAssertNil(try matching(everything, vault, cacheDir), "damaged columns")
        XCTAssertNotNil(c.snapshotFilePath, "the snapshot is still named (its chunks are sound)")
        try c.db.write { try $0.execute(sql: "UPDATE meta SET value = 'UTC\nanother build' WHERE key = 'snapshotColumns'") }
        XCTAssertNil(try matching(everything, vault, cacheDir), "another build's columns")
        // The next full load (nothing changed in the vault) writes the snapshot again, with this build's columns.
        let again = try VaultLoader.load(root: vault.path, timeZone: utc, cache: c)
        VaultLoader.waitForCacheWrites()
        XCTAssertEqual(again.tasks, full.tasks)
        XCTAssertEqual(try matching(everything, vault, cacheDir)?.count, 100)
    }

    /// Columns damaged in place (their tag still this build's, the vault unchanged):
    /// the next full load writes them again, and later questions are answered from them.
    func testDamagedColumnsAreWrittenAgainThoughNothingChanged() throws {
        let (vault, cacheDir, full) = try makeVault(32, demo: 40, random: 40)
        let c = cache(vault, cacheDir)
        let everything = RuleGroup(.and, [])
        XCTAssertNotNil(try matching(everything, vault, cacheDir))
        try damageColumns(c, at: 7, bits: 0x01)
        XCTAssertNil(try matching(everything, vault, cacheDir), "damaged columns are not read")
        let again = try VaultLoader.load(root: vault.path, timeZone: utc, cache: c)
        VaultLoader.waitForCacheWrites()
        XCTAssertEqual(again.tasks, full.tasks)
        XCTAssertEqual(try matching(everything, vault, cacheDir)?.count, 80, "written again, and read")
    }

    /// One byte of the columns' record (`at` bytes into it) changed in the snapshot file.
    func damageColumns(_ c: TaskCache, at offset: Int, bits: UInt8) throws {
        let file = try XCTUnwrap(c.snapshotFilePath)
        let reader = try XCTUnwrap(SnapshotFile.Reader(path: file))
        reader.close()
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
        bytes[reader.columnsAt + SnapshotFile.headerSize + offset] ^= bits
        try bytes.write(to: URL(fileURLWithPath: file))
    }
}
