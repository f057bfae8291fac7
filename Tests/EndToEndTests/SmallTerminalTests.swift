import Foundation
import XCTest

/// The real binary in small terminals (45×12, 50×14, the sizes of the
/// issue): task rows with a long right side keep their glyph and title
/// start, the cursor shows, and a popup's corners never sit against a
/// pane's (`┌┌`, `┐┐`).
final class SmallTerminalTests: TmuxTestCase {
    static let checklist = "- [ ] one\n- [x] two\n- [ ] three\n- [ ] four\n"

    func vault() -> TempVault {
        let vault = TempVault()
        vault.write("long.md", "---\ntitle: Prepare the quarterly budget review for the board\ndue: 2026-11-20\npriority: high\nflagged: true\n"
                    + "assignees: [anna, bob]\nrecurrence: FREQ=WEEKLY\n---\n" + Self.checklist)
        vault.write("cjk.md", "---\ntitle: 東京のホテルを予約する前に切符を買う\ndue: 2026-11-22\npriority: medium\nflagged: true\n---\n" + Self.checklist)
        vault.write("short.md", "---\ntitle: Tax\ndue: 2026-11-10\npriority: high\nflagged: true\n---\n" + Self.checklist)
        return vault
    }

    func testRowsKeepTheirGlyphAndTitleAndPopupsTheirCorners() throws {
        let vault = vault()
        let s = try TmuxSession(todomd: vault, width: 45, height: 12)
        try s.waitFor("Inbox")
        try s.send("l")
        for (w, h) in [(45, 12), (50, 14), (40, 10)] {
            try s.resize(width: w, height: h)
            // (The frame drawn before the resize holds "○ Tax" too: wait for one the new size's width.)
            var screen = try s.waitFor("○ Tax")
            let resized = Date().addingTimeInterval(10)
            while Date() < resized, !screen.split(separator: "\n").contains(where: { $0.hasPrefix("└") && $0.count == w }) {
                Thread.sleep(forTimeInterval: 0.1)
                screen = try s.waitFor("○ Tax")
            }
            Thread.sleep(forTimeInterval: 0.3)  // (and the list redrawn at it)
            screen = try s.waitFor("○ Tax")
            for title in ["Tax", "Prepare", "東京の"] {
                XCTAssertTrue(screen.contains("○ " + title), "\(w)×\(h): \(title)\n\(screen)")
            }
            XCTAssertTrue(screen.contains("▸ ○ "), "\(w)×\(h): the cursor shows\n\(screen)")
            try s.send("?")
            let help = try s.waitFor("Keys")
            for pair in ["┌┌", "┐┐", "└└", "┘┘", "│┘", "│┐"] { XCTAssertFalse(help.contains(pair), "\(w)×\(h): \(pair)\n\(help)") }
            try s.send("Escape")
            try s.waitFor("○ Tax")
        }
        try s.send("q")
    }
}
