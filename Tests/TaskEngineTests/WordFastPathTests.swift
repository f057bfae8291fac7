import Foundation
import XCTest
@testable import TaskEngine

/// The byte-level answers every file's values get (null words, blank text,
/// status and priority words) are the ones the plain definitions give, for
/// the words themselves, their other spellings and thousands of generated
/// strings with blanks, capitals and look-alikes beyond ASCII.
final class WordFastPathTests: XCTestCase {
    /// Pieces text is made of: ASCII of each kind, blanks, line breaks, and
    /// characters Swift's `==` or Foundation treat specially (the Kelvin sign
    /// equals `K`, U+037E equals `;`, `é` two ways, a no-break and an ideographic space).
    static let pieces = ["n", "u", "l", "N", "U", "L", "~", "t", "o", "d", "D", "T", "-", "i", "g", "h", "w", "a", "s", "y",
                         " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}", "\u{3000}", "\u{212A}", "k", "K", "\u{37E}", ";",
                         "\u{E9}", "e\u{301}", "0", "!", "\u{1F389}"]

    static func generated(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        var out = ["", "~", "null", "Null", "NULL", "nULL", "nul", "null ", " null", "~~", "\u{212A}"]
        out += TaskItem.commonWords + TaskItem.commonWords.map { $0.uppercased() } + TaskItem.commonWords.map { " \($0)\t" }
        out += TaskStatus.aliases.keys.map { $0 } + Priority.aliases.keys.map { $0 }
        for _ in 0..<count {
            let n = Int(random.next() % 7)
            out.append((0..<n).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        return out
    }

    func testNullWordsAreTheSetsWords() {
        for text in Self.generated(6_000, seed: 3) {
            for plain in [true, false] {
                XCTAssertEqual(FrontValue.isNull(text, plain: plain), plain && text.utf8.count <= 4 && FrontValue.nullWords.contains(text),
                               "\(Array(text.unicodeScalars)) plain \(plain)")
            }
        }
    }

    func testBlankIsWhatFoundationTrimsAway() {
        for text in Self.generated(6_000, seed: 4) {
            XCTAssertEqual(text.isBlank, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(Array(text.unicodeScalars))")
        }
    }

    /// A common word's code is found byte for byte, as the dictionary of
    /// common words (Swift's `==`) and a check of the bytes found it.
    func testCommonWordCodesAreByteForByte() {
        let byText = Dictionary(uniqueKeysWithValues: TaskItem.commonWords.enumerated().map { ($1, UInt8($0 + 1)) })
        for text in Self.generated(6_000, seed: 5) {
            let expected = byText[text].flatMap { TaskItem.commonWords[Int($0) - 1].utf8.elementsEqual(text.utf8) ? $0 : nil }
            XCTAssertEqual(TaskItem.commonWordCode(text), expected, "\(Array(text.unicodeScalars))")
            var t = TaskItem(id: "a.md", title: "A")
            t.statusText = text
            XCTAssertEqual(t.statusText.map { Array($0.utf8) }, Array(text.utf8))
        }
    }

    /// Status and priority words are looked up trimmed and in lowercase, in every profile.
    func testWordKeysAreTrimmedLowercase() {
        let profiles: [VaultProfile] = [.todomd, .tasknotes]
        for text in Self.generated(6_000, seed: 6) {
            let key = text.trimmedSpaces().lowercased()
            XCTAssertEqual(VaultProfile.wordKey(text), key, "\(Array(text.unicodeScalars))")
            for profile in profiles {
                XCTAssertEqual(profile.status(for: text), profile.statusWords[key])
                XCTAssertEqual(profile.priority(for: text), profile.priorityWords[key])
            }
        }
    }

    /// Two texts of up to 24 bytes pack to equal words exactly when their bytes are equal (NULs and all); longer ones do not pack.
    func testPackedWordsAreEqualExactlyWhenTheBytesAre() {
        var random = SeededRandom(seed: 8)
        var texts: [[UInt8]] = [[], [0], [0, 0], [0x61], [0x61, 0]]
        for _ in 0..<3_000 { texts.append((0..<Int(random.next() % 27)).map { _ in [0, 0x61, 0x62, 0xC3, 0xA9, 0xFF][Int(random.next() % 6)] }) }
        for (i, a) in texts.enumerated() {
            let packed = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer(PackedWord.init) }
            XCTAssertEqual(packed(a) == nil, a.count > 24)
            for b in texts[max(0, i - 40)...i] where a.count <= 24 && b.count <= 24 {
                XCTAssertEqual(packed(a) == packed(b), a == b, "\(a) \(b)")
            }
        }
    }
}
