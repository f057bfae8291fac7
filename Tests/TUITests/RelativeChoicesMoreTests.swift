import XCTest
@testable import TaskEngine
@testable import TUI

/// The date picker's relative choices when they do not all fit: the last row
/// says how many more there are and where (in words with `glyphs: words`),
/// and the cursor stays on the chosen one as the list scrolls.
extension FocusPointTests {
    func relative(_ app: Harness) -> Picker? {
        guard case .ruleEditor(let e) = app.runtime.state.mode, case .calendar(let d, _) = e.control else { return nil }
        return d.relative
    }

    func testTheRelativeChoicesSayHowManyMoreAndKeepTheFocusWhenScrolled() throws {
        for words in [false, true] {
            let app = try Harness(files: vault, width: 100, height: 30, config: "screen_reader: true\n" + (words ? "glyphs: words\n" : ""))
            for k in HintLineTests.dueRule { app.press(k) }
            // (It opens on the rule's choice: up to the first.)
            for _ in 0..<(relative(app)?.cursor ?? 0) { app.press(.picker(.up)) }
            let picker = try XCTUnwrap(relative(app), "the date picker is open on its relative choices")
            XCTAssertEqual(picker.cursor, 0)
            let labels = picker.visible.map { picker.options[$0].label.components(separatedBy: " →").first ?? picker.options[$0].label }
            // The choices drawn: the rows from the first (the cursor's) down to the line that says how many more.
            let top = try XCTUnwrap(app.screen.focus).y
            let more = try XCTUnwrap(app.lines.indices.first { $0 > top && app.lines[$0].contains("… ") && app.lines[$0].contains(" more ") }, app.text)
            let drawn = more - top
            XCTAssertGreaterThan(drawn, 2)
            let below = labels.count - drawn
            XCTAssertGreaterThan(below, 0, "more choices than rows: \(labels.count)\n\(app.text)")
            XCTAssertTrue(app.lines[more].contains(words ? "… \(below) more below" : "… \(below) more ↓"), "\(below) more\n\(app.text)")
            // Down to the last: the cursor on each one's words, the line then saying what is above.
            for i in 0..<labels.count {
                assertOn(app, String(labels[i].prefix(12)))
                if i < labels.count - 1 { app.press(.picker(.down)) }
            }
            XCTAssertTrue(app.text.contains(words ? "… \(below) more above" : "… \(below) more ↑"), app.text)
            // Midway, both ways.
            for _ in 0..<(below / 2 + 1) { app.press(.picker(.up)) }
            assertOn(app, String(labels[labels.count - 2 - below / 2].prefix(12)))
            XCTAssertTrue(app.text.contains(words ? " more below, " : " more ↓ · "), app.text)
        }
    }

    func testTheMoreLineInWordsAndArrows() {
        XCTAssertEqual(DatePickerView.moreLine(above: 0, below: 5, words: false), "… 5 more ↓")
        XCTAssertEqual(DatePickerView.moreLine(above: 0, below: 5, words: true), "… 5 more below")
        XCTAssertEqual(DatePickerView.moreLine(above: 3, below: 0, words: false), "… 3 more ↑")
        XCTAssertEqual(DatePickerView.moreLine(above: 3, below: 0, words: true), "… 3 more above")
        XCTAssertEqual(DatePickerView.moreLine(above: 2, below: 4, words: false), "… 4 more ↓ · 2 ↑")
        XCTAssertEqual(DatePickerView.moreLine(above: 2, below: 4, words: true), "… 4 more below, 2 above")
    }
}
