import Foundation
import XCTest

/// The real binary in tmux while a script changes the vault folder.
final class LiveVaultTerminalTests: TmuxTestCase {
    override func setUpWithError() throws {
    }

    /// Edits, a nested add, a rename and a delete while a form is open, with
    /// inotify and with the polling fallback: the screen follows within 2 s,
    /// the form keeps its input, and nothing the script wrote is lost.
    func testAScriptChangesFilesWhileAFormIsOpen() throws {
        for env in [[:], ["TODOMD_POLL": "1"]] {
            let vault = TempVault()
            vault.write("a.md", "---\ntitle: Original title\n---\n")
            vault.write("b.md", "---\ntitle: Doomed task\n---\n")
            vault.write("c.md", "---\ntitle: Moving task\n---\n")
            let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 110, height: 30, env: env)
            try s.waitFor("Original title")
            try s.send("A")
            try s.send("-l", "Typed while a script runs")
            try s.waitFor("Typed while a script runs")
            vault.write("a.md", "---\ntitle: Edited by a script\nstatus: in-progress\n---\n")
            vault.write("deep/er/new.md", "---\ntitle: Added in a subfolder\n---\n")
            try FileManager.default.moveItem(atPath: vault.path + "/c.md", toPath: vault.path + "/moved.md")
            try FileManager.default.removeItem(atPath: vault.path + "/b.md")
            let started = Date()
            try s.waitFor("Typed while a script runs", timeout: 1)
            try s.send("Escape")
            try s.waitFor("Discard your changes?", timeout: 1)
            try s.send("y")
            var screen = try s.waitFor("Added in a subfolder", timeout: 2.5)
            XCTAssertLessThan(Date().timeIntervalSince(started), 3, "\(env)")
            screen = try s.waitFor("Edited by a script", timeout: 2)
            XCTAssertTrue(screen.contains("Moving task"), screen)
            XCTAssertFalse(screen.contains("Doomed task"), screen)
            try s.send("q")
            XCTAssertEqual(vault.text("a.md"), "---\ntitle: Edited by a script\nstatus: in-progress\n---\n", "nothing the script wrote is lost")
            XCTAssertEqual(vault.text("moved.md"), "---\ntitle: Moving task\n---\n")
        }
    }

    /// A form saved after its file changed on disk asks; `c` keeps the edit as a copy.
    func testAFormConflictIsResolvedByKeys() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Shared task\n---\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 110, height: 30)
        try s.waitFor("Shared task")
        try s.send("l")
        try s.send("e")
        try s.send("-l", " (mine)")
        vault.write("a.md", "---\ntitle: Shared task\nnote: theirs\n---\n")
        Thread.sleep(forTimeInterval: 1.5)
        try s.send("Enter")
        try s.waitFor("a.md changed on disk while you edited it.")
        try s.send("c")
        try s.waitFor("Shared task (mine)")
        try s.send("q")
        XCTAssertEqual(vault.text("a.md"), "---\ntitle: Shared task\nnote: theirs\n---\n")
        XCTAssertTrue(vault.text("shared-task-mine.md")?.contains("title: Shared task (mine)") == true,
                      (try? FileManager.default.contentsOfDirectory(atPath: vault.path))?.description ?? "")
    }

    /// A thousand files arriving at once (a `git pull`) all show.
    func testAThousandFilesArrivingAtOnceAllShow() throws {
        let vault = TempVault()
        vault.write(".perspectives.json", #"{"version":1,"perspectives":{"p":{"id":"p","name":"Pulled","rules":{"operator":"AND","conditions":[{"field":"area","op":"equals","value":"Pulled"}]}}}}"#)
        vault.write("a.md", "---\ntitle: Alpha\n---\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 110, height: 30)
        try s.waitFor("Alpha")
        for i in 0..<1000 { vault.write("pulled/p\(i).md", "---\ntitle: Pulled \(i)\narea: Pulled\n---\n") }
        let screen = try s.waitFor("1000", timeout: 3)
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.contains("Pulled") && $0.contains("1000") }, screen)
        try s.send("q")
    }
}
