import XCTest
@testable import TaskEngine
@testable import TUI

/// Hostile input on a headless screen: rules with numbers past 64 bits in
/// the detail pane and under `x`, and perspective names whose characters
/// take two columns (VS16 emoji) or none (combining marks) in the sidebar.
final class HostileNumberUITests: XCTestCase {
    static let rules = ["FREQ=DAILY;INTERVAL=9223372036854775807", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-9223372036854775808",
                        "FREQ=MONTHLY;BYMONTHDAY=-9223372036854775808", "FREQ=MONTHLY;BYDAY=9223372036854775807MO",
                        "FREQ=WEEKLY;INTERVAL=4294967297;BYDAY=MO", "FREQ=DAILY;COUNT=18446744073709551616", "FREQ=YEARLY;INTERVAL=10000"]

    func testTheDetailPaneAndXOnARuleWithHugeNumbers() throws {
        for rule in Self.rules {
            let file = f("title: Hostile rule\nrecurrence: \(rule)\nscheduled: 2026-11-23\nestimated_minutes: 9223372036854775807")
            let app = try Harness(files: ["h.md": file], width: 140, height: 40, today: "2026-11-23")
            app.open("Today")
            XCTAssertNotNil(app.row("Hostile rule"), app.text)
            app.press(.toggleDetail)
            let text = app.text
            XCTAssertTrue(text.contains("Detail"), "\(rule)\n\(text)")
            XCTAssertTrue(text.contains("153722867280912930h7m"), "the largest estimate, in hours and minutes\n\(text)")
            if rule.hasSuffix("INTERVAL=10000") {
                XCTAssertTrue(text.contains("every 10000 years"), "\(rule)\n\(text)")
            } else {
                XCTAssertTrue(text.contains("rule not understood"), "\(rule): shown as not understood\n\(text)")
                // The reason first, naming the part (the pane cuts the rest of the line).
                let part = try XCTUnwrap(rule.split(separator: ";").first { $0.contains("9223372036854775") || $0.contains("4294967297") || $0.contains("18446744073709551616") })
                XCTAssertTrue(text.contains("rule not understood: " + part.prefix(5)), "\(rule): with the reason\n\(text)")
            }
            // Completing it is refused with the reason, and the file stays as it was.
            app.press(.toggleDone)
            let after = app.text
            XCTAssertEqual(app.file("h.md"), file, "\(rule)\n\(after)")
            XCTAssertTrue(after.contains("not valid") || after.contains("after the year 9999"), "\(rule)\n\(after)")
        }
    }

    /// Names whose characters are wide by a variation selector, or carry combining marks.
    static let names = ["☀️ Sun", "❤️", "1️⃣ First", "#️⃣ Hash", "✈️✈️ Trips", "☺︎ text style", "e\u{301}te\u{301}", "Cafe\u{301}",
                        "Z\u{336}\u{489}a\u{336}\u{489}l\u{336}g\u{336}o\u{489}", "한국어", "漢字 Kanji", "👍🏽 Good", "Plain"]

    func testTheCountColumnStaysAlignedWhateverTheNamesCharacters() throws {
        var perspectives: [String] = []
        for (i, name) in Self.names.enumerated() {
            perspectives.append(#""p\#(i)": {"id": "p\#(i)", "name": "\#(name)", "rules": {"operator": "AND", "conditions": []}}"#)
        }
        let order = Self.names.indices.map { "\"p\($0)\"" }.joined(separator: ", ")
        let files = ["a.md": f("title: Alpha"), "b.md": f("title: Beta"),
                     ".perspectives.json": #"{"version": 1, "order": [\#(order)], "perspectives": {\#(perspectives.joined(separator: ", "))}}"#]
        for width in [80, 100, 140] {
            let app = try Harness(files: files, width: width, height: 50, today: "2026-11-23")
            let screen = app.screen
            // The sidebar's right border: the column of `│` on the row of each name.
            var countColumns: [Int] = []
            for name in Self.names {
                guard let y = (0..<screen.height).first(where: { y in (0..<screen.width).map { screen[$0, y].text }.joined().contains(name) }) else {
                    XCTFail("\(name) not in the sidebar\n\(app.text)")
                    continue
                }
                // The count "2" is the last non-blank cell before the border.
                let border = try XCTUnwrap((1..<screen.width).first { screen[$0, y].text == "│" && $0 > 5 }, "\(name)\n\(app.text)")
                let count = try XCTUnwrap((0..<border).last { screen[$0, y].text != " " && !screen[$0, y].text.isEmpty })
                XCTAssertEqual(screen[count, y].text, "2", "\(name): \(app.lines[y])")
                countColumns.append(count)
                // Each cell's width agrees with what the terminal is told: a wide character is followed by its empty half.
                var x = 1
                while x < border {
                    let cell = screen[x, y].text
                    XCTAssertFalse(cell.isEmpty, "\(name): a half cell without its wide character at \(x)")
                    let w = DisplayWidth.of(cell)
                    if w == 2 { XCTAssertEqual(screen[x + 1, y].text, "", "\(name): the right half of \(cell)") }
                    x += max(1, w)
                }
            }
            XCTAssertEqual(Set(countColumns).count, 1, "width \(width): counts at columns \(countColumns)\n\(app.text)")
        }
    }

    func testWidthsOfEmojiPresentationAndCombiningMarks() {
        let cases: [(String, Int)] = [("☀️", 2), ("☀", 1), ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("#️⃣", 2), ("☺︎", 1), ("e\u{301}", 1),
                                      ("Z\u{336}\u{489}", 1), ("😀", 2), ("👍🏽", 2), ("漢", 2), ("a\u{FE0F}", 1), ("\u{301}", 0)]
        for (text, width) in cases {
            XCTAssertEqual(DisplayWidth.of(text), width, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
    }

    /// What the terminal is sent for a cell wide only by U+FE0F: its text presentation and a blank.
    func testACharacterWideByItsVariationSelectorIsSentAsText() {
        let libc: (UInt32) -> Int32 = { v in v == 0xFE0F || v == 0x20E3 ? 0 : (v >= 0x1F300 ? 2 : 1) }  // as glibc counts these
        XCTAssertEqual(TerminalGlyph.textPresentation("☀️", wide: true, columns: libc), "☀")
        XCTAssertEqual(TerminalGlyph.textPresentation("❤️", wide: true, columns: libc), "❤")
        XCTAssertEqual(TerminalGlyph.textPresentation("1️⃣", wide: true, columns: libc), "1\u{20E3}")
        XCTAssertNil(TerminalGlyph.textPresentation("😀", wide: true, columns: libc), "wide in the C library too")
        XCTAssertNil(TerminalGlyph.textPresentation("🏳️", wide: true, columns: libc), "a base the C library counts two")
        XCTAssertNil(TerminalGlyph.textPresentation("漢", wide: true, columns: libc))
        XCTAssertNil(TerminalGlyph.textPresentation("e\u{301}", wide: false, columns: libc))
        XCTAssertNil(TerminalGlyph.textPresentation("☀️", wide: false, columns: libc), "cut to one column by the screen: sent as is")
    }
}
