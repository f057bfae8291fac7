import Foundation
import XCTest

/// `todomd add … remind …` and `modify --remind` as a new user meets them:
/// a `+1h` refused the same way by both, compound offsets, a duplicate
/// refused, the file's other entries kept byte for byte, and `none` as the
/// way out of a list holding an entry todomd cannot read.
final class ReminderWriteCLITests: XCTestCase {
    func run(_ vault: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", vault.path, "--today", "2026-11-23"])
    }

    func testAddRefusesAPlusAsModifyDoesAndWritesNothing() throws {
        let vault = TempVault()
        vault.write(["a.md": "---\ntitle: Call\ndue: 2099-11-24T10:00:00Z\n---\n"])
        let modify = try run(vault, ["modify", "a.md", "--remind", "+1h"])
        let reason = "'+1h' is not a reminder: an offset takes no + (1h is an hour after the due date, -1h an hour before"
        XCTAssertTrue(modify.stderr.contains("--remind: " + reason), modify.stderr)
        for line in ["Call Bob remind +1h", "Call Bob fri 10am remind +1h", "Call Bob remind due+30m"] {
            let add = try run(vault, ["add", line])
            XCTAssertNotEqual(add.status, 0, line)
            XCTAssertTrue(add.stderr.contains("remind: '"), add.stderr)
            XCTAssertTrue(add.stderr.contains("is not a reminder: an offset takes no + (1h is an hour after the due date"), add.stderr)
            XCTAssertNil(vault.text("call-bob.md"), "nothing written: \(line)")
            let dry = try run(vault, ["add", "--dry-run", line])
            XCTAssertNotEqual(dry.status, 0, line)
        }
        // A plain word after remind stays title.
        let plain = try run(vault, ["add", "--dry-run", "Remind Bob about lunch"])
        XCTAssertEqual(plain.stdout, "Remind Bob about lunch\n")
        // What the add refuses, its dry run refuses with the same words; what it takes, the dry run prints.
        for (line, refused) in [("Email Dan remind -1h", "give it a due date first"), ("Call Carl fri 10am remind -1h remind -60m", "already has a reminder 1h before due"),
                                ("Call Carl fri 10am remind -1h", nil)] {
            let add = try run(vault, ["add", "--dry-run", line])
            let real = try run(vault, ["add", line])
            if let refused {
                XCTAssertNotEqual(add.status, 0, line)
                XCTAssertTrue(add.stderr.contains(refused) && real.stderr.contains(refused), "\(line): \(add.stderr) / \(real.stderr)")
            } else {
                XCTAssertEqual(add.status, 0, add.stderr)
                XCTAssertTrue(add.stdout.contains("remind 1h before due"), add.stdout)
                XCTAssertEqual(real.status, 0, real.stderr)
            }
        }
    }

    func testCompoundOffsetsAndDuplicates() throws {
        let vault = TempVault()
        let out = try run(vault, ["add", "Call Anna fri 10am remind -1h30m remind -1d2h"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let file = try XCTUnwrap(vault.text("call-anna.md"))
        XCTAssertTrue(file.contains("offset: \"-PT1H30M\"") && file.contains("offset: \"-P1DT2H\""), file)
        // The same reminder again, however typed: refused, nothing written, exit non-zero.
        for again in ["-1h30m", "-90m", "-PT1H30M"] {
            let dup = try run(vault, ["modify", "call-anna.md", "--remind", again])
            XCTAssertNotEqual(dup.status, 0, again)
            XCTAssertTrue(dup.stderr.contains("call-anna.md: --remind: the task already has a reminder 1h30m before due"), dup.stderr)
            XCTAssertEqual(vault.text("call-anna.md"), file, again)
        }
        let twice = try run(vault, ["add", "Ring Bob fri remind -1h remind -60m"])
        XCTAssertNotEqual(twice.status, 0)
        XCTAssertTrue(twice.stderr.contains("remind: the task already has a reminder 1h before due"), twice.stderr)
        XCTAssertNil(vault.text("ring-bob.md"))
        // A missing date is said with the command line's own way to set it.
        let noDue = try run(vault, ["add", "Ring Bob remind -1h"])
        XCTAssertTrue(noDue.stderr.contains("(give it a due date first: fri 10am in the text, or --due)"), noDue.stderr)
        let ok = try run(vault, ["add", "Ring Bob remind -1h", "--due", "fri"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }

    /// A list written by hand: flow maps, single quotes, comments, an entry todomd cannot read.
    func testOtherEntriesAreKeptByteForByteAndNoneIsTheWayOut() throws {
        let vault = TempVault()
        let list = "reminders:\n  # mine\n  - {id: early, type: relative, relatedTo: due, offset: '-P1D'}  # the day before\n"
            + "  - id: odd\n    type: sometimes\n"
            + "  - id: 'call'\n    type: absolute\n    absoluteTime: '2099-11-24T09:00:00Z'\n    # keep this note\n"
        let original = "---\ntitle: Call\ndue: 2099-11-24T10:00:00Z\n" + list + "---\nBody.\n"
        vault.write(["a.md": original])
        let add = try run(vault, ["modify", "a.md", "--remind", "-1h30m"])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertTrue(add.stderr.contains("a.md: 1 reminder entry todomd cannot read is kept as written"), add.stderr)
        var file = try XCTUnwrap(vault.text("a.md"))
        // The new entry in the shape of the entries before it: a block map like the last, quoted as they quote.
        XCTAssertTrue(file.contains("\n" + list + "  - id: rem_4\n    type: relative\n    relatedTo: due\n    offset: '-PT1H30M'\nmodified: "), file)
        // Another change leaves the list alone; a duplicate of a kept entry is refused.
        let dup = try run(vault, ["modify", "a.md", "--remind", "-1d"])
        XCTAssertNotEqual(dup.status, 0)
        XCTAssertTrue(dup.stderr.contains("the task already has a reminder 1d before due"), dup.stderr)
        XCTAssertEqual(vault.text("a.md"), file)
        // `none` removes every entry, the unreadable one too, and the key.
        let none = try run(vault, ["modify", "a.md", "--remind", "none"])
        XCTAssertEqual(none.status, 0, none.stderr)
        file = try XCTUnwrap(vault.text("a.md"))
        XCTAssertFalse(file.contains("reminders") || file.contains("odd") || file.contains("# mine"), file)
        XCTAssertTrue(file.hasPrefix("---\ntitle: Call\ndue: 2099-11-24T10:00:00Z\n") && file.hasSuffix("---\nBody.\n"), file)
        XCTAssertTrue(none.stdout.contains("changed: a.md: an unreadable reminder entry removed, reminders none"), none.stdout)
        let problems = try run(vault, ["problems"])
        XCTAssertFalse(problems.stdout.contains("a.md"), problems.stdout)
        // A `reminders:` that is no list at all is removed by `none` too, and the line says so (not "unchanged").
        for value in ["soon", "\"-PT15M\"", "42"] {
            let text = "---\ntitle: B\ndue: 2099-11-24\nreminders: \(value)\n---\n"
            vault.write(["b.md": text])
            let cleared = try run(vault, ["modify", "b.md", "--remind", "none"])
            XCTAssertEqual(cleared.status, 0, cleared.stderr)
            XCTAssertTrue(cleared.stdout.contains("changed: b.md: an unreadable reminder entry removed"), "\(value): \(cleared.stdout)")
            XCTAssertFalse(try XCTUnwrap(vault.text("b.md")).contains("reminders"), value)
        }
    }
}
