import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A narrow sidebar in words cuts a name, never the word of its state: a
/// perspective's `[warning]` (rules skipped) and a project's `[in order]` stay whole
/// (`[seq]` in a sidebar too narrow for it beside a letter of the name).
final class SidebarStateWordsTests: XCTestCase {
    static let files: [String: String] = [
        "1-first.md": f("title: First\ndue: 2026-11-22\nproject: Q4 Report of the whole year"),
        "2-second.md": f("title: Second\ndue: 2026-11-22\nproject: Q4 Report of the whole year"),
        "3-other.md": f("title: Other\narea: Work"),
        ".perspectives.json": ##"{"version": 1, "projects": {"Q4 Report of the whole year": {"sequential": true}}, "perspectives": {"worknow": {"id": "worknow", "name": "Work Now and Later", "rules": {"operator": "AND", "conditions": [{"field": "nonsense", "op": "equals", "value": 1}]}}}}"##,
    ]

    func testTheStateWordStaysWholeAndTheNameIsCut() throws {
        for (w, h) in [(40, 20), (50, 14), (64, 20), (80, 24), (100, 30)] {
            let app = try Harness(files: Self.files, width: w, height: h, today: "2026-11-23", config: "glyphs: words\n")
            XCTAssertTrue(app.runtime.state.skippingRules.contains("worknow"), "the rule is skipped")
            let sidebar = app.lines.map { String($0.prefix(app.runtime.layout.sidebarWidth)) }
            // (At 40 and 50 columns the sidebar's 14 cells leave the name only its `…`.)
            let work = try XCTUnwrap(sidebar.first { $0.contains("[warning]") }, "\(w)×\(h)\n\(app.text)")
            XCTAssertTrue(work.contains(w > 50 ? "Wo" : "…"), "\(w)×\(h): \(work)")
            XCTAssertTrue(work.contains(" 3 "), "its count stays: \(work)")
            // (The project selected, so that a short sidebar shows it.)
            app.open("+Q4 Report of the whole year")
            let q4 = try XCTUnwrap(app.lines.map { String($0.prefix(app.runtime.layout.sidebarWidth)) }.first { $0.contains("+ Q") }, "\(w)×\(h)\n\(app.text)")
            // In 14 cells `[in order]` has no room beside the `+`, a letter of the name and the count: said `[seq]`.
            guard w > 50 else {
                XCTAssertTrue(q4.contains("+ Q") && q4.contains("… [seq] 2 "), "\(w)×\(h): \(q4)")
                continue
            }
            XCTAssertTrue(q4.contains("[in order]"), "\(w)×\(h): \(q4)")
            XCTAssertTrue(q4.contains("…"), "the long name is cut: \(q4)")
            XCTAssertTrue(q4.contains(" 2 "), "its count stays: \(q4)")
        }
    }
}
