import XCTest
@testable import TaskEngine
@testable import TUI

/// The bottom line's key hints: the open mode's own, whole hints only, in the
/// keymap's order, as many as fit, and the help key always there and last.
final class HintLineTests: XCTestCase {
    /// A new perspective's rule "Due in the next 7 days": the date picker opens on its relative choices.
    static let dueRule: [Key] = [.char("n"), .char("G"), .char("a")] + "due date in".map { Key.char($0) } + [.enter]

    /// Every mode, and the keys that open it from a fresh start (the vault of `ModeKeysTests`).
    static let modes: [(name: String, keys: [Key], context: KeyContext)] = ModeKeysTests.modes.map { ($0.name, $0.keys, $0.context) } + [
        ("detail", [.char("l"), .char("i"), .tab], .detail),
        ("finder", [.ctrl("p")], .finder),
        ("quick add", [.char("a")], .quickAdd),
        ("quick add typed", [.char("a"), .char("x"), .char(" "), .char("f"), .char("r"), .char("i")], .quickAdd),
        ("change line", [.char("l"), .char("c")], .changeLine),
        ("change line typed", [.char("l"), .char("c"), .char("+"), .char("W")], .changeLine),
        ("icon grid", [.char("n"), .char("g"), .char("j"), .enter], .iconGrid),
        ("help", [.char("?")], .help),
        ("calendar choices", dueRule, .calendarChoices),
        ("calendar", dueRule + [.tab], .calendar),
    ]

    /// The line's hints: how many of the mode's hints (before help) it ends with, nil when it does not end with help.
    func shownHints(_ line: String, items: [String]) -> Int? {
        let trimmed = line.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        let help = items.last!, rest = items.dropLast()
        return (0...rest.count).reversed().first { k in
            let hints = (rest.prefix(k) + [help]).joined(separator: " · ")
            guard trimmed.hasSuffix(hints) else { return false }
            // Whole hints only: what stands before is the start of the line, a separator or a gap.
            let before = trimmed.dropLast(hints.count)
            return before.allSatisfy { $0 == " " } || before.hasSuffix(" · ") || before.hasSuffix("   ")
        }
    }

    func testEveryModeAtEveryWidthEndsWithHelpAndCutsNoHint() throws {
        for mode in Self.modes {
            let app = try Harness(files: ModeKeysTests.files, width: 120, height: 30)
            for k in mode.keys { app.press(k) }
            let contexts = app.runtime.state.mode.contexts(focus: app.runtime.state.focus)
            XCTAssertEqual(contexts.first, mode.context, mode.name)
            let items = app.runtime.keymap.hintItems(contexts, skipping: app.runtime.state.untrueHints)
            XCTAssertTrue(items.last?.hasSuffix(" help") == true || mode.context == .help, "\(mode.name): \(items)")
            var previous = 0
            for width in AppView.minWidth...200 {
                app.width = width
                let line = app.lines.last!
                XCTAssertLessThanOrEqual(DisplayWidth.of(line), width)
                guard let shown = shownHints(line, items: items) else {
                    XCTFail("\(mode.name) at \(width): the line does not end with whole hints and help: \(line)")
                    break
                }
                XCTAssertGreaterThanOrEqual(shown, previous, "\(mode.name) at \(width): a wider line never shows fewer hints")
                previous = shown
            }
            // The widest line shows them all, unless what the mode says beside them takes the room.
            if app.runtime.state.message == nil, ["sidebar", "list", "help", "quick add"].contains(mode.name) {
                XCTAssertEqual(previous, items.count - 1, "\(mode.name) at 200: \(app.lines.last!)")
            }
        }
    }

    func testHelpIsLastAndTheRuleEditorShowsItsTextKeyAt120() throws {
        // (No sync conflict here: its warning would take the line's room.)
        let app = try Harness(files: ModeKeysTests.files.filter { !$0.key.contains("sync-conflict") }, width: 120, height: 40)
        XCTAssertTrue(app.lines.last!.hasSuffix("? help") || app.lines.last!.trimmingCharacters(in: .whitespaces).hasSuffix("? help"), app.lines.last!)
        XCTAssertTrue(app.lines.last!.contains("q quit · ? help"), app.lines.last!)
        app.open("Work")
        app.press(.showRules)
        let line = app.lines.last!
        XCTAssertTrue(line.contains(": as text"), line)
        XCTAssertTrue(line.contains("Esc save"), line)
        XCTAssertTrue(line.trimmingCharacters(in: .whitespaces).hasSuffix("? help"), line)
    }

    func testAFittedLineKeepsTheKeymapsOrderAndNeverReordersToFill() {
        let keymap = Keymap.default
        let items = keymap.hintItems([.list, .global])
        for width in DisplayWidth.of(items.last!)...220 {
            let line = keymap.hints([.list, .global], width: width)
            let parts = line.components(separatedBy: " · ")
            XCTAssertEqual(parts.last, items.last, "help last at \(width)")
            XCTAssertEqual(Array(parts.dropLast()), Array(items.prefix(parts.count - 1)), "a prefix of the order at \(width)")
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), width)
        }
        // A remapped help key is what the line names.
        let (remapped, problems) = keymap.remapped(["global.help": ["H"]])
        XCTAssertEqual(problems, [])
        XCTAssertTrue(remapped.hints([.list, .global], width: 60).hasSuffix("H help"), remapped.hints([.list, .global], width: 60))
    }

    func testSpaceChooseIsHintedOnlyInAListOfMany() throws {
        let app = try Harness(files: ModeKeysTests.files.filter { !$0.key.contains("sync-conflict") }, width: 160, height: 40)
        app.press(.newPerspective, .editor(.last), .editor(.addRule))   // the rule types: one choice, Space types a space
        XCTAssertEqual(app.runtime.state.editor?.picker?.multi, false)
        XCTAssertFalse(app.lines.last!.contains("space choose"), app.lines.last!)
        app.press(.picker(.cancel), .editor(.edit))                       // the status rule's values: a list of many
        XCTAssertEqual(app.runtime.state.editor?.picker?.multi, true, app.text)
        XCTAssertTrue(app.lines.last!.contains("space choose"), app.lines.last!)
    }

    func testTheChangeLineHasItsOwnHintsAndHelp() throws {
        let app = try Harness(files: ModeKeysTests.files, width: 120, height: 40)
        app.press(.addTask)
        XCTAssertTrue(app.lines.last!.contains("Enter add"), app.lines.last!)
        app.press(.quickAdd(.cancel), .focus(.list), .changeTasks)
        let line = app.lines.last!
        XCTAssertTrue(line.contains("Enter change"), line)
        XCTAssertFalse(line.contains("Enter add"), line)
        XCTAssertTrue(line.trimmingCharacters(in: .whitespaces).hasSuffix("F1 help"), line)
        app.press(.toggleHelp)
        XCTAssertTrue(app.text.contains("Now: Change line: +Project @Area #tag -#tag"), app.text)
        XCTAssertTrue(app.text.contains("change the tasks (one write, one undo)"), app.text)
        XCTAssertFalse(app.text.contains("Now: Quick add"), app.text)
        app.press(.toggleHelp)
        XCTAssertNotNil(app.runtime.state.mode.quickAddEntry?.changing, "closing help goes back to the change line")
        // Its keys are its own to remap.
        let remapped = try Harness(files: ModeKeysTests.files, width: 120, height: 40, config: "keys:\n  change-apply: [ctrl-s]\n")
        remapped.press(.focus(.list), .changeTasks)
        XCTAssertTrue(remapped.lines.last!.contains("Ctrl-S change"), remapped.text)
    }
}

extension Mode {
    var quickAddEntry: QuickAddEntry? { if case .quickAdd(let e) = self { return e }; return nil }
}
