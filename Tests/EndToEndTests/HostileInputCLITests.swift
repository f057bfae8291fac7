import Foundation
import XCTest

/// Numbers past 32 and 64 bits and names past 255 bytes through the real
/// binary (`done`, `skip`, `show`, `add`) and the conformance bridge: each
/// command ends (no signal) with an answer or a clear refusal, and a refused
/// command leaves every file byte for byte as it was.
final class HostileInputCLITests: XCTestCase {
    /// Numbers at and past the 32- and 64-bit edges, of either sign.
    static let numbers = ["2147483647", "2147483648", "-2147483649", "4294967297", "9223372036854775807",
                          "-9223372036854775808", "9223372036854775808", "-9223372036854775809", "99999999999999999999"]
    /// Fewer for the commands run once each (the engine tests sweep them all).
    static let commandNumbers = ["4294967297", "9223372036854775807", "-9223372036854775808", "99999999999999999999"]
    /// Every numeric part of a rule, `#` for the number.
    static let parts = ["FREQ=DAILY;INTERVAL=#", "FREQ=WEEKLY;INTERVAL=#;BYDAY=MO", "FREQ=DAILY;COUNT=#", "FREQ=MONTHLY;BYMONTHDAY=#",
                        "FREQ=YEARLY;BYMONTH=#", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=#", "FREQ=MONTHLY;BYDAY=#MO", "FREQ=YEARLY;BYWEEKNO=#",
                        "FREQ=YEARLY;BYYEARDAY=#", "FREQ=DAILY;BYHOUR=#"]

    /// Runs the binary and fails the test when it ends by a signal (a trap is SIGILL or SIGTRAP).
    func run(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Binary.Output {
        let ended = try Binary.run(args)
        XCTAssertFalse(ended.signalled, "\(args.joined(separator: " ")) ended by signal \(ended.status): \(ended.stderr.suffix(300))",
                       file: file, line: line)
        return ended
    }

    /// The id `add` reports ("Added <id>").
    func addedID(_ stdout: String) -> String? {
        guard let first = stdout.split(separator: "\n").first, first.hasPrefix("Added ") else { return nil }
        return String(first.dropFirst(6))
    }

    func testEveryHostileNumberInARuleThroughDoneSkipAndShow() throws {
        let vault = TempVault()
        var ids: [(String, String)] = []
        for (i, part) in Self.parts.enumerated() {
            for (j, n) in Self.commandNumbers.enumerated() {
                let rule = part.replacingOccurrences(of: "#", with: n)
                let id = "r\(i)-\(j).md"
                vault.write(id, "---\ntitle: Rule \(i) \(j)\nrecurrence: \(rule)\nscheduled: 2026-11-23\n---\n")
                ids.append((id, rule))
            }
        }
        // Valid rules whose next occurrence lies past 9999: refused too.
        for (k, (rule, day)) in [("FREQ=YEARLY;INTERVAL=10000", "2026-11-23"), ("FREQ=DAILY", "9999-12-31"),
                                 ("every 10000 weeks", "9900-01-04")].enumerated() {
            let id = "far\(k).md"
            vault.write(id, "---\ntitle: Far \(k)\nrecurrence: \(rule)\nscheduled: \(day)\n---\n")
            ids.append((id, rule))
        }
        let base = ["--vault", vault.path, "--today", "2026-11-23"]
        var refused = 0
        for (id, rule) in ids {
            let show = try run(base + ["show", id])
            XCTAssertEqual(show.status, 0, "\(rule): \(show.stderr)")
            XCTAssertTrue(show.stdout.contains("Rule") || show.stdout.contains("Far"), show.stdout)
            for command in ["done", "skip"] {
                let before = vault.contents()
                let out = try run(base + [command, id])
                if out.status != 0 {
                    refused += 1
                    XCTAssertEqual(vault.contents(), before, "\(command) \(rule): refused, so nothing written")
                    XCTAssertTrue(out.stderr.contains("not valid") || out.stderr.contains("after the year 9999"), "\(rule): \(out.stderr)")
                    XCTAssertLessThan(out.stderr.utf8.count, 600, out.stderr)
                }
            }
        }
        XCTAssertEqual(refused, ids.count * 2, "every one of these rules is out of range or runs past 9999")
    }

    func testQuickAddEveryNPastTheBoundsAddsATaskThatCanBeDone() throws {
        let vault = TempVault()
        let base = ["--vault", vault.path, "--today", "2026-11-23"]
        var n = 0
        for number in Self.commandNumbers + ["10000", "10001"] {
            for unit in ["days", "weeks", "months", "years", "weeks on mon"] {
                n += 1
                let title = "Hostile \(n) every \(number) \(unit)"
                let add = try run(base + ["add", title])
                XCTAssertEqual(add.status, 0, "\(title): \(add.stderr)")
                let id = try XCTUnwrap(addedID(add.stdout), add.stdout)
                let text = try XCTUnwrap(vault.text(id), add.stdout)
                if number == "10000" {
                    XCTAssertTrue(text.contains("recurrence:"), text)
                } else {
                    XCTAssertFalse(text.contains("recurrence:"), "past the largest interval the words are the title's: \(text)")
                    XCTAssertTrue(text.contains(number), text)
                }
                let before = vault.contents()
                let done = try run(base + ["done", id])
                if done.status != 0 {
                    XCTAssertTrue(done.stderr.contains("after the year 9999"), done.stderr)
                    XCTAssertEqual(vault.contents(), before)
                }
            }
        }
    }

    func testABacklogIdPast64BitsIsSkippedWhenAdding() throws {
        for number in Self.numbers where !number.hasPrefix("-") {
            let vault = TempVault()
            vault.write("backlog/config.yml", "project_name: \"Demo\"\ndefault_status: \"To Do\"\nstatuses: [\"To Do\", \"Done\"]\nlabels: []\n")
            vault.write("backlog/tasks/task-\(number) - Big.md", "---\nid: task-\(number)\ntitle: Big\nstatus: To Do\n---\n")
            let add = try run(["--vault", vault.path, "add", "Next one"])
            XCTAssertEqual(add.status, 0, "task-\(number): \(add.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/backlog/tasks")
            let expected = Int(number).map { $0 <= 999_999_999 ? $0 + 1 : 1 } ?? 1
            XCTAssertTrue(names.contains("task-\(expected) - Next-one.md"), "\(number): \(names)")
        }
    }

    /// Titles past 255 bytes in several scripts, added to each kind of vault: each gets a name that fits.
    func testLongTitlesInOtherScriptsAreAddedInEveryKindOfVault() throws {
        let titles = [String(repeating: "漢", count: 90), String(repeating: "漢", count: 100), String(repeating: "😀", count: 64),
                      String(repeating: "e\u{301}", count: 100), String(repeating: "👍🏽", count: 40), String(repeating: "한", count: 86)]
        let kinds: [(String, [(String, String)])] = [
            ("todomd", []),
            ("TaskNotes", [(".obsidian/plugins/tasknotes/data.json", #"{"tasksFolder": "TaskNotes/Tasks", "storeTitleInFilename": true}"#)]),
            ("Backlog.md", [("backlog/config.yml", "project_name: \"Demo\"\ndefault_status: \"To Do\"\nstatuses: [\"To Do\", \"Done\"]\n")]),
        ]
        for (kind, setup) in kinds {
            let vault = TempVault()
            for (id, text) in setup { vault.write(id, text) }
            for title in titles {
                let add = try run(["--vault", vault.path, "add", title])
                XCTAssertEqual(add.status, 0, "\(kind) / \(title.prefix(3)): \(add.stderr)")
                let id = try XCTUnwrap(addedID(add.stdout), add.stdout)
                let name = (id as NSString).lastPathComponent
                XCTAssertLessThanOrEqual(name.utf8.count, 255, name)
                XCTAssertNotNil(vault.text(id), "\(kind): \(add.stdout)")
                let show = try run(["--vault", vault.path, "show", id])
                XCTAssertEqual(show.status, 0, show.stderr)
            }
        }
    }

    var bridge: String { (Binary.path as NSString).deletingLastPathComponent + "/todomd-tasknotes-bridge" }

    func testTheBridgeAnswersBlankHugeAndHostileLinesWithBoundedErrors() throws {
        let huge = String(repeating: "9", count: 1_000_000)
        var lines: [String] = ["", "   ", "\t"]
        lines.append(#"{"operation": "recurrence.complete", "input": {"recurrence": "FREQ=DAILY;INTERVAL="# + huge + #"", "scheduled": "2026-11-23", "completionDate": "2026-11-23"}}"#)
        lines.append(#"{"operation": "no.such."# + huge + #"", "input": {}}"#)
        lines.append(#"{"operation": "recurrence.effective_state", "input": {"targetDate": ""# + huge + #""}}"#)
        for part in Self.parts {
            for n in Self.numbers {
                let rule = part.replacingOccurrences(of: "#", with: n)
                for op in ["recurrence.complete", "recurrence.recalculate"] {
                    lines.append(#"{"operation": ""# + op + #"", "input": {"recurrence": ""# + rule + #"", "scheduled": "2026-11-23", "completionDate": "2026-11-23", "referenceDate": "2026-11-23"}}"#)
                }
            }
        }
        lines.append(#"{"operation": "meta.has_profile", "input": {"profile": "recurrence"}}"#)
        let answers = try ConformanceRunner.run(bridge: bridge, lines: lines.map { Data($0.utf8) })
        XCTAssertEqual(answers.count, lines.count, "one answer a line, blank ones too")
        for (line, answer) in zip(lines, answers).dropLast() {
            XCTAssertEqual(answer["ok"] as? Bool, false, String(line.prefix(200)))
            let error = try XCTUnwrap(answer["error"] as? String)
            XCTAssertLessThan(error.utf8.count, 1_000, "the error quotes a bounded part: \(error.prefix(200))")
            let details = try XCTUnwrap(answer["error_details"] as? [String: Any])
            XCTAssertLessThan(String(describing: details).utf8.count, 2_000)
        }
        XCTAssertEqual(answers.last?["ok"] as? Bool, true, "the bridge goes on after them")
    }

    func testTheBridgeRefusesALinePastItsLimitAndGoesOn() throws {
        // 20 MiB on one line: past the 16 MiB bound, read past without being held whole.
        let value = String(repeating: "x", count: 20 << 20)
        let long = #"{"operation": "meta.claim", "input": {"pad": ""# + value + #""}}"#
        let answers = try ConformanceRunner.run(bridge: bridge, lines: [Data(long.utf8), Data(#"{"operation": "meta.claim", "input": {}}"#.utf8)])
        XCTAssertEqual(answers.count, 2)
        XCTAssertEqual(answers.first?["ok"] as? Bool, false)
        let error = try XCTUnwrap(answers.first?["error"] as? String)
        XCTAssertTrue(error.contains("past the bridge's limit"), error)
        XCTAssertLessThan(error.utf8.count, 300)
        XCTAssertEqual(answers.last?["ok"] as? Bool, true)
    }
}
