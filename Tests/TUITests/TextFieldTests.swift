import XCTest
@testable import TUI

/// The line editor: every key at every cursor position, against a plain
/// model of what the key means.
final class TextFieldTests: XCTestCase {
    static let samples = ["", "a", "due fri", "Call Anna tomorrow 3pm", "東京 ホテル 予約", "tabs\tand  spaces", "x-y_z 12.5"]

    func testEveryKeyAtEveryPosition() {
        for s in Self.samples {
            let chars = Array(s)
            for p in 0...chars.count {
                func field() -> TextField { TextField(s, cursor: p) }
                var f = field()
                XCTAssertEqual(f.press(.char("!")), .edited)
                XCTAssertEqual(f.string, String(chars[0..<p] + ["!"] + chars[p...]))
                XCTAssertEqual(f.cursor, p + 1)

                f = field(); _ = f.press(.backspace)
                XCTAssertEqual(f.string, p == 0 ? s : String(chars[0..<(p - 1)] + chars[p...]), "\(s) @\(p)")
                XCTAssertEqual(f.cursor, max(0, p - 1))

                f = field(); _ = f.press(.delete)
                XCTAssertEqual(f.string, p == chars.count ? s : String(chars[0..<p] + chars[(p + 1)...]))
                XCTAssertEqual(f.cursor, p)

                f = field(); _ = f.press(.ctrl("u"))
                XCTAssertEqual(f.string, String(chars[p...]))
                XCTAssertEqual(f.cursor, 0)

                f = field(); _ = f.press(.ctrl("k"))
                XCTAssertEqual(f.string, String(chars[0..<p]))

                for (key, expected) in [(Key.left, max(0, p - 1)), (.right, min(chars.count, p + 1)), (.home, 0), (.ctrl("a"), 0),
                                        (.end, chars.count), (.ctrl("e"), chars.count)] {
                    f = field(); XCTAssertEqual(f.press(key), .moved)
                    XCTAssertEqual(f.cursor, expected, "\(key) in \(s) @\(p)")
                    XCTAssertEqual(f.string, s)
                }

                // Word deletion removes exactly the word before the cursor (and the gap after it).
                for key in [Key.ctrl("w"), .alt("\u{7F}")] {
                    f = field(); _ = f.press(key)
                    var start = p
                    while start > 0, !TextField.isWord(chars[start - 1]) { start -= 1 }
                    while start > 0, TextField.isWord(chars[start - 1]) { start -= 1 }
                    XCTAssertEqual(f.string, String(chars[0..<start] + chars[p...]), "\(key) in \(s) @\(p)")
                    XCTAssertEqual(f.cursor, start)
                }
            }
        }
    }

    func testWordMoves() {
        var f = TextField("Call Anna tomorrow", cursor: 0)
        _ = f.press(.alt("f")); XCTAssertEqual(f.cursor, 4)
        _ = f.press(.alt("f")); XCTAssertEqual(f.cursor, 9)
        _ = f.press(.alt("b")); XCTAssertEqual(f.cursor, 5)
        _ = f.press(.alt("d")); XCTAssertEqual(f.string, "Call  tomorrow")
        XCTAssertNil(f.press(.pageUp), "not a line-editing key")
    }

    func testPasteAndLongTextScrollWithTheCursorInView() {
        var f = TextField()
        f.insert("a pasted\nline of 東京 text that is far longer than the field")
        XCTAssertFalse(f.string.contains("\n"))
        for width in [5, 8, 13] {
            for p in 0...f.text.count {
                let g = TextField(f.string, cursor: p)
                let (shown, col) = g.visible(width: width)
                XCTAssertLessThanOrEqual(DisplayWidth.of(shown), width)
                XCTAssertLessThan(col, width, "the cursor cell is in view")
                XCTAssertTrue(g.string.contains(shown))
            }
        }
    }
}

/// A popup drawn over wide characters never leaves half a glyph behind.
final class ScreenOverlapTests: XCTestCase {
    func testWritingOverHalfAWideCharacterBlanksTheOtherHalf() {
        for start in 0..<6 {
            for text in ["│", "┌──┐", "ab", "東", "x東y"] {
                var screen = Screen(width: 14, height: 1)
                screen.put("東京のホテル", x: 0, y: 0)
                screen.put(text, x: start, y: 0)
                for x in 0..<screen.width {
                    let cell = screen[x, 0].text
                    if cell.isEmpty {
                        XCTAssertGreaterThan(x, 0)
                        XCTAssertEqual(DisplayWidth.of(screen[x - 1, 0].text), 2, "an orphan right half at \(x) after «\(text)» at \(start)")
                    } else if DisplayWidth.of(cell) == 2 {
                        XCTAssertEqual(screen[x + 1, 0].text, "", "a wide character without its right half at \(x)")
                    }
                }
                XCTAssertEqual(DisplayWidth.of(screen.lines[0]), 14, "the row keeps its width")
            }
        }
    }
}

/// `/` search is a line editor too.
final class SearchLineEditingTests: XCTestCase {
    func testTheSearchTextEditsInTheMiddle() throws {
        let app = try Harness(files: ["a.md": f("title: Quarterly report"), "b.md": f("title: Weekly review")], width: 100)
        app.open("Inbox")
        app.press(.char("/"))
        app.type("report")
        XCTAssertTrue(app.text.contains("/report▏"), app.text)
        app.press(.home)
        app.type("ly ")
        XCTAssertEqual(app.runtime.state.search, "ly report")
        XCTAssertTrue(app.text.contains("/ly ▏report"), app.text)
        XCTAssertNotNil(app.row("Quarterly report"))
        XCTAssertNil(app.row("Weekly review"))
        app.press(.end, .ctrl("w"))
        XCTAssertEqual(app.runtime.state.search, "ly ")
        XCTAssertNotNil(app.row("Weekly review"), "both match «ly »")
        app.press(.ctrl("u"))
        XCTAssertEqual(app.runtime.state.search, "")
        app.press(.escape)
        XCTAssertNil(app.runtime.state.search)
    }
}

/// The rule editor's name is a line editor too.
final class RuleEditorLineEditingTests: XCTestCase {
    func testThePerspectiveNameEditsInTheMiddle() throws {
        let app = try Harness(files: ["a.md": f("title: A")], width: 110, height: 30)
        app.press(.char("h"), .char("n"))
        XCTAssertNotNil(app.runtime.state.editor)
        app.press(.char("g"), .enter)
        app.press(.ctrl("u"))
        app.type("Work Now")
        app.press(.alt("b"))
        app.type("Done ")
        XCTAssertTrue(app.text.contains("Work Done ▏Now"), app.text)
        app.press(.end, .alt("\u{7F}"))
        app.type("Later")
        app.press(.enter)
        XCTAssertEqual(app.runtime.state.editor?.perspective.name, "Work Done Later")
    }
}

/// In a locale that cannot draw anything but ASCII, every cell stays one ASCII column.
final class ASCIIGlyphTests: XCTestCase {
    func testEveryCellBecomesOneASCIICharacter() {
        let screen = try! Harness(files: ["a.md": f("title: 東京 Café ✓ 🚀\ndue: 2026-11-23\npriority: high\nflagged: true")], width: 80, height: 20).screen
        for cell in screen.cells where !cell.text.isEmpty {
            let shown = ASCIIGlyphs.fallback(cell.text)
            XCTAssertEqual(shown.unicodeScalars.count, 1, cell.text)
            XCTAssertTrue(shown.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, cell.text)
        }
        XCTAssertEqual(ASCIIGlyphs.fallback("─"), "-")
        XCTAssertEqual(ASCIIGlyphs.fallback("│"), "|")
        XCTAssertEqual(ASCIIGlyphs.fallback("東"), "?")
    }

    func testTheCaretLineAlwaysShowsTheCaretWithinItsWidth() {
        for text in TextFieldTests.samples + [String(repeating: "東京", count: 30), String(repeating: "abc ", count: 40)] {
            for cursor in 0...text.count {
                for width in [4, 10, 25, 80] {
                    let line = TextField(text, cursor: cursor).withCaret(width: width)
                    XCTAssertEqual(line.filter { $0 == "▏" }.count, 1, "\(text) @\(cursor) in \(width)")
                    XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "\(text) @\(cursor) in \(width)")
                    // The characters just before the caret are the ones before the cursor.
                    let before = String(line.prefix { $0 != "▏" })
                    XCTAssertTrue(String(Array(text)[0..<cursor]).hasSuffix(before), "\(text) @\(cursor) in \(width): \(line)")
                }
            }
        }
    }
}

extension TextField {
    /// A key as the app takes it in a text field: a character is typed, other keys are the
    /// edit the default keymap's `text` context binds them to (nil: not a line-editing key).
    mutating func press(_ key: Key) -> Outcome? {
        if case .char(let c) = key {
            insert(String(c))
            return .edited
        }
        guard case .text(let edit)? = Keymap.default.binding(for: key, in: [.text])?.action else { return nil }
        return apply(edit)
    }
}
