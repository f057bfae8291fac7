import Foundation
import XCTest

/// The real binary in a real terminal (tmux): what a user sees and what lands on disk.
final class TerminalTests: XCTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("tmux not installed (make deps)") }
    }

    func testShowsTheVaultFullScreenAndQuitsOnQ() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Call the plumber\nstatus: in-progress\ndue: 2026-11-20\narea: Home\n---\n")
        vault.write("b.md", "---\ntitle: 買い物リスト 🛒\ndue: 2026-11-25\n---\n")
        vault.write("c.md", "---\ntitle: Pay rent\nstatus: done\n---\n")
        vault.write("broken.md", "---\ntitle: [oops\n---\n")
        let before = vault.contents()
        let s = try TmuxSession(command: "\(Binary.path) --vault \(vault.path) --today 2026-11-22; echo EXITED-$?", width: 80, height: 24)
        let screen = try s.waitFor("Call the plumber")
        XCTAssertTrue(screen.contains("todomd · \(vault.path) · 3 tasks"), screen)
        XCTAssertTrue(screen.contains("ACTIVE"))
        XCTAssertTrue(screen.contains("2d overdue"))
        XCTAssertTrue(screen.contains("買い物リスト 🛒"))
        XCTAssertTrue(screen.contains("in 3d"))
        XCTAssertTrue(screen.contains("COMPLETED"))
        XCTAssertTrue(screen.contains("1 unreadable file"), screen)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.firstIndex { $0.contains("Call the plumber") }.map { $0 < lines.firstIndex { $0.contains("Pay rent") }! }, true)
        try s.send("j")
        try s.send("q")
        try s.waitFor("EXITED-0")
        XCTAssertEqual(vault.contents(), before, "viewing writes nothing")
    }

    func testTinyTerminalSaysSoAndRecovers() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Something\n---\n")
        let s = try TmuxSession(command: "\(Binary.path) --vault \(vault.path)", width: 20, height: 5)
        try s.waitFor("Terminal too small")
        try TmuxSession.tmux(["resize-window", "-t", s.name, "-x", "80", "-y", "20"])
        try s.waitFor("Something")
        try s.send("q")
    }
}

final class FirstRunTerminalTests: XCTestCase {
    func testFirstRunCreatesTheDefaultVaultAndSaysSo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("tmux not installed") }
        let home = TempVault()
        let s = try TmuxSession(command: Binary.path, width: 100, height: 20, env: ["HOME": home.path, "TODOMD_VAULT": ""])
        let screen = try s.waitFor("Welcome to todomd")
        XCTAssertTrue(screen.contains("Welcome! Created a new vault at \(home.path)/todo.md"), screen)
        try s.send("q")
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/todo.md/welcome-to-todomd.md"))
    }
}
