import XCTest
@testable import TaskEngine
@testable import TUI

/// Space in the detail pane on notes whose lines end in `\n`, `\r\n` or a lone
/// `\r`: the item under the cursor is the one ticked in the file, and the
/// file's other bytes (its line ends too) stay as they were.
final class ChecklistLineEndUITests: XCTestCase {
    func testSpaceTicksTheItemUnderTheCursorOnEveryLineEndMix() throws {
        let ends = ["\n", "\r\n", "\r"]
        var ticked = 0
        for mix in 0..<27 {
            let chosen = [ends[mix % 3], ends[mix / 3 % 3], ends[mix / 9 % 3]]
            // The frontmatter in `\n` or `\r\n` (a lone `\r` does not end its lines), and a paragraph line leads every other body.
            let nl = mix % 4 < 2 ? "\n" : "\r\n"
            var front = Array("---\(nl)title: Checklist \(mix)\(nl)---\(nl)".utf8)
            if mix % 2 == 1 { front += Array("Notes first\(chosen[1])".utf8) }
            var bytes = front, boxes: [Int] = []
            for (i, end) in chosen.enumerated() {
                bytes += Array("- ".utf8)
                boxes.append(bytes.count)
                bytes += Array("[ ] STEP\(i)\(end)".utf8)
            }
            let app = try Harness(files: ["list.md": String(decoding: bytes, as: UTF8.self)], width: 120, height: 30)
            let name = String(decoding: bytes, as: UTF8.self).debugDescription
            app.open("Inbox")
            XCTAssertEqual(app.runtime.state.selectedTask?.id, "list.md", name)
            app.press(.toggleDetail, .switchFocus)
            XCTAssertEqual(app.runtime.state.focus, .detail, name)
            XCTAssertTrue(app.text.contains("☐ STEP2"), "every item is shown: \(name)\n\(app.text)")
            for item in 0..<3 {
                for _ in 0..<item { app.press(.detail(.down)) }
                app.press(.detail(.toggleItem))
                var expected = bytes
                expected[boxes[item] + 1] = UInt8(ascii: "x")
                XCTAssertEqual(read(app, "list.md"), expected, "Space on item \(item) of \(name): \(app.runtime.state.message ?? "")")
                XCTAssertTrue(app.text.contains("☑ STEP\(item)"), "\(name)\n\(app.text)")
                app.press(.undo)
                XCTAssertEqual(read(app, "list.md"), bytes, "u gives back the file as it was: \(name)")
                app.press(.detail(.back), .switchFocus)
                for _ in 0..<3 { app.press(.detail(.up)) }
                ticked += 1
            }
        }
        XCTAssertEqual(ticked, 81)
    }

    private func read(_ app: Harness, _ id: String) -> [UInt8]? {
        FileManager.default.contents(atPath: app.path + "/" + id).map(Array.init)
    }
}
