import Foundation
import XCTest

/// The finder in a real terminal: a word of a task's notes finds it, Enter lands on it.
final class FinderTerminalTests: TmuxTestCase {
    func testFindByAWordOfTheNotesAndLandOnTheTask() throws {
        let vault = TempVault()
        vault.write("milk.md", "---\ntitle: Buy milk\n---\n")
        vault.write("deep/admin.md", "---\ntitle: Travel admin\nproject: Paperwork\n---\nRenew the passport before March.\n")
        let s = try TmuxSession(todomd: vault, width: 120, height: 30)
        try s.waitFor("Inbox · 1 task")
        try s.send("C-p")
        try s.waitFor("Find anything · 2 tasks")
        try s.send("-l", "passport")
        try s.waitFor("notes: Renew the passport before March.")
        try s.send("Enter")
        let screen = try s.waitFor("Found 'Travel admin' in +Paperwork")
        XCTAssertTrue(screen.contains("▸ ○ Travel admin"), screen)
        try s.send("q")
    }
}
