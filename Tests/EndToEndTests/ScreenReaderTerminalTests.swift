import Foundation
import XCTest

/// The screen-reader mode in a real terminal: after each redraw the
/// terminal's own cursor (what Orca, Speakup and BRLTTY follow) is visible
/// and on the focused item's text; without it, only a text field shows the
/// cursor, where typing goes.
final class ScreenReaderTerminalTests: TmuxTestCase {
    func vault() -> TempVault {
        let v = TempVault()
        v.write("a.md", "---\ntitle: Alpha task\narea: Work\n---\n")
        v.write("b.md", "---\ntitle: Bravo task\narea: Work\n---\n")
        v.write("c.md", "---\ntitle: Charlie task\narea: Work\n---\n")
        v.write(".perspectives.json", #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"field": "title", "op": "contains", "value": "task"}]}}}}"#)
        return v
    }

    /// Whether the cursor shows, and the screen's text on its row from it on and before it.
    struct Cursor {
        var shown: Bool, x: Int, y: Int
        var from: String, before: String
    }

    /// Columns of a character as a terminal draws it (the wide ranges this test's screens can hold).
    static func columns(_ c: Character) -> Int {
        let wide: [ClosedRange<UInt32>] = [0x231A...0x231B, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3, 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF]
        return c.unicodeScalars.contains { s in wide.contains { $0.contains(s.value) } } ? 2 : 1
    }

    func cursor(_ s: TmuxSession) throws -> Cursor {
        Thread.sleep(forTimeInterval: 0.2)  // (the redraw after the last key)
        let parts = try s.display("#{cursor_flag} #{cursor_x} #{cursor_y}").split(separator: " ").compactMap { Int($0) }
        guard parts.count == 3 else { throw XCTSkip("tmux did not say where the cursor is") }
        let lines = try s.capture().components(separatedBy: "\n")
        let line = lines.indices.contains(parts[2]) ? lines[parts[2]] : ""
        var column = 0, before = "", from = ""
        for c in line {
            if column < parts[1] { before.append(c) } else { from.append(c) }
            column += Self.columns(c)
        }
        return Cursor(shown: parts[0] == 1, x: parts[1], y: parts[2], from: from, before: before)
    }

    /// The cursor once `holds` is true of it (a loaded machine may draw the last key late), or as it is after 5 s.
    func cursor(_ s: TmuxSession, until holds: (Cursor) -> Bool) throws -> Cursor {
        var c = try cursor(s)
        let end = Date().addingTimeInterval(5)
        while !holds(c), Date() < end { c = try cursor(s) }
        return c
    }

    func assertOn(_ s: TmuxSession, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let c = try cursor(s) { $0.shown && $0.from.hasPrefix(text) }
        XCTAssertTrue(c.shown, "the cursor is visible", file: file, line: line)
        let screen = try s.capture()
        XCTAssertTrue(c.from.hasPrefix(text), "the cursor (\(c.x), \(c.y)) should be on “\(text)”: the row from it is “\(c.from)”\n\(screen)",
                      file: file, line: line)
    }

    func assertAfter(_ s: TmuxSession, _ typed: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let c = try cursor(s) { $0.shown && $0.before.hasSuffix(typed) }
        XCTAssertTrue(c.shown, "the cursor is visible in a text field", file: file, line: line)
        XCTAssertTrue(c.before.hasSuffix(typed), "the cursor (\(c.x), \(c.y)) should follow “\(typed)”: the row before it is “\(c.before)”",
                      file: file, line: line)
    }

    func testWithTheSettingTheCursorFollowsTheFocusInEveryMainMode() throws {
        let v = vault()
        let s = try TmuxSession(todomd: v, width: 120, height: 40, env: ["TODOMD_SCREEN_READER": "1"])
        try s.waitFor("Inbox")
        // The sidebar: on each perspective's name, after its marker and icon.
        try assertOn(s, "Inbox")
        try s.send("G", "k")  // the custom Work (the last entry is the area @ Work)
        try s.waitFor("Alpha task")
        try assertOn(s, "Work")
        let sidebar = try cursor(s)
        XCTAssertTrue(sidebar.before.contains("▸"), sidebar.before)
        // The list: on the title, after the pointer and the status glyph, moving with the selection.
        try s.send("l")
        try assertOn(s, "Alpha task")
        let first = try cursor(s)
        try s.send("j")
        try assertOn(s, "Bravo task")
        XCTAssertEqual(try cursor(s).y, first.y + 1)
        // Quick add: where typing goes.
        try s.send("a")
        try s.waitFor("Add ›")
        try s.send(sequence: [(true, "Call Anna")])
        try assertAfter(s, "Add › Call Anna")
        try s.send("Left", "Left")
        try assertAfter(s, "Add › Call An")
        try s.send("Escape")
        // The form: the title's caret, then a choice field's value.
        try s.send("A")
        try s.waitFor("New task")
        try s.send(sequence: [(true, "Buy milk")])
        try assertAfter(s, "Buy milk")
        // The rule editor: on a rule's words, after its guides and glyph; a picker: on its option.
        try s.send("Escape")
        Thread.sleep(forTimeInterval: 0.3)
        if try s.capture().contains("Discard") { try s.send("y") }
        try s.send("h", "e")
        try s.waitFor("Rules · Showing")
        for _ in 0..<8 { try s.send("j") }
        let rule = try cursor(s)
        XCTAssertTrue(rule.shown)
        let editor = try s.capture()
        XCTAssertTrue(rule.from.contains("task"), "on the last rule, title contains task: “\(rule.from)”\n\(editor)")
        XCTAssertFalse(rule.from.hasPrefix(" ") || rule.from.hasPrefix("└") || rule.from.hasPrefix("├"), rule.from)
        try s.send("a")
        try s.waitFor("Add a rule")
        let option = try cursor(s)
        try s.send("Down")
        let next = try cursor(s)
        XCTAssertTrue(option.shown && next.shown)
        XCTAssertEqual(next.y, option.y + 1, "the cursor moved down with the picker's cursor")
        XCTAssertFalse(next.from.isEmpty || next.from.hasPrefix(" "), next.from)
        XCTAssertNotEqual(option.from, next.from)
        try s.send("Escape")
        Thread.sleep(forTimeInterval: 0.5)
        try s.send("Escape")
        Thread.sleep(forTimeInterval: 0.5)
        try s.send("q")
    }

    func testWithoutTheSettingOnlyTextFieldsShowTheCursor() throws {
        let v = vault()
        let s = try TmuxSession(todomd: v, width: 120, height: 40)
        try s.waitFor("Inbox")
        try s.send("G", "k", "l")
        try s.waitFor("Alpha task")
        XCTAssertFalse(try cursor(s).shown, "browsing: the cursor is hidden")
        try s.send("a")
        try s.waitFor("Add ›")
        try s.send(sequence: [(true, "Call Anna")])
        try assertAfter(s, "Add › Call Anna")
        try s.send("C-a")  // (the start of the line)
        try assertAfter(s, "Add › ")
        try s.send("Escape")
        XCTAssertFalse(try cursor(s).shown, "back to the list: hidden again")
        try s.send("q")
    }

    func testTheFlagAndTheConfigKeyTurnItOn() throws {
        let v = vault()
        let flag = try TmuxSession(command: Binary.path + " --vault \(v.path) --today 2026-11-23 --screen-reader", width: 100, height: 30)
        try flag.waitFor("Inbox")
        try assertOn(flag, "Inbox")
        try flag.send("q")

        let config = NSTemporaryDirectory() + "todomd-e2e-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: config + "/todomd", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try "screen_reader: true\n".write(toFile: config + "/todomd/config.yaml", atomically: true, encoding: .utf8)
        let s = try TmuxSession(todomd: v, width: 100, height: 30, env: ["XDG_CONFIG_HOME": config])
        try s.waitFor("Inbox")
        try assertOn(s, "Inbox")
        try s.send("q")
    }
}
