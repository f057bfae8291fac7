import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The runtime driven the way the app's loop drives it (inotify monitor, then
/// a reload) while a script changes the real folder on another thread.
final class LiveVaultTests: XCTestCase {
    func follow(_ app: Harness, _ monitor: VaultChangeMonitor, until done: () -> Bool) -> Bool {
        app.follow(monitor, seconds: 2, until: done)
    }

    /// Writes and removes files in `vault` as another program would, one step every 30 ms.
    static func script(_ vault: String, _ steps: [(String, String?)]) {
        for (id, text) in steps {
            let path = vault + "/" + id
            if let text {
                try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? text.write(toFile: path, atomically: true, encoding: .utf8)
            } else {
                try? FileManager.default.removeItem(atPath: path)
            }
            usleep(30_000)
        }
    }

    func testAScriptEditsAddsRenamesAndDeletesWhileAFormIsOpen() throws {
        for mode in ["inotify", "polling"] {
            let app = try Harness(files: ["a.md": f("title: Alpha\ncreated: 2026-11-01"), "b.md": f("title: Bravo\ncreated: 2026-11-02"),
                                          "c.md": f("title: Charlie\ncreated: 2026-11-03")], width: 100)
            let monitor = VaultChangeMonitor(root: app.path, environment: mode == "polling" ? ["TODOMD_POLL": "1"] : [:])
            XCTAssertEqual(monitor.mode.rawValue, mode)
            app.open("Inbox")
            app.press(.char("j"))
            let selected = app.runtime.state.selectedTask?.id
            app.press(.char("A"))
            app.type("Half-typed task")
            let vault = app.path
            let thread = Thread {
                Self.script(vault, [("a.md", "---\ntitle: Alpha edited by a script\ncreated: 2026-11-01\n---\n"),
                             ("sub/new.md", "---\ntitle: Added by a script\ncreated: 2026-11-04\n---\n"),
                             ("c.md", nil), ("renamed.md", "---\ntitle: Charlie renamed\ncreated: 2026-11-03\n---\n"),
                             ("b.md", nil)])
            }
            thread.start()
            XCTAssertTrue(follow(app, monitor) {
                let ids = Set(app.runtime.state.tasks.map(\.id))
                return ids == ["a.md", "sub/new.md", "renamed.md"] && app.runtime.state.tasks.contains { $0.title == "Alpha edited by a script" }
            }, "\(mode): the app follows the script within 2 s: \(app.runtime.state.tasks.map(\.id))")
            XCTAssertEqual(app.runtime.state.form?[.title], "Half-typed task", "\(mode): the form in progress survives")
            app.press(.escape, .char("y"))  // discard it (the form asks)
            for title in ["Alpha edited by a script", "Added by a script", "Charlie renamed"] {
                XCTAssertTrue(app.text.contains(title), "\(mode): \(title)\n\(app.text)")
            }
            XCTAssertFalse(app.text.contains("Bravo"))
            XCTAssertEqual(app.runtime.state.selectedTask?.id, selected == "b.md" ? app.runtime.state.selectedTask?.id : selected,
                           "\(mode): the selection stays on its task when that task survives")
            XCTAssertEqual(app.file("a.md"), "---\ntitle: Alpha edited by a script\ncreated: 2026-11-01\n---\n", "nothing the script wrote is lost")
        }
    }

    func testAGitPullOfAThousandFilesIsOneReloadAndEveryFileShows() throws {
        let pulled = #"{"version":1,"perspectives":{"p":{"id":"p","name":"Pulled","rules":{"operator":"AND","conditions":[{"field":"area","op":"equals","value":"Pulled"}]}}}}"#
        let app = try Harness(files: ["a.md": f("title: Alpha"), ".perspectives.json": pulled], width: 100, height: 30)
        let monitor = VaultChangeMonitor(root: app.path, environment: [:])
        for i in 0..<1000 { try "---\ntitle: Pulled \(i)\narea: Pulled\n---\n".write(toFile: app.path + "/pulled-\(i).md", atomically: false, encoding: .utf8) }
        var reloads = 0
        let end = Date().addingTimeInterval(1.5)
        while Date() < end {
            if app.runtime.checkVault(monitor) { reloads += 1 }
            usleep(20_000)
        }
        XCTAssertEqual(reloads, 1)
        XCTAssertEqual(app.runtime.state.tasks.count, 1001)
        XCTAssertTrue(app.lines.contains { $0.contains("Pulled") && $0.contains("1000") }, "the sidebar count follows: \(app.text)")
        app.open("Pulled")
        XCTAssertTrue(app.text.contains("Pulled · 1000 tasks"), app.text)
    }

    func testTheAppsOwnWritesAreNotTakenForOutsideChanges() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha")], width: 100)
        let monitor = VaultChangeMonitor(root: app.path, environment: [:])
        app.open("Inbox")
        app.press(.char("x"))
        app.press(.char("h"), .char("n"))  // a new perspective writes .perspectives.json; the editor opens
        XCTAssertNotNil(app.runtime.state.editor)
        var outside = false
        let end = Date().addingTimeInterval(0.8)
        while Date() < end {
            if app.runtime.checkVault(monitor) { outside = true }
            usleep(20_000)
        }
        XCTAssertFalse(outside, "nothing changed outside the app")
        XCTAssertFalse(app.text.contains("changed on disk"), app.text)
    }

    func testTheScrollAndSelectionSurviveAnOutsideChange() throws {
        var files: [String: String] = [:]
        for i in 0..<60 { files["t\(100 + i).md"] = f("title: Task \(100 + i)\ncreated: 2026-11-01") }
        let app = try Harness(files: files, width: 100, height: 20)
        let monitor = VaultChangeMonitor(root: app.path, environment: [:])
        app.open("Inbox")
        for _ in 0..<40 { app.press(.char("j")) }
        let scroll = app.runtime.layout.listScroll
        let selected = app.runtime.state.selectedTask?.id
        XCTAssertGreaterThan(scroll, 0)
        try "---\ntitle: Zzz added outside\ncreated: 2026-10-01\n---\n".write(toFile: app.path + "/zzz.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Task 101 edited outside\ncreated: 2026-11-01\n---\n".write(toFile: app.path + "/t101.md", atomically: true, encoding: .utf8)
        XCTAssertTrue(follow(app, monitor) { app.runtime.state.tasks.count == 61 })
        _ = app.text
        XCTAssertEqual(app.runtime.state.selectedTask?.id, selected)
        XCTAssertEqual(app.runtime.layout.listScroll, scroll, "the list does not jump")
    }

    /// Runs the loop for `seconds` (past the watcher's quiet period); true when it saw a change.
    func settle(_ app: Harness, _ monitor: VaultChangeMonitor, seconds: Double = 0.6) -> Bool {
        var changed = false
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if app.runtime.checkVault(monitor) { changed = true }
            usleep(20_000)
        }
        return changed
    }

    /// The app knows what it wrote: its own saves walk nothing and read
    /// nothing back; an outside edit of one file reads that file alone, a new
    /// folder walks that folder alone, and only a lost event queue or polling
    /// walks the vault.
    func testOwnWritesListNothingAndAnOutsideEditReadsOnlyThatFile() throws {
        var files: [String: String] = [:]
        for i in 0..<40 { files["t\(100 + i).md"] = f("title: Task \(100 + i)\ncreated: 2026-11-01") }
        files["deep/d.md"] = f("title: Deep")
        let app = try Harness(files: files, width: 100, height: 20)
        let monitor = VaultChangeMonitor(root: app.path, environment: [:])
        XCTAssertEqual(monitor.mode, .inotify)
        app.open("Inbox")
        let io = VaultIOCounters.shared
        var before = io.current

        // Own writes: a state change, a flag, an add through the form, a new perspective.
        app.press(.char(" "), .char("j"), .char("f"))
        app.press(.char("a"))
        app.type("Added in the app")
        app.press(.enter)
        app.press(.char("h"), .char("n"), .escape)
        XCTAssertTrue(app.file("t100.md")?.contains("status: in-progress") == true, app.file("t100.md") ?? "")
        XCTAssertTrue(app.file("t101.md")?.contains("flagged: true") == true)
        XCTAssertFalse(settle(app, monitor), "the app's own writes are not changes")
        XCTAssertEqual(io.current, before, "no walk of the vault, no file read back after the app's own writes")

        // One file edited outside: that file is read, nothing is walked.
        before = io.current
        try "---\ntitle: Task 105 edited outside\ncreated: 2026-11-01\n---\n".write(toFile: app.path + "/t105.md", atomically: true, encoding: .utf8)
        XCTAssertTrue(settle(app, monitor))
        XCTAssertEqual(io.current.fileReads - before.fileReads, 1, "only the changed file is read")
        XCTAssertEqual(io.current.listings, before.listings, "the vault is not walked")
        XCTAssertEqual(io.current.folderListings, before.folderListings)
        XCTAssertTrue(app.text.contains("Task 105 edited outside"), app.text)

        // A file removed outside: nothing to read.
        before = io.current
        try FileManager.default.removeItem(atPath: app.path + "/t106.md")
        XCTAssertTrue(settle(app, monitor))
        XCTAssertEqual(io.current, before)
        XCTAssertNil(app.runtime.state.task(id: "t106.md"))

        // A folder moved in: that folder is walked and its files read, not the vault.
        before = io.current
        let outside = app.path + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "---\ntitle: Moved in\n---\n".write(toFile: outside + "/m.md", atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: outside, toPath: app.path + "/moved")
        try FileManager.default.removeItem(atPath: app.path + "/deep")
        XCTAssertTrue(settle(app, monitor))
        XCTAssertEqual(io.current.listings, before.listings, "the vault is not walked")
        XCTAssertGreaterThanOrEqual(io.current.folderListings - before.folderListings, 1)
        XCTAssertEqual(io.current.fileReads - before.fileReads, 1, "moved/m.md alone is read")
        XCTAssertNotNil(app.runtime.state.task(id: "moved/m.md"))
        XCTAssertNil(app.runtime.state.task(id: "deep/d.md"), "a deleted folder's tasks go")

        // Polling (no inotify) has no paths to go by: it walks the vault.
        before = io.current
        let polling = VaultChangeMonitor(root: app.path, environment: ["TODOMD_POLL": "1"], now: Date().addingTimeInterval(-2))
        try "---\ntitle: Task 107 edited outside\n---\n".write(toFile: app.path + "/t107.md", atomically: true, encoding: .utf8)
        XCTAssertTrue(app.runtime.checkVault(polling))
        XCTAssertEqual(io.current.listings - before.listings, 1)
        XCTAssertEqual(io.current.fileReads - before.fileReads, 1)
        XCTAssertEqual(Set(app.runtime.state.tasks.map(\.id)), Set(try VaultListing.listing(root: app.path).files.map(\.id)), "the same tasks as a fresh walk")
    }
}
