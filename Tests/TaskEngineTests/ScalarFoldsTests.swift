import XCTest
@testable import TaskEngine

/// `ScalarFolds` against `TextFold.search`: wherever the table folds a text,
/// it folds it as Foundation does character by character; where it cannot,
/// it says so (and the text is folded and kept as before).
final class ScalarFoldsTests: XCTestCase {
    /// Pieces of text: Latin letters with accents precomposed and combining,
    /// capitals, dashes, currency, and what the table leaves alone.
    static let latin = ["a", "Z", "é", "È", "e\u{301}", "E\u{300}\u{302}", "1\u{308}", "ß", "ø", "Œ", "Ǆ", "ǅ", "İ", "ı", "ĳ", "ŉ",
                        "€", "£", "—", "–", "…", "“", "”", "‰", "\u{00A0}", "¼", "²", "µ", "ſ", "ǰ", "ș", "ț", "Ʒ", "ɐ", "ʼ",
                        " ", "\n", "\r\n", "\t", "-", "Q3", "café", "ÉCOLE", "naïve", "Straße"]
    static let other = ["東京", "Ｗｉｄｅ", "🇺🇸", "👩\u{200D}💻", "\u{301}", "\n\u{301}", "-\u{301}", "€\u{301}", "ᄀ", "ﬁ", "Ω", "д",
                        "\u{200B}", "\u{2028}", "x\u{20DD}", "\u{0345}"]

    func randomText(_ rng: inout SeededRandom, from pieces: [String]) -> String {
        (0..<rng.int(0...12)).map { _ in pieces[rng.int(0...pieces.count - 1)] }.joined()
    }

    func testWhereTheTableFoldsItFoldsAsFoundationDoes() {
        var rng = SeededRandom(seed: 71)
        var folded = 0, left = 0
        for i in 0..<6_000 {
            let pieces = i % 3 == 0 ? Self.latin + Self.other : Self.latin
            let text = randomText(&rng, from: pieces)
            if let fold = ScalarFolds.fold(text) {
                XCTAssertEqual(fold, TextFold.search(text), text.debugDescription)
                folded += 1
            } else {
                left += 1
            }
        }
        XCTAssertGreaterThan(folded, 4_000, "Latin text is folded by the table")
        XCTAssertGreaterThan(left, 500, "other text is left to Foundation")
    }

    func testEveryCharacterOfTheTableAlone() {
        for v in ScalarFolds.ranges.joined() {
            guard let s = Unicode.Scalar(v) else { continue }
            for text in [String(s), "a" + String(s) + "b", "É" + String(s)] {
                if let fold = ScalarFolds.fold(text) { XCTAssertEqual(fold, TextFold.search(text), text.debugDescription) }
            }
        }
        // Latin letters, accents on letters, dashes and currency are all in it.
        for text in ["é", "e\u{301}", "Ø", "—", "€", "ſ", "1\u{308}"] { XCTAssertNotNil(ScalarFolds.fold(text), text.debugDescription) }
        // Beyond it, or an accent on nothing it knows to take one.
        for text in Self.other { XCTAssertNil(ScalarFolds.fold(text), text.debugDescription) }
    }

    /// Every accent the table removes, on every letter and digit it lets take one.
    func testEveryAccentOnEveryLetter() {
        let scalars = ScalarFolds.ranges.joined().compactMap { Unicode.Scalar($0) }
        let accents = scalars.filter { ScalarFolds.table[Int($0.value)] & 0xFF == 0 }
        let letters = scalars.filter { ScalarFolds.table[Int($0.value)] & ScalarFolds.accents != 0 } + ["a", "Z", "7"]
        XCTAssertGreaterThan(accents.count, 50)
        XCTAssertGreaterThan(letters.count, 300)
        var folded = 0
        for letter in letters {
            for accent in accents {
                let text = String(letter) + String(accent)
                guard let fold = ScalarFolds.fold(text) else { continue }
                folded += 1
                XCTAssertEqual(fold, TextFold.search(text), "\(text.debugDescription) \(String(letter.value, radix: 16)) + \(String(accent.value, radix: 16))")
            }
        }
        XCTAssertGreaterThan(folded, 10_000)
    }

    func testAFoldThatDoesNotFitIsNotWritten() {
        let text = Array("Straße café".utf8)
        text.withUnsafeBufferPointer { all in
            let room = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
            defer { room.deallocate() }
            let n = ScalarFolds.fold(all, into: room, capacity: 64)
            XCTAssertEqual(n.map { String(decoding: UnsafeBufferPointer(start: room, count: $0), as: UTF8.self) }, TextFold.search("Straße café"))
            for capacity in 0..<n! { XCTAssertNil(ScalarFolds.fold(all, into: room, capacity: capacity), "room for \(capacity)") }
        }
    }
}
