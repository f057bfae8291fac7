import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The full-screen app's start from the cache: the first screen shows the
/// vault as the last quit left it (snapshot and journal) without listing
/// the vault; the listing after it reads exactly the files that differ.
final class CachedStartTests: XCTestCase {
    let today = Day.parseISO("2026-11-22")!

    func start(_ app: Harness) throws -> AppRuntime {
        try AppRuntime(vaultRoot: app.path, today: today, cacheDirectory: app.path + "/.cache", startFromCache: true)
    }

    func write(_ app: Harness, _ id: String, _ text: String) throws {
        let full = app.path + "/" + id
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
    }

    /// What a start that lists and reads everything shows.
    func truth(_ app: Harness) throws -> (tasks: [TaskItem], problems: [VaultProblem]) {
        let fresh = try AppRuntime(vaultRoot: app.path, today: today, cacheDirectory: nil)
        return (fresh.state.index.tasks.map(\.task), fresh.state.problems)
    }

    func testTheFirstScreenIsTheLastQuitAndTheCheckReadsOnlyWhatDiffers() throws {
        var files: [String: String] = [:]
        for i in 0..<60 { files["t\(100 + i).md"] = f("title: Task \(100 + i)\ncreated: 2026-11-01") }
        files["work/w.md"] = f("title: In a folder\nproject: Work")
        let app = try Harness(files: files, width: 100, height: 30)
        VaultLoader.waitForCacheWrites()  // (the first start wrote the snapshot)
        // A session: a save in the app (`Space` starts the first task), then quit.
        app.open("Inbox")
        app.press(.cycleState)
        XCTAssertTrue(app.file("t100.md")?.contains("status: in-progress") == true)
        app.runtime.rememberForNextStart()

        // Between two sessions, outside: an edit, a removal, a new file, a broken one, a leftover of a crashed save.
        try write(app, "t105.md", f("title: Task 105 edited between sessions\ncreated: 2026-11-01"))
        try FileManager.default.removeItem(atPath: app.path + "/t106.md")
        try write(app, "new/n.md", f("title: Added between sessions"))
        try write(app, "broken.md", "---\ntitle: [oops\n---\n")
        try write(app, "t107.sync-conflict-20261122-101500-ABCDEFG.md", f("title: Task 107 elsewhere"))
        try write(app, ".todomd-t101.md-1.tmp", "half a save")
        let old = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: app.path + "/.todomd-t101.md-1.tmp")

        let io = VaultIOCounters.shared
        var before = io.current
        let next = try start(app)
        XCTAssertEqual(io.current, before, "the first screen lists nothing and reads no task file")
        XCTAssertTrue(next.startCheckPending)
        XCTAssertEqual(next.state.task(id: "t100.md")?.status, .inProgress, "the last session's save shows at once (the journal)")
        XCTAssertEqual(next.state.task(id: "t105.md")?.title, "Task 105", "not yet checked")
        XCTAssertNotNil(next.state.task(id: "t106.md"))

        before = io.current
        XCTAssertTrue(next.finishStart(try VaultListing.compare(root: app.path, with: next.filesSeen)))
        XCTAssertFalse(next.startCheckPending)
        XCTAssertEqual(io.current.fileReads - before.fileReads, 4, "t105, new/n, broken and the conflict copy are read, nothing else")
        XCTAssertEqual(next.state.conflicts.map(\.copy), ["t107.sync-conflict-20261122-101500-ABCDEFG.md"], "a copy made meanwhile is found")
        let (tasks, problems) = try truth(app)
        XCTAssertEqual(next.state.index.tasks.map(\.task), tasks, "after the check, the same tasks as a start that reads everything")
        XCTAssertEqual(next.state.problems, problems)
        XCTAssertTrue(next.state.problems.contains { $0.id == "broken.md" && $0.kind == .unreadable })
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path + "/.todomd-t101.md-1.tmp"), "the crashed save's leftover is removed")
        let screen = next.render(width: 100, height: 30).text
        XCTAssertTrue(screen.contains("Task 105 edited between sessions"), screen)
        XCTAssertFalse(next.finishStart(try VaultListing.compare(root: app.path, with: next.filesSeen)), "checked once")

        // The next quit keeps all of it: the start after shows it before any check, and the check finds nothing.
        next.rememberForNextStart()
        let third = try start(app)
        XCTAssertEqual(third.state.task(id: "t105.md")?.title, "Task 105 edited between sessions")
        XCTAssertNil(third.state.task(id: "t106.md"))
        XCTAssertEqual(third.state.task(id: "new/n.md")?.title, "Added between sessions")
        XCTAssertEqual(third.state.conflicts.map(\.copy), ["t107.sync-conflict-20261122-101500-ABCDEFG.md"], "known at the first screen, before the check")
        before = io.current
        third.finishStart(try VaultListing.compare(root: app.path, with: third.filesSeen))
        XCTAssertEqual(io.current.fileReads - before.fileReads, 1, "only the broken file, which no cache holds, is read again")
        XCTAssertEqual(third.state.index.tasks.map(\.task), tasks)
        XCTAssertEqual(third.state.conflicts, next.state.conflicts, "known from the cached start already")
        XCTAssertEqual(third.state.problems, problems)
    }

    /// A save made between the first screen and the check (the listing was
    /// made before it) is not read back or undone by the check.
    func testASaveBeforeTheCheckIsKept() throws {
        var files: [String: String] = [:]
        for i in 0..<20 { files["t\(100 + i).md"] = f("title: Task \(100 + i)\ncreated: 2026-11-01") }
        let app = try Harness(files: files, width: 100, height: 30)
        VaultLoader.waitForCacheWrites()
        let next = try start(app)
        let check = try VaultListing.compare(root: app.path, with: next.filesSeen)  // made in the background before the key below
        let h = Harness.attach(next, path: app.path, width: 100, height: 30)
        h.open("Inbox")
        h.press(.toggleFlag)  // flags the first task
        XCTAssertTrue(app.file("t100.md")?.contains("flagged: true") == true)
        let before = VaultIOCounters.shared.current
        next.finishStart(check)
        XCTAssertEqual(VaultIOCounters.shared.current.fileReads, before.fileReads, "the app's own save is not read back")
        XCTAssertEqual(next.state.task(id: "t100.md")?.flagged, true)
        XCTAssertEqual(next.state.index.tasks.map(\.task), try truth(app).tasks)
    }

    /// When most of the vault changed, the quit writes a whole new snapshot
    /// (the journal is emptied), and a start that lists first uses it too.
    func testAQuitAfterManyChangesWritesANewSnapshot() throws {
        var files: [String: String] = [:]
        for i in 0..<2_100 { files["t\(i).md"] = f("title: Task \(i)") }
        let app = try Harness(files: files, width: 100, height: 30)
        VaultLoader.waitForCacheWrites()
        for i in 0..<2_100 { try write(app, "t\(i).md", f("title: Task \(i) renamed")) }
        let next = try start(app)
        next.finishStart(try VaultListing.compare(root: app.path, with: next.filesSeen))
        next.rememberForNextStart()
        let cache = TaskCache.open(vaultRoot: app.path, directory: app.path + "/.cache")!
        XCTAssertTrue(cache.journal().isEmpty, "a new snapshot instead of a long journal")
        let listing = try VaultListing.listing(root: app.path)
        XCTAssertTrue(cache.forEachSnapshotChunk(hash: listing.hash) { _ in }, "made for the vault as it is")
        let third = try start(app)
        XCTAssertEqual(third.state.task(id: "t2099.md")?.title, "Task 2099 renamed")
        XCTAssertEqual(third.state.index.tasks.map(\.task), try truth(app).tasks)
    }

    /// No cache yet, a damaged one, or another tool's vault: the start lists and reads as before.
    func testWithoutAUsableCacheTheStartReadsTheVault() throws {
        let app = try Harness(files: ["a.md": f("title: A"), "b.md": f("title: B")])
        VaultLoader.waitForCacheWrites()
        let cache = TaskCache.open(vaultRoot: app.path, directory: app.path + "/.cache")!
        for damage: [UInt8] in [[0xFF, 0xFF], [1, 2, 3, 4, 5], []] {
            VaultLoader.waitForCacheWrites()  // (the start before rewrote the snapshot)
            cache.writeSnapshot(hash: "x", count: 1) { _ in SnapshotFile.Record(.chunk, payload: damage + [0x80]) }
            let next = try start(app)
            XCTAssertFalse(next.startCheckPending, "a damaged snapshot is not used")
            XCTAssertEqual(next.state.index.tasks.map(\.task.title), ["A", "B"])
        }
        let fresh = try Harness(files: ["c.md": f("title: C")])
        try FileManager.default.removeItem(atPath: fresh.path + "/.cache")
        let first = try start(fresh)
        XCTAssertFalse(first.startCheckPending)
        XCTAssertEqual(first.state.index.tasks.map(\.task.title), ["C"])
    }
}

extension Harness {
    /// Drives another runtime on the same vault (keys and screen as the harness's own).
    static func attach(_ runtime: AppRuntime, path: String, width: Int, height: Int) -> Harness {
        Harness(runtime: runtime, path: path, width: width, height: height)
    }
}
