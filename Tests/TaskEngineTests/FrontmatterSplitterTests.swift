import Foundation
import XCTest
@testable import TaskEngine

/// Where a file's frontmatter begins and ends, against a reference that
/// splits the text into lines and trims each, over thousands of generated
/// files: markers with blanks and CR after them, look-alikes (`----`,
/// ` ---`, `..`), `...` closing but not opening, a byte-order mark, files
/// without a last line break or without a closing marker.
final class FrontmatterSplitterTests: XCTestCase {
    static let lines = ["---", "--- ", "---\t", "---\r", "...", "... ", "..", "----", " ---", "-- -", "title: x", "tags: [a, b]",
                        "", " ", "body text", "é ünïcode", "-", ".", "---x", "#"]

    /// Offsets of the opening line, the frontmatter, the closing line and the body, or nil for an unclosed frontmatter.
    func reference(_ bytes: [UInt8]) -> (bom: Bool, marked: [Range<Int>]?, body: Range<Int>)? {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var lines: [Range<Int>] = []
        var start = bom ? 3 : 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            end = min(end + 1, bytes.count)
            lines.append(start..<end)
            start = end
        }
        func marker(_ r: Range<Int>, dots: Bool) -> Bool {
            var text = String(decoding: bytes[r], as: UTF8.self)
            while let last = text.unicodeScalars.last, [" ", "\t", "\r", "\n"].contains(last) { text.unicodeScalars.removeLast() }
            return text == "---" || (dots && text == "...")
        }
        guard let first = lines.first, marker(first, dots: false) else { return (bom, nil, (bom ? 3 : 0)..<bytes.count) }
        guard let close = lines.dropFirst().first(where: { marker($0, dots: true) }) else { return nil }
        return (bom, [first, first.upperBound..<close.lowerBound, close], close.upperBound..<bytes.count)
    }

    func testRangesAreTheLinesAReferenceFinds() {
        var random = SeededRandom(seed: 23)
        var cases = 0, marked = 0, unclosed = 0
        for _ in 0..<6_000 {
            let n = Int(random.next() % 7)
            let ending = random.next() % 3 == 0 ? "\r\n" : "\n"
            var text = (0..<n).map { _ in Self.lines[Int(random.next() % UInt64(Self.lines.count))] }.joined(separator: ending)
            if random.next() % 2 == 0 { text = "---" + ending + text }
            if random.next() % 3 != 0 { text += ending }
            var bytes = Array(text.utf8)
            if random.next() % 5 == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            let expected = reference(bytes)
            switch (Result { try FrontmatterSplitter.ranges(bytes) }, expected) {
            case (.success(let r), let e?):
                XCTAssertEqual(r.bom, e.bom, "\(text.debugDescription)")
                XCTAssertEqual(r.marked.map { [$0.opening, $0.frontmatter, $0.closing] }, e.marked, "\(text.debugDescription)")
                XCTAssertEqual(r.body, e.body, "\(text.debugDescription)")
                if e.marked != nil { marked += 1 }
                let split = try? FrontmatterSplitter.split(bytes)
                XCTAssertEqual(split?.bytes, bytes, "\(text.debugDescription)")
            case (.failure(let error), nil):
                XCTAssertEqual(error as? FrontmatterSplitter.Failure, .unclosed)
                unclosed += 1
            default:
                XCTFail("\(text.debugDescription): the splitter and the reference disagree")
            }
            cases += 1
        }
        XCTAssertGreaterThan(marked, 500)
        XCTAssertGreaterThan(unclosed, 200)
        XCTAssertEqual(cases, 6_000)
    }
}
