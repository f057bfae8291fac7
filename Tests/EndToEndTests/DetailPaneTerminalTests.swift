import Foundation
import XCTest

/// The detail pane in a real terminal: notes rendered, one checklist line ticked on disk.
final class DetailPaneTerminalTests: TmuxTestCase {
    func testTickAChecklistItemFromThePane() throws {
        let vault = TempVault()
        let original = "---\ntitle: Pack for Tokyo\nmodified: 2026-11-20T10:00:00Z\n---\n# Packing\n\n- [ ] socks\n- [x] charger\n- [ ] adapter\n"
        vault.write("trip.md", original)
        let s = try TmuxSession(todomd: vault, width: 140, height: 30)
        try s.waitFor("Inbox · 1 task")
        try s.send("l", "i")
        var screen = try s.waitFor("Detail · checklist 1/3")
        XCTAssertTrue(screen.contains("☐ socks") && screen.contains("☑ charger") && screen.contains("# Packing"), screen)
        try s.send("Tab", "j", "j", "Space")
        screen = try s.waitFor("checklist 2/3")
        let after = try XCTUnwrap(vault.text("trip.md"))
        XCTAssertEqual(after, original.replacingOccurrences(of: "- [ ] adapter", with: "- [x] adapter"), "only that line of the file changed")
        try s.send("Escape", "q")
    }
}
