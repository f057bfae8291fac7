import Foundation
import XCTest

final class CLITests: XCTestCase {
    func testDemoOf5000ThenCountPrints5000() throws {
        let vault = TempVault()
        let demo = try Binary.run(["demo", vault.path, "--count", "5000", "--seed", "11"])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        let count = try Binary.run(["count", "--vault", vault.path])
        XCTAssertEqual(count.status, 0, count.stderr)
        XCTAssertEqual(count.stdout, "5000\n")
        XCTAssertEqual(count.stderr, "", "a demo vault has no unreadable files")
    }

    func testSameSeedWritesTheSameFiles() throws {
        let a = TempVault(), b = TempVault()
        try Binary.run(["demo", a.path, "--count", "120", "--seed", "5", "--today", "2026-11-21"])
        try Binary.run(["demo", b.path, "--count", "120", "--seed", "5", "--today", "2026-11-21"])
        XCTAssertEqual(a.contents(), b.contents())
        XCTAssertEqual(a.contents().keys.filter { $0.hasSuffix(".md") }.count, 120)
    }

    func testAddShowDoneAndListJSON() throws {
        let vault = TempVault()
        let add = try Binary.run(["add", "Book flights ✈️", "--due", "fri", "--priority", "high", "--area", "Travel",
                                  "--project", "Japan Trip", "--tag", "errand", "--tag", "phone", "--flag",
                                  "--vault", vault.path, "--today", "2026-11-22"])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertEqual(add.stdout, "Added book-flights.md\n")
        let file = vault.text("book-flights.md")!
        XCTAssertTrue(file.hasPrefix("---\ntitle: Book flights ✈️\nstatus: todo\npriority: high\nflagged: true\ndue: 2026-11-27\ncreated: "), file)
        XCTAssertTrue(file.contains("\narea: Travel\nproject: Japan Trip\ntags: [errand, phone]\n---\n"), file)

        let show = try Binary.run(["show", "book-flights", "--vault", vault.path])
        XCTAssertEqual(show.status, 0)
        XCTAssertTrue(show.stdout.hasPrefix("Book flights ✈️\n"))
        XCTAssertTrue(show.stdout.contains("\n  due                2026-11-27\n"), show.stdout)

        let done = try Binary.run(["done", "book-flights.md", "--vault", vault.path])
        XCTAssertEqual(done.status, 0, done.stderr)
        let after = vault.text("book-flights.md")!
        XCTAssertTrue(after.contains("status: done\n"))
        XCTAssertTrue(after.contains("\ncompleted: "))

        let list = try Binary.run(["list", "--json", "--vault", vault.path])
        let array = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(array.count, 1)
        let row = array[0]
        for key in ["id", "title", "status", "priority", "flagged", "due", "scheduled", "defer", "area", "project", "tags", "group"] {
            XCTAssertNotNil(row[key], "missing key \(key)")
        }
        XCTAssertEqual(row["status"] as? String, "done")
        XCTAssertEqual(row["tags"] as? [String], ["errand", "phone"])
        XCTAssertTrue(row["scheduled"] is NSNull)
    }

    func testErrorsAreOneLineExitTwoAndWriteNothing() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: A\n---\n")
        vault.write("bad.md", "---\ntitle: [oops\n---\n")
        let before = vault.contents()
        let cases: [[String]] = [
            ["count", "--vault", vault.path + "/missing"],
            ["count", "--bogus"],
            ["list", "--vault", vault.path, "--today", "yesterday-ish"],
            ["done", "nope.md", "--vault", vault.path],
            ["done", "bad.md", "--vault", vault.path],
            ["show", "nope", "--vault", vault.path],
            ["add", "   ", "--vault", vault.path],
            ["add", "Late", "--due", "2020-01-01", "--vault", vault.path],
            ["add", "Odd", "--due", "someday", "--vault", vault.path],
            ["add", "Odd", "--priority", "huge", "--vault", vault.path],
            ["add", "x", "--vault", vault.path + "/a.md"],
        ]
        for args in cases {
            let r = try Binary.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("todomd: "), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, "one line: \(args): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(args)")
        }
        XCTAssertEqual(vault.contents(), before)
    }

    func testUnreadableFilesAreReportedButDoNotStopList() throws {
        let vault = TempVault()
        vault.write("good.md", "---\ntitle: Good\n---\n")
        vault.write("bad.md", "---\ntitle: [unclosed\n---\n")
        let r = try Binary.run(["list", "--vault", vault.path])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("Good"))
        XCTAssertFalse(r.stdout.contains("bad.md"))
        XCTAssertTrue(r.stderr.contains("bad.md"), r.stderr)
        let problems = try Binary.run(["problems", "--vault", vault.path])
        XCTAssertEqual(problems.status, 1, "a problem listed: exit 1")
        XCTAssertTrue(problems.stdout.hasPrefix("unreadable: bad.md: invalid YAML frontmatter"), problems.stdout)
        vault.write("bad.md", "---\ntitle: fixed\n---\n")
        let none = try Binary.run(["problems", "--vault", vault.path])
        XCTAssertEqual(none.stdout, "No problems.\n")
        XCTAssertEqual(none.status, 0)
    }

    func testDefaultVaultIsCreatedOnFirstUse() throws {
        let home = TempVault()
        let path = home.path + "/todo.md"
        let r = try Binary.run(["count"], env: ["TODOMD_VAULT": path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "1\n")
        XCTAssertTrue(r.stderr.contains("created a new vault at \(path)"), r.stderr)
        let again = try Binary.run(["count"], env: ["TODOMD_VAULT": path])
        XCTAssertEqual(again.stderr, "")
        let viaHome = try Binary.run(["count"], env: ["TODOMD_VAULT": "", "HOME": home.path + "/h"])
        XCTAssertEqual(viaHome.stdout, "1\n", viaHome.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/h/todo.md/welcome-to-todomd.md"))
    }
    /// The arguments are parsed without swift-argument-parser's completion-script
    /// check (`Todomd.skipsCompletionCheck`): help, usage, errors and the scripts
    /// must read as they always did, and a script asked for must still come.
    func testHelpUsageErrorsAndCompletionScriptsReadAsBefore() throws {
        let help = try Binary.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("\nUSAGE: todomd [--vault <vault>] [--today <today>] [--screen-reader] <subcommand>\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("See 'todomd help <subcommand>' for detailed help."), help.stdout)
        for args in [["count", "--help"], ["help", "count"], ["count", "-h"]] {
            let sub = try Binary.run(args)
            XCTAssertEqual(sub.status, 0, "\(args)")
            XCTAssertTrue(sub.stdout.hasPrefix("OVERVIEW: Print the number of matching tasks.\n"), "\(args): \(sub.stdout)")
            XCTAssertTrue(sub.stdout.contains("\nUSAGE: todomd count [--vault <vault>]"), "\(args): \(sub.stdout)")
        }
        let unknown = try Binary.run(["count", "--bogus"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "todomd: Unknown option '--bogus'\n")
        let typo = try Binary.run(["lst"])
        XCTAssertEqual(typo.stderr, "todomd: Unexpected argument 'lst'\n")
        for (args, start) in [(["--generate-completion-script", "bash"], "#!/bin/bash"),
                              (["--generate-completion-script=zsh"], "#compdef todomd"),
                              (["count", "--generate-completion-script", "fish"], "")] {
            let script = try Binary.run(args)
            XCTAssertEqual(script.status, 0, "\(args): \(script.stderr)")
            XCTAssertTrue(script.stdout.hasPrefix(start) && script.stdout.contains("todomd"), "\(args): \(script.stdout.prefix(200))")
            XCTAssertGreaterThan(script.stdout.count, 500, "\(args)")
        }
        let dump = try Binary.run(["--experimental-dump-help"])
        let tree = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        let command = tree?["command"] as? [String: Any]
        XCTAssertEqual(command?["commandName"] as? String, "todomd")
        XCTAssertNil(command?["superCommands"], "no super-command in the dumped help")
    }
}

extension CLITests {
    /// `list` says a done or cancelled task's passed due date as past, never overdue (no `!`); an open one's is overdue.
    func testListNeverCallsAClosedTaskOverdue() throws {
        let vault = TempVault()
        vault.write("paid.md", "---\ntitle: Pay the rent\ndue: 2026-11-14\nstatus: done\n---\n")
        vault.write("dropped.md", "---\ntitle: Book the hall\ndue: 2026-11-10\nstatus: cancelled\n---\n")
        vault.write("late.md", "---\ntitle: File the claim\ndue: 2026-11-19\n---\n")
        let r = try Binary.run(["list", "--vault", vault.path, "--today", "2026-11-22"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let paid = try XCTUnwrap(lines.first { $0.contains("Pay the rent") }, r.stdout)
        XCTAssertTrue(paid.contains("due 2026-11-14 (8d ago)") && !paid.contains("overdue") && !paid.contains(" !"), paid)
        let dropped = try XCTUnwrap(lines.first { $0.contains("Book the hall") }, r.stdout)
        XCTAssertTrue(dropped.contains("due 2026-11-10 (12d ago)") && !dropped.contains("overdue") && !dropped.contains(" !"), dropped)
        let late = try XCTUnwrap(lines.first { $0.contains("File the claim") }, r.stdout)
        XCTAssertTrue(late.contains("due 2026-11-19 (3d overdue) !"), late)
    }
}
