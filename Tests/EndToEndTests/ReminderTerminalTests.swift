import Foundation
import XCTest

/// The real binary in tmux: a reminder due in a few seconds shows its banner
/// and rings the terminal bell (the BEL byte in what the pane was sent), once;
/// `z` then `1` snoozes it, kept in the state folder, not in the task file.
final class ReminderTerminalTests: TmuxTestCase {
    func testAReminderDueInAFewSecondsShowsItsBannerRingsAndSnoozes() throws {
        let vault = TempVault()
        let state = NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString
        let output = vault.path + "-pane-output"
        defer { for p in [state, output] { try? FileManager.default.removeItem(atPath: p) } }
        let at = ISO8601DateFormatter().string(from: Date().addingTimeInterval(5))
        let task = "---\ntitle: Call Anna\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: \(at)\n---\n"
        vault.write("call.md", task)
        vault.write("other.md", "---\ntitle: Other task\n---\n")
        let session = try TmuxSession(todomd: vault, width: 100, height: 30, env: ["XDG_STATE_HOME": state])
        try session.waitFor("Call Anna")
        try session.pipeOutput(to: output)
        func bells() -> Int { (FileManager.default.contents(atPath: output) ?? Data()).filter { $0 == 0x07 }.count }
        XCTAssertEqual(bells(), 0)
        let screen = try session.waitFor("⏰ Reminder: Call Anna", timeout: 20)
        XCTAssertTrue(screen.contains("z snooze · Esc dismiss"), screen)
        XCTAssertTrue(eventually { bells() == 1 }, "the bell rang: \(bells())")
        // Once: not again while the app runs on (it redraws at keys and at the minute).
        try session.send("j")
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(bells(), 1)
        try session.send("z")
        let choice = try session.waitFor("Snooze 'Call Anna'")
        XCTAssertTrue(choice.contains("1 10 minutes") && choice.contains("3 tomorrow 09:00"), choice)
        try session.send("1")
        let snoozed = try session.waitFor("Snoozed 'Call Anna' for 10 minutes, until ")
        XCTAssertFalse(snoozed.contains("⏰"), snoozed)
        let files = (FileManager.default.enumerator(atPath: state)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".reminders.json") }
        XCTAssertEqual(files.count, 1, "\(files)")
        let saved = files.first.flatMap { FileManager.default.contents(atPath: state + "/" + $0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        XCTAssertTrue(saved.contains("\"until\"") && saved.contains("Call Anna"), saved)
        XCTAssertEqual(vault.text("call.md"), task, "the task file is not touched")
    }

    /// One that came due while todomd was closed shows at the next start, and at that start only.
    func testOneThatCameDueWhileClosedShowsOnceAtTheNextStart() throws {
        let vault = TempVault()
        let state = NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: state) }
        let at = Date().addingTimeInterval(4)
        vault.write("call.md", "---\ntitle: Call Anna\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: \(ISO8601DateFormatter().string(from: at))\n---\n")
        func start() throws -> TmuxSession { try TmuxSession(todomd: vault, width: 100, height: 30, env: ["XDG_STATE_HOME": state], exitLine: true) }
        let first = try start()
        try first.waitFor("Call Anna")
        try first.send("q")
        try first.waitFor(TmuxSession.exited)
        while Date() < at.addingTimeInterval(1) { Thread.sleep(forTimeInterval: 0.2) }
        let second = try start()
        let screen = try second.waitFor("came due while todomd was closed")
        XCTAssertTrue(screen.contains("⏰ 1 reminder came due while todomd was closed: Call Anna"), screen)
        try second.send("q")
        try second.waitFor(TmuxSession.exited)
        let third = try start()
        try third.waitFor("Call Anna")
        Thread.sleep(forTimeInterval: 1)
        let later = try third.capture()
        XCTAssertFalse(later.contains("⏰"), "shown once: " + later)
    }

    /// One added while todomd was closed (by another program), with the app's cache warm from the
    /// runs before: the start drawn from the cache must not pass its instant by before the vault is read.
    func testOneAddedWhileClosedShowsAtAStartFromTheCache() throws {
        let vault = TempVault()
        let state = NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: state) }
        vault.write("call.md", "---\ntitle: Call Anna\n---\n")
        func start() throws -> TmuxSession { try TmuxSession(todomd: vault, width: 100, height: 30, env: ["XDG_STATE_HOME": state], exitLine: true) }
        for _ in 0..<2 {  // (the second run starts from the cache the first one left)
            let run = try start()
            try run.waitFor("Call Anna")
            Thread.sleep(forTimeInterval: 1)
            try run.send("q")
            try run.waitFor(TmuxSession.exited)
        }
        let at = Date().addingTimeInterval(2)  // (after the last run's quit, before the next start)
        vault.write("call.md", "---\ntitle: Call Anna\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: \(ISO8601DateFormatter().string(from: at))\n---\n")
        while Date() < at.addingTimeInterval(1) { Thread.sleep(forTimeInterval: 0.2) }
        let next = try start()
        let screen = try next.waitFor("came due while todomd was closed")
        XCTAssertTrue(screen.contains("Call Anna"), screen)
        try next.send("q")
    }
}
