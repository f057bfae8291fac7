import Foundation
import XCTest

/// The issue's terminal cases in the real binary: an alias bomb arriving while
/// the app runs, and deep nesting typed on the rule editor's `:` line. The app
/// lives through both, and quitting leaves the terminal as it was.
final class HostileInputTerminalTests: TmuxTestCase {
    func testABombArrivingAndDeepNestingOnTheTextLineLeaveTheAppAndTheTerminalWhole() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Alpha\nflagged: true\n---\n")
        let perspectives = #"{"version": 1, "perspectives": {"m": {"id": "m", "name": "Mine", "rules": {"operator": "AND", "conditions": [{"field": "flagged", "op": "equals", "value": true}]}}}}"#
        vault.write(".perspectives.json", perspectives)
        let s = try TmuxSession(todomd: vault, width: 120, height: 40, exitLine: true)
        try s.waitFor("Alpha")
        let bomb = "---\ntitle: Bomb\n" + HostileInputEndToEndTests.laughs(fanOut: 9, levels: 9) + "---\n"
        vault.write("bomb.md", bomb)
        try s.waitFor("1 unreadable file", timeout: 5)
        // The custom perspective, after the seven built-ins; its rules; every rule as text.
        try s.send(keys: ["j", "j", "j", "j", "j", "j", "j"])
        try s.send("e")
        try s.waitFor("Rules · Showing 1 task")
        try s.send(keys: ["g", ":"])
        try s.waitFor("As text ›")
        try s.send("C-u")
        // (Refused where the level too many opens: what follows it need not be typed, each key being drawn.)
        try s.send(sequence: [(true, String(repeating: "(", count: 101) + "flagged"), (false, "Enter")])
        let screen = try s.waitFor("rules nested deeper than 100 levels", timeout: 30)
        XCTAssertTrue(screen.contains("column 101"), screen)
        try s.send("Escape")  // the line
        try s.waitFor("a add rule", timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)  // (two Escapes at once read as Alt-Escape)
        try s.send("Escape")  // the editor
        Thread.sleep(forTimeInterval: 1)
        try s.send("q")
        try s.waitFor("EXITED-", timeout: 30)
        let modes = try s.display("#{alternate_on} #{mouse_any_flag} #{mouse_standard_flag} #{cursor_flag}")
        XCTAssertEqual(modes, "0 0 0 1", "the terminal as it was")
        XCTAssertEqual(vault.text("bomb.md"), bomb)
        // (Closing the editor writes the perspective back, in the file's own layout, with its rules as they were.)
        let after = try XCTUnwrap(vault.text(".perspectives.json"))
        XCTAssertEqual(after.components(separatedBy: "\"operator\"").count - 1, 1, "one group, as before: \(after)")
        XCTAssertEqual(after.components(separatedBy: "\"field\"").count - 1, 1, after)
    }
}
