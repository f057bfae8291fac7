import Foundation
import XCTest

/// Marks and a bulk change in a real terminal, checked on disk, then undone.
final class MarksTerminalTests: TmuxTestCase {
    func testMarkThreeMoveThemAndUndo() throws {
        let vault = TempVault()
        for (i, name) in ["Alpha", "Bravo", "Charlie", "Delta"].enumerated() {
            vault.write("\(name.lowercased()).md", "---\ntitle: \(name)\ncreated: 2026-11-0\(i + 1)\n---\n")
        }
        vault.write("home.md", "---\ntitle: Fix the tap\nproject: Home\n---\n")
        let before = vault.contents()
        let s = try TmuxSession(todomd: vault, width: 110, height: 30)
        try s.waitFor("Inbox · 4 tasks")
        try s.send("l", "m", "m", "m")
        var screen = try s.waitFor("3 marked")
        XCTAssertEqual(screen.split(separator: "\n").filter { $0.contains("●") || $0.contains("▶") }.count, 3, screen)
        try s.send("c")
        try s.send("-l", "+ho fri")
        try s.waitFor("→ due Fri 27 Nov · +Home · on 3 tasks")
        try s.send("Enter")
        screen = try s.waitFor("Done: change of 3 tasks")
        let after = vault.contents()
        let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
        XCTAssertEqual(changed, ["bravo.md", "charlie.md", "delta.md"], "the three newest, as the Inbox shows them")
        for id in changed {
            let text = vault.text(id)!
            XCTAssertTrue(text.contains("\nproject: Home\n") && text.contains("\ndue: 2026-11-27\n"), text)
        }
        try s.send("u")
        try s.waitFor("Inbox · 4 tasks")
        XCTAssertEqual(vault.contents(), before, "one undo restores all three files")
        try s.send("Escape", "q")
    }
}
