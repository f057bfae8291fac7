import Foundation
import XCTest

/// The real binary's start from the cache: a second session shows the first
/// one's save at once (from the journal the quit kept), then lists the vault
/// and shows what another program changed between the two sessions; nothing
/// on disk is touched by the start.
final class CachedStartTerminalTests: TmuxTestCase {
    func session(_ vault: TempVault, trace: String) throws -> TmuxSession {
        try TmuxSession(todomd: vault, width: 100, height: 40, env: ["TODOMD_TRACE": "1"], stderr: trace)
    }

    /// Waits until no todomd process runs on `vault` (the quit keeps its journal before it ends).
    func waitForExit(_ vault: TempVault) {
        func running() -> Bool {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
            return pids.contains { pid in
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
                let args = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                return args.first?.hasSuffix("todomd") == true && args.contains(vault.path)
            }
        }
        XCTAssertTrue(eventually { !running() }, "todomd quit")
    }

    func testASecondSessionStartsFromTheCacheThenShowsWhatChangedOnDisk() throws {
        let vault = TempVault()
        for i in 0..<30 { vault.write("t\(100 + i).md", "---\ntitle: Task \(100 + i)\ncreated: 2026-11-01\n---\n") }
        let trace1 = vault.path + "-trace1", trace2 = vault.path + "-trace2"
        defer { for t in [trace1, trace2] { try? FileManager.default.removeItem(atPath: t) } }

        // First session: no cache yet (it reads every file); `Space` starts the first task; `q`.
        let first = try session(vault, trace: trace1)
        try first.waitFor("Inbox · 30 tasks")
        try first.send("l", "Space")
        let ids = (100..<130).map { "t\($0).md" }
        var started: String?
        _ = eventually {
            started = ids.first { vault.text($0)?.contains("status: in-progress") == true }
            return started != nil
        }
        let id = try XCTUnwrap(started, "Space started a task on disk")
        XCTAssertFalse(["t105.md", "t106.md"].contains(id), id)
        try first.send("q")
        waitForExit(vault)
        let saved = vault.text(id)

        // Between the sessions another program edits one task and deletes another.
        let edited = "---\ntitle: Task 105 edited between sessions\ncreated: 2026-11-01\n---\n"
        vault.write("t105.md", edited)
        try FileManager.default.removeItem(atPath: vault.path + "/t106.md")

        let second = try session(vault, trace: trace2)
        let screen = try second.waitFor("Task 105 edited between sessions")
        XCTAssertTrue(screen.contains("Inbox · 29 tasks"), screen)
        XCTAssertFalse(screen.contains("Task 106"), screen)
        XCTAssertTrue(screen.contains("ACTIVE"), "the first session's save, in its band: " + screen)
        let traced = try String(contentsOfFile: trace2, encoding: .utf8)
        XCTAssertTrue(traced.contains("read cache snapshot (30 tasks, 1 journaled)"), traced)
        XCTAssertTrue(traced.contains("start checked: 2 files differ"), traced)
        XCTAssertFalse(traced.contains("list 30 files"), "the first screen did not wait for a listing: " + traced)
        // Nothing was written by the start; a save of the edited task keeps the other program's title.
        XCTAssertEqual(vault.text("t105.md"), edited)
        XCTAssertEqual(vault.text(id), saved)
        try second.send("q")
    }
}
