import XCTest
@testable import TaskEngine

/// Ticking a checklist item in notes whose lines end in `\n`, `\r\n` or a lone
/// `\r`, mixed: the item ticked is the item cmark shows (it counts each of the
/// three as a line end), and every other byte, line ends included, is kept.
final class ChecklistLineEndTests: XCTestCase {
    /// A generated body and, per item in order, the byte offset of its `[ ]`.
    struct Case {
        var body: [UInt8]
        var boxes: [Int]
        var name: String { String(decoding: body, as: UTF8.self).debugDescription }
    }

    static let ends: [String] = ["\n", "\r\n", "\r"]

    /// Every mix of line ends over `count` items, with and without a paragraph
    /// line first, and with an item holding a `\r` inside its text.
    static func cases(count: Int) -> [Case] {
        var out: [Case] = []
        let mixes = Int(pow(Double(ends.count), Double(count + 1)))
        for mix in 0..<mixes {
            var digits = mix
            let chosen = (0...count).map { _ -> String in defer { digits /= ends.count }; return ends[digits % ends.count] }
            for lead in ["", "line" + chosen[count]] {
                for splitItem in [-1, count - 1] {
                    var body = Array(lead.utf8), boxes: [Int] = []
                    for i in 0..<count {
                        body += Array("- ".utf8)
                        boxes.append(body.count)
                        let text = i == splitItem ? "ITEM\rTAIL\(i)" : "ITEM\(i)"
                        body += Array("[ ] \(text)".utf8) + Array(chosen[i].utf8)
                    }
                    out.append(Case(body: body, boxes: boxes))
                }
            }
        }
        return out
    }

    func testEveryItemOfEveryLineEndMixTicksOnlyItsOwnBox() throws {
        var checked = 0
        for count in 1...4 {
            for c in Self.cases(count: count) {
                let body = String(decoding: c.body, as: UTF8.self)
                let items = Checklist.items(MarkdownDocument(parsing: body))
                XCTAssertEqual(items.count, c.boxes.count, "every generated item is shown: \(c.name)")
                guard items.count == c.boxes.count else { continue }
                for (index, item) in items.enumerated() {
                    let ticked = try XCTUnwrap(Checklist.toggle(body, line: item.line), "item \(index) of \(c.name) has a box")
                    var expected = c.body
                    expected[c.boxes[index] + 1] = UInt8(ascii: "x")
                    XCTAssertEqual(Array(ticked.utf8), expected, "ticking item \(index) of \(c.name) changes its box alone")
                    // Read again, exactly that item is ticked, and ticking it again gives the original bytes back.
                    let after = Checklist.items(MarkdownDocument(parsing: ticked)).map { $0.checked == true }
                    XCTAssertEqual(after, items.indices.map { $0 == index }, c.name)
                    XCTAssertEqual(Checklist.toggle(ticked, line: item.line).map { Array($0.utf8) }, c.body, c.name)
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    func testTheReportedBodiesTickTheItemShown() {
        // A CRLF line before the list: ticking ONE used to tick TWO.
        let first = "line\r\n- [ ] ONE\n- [ ] TWO\n"
        let items = Checklist.items(MarkdownDocument(parsing: first))
        XCTAssertEqual(Checklist.toggle(first, line: items[0].line), "line\r\n- [x] ONE\n- [ ] TWO\n")
        // Lone CRs: ticking TWO used to tick FOUR.
        let second = "- [ ] ONE\r- [ ] TWO\r- [ ] THREE\n- [ ] FOUR\n"
        let four = Checklist.items(MarkdownDocument(parsing: second))
        XCTAssertEqual(four.count, 4)
        XCTAssertEqual(Checklist.toggle(second, line: four[1].line), "- [ ] ONE\r- [x] TWO\r- [ ] THREE\n- [ ] FOUR\n")
        // All CRLF: every item has its box (it used to be "No checklist item here").
        let crlf = "- [ ] A\r\n- [x] B\r\n"
        let both = Checklist.items(MarkdownDocument(parsing: crlf))
        XCTAssertEqual(Checklist.toggle(crlf, line: both[0].line), "- [x] A\r\n- [x] B\r\n")
        XCTAssertEqual(Checklist.toggle(crlf, line: both[1].line), "- [ ] A\r\n- [ ] B\r\n")
    }

    func testALineWithoutABoxOrPastTheEndIsNotTicked() {
        let body = "text\r\n- [ ] A\rB\n"
        XCTAssertNil(Checklist.toggle(body, line: 0))
        XCTAssertNil(Checklist.toggle(body, line: 2), "B, after a lone CR, is a line of its own without a box")
        XCTAssertNil(Checklist.toggle(body, line: 4))
        XCTAssertNil(Checklist.toggle(body, line: 40))
        XCTAssertNil(Checklist.toggle(body, line: -1))
    }
}
