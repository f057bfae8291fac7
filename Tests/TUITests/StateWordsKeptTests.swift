import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// In words, a narrow list row never says its state by nothing: the words of
/// overdue, priority, flag and blocked outrank the title's tail and the other
/// fields, said shorter (`[overdue]`, `[flag]`) before any of them gives way.
final class StateWordsKeptTests: XCTestCase {
    static let vault: [String: String] = [
        "call.md": f("title: Call Anna about the offsite and the budget\ndue: 2026-11-20\npriority: high\nflagged: true\nrecurrence: FREQ=WEEKLY\nproject: Work"),
        "flag.md": f("title: Read the long contract draft\nflagged: true\nassignees: [anna]"),
        "late.md": f("title: Send the invoice to the client\ndue: 2026-11-21\nproject: Paperwork"),
        "wait.md": f("title: Book the hotel after the call\nblocked_by: [\"[[call]]\"]"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"everything": {"id": "everything", "name": "Everything", "icon": "tray"}}}"#,
    ]

    func testNarrowRowsKeepTheirStateWords() throws {
        for (w, h) in [(45, 12), (50, 14), (64, 16)] {
            let app = try Harness(files: Self.vault, width: w, height: h, today: "2026-11-23", config: "glyphs: words\ntheme: monochrome\n")
            app.runtime.setDensity(.compact)
            app.open("Everything")
            let lines = app.lines
            func row(_ title: String) throws -> String { try XCTUnwrap(lines.first { $0.contains("[todo] " + title.prefix(2)) }, "\(w)×\(h)\n\(app.text)") }
            // Each row says a state of its own, however narrow (the call's overdue, the most pressing of its three).
            let call = try row("Call"), send = try row("Send"), read = try row("Read"), book = try row("Book")
            XCTAssertTrue(call.contains("[overdue"), "\(w)×\(h): \(call)")
            XCTAssertTrue(send.contains("[overdue"), "\(w)×\(h): \(send)")
            XCTAssertTrue(read.contains("[flag"), "\(w)×\(h): \(read)")
            XCTAssertTrue(book.contains("[blocked]"), "\(w)×\(h): \(book)")
            // The repeat, the project and the assignee give way before any state does.
            if !call.contains("[flag") { XCTAssertFalse(call.contains("[repeats]") || call.contains("Work"), "\(w)×\(h): \(call)") }
            if !send.contains("[overdue 2d]") { XCTAssertFalse(send.contains("Paperw"), "\(w)×\(h): \(send)") }
            if !read.contains("[flagged]") { XCTAssertFalse(read.contains("@anna"), "\(w)×\(h): \(read)") }
            // With room, all three of the call's states, the overdue one said short before the flag gives way.
            if w >= 64 { for word in ["[overdue]", "[high]", "[flag]"] { XCTAssertTrue(call.contains(word), "\(w)×\(h): \(call)") } }
        }
    }
}
