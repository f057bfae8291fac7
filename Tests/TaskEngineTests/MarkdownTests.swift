import XCTest
@testable import TaskEngine

/// Task notes through cmark-gfm: the blocks a terminal shows, and checklists.
final class MarkdownTests: XCTestCase {
    func testBlocksAndInlines() {
        let doc = MarkdownDocument(parsing: """
        # Plan

        Some *emphasis*, **strong**, `code`, ~~gone~~ and a [link](https://example.com).

        > quoted

        1. first
        2. second

        ```swift
        let x = 1
        ```

        ---
        """)
        guard doc.blocks.count == 6 else { return XCTFail("\(doc.blocks)") }
        XCTAssertEqual(doc.blocks[0], .heading(level: 1, [.init(text: "Plan", style: .plain)]))
        guard case .paragraph(let inl) = doc.blocks[1] else { return XCTFail() }
        XCTAssertEqual(inl.filter { $0.style != .plain }.map(\.text), ["emphasis", "strong", "code", "gone", "link"])
        XCTAssertTrue(inl.contains { $0.style == .link("https://example.com") })
        XCTAssertEqual(doc.blocks[2], .quote([.paragraph([.init(text: "quoted", style: .plain)])]))
        guard case .list(let start, let items) = doc.blocks[3] else { return XCTFail() }
        XCTAssertEqual(start, 1)
        XCTAssertEqual(items.map(\.line), [6, 7])
        XCTAssertEqual(doc.blocks[4], .code(info: "swift", text: "let x = 1\n"))
        XCTAssertEqual(doc.blocks[5], .rule)
    }

    func testChecklistProgressAndToggleChangeOnlyOneLine() {
        let body = "Intro\n\n- [ ] one\n- [x] two\n  - [ ] nested\n* [X] star\n1. [ ] numbered\n> - [ ] quoted\n- not a box\n\n`- [ ] in code`\n"
        let doc = MarkdownDocument(parsing: body)
        let items = Checklist.items(doc)
        // (cmark-gfm's task lists stop at a block quote: "> - [ ] quoted" is a plain item.)
        XCTAssertEqual(items.map(\.line), [2, 3, 4, 5, 6])
        XCTAssertEqual(items.map(\.checked), [false, true, false, true, false])
        XCTAssertEqual(Checklist.progress(body), Checklist.Progress(done: 2, total: 5))
        XCTAssertNil(Checklist.progress("No boxes here\n"))
        XCTAssertNil(Checklist.progress("```\n- [ ] in a code block\n```\n"), "a box in code is not a checklist")
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        for item in items {
            let toggled = Checklist.toggle(body, line: item.line)!
            let after = toggled.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(after.count, lines.count)
            let differing = zip(lines, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            XCTAssertEqual(differing, [item.line], "only the item's line changes")
            XCTAssertEqual(Checklist.items(MarkdownDocument(parsing: toggled)).first { $0.line == item.line }?.checked, !(item.checked!))
            XCTAssertEqual(Checklist.toggle(toggled, line: item.line)?.replacingOccurrences(of: "[X]", with: "[x]"),
                           body.replacingOccurrences(of: "[X]", with: "[x]"), "twice is back")
        }
        XCTAssertNil(Checklist.toggle(body, line: 0))
        XCTAssertNil(Checklist.toggle(body, line: 99))
    }

    /// Odd input never crashes and keeps its text somewhere.
    func testGeneratedNotesParse() {
        var rng = SeededRandom(seed: 3)
        let pieces = ["# h", "- [ ] a", "- [x] b", "> q", "```", "    code", "*em", "**", "[l](u)", "| a | b |", "|---|---|", "東京 🚄", "\u{1B}[31m", "", "1.", "<div>", "\t- [ ]"]
        for _ in 0..<300 {
            let body = (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined(separator: "\n")
            let doc = MarkdownDocument(parsing: body)
            for item in Checklist.items(doc) where item.checked != nil {
                XCTAssertNotNil(Checklist.toggle(body, line: item.line), "\(body.debugDescription) line \(item.line)")
            }
        }
    }
}
