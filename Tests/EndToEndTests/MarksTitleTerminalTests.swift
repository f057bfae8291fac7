import Foundation
import XCTest

/// In a real terminal at 80×24: the marks stay in the list's title beside a
/// long name, say how many the list shows, and the message under them ends
/// with the help key.
final class MarksTitleTerminalTests: TmuxTestCase {
    func testMarksStayInTheTitleAndTheMessageLeavesHelp() throws {
        let vault = TempVault()
        for (i, name) in ["Alpha", "Bravo", "Charlie", "Delta"].enumerated() {
            vault.write("\(name.lowercased()).md", "---\ntitle: \(name)\narea: Work\ncreated: 2026-11-0\(i + 1)\n---\n")
        }
        vault.write(".perspectives.json", #"{"version": 1, "perspectives": {"plan": {"id": "plan", "name": "Everything at work this quarter and next", "#
            + #""rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}, "sort": {"field": "created", "direction": "asc"}}}}"#)
        let s = try TmuxSession(todomd: vault, width: 80, height: 24)
        try s.waitFor("Inbox")
        // The custom perspective: right after the seven built-ins.
        try s.send("j", "j", "j", "j", "j", "j", "j", "l")
        try s.waitFor("≡ Everything at work")
        try s.send("m", "m", "m")
        var screen = try s.waitFor("3 marked")
        let status = screen.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(status.trimmingCharacters(in: .whitespaces).hasSuffix("? help"), screen)
        XCTAssertTrue(status.contains("3 marked · the task keys act on all"), screen)
        try s.send("/")
        try s.send("Charlie")
        try s.send("Enter")
        screen = try s.waitFor("3 marked (1 shown)")
        XCTAssertTrue(screen.contains("Everything at"), "the name's start stays:\n\(screen)")
        try s.send("f")
        try s.waitFor("flag 3 tasks, 2 of them not shown (u undoes)")
        XCTAssertTrue(eventually { vault.text("alpha.md")?.contains("\nflagged: true\n") == true }, vault.text("alpha.md") ?? "")
        try s.send("Escape", "Escape", "q")
    }
}
