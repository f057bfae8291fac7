import Foundation
import XCTest

/// The real binary in tmux at 80×20, the smallest size a new user tried: a
/// reminder coming due while the task form is open shows its banner (with the
/// reminder's description) below the form, saying its keys answer after the
/// form; Esc cancels the form, and then Esc dismisses the reminder.
final class ReminderOverFormTerminalTests: TmuxTestCase {
    func testTheBannerShowsBelowAnOpenFormAndSaysWhenItsKeysAnswer() throws {
        let vault = TempVault()
        let state = NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: state) }
        let at = ISO8601DateFormatter().string(from: Date().addingTimeInterval(6))
        let task = "---\ntitle: Call Anna\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: \(at)\n    description: bring the contract\n---\n"
        vault.write("call.md", task)
        let session = try TmuxSession(todomd: vault, width: 80, height: 20, env: ["XDG_STATE_HOME": state])
        try session.waitFor("Call Anna")
        try session.send("l", "e")  // (the list, then its task's form)
        try session.waitFor("Edit task")
        let screen = try session.waitFor("after the form: z snooze · Esc dismiss", timeout: 20)
        let lines = screen.components(separatedBy: "\n")
        let banner = try XCTUnwrap(lines.firstIndex { $0.contains("⏰") }, screen)
        XCTAssertTrue(lines[banner].contains("Call Anna · bring the contract"), screen)
        XCTAssertTrue(lines[banner - 1].contains("┘"), "the form ends above the banner: \(screen)")
        XCTAssertTrue(screen.contains("Edit task"), screen)
        try session.send("Escape")
        let browsing = try session.waitFor("· Esc dismiss")
        XCTAssertFalse(browsing.contains("Edit task"), browsing)
        XCTAssertFalse(browsing.contains("after the form"), browsing)
        try session.send("Escape")
        try session.waitFor("Reminder dismissed: Call Anna")
        XCTAssertEqual(vault.text("call.md"), task, "the task file is not touched")
    }
}
