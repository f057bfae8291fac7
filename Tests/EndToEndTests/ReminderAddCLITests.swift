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
}
