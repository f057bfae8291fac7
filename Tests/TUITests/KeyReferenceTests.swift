import Foundation
import XCTest
@testable import TUI

/// `docs/keys.md` is the keymap written out: it must say what the code does.
final class KeyReferenceTests: XCTestCase {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/keys.md")

    func testTheKeyReferenceIsTheKeymap() throws {
        let generated = Keymap.default.markdownReference() + "\n"
        if ProcessInfo.processInfo.environment["TODOMD_RECORD_KEYS"] != nil {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOf: Self.file, encoding: .utf8)
        XCTAssertEqual(onDisk, generated, "docs/keys.md differs from the keymap: run `make keys` to write it again")
    }

    /// Every binding is in the reference, under its context, with its keys and its name.
    func testEveryBindingIsListedWithItsKeysAndName() {
        let text = Keymap.default.markdownReference()
        var sections: [String: [String]] = [:]
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("Context `") { current = String(line.dropFirst(9).prefix { $0 != "`" }) }
            else if line.hasPrefix("| ") && !line.hasPrefix("| keys |") { sections[current, default: []].append(line) }
        }
        for b in Keymap.default.bindings {
            let rows = sections[b.context.rawValue] ?? []
            let row = rows.first { $0.hasSuffix("| `\(b.name)` |") }
            XCTAssertNotNil(row, "\(b.context.rawValue).\(b.name) is missing")
            for key in b.keys { XCTAssertTrue(row?.contains(Keymap.code(key.description)) == true, "\(b.name): \(key.description) is missing") }
        }
        XCTAssertEqual(sections.values.map(\.count).reduce(0, +), Keymap.default.bindings.count)
    }

    /// A remap shows in the reference (it is made from the bindings, not written by hand).
    func testARemappedKeyChangesTheReference() {
        let (remapped, problems) = Keymap.default.remapped(["list.add": ["ctrl-n"]])
        XCTAssertEqual(problems, [])
        let row = remapped.markdownReference().split(separator: "\n").first { $0.hasSuffix("| `add` |") && $0.contains("Ctrl-N") }
        XCTAssertNotNil(row)
        XCTAssertNotEqual(remapped.markdownReference(), Keymap.default.markdownReference())
    }

    func testCellsEscapeWhatWouldBreakTheTable() {
        XCTAssertEqual(Keymap.cell("a | b"), "a \\| b")
        XCTAssertEqual(Keymap.code("`"), "`` ` ``")
        XCTAssertEqual(Keymap.code("|"), "`\\|`")
    }
}
