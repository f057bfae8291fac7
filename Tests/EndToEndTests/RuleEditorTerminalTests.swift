import Foundation
import XCTest

/// The rule editor's safety net and its text line in the real binary: a
/// group edited as text, undo and redo, and leaving without saving, with the
/// file on disk checked after each.
final class RuleEditorTerminalTests: TmuxTestCase {
    func testAGroupAsTextUndoAndLeavingWithoutSaving() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Alpha\narea: Work\npriority: high\n---\n")
        vault.write("b.md", "---\ntitle: Beta\narea: Work\nflagged: true\n---\n")
        vault.write("c.md", "---\ntitle: Gamma\narea: Home\n---\n")
        let perspectives = #"{"version": 1, "perspectives": {"w": {"id": "w", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"operator": "OR", "conditions": [{"field": "priority", "op": "equals", "value": "high"}, {"field": "flagged", "op": "equals", "value": true}]}]}}}}"#
        vault.write(".perspectives.json", perspectives)
        let s = try TmuxSession(todomd: vault, width: 120, height: 40)
        try s.waitFor("Inbox")
        try s.send(keys: ["j", "j", "j", "j", "j", "j", "j"])   // the custom Work, after the seven built-ins
        try s.send("e")
        try s.waitFor("Rules · Showing 2 tasks")
        // The Any group (two lines above the last) as text: replace it with one rule.
        try s.send(keys: ["G", "k", "k", ":"])
        var screen = try s.waitFor("As text ›")
        XCTAssertTrue(screen.contains("priority = high or flagged"), screen)
        try s.send("C-u")
        try s.send(sequence: [(true, "title contains \"Gam"), (false, "Enter")])
        screen = try s.waitFor("^ ")   // an unclosed quote: the line stays, the column marked
        XCTAssertTrue(screen.contains("As text › title contains \"Gam"), screen)
        // (The cursor sits on the mistake: Ctrl-E to the end, then the line is typed anew.)
        try s.send(sequence: [(false, "C-e"), (false, "C-u"), (true, "priority = high"), (false, "Enter")])
        screen = try s.waitFor("Rules · Showing 1 task")
        XCTAssertTrue(screen.contains("! Priority is high"), screen)
        XCTAssertFalse(screen.contains("∨ Any of the following"), screen)
        // Undo brings the group back, redo takes it away again.
        try s.send("u")
        try s.waitFor("∨ Any of the following")
        try s.waitFor("Rules · Showing 2 tasks")
        try s.send("C-r")
        try s.waitFor("Rules · Showing 1 task")
        // Leaving without saving asks, then leaves the file as it was.
        try s.send("X")
        try s.waitFor("Leave the editor without saving your changes?")
        try s.send("y")
        try s.waitFor("nothing was saved")
        XCTAssertEqual(vault.text(".perspectives.json"), perspectives)
        // Edited again and saved with Esc, the file holds the change.
        try s.send("e")
        try s.waitFor("Rules · Showing 2 tasks")
        try s.send(keys: ["G", "t", "Escape"])   // turn "flagged" off
        _ = eventually { vault.text(".perspectives.json") != perspectives }
        XCTAssertTrue(vault.text(".perspectives.json")?.contains("\"enabled\" : false") == true
                      || vault.text(".perspectives.json")?.contains("\"enabled\": false") == true, vault.text(".perspectives.json") ?? "")
        try s.send("q")
    }
}
