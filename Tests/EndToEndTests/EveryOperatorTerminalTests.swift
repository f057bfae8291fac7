import Foundation
import RuleEditorScript
import XCTest

/// The real binary in tmux builds, by keys only, a perspective with every
/// operator of every rule type; the saved `.perspectives.json` holds what
/// docs/file-format.md says each one is.
final class EveryOperatorTerminalTests: TmuxTestCase {
    func testEveryOperatorByKeysInARealTerminal() throws {
        let vault = TempVault()
        for (id, text) in EveryOperatorScript.files { vault.write(id, text) }
        let s = try TmuxSession(todomd: vault, today: EveryOperatorScript.today, width: 120, height: 40)
        try s.waitFor("Inbox")
        try s.send("n")
        try s.waitFor("Untitled Perspective")
        // One tmux call per step: keys by name, typed words literally.
        for step in EveryOperatorScript.steps {
            try s.send(sequence: step.keys.map { key in
                switch key {
                case .char(let c): return (true, String(c))
                case .text(let t): return (true, t)
                case .enter: return (false, "Enter")
                case .tab: return (false, "Tab")
                case .space: return (false, "Space")
                case .backspace: return (false, "BSpace")
                case .escape: return (false, "Escape")
                }
            })
        }
        // The last step's rule, three groups deep, drawn with each group's glyph.
        try s.waitFor("         └─ ⚑ Flagged", timeout: 90)  // (a debug build on a loaded machine takes its time over ~600 keys)
        let screen = try s.waitFor("a add rule")   // no list left open
        XCTAssertTrue(screen.contains("      └─ ¬ None of the following"), screen)
        XCTAssertTrue(screen.contains("Rules · Showing"), screen)
        try s.send("Escape")
        var conditions: [Any] = []
        _ = eventually {
            guard let text = vault.text(".perspectives.json"),
                  let saved = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let p = (saved["perspectives"] as? [String: Any])?.values.first as? [String: Any],
                  let c = (p["rules"] as? [String: Any])?["conditions"] as? [Any] else { return false }
            conditions = c
            return c.count > EveryOperatorScript.startingConditions
        }
        let expected = try EveryOperatorScript.expected()
        XCTAssertEqual(conditions.count, EveryOperatorScript.startingConditions + expected.count, vault.text(".perspectives.json") ?? "no file")
        for (i, want) in expected.enumerated() where EveryOperatorScript.startingConditions + i < conditions.count {
            let got = conditions[EveryOperatorScript.startingConditions + i] as? NSDictionary
            XCTAssertTrue(got == want, "step \(i): \(EveryOperatorScript.steps[i].json), saved: \(got.map { String(describing: $0) }?.replacingOccurrences(of: "\n", with: " ") ?? "nothing")")
        }
        try s.send("q")
    }
}
