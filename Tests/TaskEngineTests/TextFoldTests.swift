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
