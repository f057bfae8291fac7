import Foundation
import XCTest

/// The cursor and marks in a view grouped by project, in a real terminal:
/// the cursor steps over the open headers (still drawn), `m m m` marks three
/// tasks and `x` closes those three files; a folded header says how it opens.
final class GroupedCursorTerminalTests: TmuxTestCase {
    func groupedVault() -> TempVault {
        let vault = TempVault()
        vault.write("g1.md", "---\ntitle: Water the roses\nproject: Garden\ncreated: 2026-11-01\n---\n")
        vault.write("g2.md", "---\ntitle: Mow the lawn\nproject: Garden\ncreated: 2026-11-02\n---\n")
        vault.write("h1.md", "---\ntitle: Fix the tap\nproject: House\ncreated: 2026-11-03\n---\n")
        vault.write("h2.md", "---\ntitle: Paint the door\nproject: House\ncreated: 2026-11-04\n---\n")
        vault.write(".perspectives.json", """
            {"version": 1, "perspectives": {"p": {"id": "open-by-project", "name": "Open by project",
              "rules": {"operator": "AND", "conditions": [{"field": "status", "op": "in", "value": ["todo", "in-progress"]}]},
              "sort": {"field": "created", "direction": "asc"}, "group_by": "project"}}}
            """)
        return vault
    }

    /// The seven built-ins come first in the sidebar; the perspective is the eighth.
    func openGrouped(_ s: TmuxSession) throws {
        try s.waitFor("Inbox · 0 tasks")
        for _ in 0..<7 { try s.send("j") }
        try s.waitFor("Open by project · 4 tasks")
        try s.send("l")
    }

    func lines(_ screen: String) -> [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    func testMarkThreeAcrossAGroupThenXClosesThemOnDisk() throws {
        let vault = groupedVault()
        let before = vault.contents()
        let s = try TmuxSession(todomd: vault, width: 100, height: 24)
        try openGrouped(s)
        try s.send("j", "g")
        var screen = try s.waitFor("▸ ○ Water the roses")
        var rows = lines(screen)
        let header = rows.firstIndex { $0.contains("▾ Garden") }
        let first = rows.firstIndex { $0.contains("▸ ○ Water the roses") }
        XCTAssertNotNil(header, screen)
        XCTAssertLessThan(header ?? .max, first ?? 0, "the header is drawn above the cursor:\n\(screen)")
        try s.send("m", "m", "m")
        screen = try s.waitFor("3 marked")
        rows = lines(screen).filter { $0.contains("●") }
        XCTAssertEqual(rows.count, 3, screen)
        for title in ["Water the roses", "Mow the lawn", "Fix the tap"] { XCTAssertTrue(rows.contains { $0.contains(title) }, screen) }
        XCTAssertTrue(screen.contains("▸ ○ Paint the door"), "m moved over the House header to its second task:\n\(screen)")
        try s.send("x")
        screen = try s.waitFor("Open by project · 1 task")
        for id in ["g1.md", "g2.md", "h1.md"] { XCTAssertTrue(vault.text(id)!.contains("\nstatus: done\n"), vault.text(id)!) }
        XCTAssertEqual(vault.contents()["h2.md"], before["h2.md"])
        XCTAssertTrue(screen.contains("▸ ○ Paint the door"), screen)
        XCTAssertTrue(screen.contains("▾ House"), screen)
        try s.send("u")
        try s.waitFor("Open by project · 4 tasks")
        XCTAssertEqual(vault.contents(), before, "one undo reopens the three files")
        try s.send("Escape", "q")
    }

    func testAFoldedHeaderSaysHowToOpenItAndAnEmptyListSaysItIsEmpty() throws {
        let vault = groupedVault()
        let before = vault.contents()
        let s = try TmuxSession(todomd: vault, width: 100, height: 24)
        try openGrouped(s)
        try s.send("g", "z")
        try s.waitFor("▸▹ Garden")
        try s.send("x")
        try s.waitFor("'Garden' is folded: its tasks are hidden (z opens it).")
        try s.send("m")
        try s.waitFor("'Garden' is folded")
        XCTAssertEqual(vault.contents(), before, "nothing written on a folded header")
        try s.send("j")
        try s.waitFor("▸ ○ Fix the tap")
        try s.send("k", "z")
        let screen = try s.waitFor("▸ ○ Water the roses")
        XCTAssertTrue(screen.contains("▾ Garden"), screen)
        try s.send("q")

        let empty = TempVault()
        empty.write("notes.txt", "not a task")
        let e = try TmuxSession(todomd: empty, width: 100, height: 24)
        try e.waitFor("Inbox · 0 tasks")
        try e.send("l", "x")
        try e.waitFor("The list is empty (a adds a task).")
        try e.send("q")
    }
}
