import Foundation
import XCTest
@testable import TaskEngine

/// The fast folds give what Foundation's whole-string folding gives.
final class TextFoldTests: XCTestCase {
    func foundation(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    func testSearchFoldMatchesFoundationOverManyStrings() {
        let samples = [
            "", "plain ascii", "Call Flights To OSAKA", "Café crème", "CAFÉ", "naïve Zoë", "Ærøskøbing", "Straße",
            "e\u{301}tude (decomposed)", "ＦＵＬＬＷＩＤＴＨ ｗｉｄｔｈ", "東京 会议记录", "Ünïcödé — dash € sign", "🎉 party 🎉",
            "Ǆemal", "ÀÉÎÕÜ àéîõü", "İstanbul", "ﬁle ligature",
        ]
        var random = SeededRandom(seed: 3)
        let alphabet = Array("aZé É東—🎉 ü1-x")
        let generated = (0..<300).map { _ in String((0..<random.int(0...20)).map { _ in random.pick(alphabet) }) }
        for s in samples + generated {
            XCTAssertEqual(TextFold.search(s), foundation(s), s)
        }
    }

    func testASCIIFoldSharesTextWithoutCapitals() {
        XCTAssertEqual(TextFold.asciiLowercased("Hello World-42"), "hello world-42")
        XCTAssertEqual(TextFold.asciiLowercased("already lower"), "already lower")
        XCTAssertNil(TextFold.asciiLowercased("Café"))
        XCTAssertEqual(TextFold.key("Work"), "work")
        XCTAssertEqual(TextFold.key("ÉCOLE"), "école")
    }
}

/// The fast trim agrees with Foundation's on every mix of spaces, tabs,
/// line breaks, Unicode spaces and words.
final class TrimTests: XCTestCase {
    func testTheFastTrimAgreesWithFoundation() {
        var rng = SeededRandom(seed: 4)
        let pieces = [" ", "\t", "\n", "\r\n", "\u{A0}", "\u{2003}", "\u{3000}", "a", "Zoë", "東", "-", "\u{200B}", "\u{1}", "\u{B}", "\u{7F}", "\u{85}", ""]
        for _ in 0..<5_000 {
            let s = (0..<rng.int(0...6)).map { _ in rng.pick(pieces) }.joined()
            XCTAssertEqual(s.trimmedSpaces(), s.trimmingCharacters(in: .whitespaces), s.debugDescription)
            XCTAssertEqual(s.trimmedSpaces(newlines: true), s.trimmingCharacters(in: .whitespacesAndNewlines), s.debugDescription)
            XCTAssertEqual(s.isBlank, s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, s.debugDescription)
        }
    }
}
