import XCTest
@testable import TaskEngine
@testable import TUI

/// A message in the status line leaves room for the help key: the message is
/// cut (with …) first, the hints that fit follow it after a gap, and `? help` is last.
final class MessageHintLineTests: XCTestCase {
    /// Keys that leave a message, from a fresh start on the vault of `ModeKeysTests`.
    static let messages: [(name: String, keys: [Key], says: String)] = [
        ("one mark", [.char("l"), .char("m")], "1 marked · the task keys act on all · c changes them · Esc clears"),
        ("three marks", [.char("l"), .char("m"), .char("m"), .char("m")], "3 marked · the task keys act on all · c changes them · Esc clears"),
        ("detail pane", [.char("l"), .char("i")], "Detail pane: Tab moves into it; space ticks a checklist item there."),
        ("marks cleared", [.char("l"), .char("m"), .escape], "Cleared 1 mark."),
    ]

    /// The line is the message (whole, or its start cut with "…"), a gap, then whole hints in the
    /// keymap's order with the help hint last. (Quick add and the change line keep their preview
    /// there, the message waiting under it: their line still ends with help.)
    func check(_ app: Harness, says message: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let contexts = app.runtime.state.mode.contexts(focus: app.runtime.state.focus)
        let items = app.runtime.keymap.hintItems(contexts, skipping: app.runtime.state.untrueHints)
        let help = items.last!
        let preview = [.quickAdd, .changeLine].contains(contexts.first)
        var shownWhole = false
        for width in AppView.minWidth...200 {
            app.width = width
            let last = app.lines.last!
            let text = last.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
            XCTAssertLessThanOrEqual(DisplayWidth.of(last), width, file: file, line: line)
            XCTAssertTrue(text.hasSuffix(" " + help), "\(name) at \(width): \(last)", file: file, line: line)
            if preview { continue }
            let said = String(text.dropFirst())
            guard let gap = said.range(of: "   ") else {
                XCTFail("\(name) at \(width): no gap between the message and the hints: \(last)", file: file, line: line)
                continue
            }
            let shown = String(said[..<gap.lowerBound])
            let hints = said[gap.upperBound...].components(separatedBy: " · ")
            XCTAssertEqual(hints.last, help, "\(name) at \(width): \(last)", file: file, line: line)
            XCTAssertEqual(Array(hints.dropLast()), Array(items.prefix(hints.count - 1)), "\(name) at \(width): the keymap's order", file: file, line: line)
            if shown == message {
                shownWhole = true
            } else {
                XCTAssertFalse(shownWhole, "\(name) at \(width): a wider line cut the message again: \(last)", file: file, line: line)
                XCTAssertTrue(shown.hasSuffix("…") && shown.count > 1 && message.hasPrefix(String(shown.dropLast())),
                              "\(name) at \(width): \(last)", file: file, line: line)
            }
        }
        XCTAssertTrue(shownWhole || preview, "\(name): shown whole at 200", file: file, line: line)
    }

    func testEveryMessageAtEveryWidthEndsWithHelp() throws {
        for m in Self.messages {
            let app = try Harness(files: ModeKeysTests.files, width: 80, height: 24)
            for k in m.keys { app.press(k) }
            XCTAssertEqual(app.runtime.state.message, m.says, m.name)
            check(app, says: m.says, m.name)
        }
    }

    func testTheTestersLinesNowEndWithHelp() throws {
        let small = try Harness(files: ModeKeysTests.files, width: 40, height: 10)
        small.press(.focus(.list), .mark)
        XCTAssertTrue(small.lines.last!.hasPrefix(" 1 marked · "), small.lines.last!)
        XCTAssertTrue(small.lines.last!.trimmingCharacters(in: .whitespaces).hasSuffix("…   ? help"), small.lines.last!)
        let wide = try Harness(files: ModeKeysTests.files, width: 80, height: 24)
        wide.press(.focus(.list), .mark, .mark, .mark)
        XCTAssertTrue(wide.lines.last!.hasPrefix(" 3 marked · the task keys act on all · c changes them · Esc clears   "), wide.lines.last!)
        XCTAssertTrue(wide.lines.last!.trimmingCharacters(in: .whitespaces).hasSuffix("? help"), wide.lines.last!)
    }

    /// A notice (a long one, as a theme or locale problem gives) over every mode: help stays last.
    func testALongNoticeInEveryModeLeavesHelp() throws {
        let notice = "The theme 'solarized-extra' in config.yaml could not be read (line 3: expected a colour such as #RRGGBB); the default theme is used"
        for mode in HintLineTests.modes {
            let app = try Harness(files: ModeKeysTests.files, width: 120, height: 30)
            for k in mode.keys { app.press(k) }
            app.runtime.dispatch(.notice(notice))
            check(app, says: notice, mode.name)
        }
    }
}
