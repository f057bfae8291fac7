import Foundation
import XCTest
@testable import TaskEngine

/// What a person wrote around a reminder list stays where it was when todomd
/// adds or removes an entry: a comment after `reminders: []`, a comment under
/// an entry that is removed, a `[…]` list laid over several lines.
final class ReminderListCommentsTests: XCTestCase {
    static let now = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!

    /// The file after `change` is made to its task and written.
    func written(_ text: String, _ change: (inout TaskItem) throws -> Void) throws -> String {
        let dir = TempDir()
        dir.write("a.md", text)
        var t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "a.md"))
        XCTAssertEqual(t.badReminders, 0, "\(t.warnings)")
        try change(&t)
        let saved = try VaultWriter(root: dir.path, timeZone: utc).update(t, now: Self.now)
        let out = try XCTUnwrap(dir.text("a.md"))
        // Read back as written: the reminders asked for, nothing unreadable.
        let again = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "a.md"))
        XCTAssertEqual(again.reminders, saved.reminders, out)
        XCTAssertEqual(again.badReminders, 0, out)
        return out
    }

    func add(_ typed: String) -> (inout TaskItem) throws -> Void {
        { t in try ReminderRequest.parse(typed, timeZone: utc)!.apply(to: &t, now: Self.now, timeZone: utc) }
    }

    func testACommentAfterAnEmptyListStays() throws {
        for (list, line) in [("reminders: []  # set from the phone", "reminders:  # set from the phone"), ("reminders: [ ] # set from the phone", "reminders: # set from the phone"),
                             ("reminders: []# set from the phone", "reminders: # set from the phone")] {
            let out = try written("---\ntitle: A\ndue: 2026-11-25T10:00:00Z\n\(list)\ntags: [x]\n---\n", add("-1h"))
            XCTAssertTrue(out.contains("\n\(line)\n  - id: rem_1\n    type: relative\n    relatedTo: due\n    offset: \"-PT1H\"\ntags: [x]\n"), "\(list):\n\(out)")
        }
        // Without a comment, as before: the list is written whole.
        let plain = try written("---\ntitle: A\ndue: 2026-11-25T10:00:00Z\nreminders: []\n---\n", add("-1h"))
        XCTAssertTrue(plain.contains("reminders:\n  - id: rem_1\n"), plain)
    }

    func testACommentUnderARemovedEntryStays() throws {
        let text = """
        ---
        title: A
        due: 2026-11-25T10:00:00Z
        reminders:
          - id: r1
            type: relative
            # the day before, for the tickets
            relatedTo: due
            offset: -P1D
            # the next one is the call
          - id: r2
            type: relative
            relatedTo: due
            offset: -PT1H
        ---

        """
        let out = try written(text) { $0.reminders.removeAll { $0.id == "r1" } }
        XCTAssertTrue(out.contains("reminders:\n    # the next one is the call\n  - id: r2\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n"), out)
        XCTAssertFalse(out.contains("for the tickets"), "a comment inside the entry goes with it: \(out)")
    }

    func testAFlowListOverSeveralLinesKeepsItsLines() throws {
        let text = """
        ---
        title: A
        due: 2026-11-25T10:00:00Z
        reminders: [
            {id: r1, type: relative, relatedTo: due, offset: -P1D},
            {id: r2, type: relative, relatedTo: due, offset: -PT1H},
            {id: r3, type: relative, relatedTo: due, offset: -PT5M}
          ]  # three
        ---

        """
        let added = try written(text, add("-30m"))
        XCTAssertTrue(added.contains("reminders: [\n    {id: r1, type: relative, relatedTo: due, offset: -P1D},\n    {id: r2, type: relative, relatedTo: due, offset: -PT1H},\n"
            + "    {id: r3, type: relative, relatedTo: due, offset: -PT5M},\n    {id: rem_4, type: relative, relatedTo: due, offset: -PT30M}\n  ]  # three\n"), added)
        let removedFirst = try written(text) { $0.reminders.removeFirst() }
        XCTAssertTrue(removedFirst.contains("reminders: [\n    {id: r2, type: relative, relatedTo: due, offset: -PT1H},\n"
            + "    {id: r3, type: relative, relatedTo: due, offset: -PT5M}\n  ]  # three\n"), removedFirst)
        let removedMiddle = try written(text) { $0.reminders.remove(at: 1) }
        XCTAssertTrue(removedMiddle.contains("reminders: [\n    {id: r1, type: relative, relatedTo: due, offset: -P1D},\n"
            + "    {id: r3, type: relative, relatedTo: due, offset: -PT5M}\n  ]  # three\n"), removedMiddle)
        // One line stays one line.
        let one = try written("---\ntitle: A\ndue: 2026-11-25T10:00:00Z\nreminders: [{id: r1, type: relative, relatedTo: due, offset: -P1D}]\n---\n", add("-1h"))
        XCTAssertTrue(one.contains("reminders: [{id: r1, type: relative, relatedTo: due, offset: -P1D}, {id: rem_2, type: relative, relatedTo: due, offset: -PT1H}]\n"), one)
    }

    /// Comments beside the entries of a `[…]` list stay beside their entries when one is added: a
    /// separator's comment is not copied to the new entry's, and a comment after the last entry stays on its line.
    func testCommentsBesideFlowEntriesStayWithTheirEntries() throws {
        let head = "---\ntitle: A\ndue: 2026-11-25T10:00:00Z\nreminders: [\n"
        let x1 = "{id: x1, type: relative, relatedTo: due, offset: -P1D}", x2 = "{id: x2, type: relative, relatedTo: due, offset: -PT1H}"
        let new = "{id: rem_3, type: relative, relatedTo: due, offset: -PT30M}"
        let cases: [(String, String)] = [
            (" \(x1),  # first\n \(x2)\n]\n", " \(x1),  # first\n \(x2),\n \(new)\n]\n"),
            (" \(x1),\n \(x2)   # second\n]\n", " \(x1),\n \(x2),   # second\n \(new)\n]\n"),
            ("  \(x1),  # first\n  \(x2)  # second\n  ]  # list\n", "  \(x1),  # first\n  \(x2),  # second\n  \(new)\n  ]  # list\n"),
        ]
        for (list, expected) in cases {
            let out = try written(head + list + "---\n", add("-30m"))
            XCTAssertTrue(out.contains("reminders: [\n" + expected), "\(list)\n→\n\(out)")
        }
    }
}
