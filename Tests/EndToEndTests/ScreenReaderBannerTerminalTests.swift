import Foundation
import XCTest

/// The screen-reader mode's cursor on the reminder banner and on a detail
/// pane's checklist item, in a real terminal: what Orca, Speakup and BRLTTY
/// follow is the terminal's own cursor.
extension ScreenReaderTerminalTests {
    func testTheCursorIsOnTheBannerWhileItIsAnsweredThenBackOnTheList() throws {
        let v = vault()
        let state = NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: state) }
        let at = ISO8601DateFormatter().string(from: Date().addingTimeInterval(8))
        v.write("call.md", "---\ntitle: Call Anna\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: \(at)\n---\n")
        let s = try TmuxSession(todomd: v, width: 100, height: 30, env: ["TODOMD_SCREEN_READER": "1", "XDG_STATE_HOME": state])
        try s.waitFor("Inbox")
        try s.send("G", "k", "l")  // the custom Work (Alpha, Bravo, Charlie)
        try s.waitFor("Alpha task")
        try assertOn(s, "Alpha task")
        try s.waitFor("⏰ Reminder: Call Anna", timeout: 20)
        try assertOn(s, "Reminder: Call Anna")
        XCTAssertEqual(try cursor(s).y, 28, "on the banner's row, above the status line")
        try s.send("z")
        try s.waitFor("Snooze 'Call Anna'")
        try assertOn(s, "1 10 minutes")
        try s.send("Escape")  // (back: not snoozed)
        try assertOn(s, "Reminder: Call Anna")
        // Another key: the banner stays, the cursor goes back to the list.
        try s.send("j")
        try assertOn(s, "Bravo task")
        XCTAssertTrue(try s.capture().contains("⏰ Reminder: Call Anna"))
        try s.send("Escape")
        try s.waitFor("Reminder dismissed: Call Anna")
        try assertOn(s, "Bravo task")
        try s.send("q")
    }

    func testTheCursorIsOnAChecklistItemsWordsAfterItsBox() throws {
        let v = vault()
        v.write("tap.md", "---\ntitle: Fix the tap\n---\n- [ ] washer\n- [ ] spanner\n")
        let s = try TmuxSession(todomd: v, width: 140, height: 30, env: ["TODOMD_SCREEN_READER": "1"])
        try s.waitFor("Inbox")
        try s.send("l")
        try s.waitFor("Fix the tap")
        // To the task, then the detail pane and into it.
        for _ in 0..<5 where !(try cursor(s).from.hasPrefix("Fix the tap")) { try s.send("j") }
        try assertOn(s, "Fix the tap")
        try s.send("i", "Tab")
        try assertOn(s, "washer")
        let box = try cursor(s).before
        XCTAssertTrue(box.hasSuffix("☐ "), box)
        try s.send("space")
        try s.waitFor("Checked washer")
        try assertOn(s, "washer")
        try s.send("j")
        try assertOn(s, "spanner")
        try s.send("q")
    }
}

extension ScreenReaderTerminalTests {
    /// A value the variable does not take is said on the status line at start, what decided first.
    func testABadEnvironmentValueIsSaidAtStart() throws {
        let v = vault()
        let s = try TmuxSession(todomd: v, width: 80, height: 24, env: ["TODOMD_SCREEN_READER": "banana"])
        let screen = try s.waitFor("TODOMD_SCREEN_READER=banana is not on/off/1/0, so ignored")
        XCTAssertFalse(try cursor(s).shown, "off: the cursor hidden while browsing\n\(screen)")
        try s.send("q")
    }
}
