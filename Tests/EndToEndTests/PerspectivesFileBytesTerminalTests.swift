import Foundation
import XCTest

/// The real binary closing the rule editor: without a change the file is not
/// written (bytes and time kept); with one, only that rule's text changes and
/// the other perspective keeps its bytes.
final class PerspectivesFileBytesTerminalTests: TmuxTestCase {
    func testClosingTheRuleEditorKeepsTheFilesBytes() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Alpha\narea: Work\npriority: high\n---\n")
        vault.write("b.md", "---\ntitle: Gamma\narea: Home\n---\n")
        // Compact, with no `order` key: as another tool may write it.
        let perspectives = #"{"version":1,"perspectives":{"w":{"id":"w","name":"Work","rules":{"operator":"AND","conditions":[{"field":"area","op":"equals","value":"Work"},{"field":"priority","op":"equals","value":"high"}]}},"h":{"name":"Home","id":"h","rules":{"operator":"AND","conditions":[{"field":"area","op":"equals","value":"Home"}]}}}}"#
        vault.write(".perspectives.json", perspectives)
        let file = vault.path + "/.perspectives.json"
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        let s = try TmuxSession(todomd: vault, width: 120, height: 40)
        try s.waitFor("Inbox")
        try s.send(keys: ["j", "j", "j", "j", "j", "j", "j"])   // the custom Work, after the seven built-ins
        try s.send("e")
        try s.waitFor("Rules · Showing 1 task")
        try s.send("Escape")
        // Opened again: the Esc before it has been handled.
        try s.send("e")
        try s.waitFor("Rules · Showing 1 task")
        XCTAssertEqual(vault.text(".perspectives.json"), perspectives)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date, old)
        // Turn the last rule (priority) off and save with Esc.
        try s.send(keys: ["G", "t", "Escape"])
        _ = eventually { vault.text(".perspectives.json") != perspectives }
        let expected = perspectives.replacingOccurrences(of: #""value":"high"}"#, with: #""value":"high","enabled":false}"#)
        XCTAssertNotEqual(expected, perspectives)
        XCTAssertEqual(vault.text(".perspectives.json"), expected)
        try s.send("q")
    }
}
