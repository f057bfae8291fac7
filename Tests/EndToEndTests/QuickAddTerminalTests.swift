import Foundation
import XCTest

/// Quick add in a real terminal: the line read live, the file written, the
/// perspective's context kept, and earlier lines recalled after a restart.
final class QuickAddTerminalTests: TmuxTestCase {
    func testQuickAddWritesEveryTokenKeepsTheViewAndRemembersLines() throws {
        let vault = TempVault()
        vault.write("offer.md", "---\ntitle: Draft the offer\nproject: Clients\ntags: [work]\n---\n")
        vault.write(".perspectives.json", #"{"version": 1, "perspectives": {"clients": {"id": "clients", "name": "Clients", "rules": {"operator": "AND", "conditions": [{"field": "project", "op": "equals", "value": "Clients"}]}}}}"#)
        let state = vault.path + "/.state"
        var s = try TmuxSession(todomd: vault, width: 150, height: 30, env: ["XDG_STATE_HOME": state])
        try s.waitFor("Inbox")
        try s.send("a")
        try s.send("-l", "Call Anna tomorrow 3pm #phone !high +cli @Work ~45m")
        var screen = try s.waitFor("→ Call Anna · due Tue 24 Nov 15:00 · #phone · high · +Clients · @Work · ~45m")
        XCTAssertTrue(screen.contains("Add › Call Anna tomorrow 3pm"), screen)
        try s.send("Enter")
        screen = try s.waitFor("Added 'Call Anna'")
        let file = try XCTUnwrap(vault.text("call-anna.md"))
        for line in ["title: Call Anna", "due: 2026-11-24T15:00", "priority: high", "project: Clients", "area: Work", "tags: [phone]",
                     "estimated_minutes: 45"] {
            XCTAssertTrue(file.contains("\n" + line + "\n"), "\(line) in\n\(file)")
        }

        // In the Clients perspective a plain line joins the project and stays in view.
        try s.send("j", "j", "j", "j", "j", "j", "j")  // the custom Clients (past the seven built-ins), above the areas and projects
        try s.waitFor("Clients · 2 tasks")
        try s.send("l", "a")
        try s.send("-l", "Send the contract fri")
        try s.send("Enter")
        screen = try s.waitFor("Clients · 3 tasks")
        XCTAssertTrue(screen.contains("Send the contract"), screen)
        XCTAssertTrue(vault.text("send-the-contract.md")?.contains("\nproject: Clients\n") == true, vault.text("send-the-contract.md") ?? "")
        try s.send("q")

        // A new run recalls the earlier lines with ↑.
        s = try TmuxSession(todomd: vault, width: 150, height: 30, env: ["XDG_STATE_HOME": state])
        try s.waitFor("Clients")
        try s.send("a", "Up")
        try s.waitFor("Add › Send the contract fri")
        try s.send("Up")
        try s.waitFor("Add › Call Anna tomorrow 3pm #phone !high +cli @Work ~45m")
        try s.send("Escape", "q")
    }
}
