import Foundation
import XCTest

/// `todomd add "… remind -1h"`: the quick-add line's reminders are written, or refused with the reason.
final class ReminderAddCLITests: XCTestCase {
    func testAddWritesTheLinesReminderOrSaysWhyNot() throws {
        let vault = TempVault()
        let ok = try Binary.run(["add", "Call Anna tomorrow 10am remind -1h", "--vault", vault.path, "--today", "2026-11-23"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let file = try XCTUnwrap(vault.text("call-anna.md"))
        XCTAssertTrue(file.contains("\nreminders:\n  - id: rem_1\n    type: relative\n    relatedTo: due\n    offset: \"-PT1H\"\n"), file)
        let noDue = try Binary.run(["add", "Ring Bob remind -1h", "--vault", vault.path, "--today", "2026-11-23"])
        XCTAssertNotEqual(noDue.status, 0)
        XCTAssertTrue(noDue.stderr.contains("remind: the reminder counts from due, which the task does not have"), noDue.stderr)
        XCTAssertNil(vault.text("ring-bob.md"))
        let preview = try Binary.run(["add", "--dry-run", "Ring Bob fri remind 9am", "--vault", vault.path, "--today", "2026-11-23"])
        XCTAssertEqual(preview.stdout, "Ring Bob · due Fri 27 Nov · remind 09:00\n")
    }

    /// `+1h` is refused with the forms that are meant; a reminder that cannot fire is kept and said.
    func testAPlusIsRefusedAndASilentReminderIsSaid() throws {
        let vault = TempVault()
        vault.write(["a.md": "---\ntitle: Call\ndue: 2099-11-24T10:00:00Z\n---\n"])
        func run(_ args: [String]) throws -> Binary.Output { try Binary.run(args + ["--vault", vault.path]) }
        let before = vault.text("a.md")
        for plus in ["+1h", "due+1h", "+PT15M"] {
            let out = try run(["modify", "a.md", "--remind", plus])
            XCTAssertEqual(out.status, 2, plus)
            XCTAssertTrue(out.stderr.contains("is not a reminder: an offset takes no + (1h is an hour after the due date, -1h an hour before"), out.stderr)
            XCTAssertEqual(vault.text("a.md"), before, plus)
        }
        // After the due date, without a sign: accepted, nothing said.
        var out = try run(["modify", "a.md", "--remind", "1h"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stderr, "")
        // A time already past: written, and said.
        out = try run(["modify", "a.md", "--remind", "2020-01-01T09:00:00Z"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(vault.text("a.md")!.contains("absoluteTime: 2020-01-01T09:00:00Z"), vault.text("a.md")!)
        XCTAssertTrue(out.stderr.contains("a.md: the reminder at 2020-01-01 "), out.stderr)
        XCTAssertTrue(out.stderr.contains(" will not fire: that time is past"), out.stderr)
        // The due date cleared under a reminder counting from it: kept, and said (once: not again on the next change).
        out = try run(["modify", "a.md", "--due", "none"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("a.md: the reminder 1h after due will not fire: the task has no due date"), out.stderr)
        XCTAssertFalse(out.stderr.contains("2020-01-01"), "an old reminder is not news: \(out.stderr)")
        XCTAssertTrue(vault.text("a.md")!.contains("offset: PT1H"), vault.text("a.md")!)
        out = try run(["modify", "a.md", "--priority", "high"])
        XCTAssertEqual(out.stderr, "")
        // Quick add says it too.
        out = try run(["add", "Old call remind 2020-01-02T09:00"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("old-call.md: the reminder at 2020-01-0"), out.stderr)
        XCTAssertTrue(out.stderr.contains(" will not fire: that time is past"), out.stderr)
    }
}
