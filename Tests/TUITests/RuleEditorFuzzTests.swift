import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Random keys in the rule editor, its lists, the date picker and the icon
/// grid: nothing crashes, the cursor stays on a line, and what is saved is a
/// perspectives file todomd reads back with the same rules.
final class RuleEditorFuzzTests: XCTestCase {
    func testRandomKeysNeverBreakTheEditorAndSaveWhatTheyShow() throws {
        let keys: [Key] = [.char("a"), .char("A"), .char("o"), .char("O"), .char("t"), .char("d"), .char("j"), .char("k"), .char("J"), .char("K"),
                           .char("g"), .char("G"), .char(">"), .char("<"), .char("u"), .ctrl("r"), .char(":"), .char("h"), .char("l"),
                           .char(" "), .char("x"), .char("e"), .char("2"), .char("y"), .char("n"), .enter, .tab, .backTab, .escape, .up, .down,
                           .left, .right, .pageUp, .pageDown, .backspace, .home, .end]
        var generator = SystemRandomNumberGenerator()
        var seen: [String: Int] = [:]
        var composites = 0
        for round in 0..<8 {
            let app = try Harness(files: [
                "a.md": f("title: Alpha\narea: Work\ntags: [phone]\ndue: 2026-11-24"),
                "b.md": f("title: Beta\narea: Home\nproject: Garden\nestimated_minutes: 10"),
            ], width: 100, height: 30, today: "2026-11-23")
            app.press(.newPerspective)
            for _ in 0..<400 {
                // Now and then a whole step: "add this rule type" (its label typed), so every type's control is reached.
                // (Not while a question is open over the editor: its keys are y and n.)
                let asking: Bool = { if case .dialog = app.runtime.state.mode { return true }; return false }()
                if Int.random(in: 0..<12, using: &generator) == 0, !asking, app.runtime.state.editor?.picker == nil,
                   app.runtime.state.editor?.datePicker == nil, app.runtime.state.editor?.textLine == nil,
                   app.runtime.state.editor?.editingName == false {
                    // In turn: add the next rule type (all of them are reached), open the icon grid, ask how the
                    // last line compares, open the last line as text.
                    composites += 1
                    switch composites % 4 {
                    case 0:
                        app.press(.editor(.addRule))
                        app.type(RuleTypes.kinds[(composites / 4) % RuleTypes.kinds.count].label.lowercased())
                        app.press(.picker(.pick))
                    case 1: app.press(.editor(.first), .editor(.down), .editor(.edit))
                    case 2: app.press(.char("G"), .char("o"))
                    default: app.press(.editor(.last), .editor(.editAsText))
                    }
                }
                let key = keys.randomElement(using: &generator)!
                // Esc and X would leave the editor (after which keys act on the list): step back in when they do.
                app.press(key)
                if app.runtime.state.editor == nil {
                    if case .dialog = app.runtime.state.mode { app.press(.char("n")) }
                    if app.runtime.state.mode == .browse { app.press(.focus(.sidebar), .editPerspective) }
                }
                guard let e = app.runtime.state.editor else { continue }
                if e.datePicker != nil { seen["calendar", default: 0] += 1 }
                if e.picker?.columns != nil { seen["icons", default: 0] += 1 }
                if e.picker?.title == "How the rule compares" { seen["compare", default: 0] += 1 }
                if e.textLine != nil { seen["text", default: 0] += 1 }
                XCTAssertTrue((0..<e.lineCount).contains(e.cursor), "round \(round): cursor \(e.cursor) of \(e.lineCount)")
            }
            // Close every open control, then save.
            for _ in 0..<4 where app.runtime.state.editor?.picker != nil || app.runtime.state.editor?.datePicker != nil
                || app.runtime.state.editor?.textLine != nil || app.runtime.state.editor?.editingName == true {
                app.press(.escape)
            }
            let working = app.runtime.state.editor?.perspective
            if app.runtime.state.editor != nil { app.press(.editor(.close)) }
            guard let text = app.file(".perspectives.json"), let working else { continue }
            let store = PerspectiveStore(vaultRoot: app.path, cacheDirectory: nil)
            store.load()
            XCTAssertFalse(store.shownProblem?.hasPrefix(PerspectiveStore.unreadableMessage) == true, "round \(round): \(text.prefix(400))")
            let saved = store.all.first { $0.id == working.id }
            XCTAssertEqual(saved?.rules.json, working.rules.json, "round \(round)")
        }
        // The keys reached every control (so the run is not only moving a cursor).
        for control in ["calendar", "icons", "compare", "text"] { XCTAssertGreaterThan(seen[control, default: 0], 0, control) }
    }
}
