import Foundation
import XCTest

/// `todomd add "…"` reads the quick-add syntax; its options win.
final class QuickAddCLITests: XCTestCase {
    func run(_ vault: TempVault, _ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try Binary.run(["add"] + args + ["--vault", vault.path, "--today", "2026-11-23"])
        return (r.status, r.stdout, r.stderr)
    }

    /// `key: value` in the frontmatter, the value plain or quoted (YAML's choice).
    func has(_ file: String, _ key: String, _ value: String) -> Bool {
        ["\(value)", "'\(value)'", "\"\(value)\""].contains { file.contains("\n\(key): \($0)\n") }
    }

    func testEveryKindOfTokenLandsInTheFrontmatter() throws {
        let vault = TempVault()
        let r = try run(vault, ["Call Anna tomorrow 3pm #phone #work/q4 !high * +\"Q4 Report\" @Work ~1h30m sched fri defer 1 Dec"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "Added call-anna.md\n")
        let file = try XCTUnwrap(vault.text("call-anna.md"))
        for line in ["title: Call Anna", "status: todo", "priority: high", "flagged: true", "due: 2026-11-24T15:00", "scheduled: 2026-11-27",
                     "defer: 2026-12-01", "area: Work", "project: Q4 Report", "tags: [phone, work/q4]", "estimated_minutes: 90"] {
            XCTAssertTrue(file.contains("\n" + line + "\n"), "\(line) in\n\(file)")
        }
        let repeating = try run(vault, ["Water plants every 2 weeks on mon,thu"])
        XCTAssertEqual(repeating.status, 0, repeating.stderr)
        let plants = try XCTUnwrap(vault.text("water-plants.md"))
        XCTAssertTrue(has(plants, "recurrence", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"), plants)
        XCTAssertTrue(plants.contains("\nscheduled: 2026-11-23\n"), plants)
    }

    func testOptionsWinAndLiteralKeepsTheText() throws {
        let vault = TempVault()
        let r = try run(vault, ["Pay rent fri !low +Home #bills", "--due", "tomorrow", "--priority", "high", "--project", "Flat", "--tag", "money"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let file = try XCTUnwrap(vault.text("pay-rent.md"))
        for line in ["due: 2026-11-24", "priority: high", "project: Flat", "tags: [bills, money]"] {
            XCTAssertTrue(file.contains("\n" + line + "\n"), "\(line) in\n\(file)")
        }
        let literal = try run(vault, ["Read #1 tomorrow !", "--literal"])
        XCTAssertEqual(literal.status, 0, literal.stderr)
        let kept = try XCTUnwrap(vault.text("read-1-tomorrow.md"))
        XCTAssertTrue(has(kept, "title", "Read #1 tomorrow !"), kept)
        XCTAssertFalse(kept.contains("due:"), kept)
    }

    func testDryRunWritesNothingAndALineWithoutATitleIsRefused() throws {
        let vault = TempVault()
        let dry = try run(vault, ["Call Anna tomorrow 3pm #phone !high +Clients", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertEqual(dry.stdout, "Call Anna · due Tue 24 Nov 15:00 · #phone · high · +Clients\n")
        for line in ["tomorrow #phone", "   ", "!high", "Old task 2020-01-01"] {
            let r = try run(vault, [line])
            XCTAssertEqual(r.status, 2, "\(line): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("todomd: "), r.stderr)
            XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        }
        XCTAssertEqual(vault.contents().keys.filter { $0.hasSuffix(".md") }, [])
    }
}
