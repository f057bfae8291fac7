import Foundation
import XCTest

/// `list` and `count` answered from the cache's rule columns (only the
/// matching tasks are decoded), through the real binary: the same output as
/// a full read; files changed since are read and patched in; a file that
/// cannot be read sends every run to a full read.
final class CachedColumnsCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String]) throws -> Binary.Output {
        let out = try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"],
                                 env: ["XDG_CACHE_HOME": v.path + "/.cache-test", "TODOMD_TRACE": "1", "TZ": "Europe/Berlin"])
        XCTAssertEqual(out.status, 0, out.stderr)
        return out
    }

    func fromColumns(_ out: Binary.Output) -> Bool { out.stderr.contains("scan cached columns") }

    func testListAndCountFromTheColumnsMatchAFullRead() throws {
        let v = TempVault()
        // (Without dependencies: the columns hold none, so a rule on `blocked` reads the vault.)
        XCTAssertEqual(try Binary.run(["demo", v.path, "--count", "400", "--seed", "3", "--no-dependencies"]).status, 0)
        let questions: [[String]] = [
            ["list", "--json", "--perspective", "Work — Available Now"],
            ["list", "--perspective", "Flagged"],
            ["list", "--json", "--where", "tags has errands or due in next 14 days"],
            ["list", "--perspective", "Inbox", "--where", "priority = high"],
        ]
        let cold = try questions.map { try run(v, $0) }
        XCTAssertFalse(fromColumns(cold[0]), "the first read fills the cache: \(cold[0].stderr)")
        for (q, first) in zip(questions, cold) {
            let warm = try run(v, q)
            XCTAssertTrue(fromColumns(warm), "\(q): \(warm.stderr)")
            XCTAssertTrue(warm.stderr.contains("matching"), warm.stderr)
            XCTAssertEqual(warm.stdout, first.stdout, "\(q): the same tasks, order and groups")
            XCTAssertFalse(warm.stdout.isEmpty)
        }
        XCTAssertGreaterThan(cold[0].stdout.components(separatedBy: "\"id\":").count, 10, "the perspective matches tasks")

        // `count` (not memoised: a question not asked before) scans the columns and decodes nothing.
        let count = try run(v, ["count", "--where", "area within Work and status != done"])
        XCTAssertTrue(fromColumns(count), count.stderr)
        XCTAssertFalse(count.stderr.contains("matching"), "only counted: \(count.stderr)")
        let listed = try run(v, ["list", "--json", "--where", "area within Work and status != done"])
        XCTAssertEqual(Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)),
                       listed.stdout.components(separatedBy: "\"id\":").count - 1)

        // `perspectives` counts every perspective over the columns, with the same figures.
        let coldCounts = try run(v, ["perspectives", "--json"])
        XCTAssertTrue(coldCounts.stderr.contains("count cached columns"), coldCounts.stderr)
        v.write("bad.md", "---\ntitle: [oops\n---\n")
        let readAll = try run(v, ["perspectives", "--json"])
        XCTAssertFalse(readAll.stderr.contains("count cached columns"), "an unreadable file: the vault is read")
        try FileManager.default.removeItem(atPath: v.path + "/bad.md")
        XCTAssertEqual(readAll.stdout, coldCounts.stdout)
        XCTAssertTrue(coldCounts.stdout.contains("\"count\""))

        // `explain` counts each rule over the columns: the same lines as over the whole vault.
        let explained = try run(v, ["explain", "--perspective", "Work — Available Now"])
        XCTAssertTrue(explained.stderr.contains("count cached columns"), explained.stderr)
        v.write("bad.md", "---\ntitle: [oops\n---\n")
        let explainedAll = try run(v, ["explain", "--perspective", "Work — Available Now"])
        XCTAssertFalse(explainedAll.stderr.contains("count cached columns"))
        try FileManager.default.removeItem(atPath: v.path + "/bad.md")
        XCTAssertEqual(explained.stdout, explainedAll.stdout)
        XCTAssertTrue(explained.stdout.contains(" tasks · today is 2026-11-22"), explained.stdout)

        // A rule on the title reads every task.
        let titled = try run(v, ["list", "--json", "--where", "title contains a"])
        XCTAssertFalse(fromColumns(titled), titled.stderr)
        XCTAssertTrue(titled.stdout.contains("\"id\":"))
    }

    /// With nothing stored, `list`, `perspectives`, `explain` and `count`
    /// read every file without listing the vault first; what they store
    /// fits the next run, which answers from the columns with the same output.
    func testAFirstRunWithNothingStoredAnswersAsTheNextRunFromTheColumns() throws {
        let v = TempVault()
        XCTAssertEqual(try Binary.run(["demo", v.path, "--count", "300", "--seed", "9", "--no-dependencies"]).status, 0)
        let questions: [[String]] = [
            ["list", "--json", "--perspective", "Work — Available Now"],
            ["perspectives", "--json"],
            ["explain", "--perspective", "Work — Available Now"],
            ["count", "--perspective", "Flagged"],
        ]
        for q in questions {
            try? FileManager.default.removeItem(atPath: v.path + "/.cache-test")
            let cold = try run(v, q)
            let warm = try run(v, q)
            XCTAssertFalse(fromColumns(cold), "\(q): nothing stored yet: \(cold.stderr)")
            XCTAssertTrue(fromColumns(warm) || warm.stderr.contains("count cached columns") || warm.stderr.contains("memoised count"),
                          "\(q): the next run answers from what the first stored: \(warm.stderr)")
            XCTAssertEqual(warm.stdout, cold.stdout, "\(q)")
            XCTAssertFalse(cold.stdout.isEmpty)
        }
    }

    func testAChangeOnDiskIsReadBeforeTheColumnsAnswerAgain() throws {
        let v = TempVault()
        v.write("a.md", "---\ntitle: Alpha\nflagged: true\n---\n")
        v.write("b.md", "---\ntitle: Beta\n---\n")
        v.write("work/c.md", "---\ntitle: Gamma\nflagged: true\ntags: [x]\n---\nnotes\n")
        let flagged = ["list", "--where", "flagged"]
        _ = try run(v, flagged)
        let warm = try run(v, flagged)
        XCTAssertTrue(fromColumns(warm))
        XCTAssertTrue(warm.stdout.contains("Alpha") && warm.stdout.contains("Gamma") && !warm.stdout.contains("Beta"), warm.stdout)

        // Another program flags b.md and unflags a.md (in place, same size for a.md).
        v.write("b.md", "---\ntitle: Beta\nflagged: true\n---\n")
        v.write("a.md", "---\ntitle: Alpha\nflagged: no  \n---\n")
        let changed = try run(v, flagged)
        XCTAssertTrue(changed.stderr.contains("scan cached columns (2 files differ from the snapshot)"),
                      "the two files are read and their rows patched: \(changed.stderr)")
        XCTAssertTrue(changed.stdout.contains("Beta") && !changed.stdout.contains("Alpha"), changed.stdout)
        let again = try run(v, flagged)
        XCTAssertTrue(fromColumns(again), again.stderr)
        XCTAssertEqual(again.stdout, changed.stdout)
        XCTAssertEqual(try run(v, ["count", "--where", "tags has x"]).stdout, "1\n")

        // A file removed, and one that cannot be read.
        try FileManager.default.removeItem(atPath: v.path + "/work/c.md")
        v.write("bad.md", "---\ntitle: [oops\n---\n")
        for _ in 0..<2 {
            let out = try run(v, flagged)
            XCTAssertFalse(fromColumns(out), "an unreadable file is read (and reported) each time")
            XCTAssertTrue(out.stderr.contains("1 unreadable file"), out.stderr)
            XCTAssertTrue(out.stdout.contains("Beta") && !out.stdout.contains("Gamma"), out.stdout)
        }
        // The files on disk are what the other program wrote.
        XCTAssertEqual(v.text("a.md"), "---\ntitle: Alpha\nflagged: no  \n---\n")
    }

    func testEveryPathOfCountAndExplainGivesTheSameWarnings() throws {
        let v = TempVault()
        for i in 0..<12 { v.write("t\(i).md", "---\ntitle: Task \(i)\nflagged: \(i % 2 == 0)\n---\n") }
        // A perspective whose sort field and grouping this program does not know.
        v.write(".perspectives.json", """
        {"version": 1, "perspectives": {"odd": {"id": "odd", "name": "Odd", "sort": {"field": "mood", "direction": "asc"}, "group_by": "weather",
         "rules": {"operator": "AND", "conditions": [{"field": "flagged", "op": "equals", "value": true}]}}}}
        """)
        let want = ["Odd: sort: unknown sort field \"mood\"", "Odd: group_by: unknown grouping \"weather\""]
        func warnings(_ out: Binary.Output) -> [String] { out.stderr.split(separator: "\n").filter { $0.contains("warning: Odd") }.map(String.init) }
        let full = try run(v, ["count", "--perspective", "Odd"])  // no cache yet: the vault is read
        let columns = try run(v, ["count", "--perspective", "Odd", "--where", "status != done"])  // not asked before: the columns
        let memoised = try run(v, ["count", "--perspective", "Odd"])  // asked before, nothing changed
        XCTAssertFalse(fromColumns(full), full.stderr)
        XCTAssertTrue(fromColumns(columns), columns.stderr)
        XCTAssertTrue(memoised.stderr.contains("memoised count"), memoised.stderr)
        for out in [full, columns, memoised] {
            XCTAssertEqual(out.stdout, "6\n")
            for w in want { XCTAssertTrue(warnings(out).contains { $0.contains(w) }, "\(w) in \(out.stderr)") }
        }
        XCTAssertEqual(warnings(full), warnings(memoised))
        let explained = try run(v, ["explain", "--perspective", "Odd"])
        XCTAssertTrue(explained.stderr.contains("count cached columns"), explained.stderr)
        XCTAssertEqual(warnings(explained), warnings(full))
        let listed = try run(v, ["list", "--perspective", "Odd"])
        XCTAssertEqual(warnings(listed), warnings(full))
    }
}
