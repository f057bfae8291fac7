import XCTest
@testable import TaskEngine

/// Every scalar through the terminal-safe escapes: nothing that could drive
/// or reorder a terminal survives, everything else is kept as it is.
final class VisibleTextTests: XCTestCase {
    static let sample: [UInt32] = Array(0..<0x3100) + Array(0xFE00...0xFF10) + Array(0xE0000...0xE0080) + [0x1F600, 0x1F468, 0x10FFFF]

    func testNothingUnsafeSurvivesAndEverythingElseIsKept() {
        for v in Self.sample {
            guard let u = Unicode.Scalar(v) else { continue }
            let s = "a" + String(u) + "b"
            let shown = VisibleText.escape(s, keepNewlines: false)
            XCTAssertFalse(shown.unicodeScalars.contains { VisibleText.mustEscape($0.value, keepNewlines: false) }, "U+\(String(v, radix: 16))")
            if VisibleText.mustEscape(v, keepNewlines: false) {
                XCTAssertNotEqual(shown, s, "U+\(String(v, radix: 16)) is shown as an escape")
                XCTAssertTrue(shown.hasPrefix("a") && shown.hasSuffix("b"))
            } else {
                XCTAssertEqual(shown, s, "U+\(String(v, radix: 16)) is kept")
            }
        }
    }

    func testTheEscapesPeopleRecognise() {
        XCTAssertEqual(VisibleText.escape("t\u{1B}]0;x\u{07}"), "t\\e]0;x^G")
        XCTAssertEqual(VisibleText.escape("a\r\nb"), "a^M\nb")
        XCTAssertEqual(VisibleText.escape("a\nb", keepNewlines: false), "a\\nb")
        XCTAssertEqual(VisibleText.escape("x\u{9B}y\u{7F}"), "x\\u{9B}y^?")
        XCTAssertEqual(VisibleText.escape("evil\u{202E}fdp"), "evil\\u{202E}fdp")
        XCTAssertEqual(VisibleText.escape("tab\tkept 👨‍👩‍👧"), "tab\tkept 👨‍👩‍👧")
    }

    func testJSONEscapesKeepTheMeaning() throws {
        for v in Self.sample where v != 0x0A && v != 0x09 {
            guard let u = Unicode.Scalar(v), !(0xD800...0xDFFF).contains(v) else { continue }
            let text = "a" + String(u) + "b"
            let data = try JSONSerialization.data(withJSONObject: [text], options: [])
            let escaped = VisibleText.escapeJSON(String(decoding: data, as: UTF8.self))
            XCTAssertFalse(escaped.unicodeScalars.contains { VisibleText.mustEscape($0.value, keepNewlines: true) && $0 != "\n" }, "U+\(String(v, radix: 16))")
            let back = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String]
            XCTAssertEqual(back, [text], "U+\(String(v, radix: 16)) means the same")
        }
    }

    /// The streamed JSON of `list --json`: every generated string reads back
    /// as itself, and nothing a terminal would act on is left raw.
    func testJSONStringsReadBackAndHideWhatATerminalWouldActOn() throws {
        var rng = SeededRandom(seed: 9)
        let pieces = ["a", "Zoë", "東京", "\"", "\\", "\n", "\r", "\t", "\u{1B}[31m", "\u{07}", "\u{9B}", "\u{202E}", "\u{200B}",
                      "\u{E0041}", "👩‍💻", "\u{7F}", "/", "\u{0}", "\u{FEFF}", "plain words"]
        for _ in 0..<2_000 {
            let s = (0..<rng.int(0...8)).map { _ in rng.pick(pieces) }.joined()
            var out = ""
            JSONText.appendString(s, to: &out)
            let back = try JSONSerialization.jsonObject(with: Data(("[" + out + "]").utf8)) as! [String]
            XCTAssertEqual(back, [s], out)
            XCTAssertFalse(out.unicodeScalars.contains { VisibleText.mustEscape($0.value, keepNewlines: false) }, out.debugDescription)
            // Written at the end of bytes (as `list --json` does), the same text, either way of hiding.
            for hiding in [true, false] {
                var text = "x", bytes = Array("x".utf8)
                JSONText.appendString(s, to: &text, hidingInvisible: hiding)
                JSONText.appendString(s, to: &bytes, hidingInvisible: hiding)
                XCTAssertEqual(bytes, Array(text.utf8), s.debugDescription)
            }
        }
    }
}
