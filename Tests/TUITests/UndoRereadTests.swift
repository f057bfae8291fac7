import XCTest
import TaskEngine
@testable import TUI

/// Undo and redo, a save refused because the file changed on disk, and a
/// bulk change with a task skipped read back only the files they concern:
/// no walk of the vault, no second copy of every task, and afterwards the
/// app shows what a fresh read of the vault shows.
final class UndoRereadTests: XCTestCase {
    func makeApp() throws -> Harness {
        var files: [String: String] = [:]
        for i in 0..<30 { files["t\(100 + i).md"] = f("title: Task \(100 + i)\ncreated: 2026-11-01", body: "notes \(i)\n") }
        return try Harness(files: files, width: 100, height: 24)
    }

    /// The app's tasks are the vault's, as a fresh read gives them.
    func assertShowsTheVault(_ app: Harness, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = try VaultLoader.load(root: app.path).index.tasks.map(\.task)
        let shown = app.runtime.state.index.tasks.map(\.task)
        XCTAssertEqual(shown.map(\.id), fresh.map(\.id), what, file: file, line: line)
        XCTAssertEqual(shown, fresh, what, file: file, line: line)
    }

    /// Retitles `id` on disk behind the app's back, then presses `f`: the
    /// refused write reads that file alone and walks nothing.
    func flagAfterChangingOutside(_ id: String, _ app: Harness, file: StaticString = #filePath, line: UInt = #line) throws {
        let title = "Task \(id.dropLast(3).dropFirst()) changed outside"
        try f("title: \(title)\ncreated: 2026-11-01").write(toFile: app.path + "/" + id, atomically: true, encoding: .utf8)
        let before = VaultIOCounters.shared.current
        app.press(.toggleFlag)
        XCTAssertEqual(VaultIOCounters.shared.current.listings, before.listings, "nothing is walked", file: file, line: line)
        XCTAssertEqual(VaultIOCounters.shared.current.fileReads - before.fileReads, 1, "the changed file alone is read", file: file, line: line)
    }

    func testEachUndoAndRedoReadsOnlyTheFilesItPutBack() throws {
        let app = try makeApp()
        app.open("Inbox")
        let io = VaultIOCounters.shared
        // Four steps: a state, a flag, a task added, a task deleted.
        app.press(.cycleState)
        app.press(.move(1), .toggleFlag)
        app.press(.addTask)
        app.type("Added in the app")
        app.press(.quickAdd(.add))
        app.press(.moveToEdge(top: true), .move(1), .move(1), .move(1), .deleteTask, .confirm(true))
        let afterAll = try VaultListing.listing(root: app.path).files.map(\.id)
        XCTAssertEqual(afterAll.count, 30, "one added, one deleted")
        try assertShowsTheVault(app, "after the four steps")

        // What each undo puts back: the deleted file (read), the added file (removed: nothing to read), the flag, the state.
        let reads = [1, 0, 1, 1]
        for (k, expected) in reads.enumerated() {
            let before = io.current
            app.press(.undo)
            XCTAssertTrue(app.text.contains("Undone: "), app.text)
            XCTAssertEqual(io.current.listings, before.listings, "undo \(k + 1) walks nothing")
            XCTAssertEqual(io.current.folderListings, before.folderListings)
            XCTAssertEqual(io.current.fileReads - before.fileReads, expected, "undo \(k + 1) reads the files it put back")
            try assertShowsTheVault(app, "after undo \(k + 1)")
        }
        XCTAssertNil(app.file("t100.md").flatMap { $0.contains("in-progress") ? $0 : nil }, "the first step is undone on disk too")
        // Redone in the order made: the state, the flag, the added file (read), the deletion (nothing to read).
        for (k, expected) in [1, 1, 1, 0].enumerated() {
            let before = io.current
            app.press(.redo)
            XCTAssertTrue(app.text.contains("Redone: "), app.text)
            XCTAssertEqual(io.current.listings, before.listings, "redo \(k + 1) walks nothing")
            XCTAssertEqual(io.current.fileReads - before.fileReads, expected, "redo \(k + 1) reads the file it wrote")
            try assertShowsTheVault(app, "after redo \(k + 1)")
        }
        XCTAssertEqual(try VaultListing.listing(root: app.path).files.map(\.id), afterAll)
    }

    func testUndoOfAPerspectiveEditReadsThePerspectivesAgain() throws {
        let app = try makeApp()
        let builtins = app.runtime.state.perspectives.count
        app.press(.newPerspective, .editor(.close))  // a new perspective, written to the perspectives file
        let created = app.runtime.state.perspectives.count
        XCTAssertEqual(created, builtins + 1)
        let before = VaultIOCounters.shared.current
        app.press(.undo)
        XCTAssertEqual(VaultIOCounters.shared.current, before, "no walk, no task file read")
        XCTAssertEqual(app.runtime.state.perspectives.count, created - 1, "the perspective is gone again")
        app.press(.redo)
        XCTAssertEqual(app.runtime.state.perspectives.count, created)
    }

    func testASaveRefusedBecauseTheFileChangedShowsTheDiskVersionReadingThatFileAlone() throws {
        let app = try makeApp()
        app.open("Inbox")
        // Changed outside, the watcher not asked yet: the app still has the old task.
        try flagAfterChangingOutside("t100.md", app)
        XCTAssertTrue(app.text.contains("changed on disk"), app.text)
        XCTAssertTrue(app.text.contains("Task 100 changed outside"), app.text)
        XCTAssertFalse(app.file("t100.md")!.contains("flagged"), "nothing was overwritten")
        try assertShowsTheVault(app, "after the refused save")
    }

    func testABulkChangeWithOneTaskChangedOnDiskRereadsThatTask() throws {
        let app = try makeApp()
        app.open("Inbox")
        app.press(.mark, .mark, .mark)  // t100, t101, t102 marked
        try flagAfterChangingOutside("t101.md", app)
        XCTAssertTrue(app.text.contains("2 of 3 written"), app.text)
        XCTAssertTrue(app.file("t100.md")!.contains("flagged: true"))
        XCTAssertFalse(app.file("t101.md")!.contains("flagged"))
        XCTAssertTrue(app.text.contains("Task 101 changed outside"), app.text)
        try assertShowsTheVault(app, "after the bulk change")
    }
}
