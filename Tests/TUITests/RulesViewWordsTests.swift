import XCTest
@testable import TaskEngine
@testable import TUI

/// The read-only rules view (`r` on a built-in, `e` on a project) in `glyphs: words` indents its tree by
/// spaces, no box lines (a screen reader reads them out); with symbols it keeps its guides.
final class RulesViewWordsTests: XCTestCase {
    let guides: Set<Character> = ["├", "└", "│"]

    func rulesLines(_ app: Harness) -> [String] {
        guard case .overlay(let o) = app.runtime.state.mode else { XCTFail("no rules view: \(app.text)"); return [] }
        return o.lines
    }

    func testTheTreeIsIndentedBySpacesInWords() throws {
        for (config, words) in [(nil, false), ("glyphs: words\n", true)] as [(String?, Bool)] {
            let app = try Harness(files: SnapshotTests.vault, width: 120, height: 40, today: "2026-11-23", config: config)
            app.open("Today")
            app.press(.showRules)
            var lines = rulesLines(app)
            XCTAssertGreaterThan(lines.count, 3)
            let nested = try XCTUnwrap(lines.dropFirst().first, lines.joined(separator: "\n"))
            if words {
                XCTAssertTrue(nested.hasPrefix("   ") && nested.dropFirst(3).first?.isLetter == true, nested)
                XCTAssertFalse(lines.joined().contains { guides.contains($0) }, lines.joined(separator: "\n"))
                // On the screen: the view's rows carry no tree lines either (only its frame's edges).
                let shown = app.lines.filter { $0.contains("· ") && $0.contains(" task") }
                XCTAssertFalse(shown.contains { $0.contains("├─") || $0.contains("└─") }, app.text)
            } else {
                XCTAssertTrue(nested.hasPrefix("├─ ") || nested.hasPrefix("└─ "), nested)
            }
            // A project's rules, read-only too (`e` in the sidebar).
            app.press(.overlay(.close))
            app.open("+Clients @Work")
            app.press(.focus(.sidebar), .editPerspective)
            lines = rulesLines(app)
            XCTAssertEqual(lines.joined().contains { guides.contains($0) }, !words, lines.joined(separator: "\n"))
        }
    }
}
