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
            // (The status word may give way too: see below.)
            func row(_ title: String) throws -> String { try XCTUnwrap(lines.first { $0.contains(" " + title.prefix(4)) }, "\(w)×\(h)\n\(app.text)") }
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

extension StateWordsKeptTests {
    /// On the narrowest rows (a 40-column screen) the status word gives way to overdue, priority and flag
    /// (the band above the row, ACTIVE or NOT STARTED, says the status): the row always says it is overdue,
    /// under the cursor or not. Where the row has room, the status word stays.
    func testTheStatusWordGivesWayToTheStateOnTheNarrowestRows() throws {
        let files: [String: String] = [
            "dentist.md": f("title: Dentist appointment\ndue: 2026-11-20\nstatus: in-progress"),
            "write.md": f("title: Write the Q4 report\npriority: medium"),
            "buy.md": f("title: Buy groceries\nflagged: true"),
            "pay.md": f("title: Pay the rent\ndue: 2026-11-21\npriority: high"),
            ".perspectives.json": #"{"version": 1, "perspectives": {"everything": {"id": "everything", "name": "Everything", "icon": "tray"}}}"#,
        ]
        let states = ["Dentist": ["[overdue"], "Write": ["[medium]"], "Buy": ["[flag"], "Pay": ["[overdue", "[high]"]]
        for (w, h) in [(40, 10), (44, 12), (50, 14), (80, 24)] {
            let app = try Harness(files: files, width: w, height: h, today: "2026-11-23", config: "glyphs: words\ntheme: monochrome\n")
            app.runtime.setDensity(.compact)
            app.open("Everything")
            for step in 0..<5 {
                let lines = app.lines
                for (title, words) in states {
                    let row = try XCTUnwrap(lines.first { $0.contains(title.prefix(3)) }, "\(w)×\(h)\n\(app.text)")
                    // The most pressing state at least (overdue before priority); all of them where the row has room.
                    XCTAssertTrue(row.contains(words[0]), "\(w)×\(h) step \(step): \(row)")
                    if w >= 80 { for word in words { XCTAssertTrue(row.contains(word), "\(w)×\(h): \(row)") } }
                    if w >= 80 { XCTAssertTrue(row.contains(title == "Dentist" ? "[active] " : "[todo] "), "\(w)×\(h): the status word with room: \(row)") }
                }
                // The bands say the statuses the rows may leave out.
                XCTAssertTrue(lines.contains { $0.contains("ACTIVE") } && lines.contains { $0.contains("NOT STARTED") }, app.text)
                app.press(.move(1))
            }
        }
    }
}
