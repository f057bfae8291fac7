import Foundation
import XCTest

/// The interaction model in a real terminal: help in each mode, a remapped
/// modal key from config.yaml, a bracketed paste into the form, a popup
/// over CJK rows that leaves nothing behind, and the priority colors, read
/// back with `capture-pane -e`.
final class ModesTerminalTests: TmuxTestCase {
    func testHelpInEveryModeAndARemappedRuleEditorKey() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Alpha\narea: Work\n---\n")
        vault.write(".perspectives.json", #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"#)
        let config = NSTemporaryDirectory() + "todomd-e2e-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: config + "/todomd", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try "keys:\n  add-rule: [n]\n".write(toFile: config + "/todomd/config.yaml", atomically: true, encoding: .utf8)
        let s = try TmuxSession(todomd: vault, width: 120, height: 40,
                                env: ["XDG_CONFIG_HOME": config])
        try s.waitFor("Inbox")
        // The rule editor: help lists its keys first, with the remapped one.
        try s.send("G", "k")  // the custom Work (the last entry is the area @ Work)
        try s.send("e")
        try s.waitFor("n add rule")
        try s.send("?")
        var screen = try s.waitFor("Now: Rule editor")
        XCTAssertTrue(screen.contains("n               add a rule  (add-rule)"), screen)
        try s.send("Escape")
        try s.send("n")
        try s.waitFor("Add a rule")
        try s.send("F1")
        try s.waitFor("Now: Rule editor: choosing a value")
        try s.send("Escape")
        try s.send("Escape")
        try s.send("Escape")
        // The sort menu, the form and the quick filter.
        for (open, title) in [("s", "Now: Sort menu"), ("F", "Now: Quick filter")] {
            try s.send("l")
            try s.send(open)
            try s.send("?")
            try s.waitFor(title)
            try s.send("Escape")
            try s.send("Escape")
        }
        try s.send("A")
        try s.send("F1")
        screen = try s.waitFor("Now: Task form")
        try s.send("Escape")
        try s.send("Escape")
        try s.send("q")
    }

    func testAPasteIntoTheFormIsOneEditAndAltBackspaceEditsIt() throws {
        let vault = TempVault()
        let s = try TmuxSession(todomd: vault, width: 100, height: 30)
        try s.waitFor("Inbox")
        try s.send("A")
        try s.waitFor("New task")
        try s.paste("Renew the passport\nbefore March")
        try s.waitFor("Renew the passport before March▏")
        try s.send("M-BSpace")
        try s.waitFor("Renew the passport before ▏")
        try s.send("C-a")
        try s.send("-l", "Please ")
        try s.send("Enter")
        try s.waitFor("Added 'Please Renew the passport before'")
        let files = try FileManager.default.contentsOfDirectory(atPath: vault.path).filter { $0.hasSuffix(".md") }
        XCTAssertEqual(files.count, 1)
        XCTAssertTrue(vault.text(files[0])?.contains("title: Please Renew the passport before\n") == true, vault.text(files[0]) ?? "")
    }

    func testAPopupOverCJKRowsLeavesNothingBehindAndPrioritiesAreColored() throws {
        let vault = TempVault()
        vault.write("hotel.md", "---\ntitle: 東京のホテルを予約する東京のホテルを予約する\npriority: high\n---\n")
        vault.write("ticket.md", "---\ntitle: 新幹線の切符を買う新幹線の切符を買う\npriority: low\n---\n")
        vault.write("gift.md", "---\ntitle: お土産を選ぶお土産を選ぶ（京都）\n---\n")
        let s = try TmuxSession(todomd: vault, width: 100, height: 30)
        try s.waitFor("Inbox · 3 tasks")
        try s.send("l")
        let before = try s.capture()
        for key in ["s", ",", "F", "?"] {
            try s.send(key)
            let open = try s.capture()
            XCTAssertNotEqual(open, before, key)
            // No half of a wide character is left at a popup's edge.
            for line in open.split(separator: "\n") { XCTAssertFalse(line.contains("\u{FFFD}"), "\(key): \(line)") }
            try s.send("Escape")
            let after = try s.waitFor("東京のホテルを予約する")
            // (The status line may say something, e.g. that settings were saved.)
            XCTAssertEqual(after.split(separator: "\n").dropLast(), before.split(separator: "\n").dropLast(),
                           "\(key): the rows under the popup are drawn again whole")
        }
        // High priority red and low blue, each with its glyph, as the terminal received them.
        let colored = try s.captureWithEscapes()
        let high = colored.split(separator: "\n").first { $0.contains("東京") }.map(String.init) ?? ""
        let low = colored.split(separator: "\n").first { $0.contains("新幹線") }.map(String.init) ?? ""
        XCTAssertTrue(high.contains("!!!") && high.contains("38;5;203m!!!") || high.contains("38;5;196m!!!"), high.debugDescription)
        XCTAssertTrue(low.contains("!") && low.contains("38;5;69m!"), low.debugDescription)
        try s.send("q")
    }
}
