import XCTest
@testable import TaskEngine
@testable import TUI

/// The list pane's title keeps the perspective's name on a narrow pane, cut
/// with `…` rather than left out, in symbols and in words (where `[focus]`
/// takes eight cells of it): the sort, then the count's words, then the
/// count give way first.
final class ListTitleNameTests: XCTestCase {
    static let vault: [String: String] = {
        var files = NothingByColourTests.vault
        files[".perspectives.json"] = #"{"version": 1, "perspectives": {"deep": {"id": "deep", "name": "Deep Work Before Lunch", "icon": "briefcase", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"#
        return files
    }()

    /// The list pane's title: the top line's text right of the sidebar.
    func listTitle(_ app: Harness) -> String { String(app.lines[1].dropFirst(app.runtime.layout.sidebarWidth)) }

    /// Whether `title` holds `name` whole, or its first letters and `…`.
    func holds(_ title: String, _ name: String) -> Bool {
        if title.contains(name) { return true }
        return (1..<name.count).contains { title.contains(name.prefix($0) + "…") }
    }

    func testTheNameStaysAtFiftyColumnsAndUp() throws {
        for glyphs in GlyphSet.allCases {
            for width in [50, 56, 64, 80] {
                let app = try Harness(files: Self.vault, width: width, height: 14, today: "2026-11-23", config: "glyphs: \(glyphs.rawValue)\n")
                for name in ["Today", "Forecast", "Deep Work Before Lunch", "@Work", "+Q4 Report", "Upcoming"] {
                    app.open(name)
                    let shown = app.runtime.state.perspective?.name ?? name
                    let context = "\(glyphs) \(width) \(name)"
                    var title = listTitle(app)
                    XCTAssertTrue(holds(title, shown), "\(context): \(title)")
                    XCTAssertTrue(title.hasPrefix("┌ " + glyphs.text(.focusedPane) + " "), "\(context): the focus's mark stays: \(title)")
                    // All marked: the marks and the name both stay.
                    app.press(.markAll)
                    title = listTitle(app)
                    XCTAssertTrue(title.contains(" \(app.runtime.state.marks.count) marked"), "\(context): \(title)")
                    XCTAssertTrue(holds(title, shown), "\(context), marked: \(title)")
                    // The quick filter on: said (its word, or at least the count's "3 of 5"), the name still there.
                    app.press(.cancel)
                    XCTAssertTrue(app.runtime.state.marks.isEmpty, context)
                    app.press(.openFilterPanel, .filter(.toggle), .filter(.close))
                    title = listTitle(app)
                    if app.runtime.state.quickFilter.isNarrowing {
                        XCTAssertTrue(title.contains("filter") || title.contains(" of "), "\(context): \(title)")
                        XCTAssertTrue(holds(title, shown), "\(context), filtered: \(title)")
                        app.press(.openFilterPanel, .filter(.all), .filter(.close))
                    }
                }
            }
        }
    }

    /// The fitting itself, at every room: the name is never left out while its first letter and `…` fit beside
    /// the marks and the search, and what is said grows with the room (the sort last, after the whole count).
    func testTheNameGivesWayLastButToTheMarksAndTheSearch() {
        for icon in ["★", ""] {
            for marked in [nil, "3 marked"] as [String?] {
                for search in [nil, "wri▏"] as [String?] {
                    for filter in [false, true] {
                        let parts = ListTitle.Parts(icon: icon, name: "Deep Work Before Lunch", count: "12 of 30 tasks", shortCount: "12 of 30",
                                                    sort: "due date ↑", quickFilter: filter, quickFilterKey: "f", marked: marked, search: search)
                        let kept = [marked, search.map { "/" + $0 }].compactMap { $0 }.joined(separator: " · ")
                        let least = DisplayWidth.of(icon.isEmpty ? "D…" : icon + " D…") + (kept.isEmpty ? 0 : 3 + DisplayWidth.of(kept))
                        for room in 4...90 {
                            let title = ListTitle.fit(parts, room: room)
                            let context = "icon \(icon) marked \(marked ?? "-") search \(search ?? "-") filter \(filter) room \(room): \(title)"
                            XCTAssertLessThanOrEqual(DisplayWidth.of(title), max(room, least), context)
                            if room >= least { XCTAssertTrue(holds(title, "Deep Work Before Lunch"), context) }
                            if let marked, room >= DisplayWidth.of(kept) { XCTAssertTrue(title.contains(marked), context) }
                            if title.contains("due date") { XCTAssertTrue(title.contains("Deep Work Before Lunch · 12 of 30 tasks"), context) }
                            if title.contains("12 of 30") && !title.contains("Deep Work Before Lunch") {
                                XCTAssertTrue(title.contains("… · 12 of 30 ·") || title.hasSuffix("… · 12 of 30"), "the name is cut only after the count's words went: \(context)")
                            }
                        }
                    }
                }
            }
        }
    }
}
