import Foundation
import XCTest

/// `--where blocked` through the real binary on a vault with a chain (Alpha
/// waits for Beta, Beta for Gamma): the same answer from a cold run and from
/// the cache (whose columns hold no dependencies), and again once the
/// blocker is done.
final class BlockedRuleCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String]) throws -> String {
        let out = try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertEqual(out.status, 0, "\(args): \(out.stderr)")
        return out.stdout
    }

    func titles(_ list: String) -> [String] {
        list.split(separator: "\n").compactMap { line in line.split(separator: " ").dropFirst().first.map(String.init) }.sorted()
    }

    func testWhereBlockedFollowsTheChain() throws {
        let v = TempVault()
        v.write(["w/Alpha.md": "---\ntitle: Alpha\nstatus: todo\nblocked_by: [\"[[Beta]]\"]\n---\n",
                 "w/Beta.md": "---\ntitle: Beta\nstatus: todo\nblocked_by: [\"[[Gamma]]\"]\n---\n",
                 "w/Gamma.md": "---\ntitle: Gamma\nstatus: todo\n---\n",
                 "w/Delta.md": "---\ntitle: Delta\nstatus: todo\n---\n"])
        for _ in 0..<2 {  // (the second run with the cache written)
            XCTAssertEqual(titles(try run(v, ["list", "--where", "blocked"])), ["Alpha", "Beta"])
            XCTAssertEqual(titles(try run(v, ["list", "--where", "not (blocked)"])), ["Delta", "Gamma"])
            XCTAssertEqual(titles(try run(v, ["list", "--where", "not blocked"])), ["Delta", "Gamma"])
            XCTAssertEqual(titles(try run(v, ["list", "--where", "not blocked and not flagged"])), ["Delta", "Gamma"])
            XCTAssertEqual(titles(try run(v, ["list", "--where", "blocked op=blocks_others"])), ["Beta", "Gamma"])
            XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "2\n")
            XCTAssertEqual(try run(v, ["count", "--where", "blocked = false"]), "2\n")
        }
        v.write("w/Gamma.md", "---\ntitle: Gamma\nstatus: done\n---\n")
        XCTAssertEqual(titles(try run(v, ["list", "--where", "blocked"])), ["Alpha"])
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "1\n")
    }

    /// `count --where blocked`, the `"blocked"` of `list --json` and Today (which leaves
    /// blocked tasks out) agree, on a whole load and on the cache's narrowed answer, where
    /// a blocker may not be among the tasks matched.
    func testCountListAndTodayAgree() throws {
        let v = TempVault()
        v.write(["w/Alpha.md": "---\ntitle: Alpha\nstatus: todo\ndue: 2026-11-22\nblocked_by: [\"[[Beta]]\"]\n---\n",
                 "w/Beta.md": "---\ntitle: Beta\nstatus: in-progress\ndue: 2026-11-22\n---\n",
                 "w/Gamma.md": "---\ntitle: Gamma\nstatus: todo\ndue: 2026-11-22\nblocked_by: [\"[[Delta]]\"]\n---\n",
                 "w/Delta.md": "---\ntitle: Delta\nstatus: done\n---\n"])
        func blockedInJSON(_ args: [String]) throws -> [String] {
            let json = try run(v, ["list", "--json"] + args)
            return json.split(separator: "\n").filter { $0.contains("\"blocked\":true") }.compactMap { line in
                ["Alpha", "Beta", "Gamma", "Delta"].first { line.contains("\"title\":\"\($0)\"") }
            }.sorted()
        }
        for _ in 0..<2 {  // (the second run answered from the cache, narrowed to the tasks matched)
            XCTAssertEqual(try blockedInJSON([]), ["Alpha"])
            XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "1\n")
            XCTAssertEqual(try blockedInJSON(["--where", "status = todo"]), ["Alpha"], "Beta (its blocker) is not matched, Delta is done")
            XCTAssertEqual(try run(v, ["count", "--where", "blocked and status = todo"]), "1\n")
            XCTAssertEqual(titles(try run(v, ["list", "--perspective", "today"])), ["Beta", "Gamma"])
            XCTAssertEqual(try run(v, ["count", "--perspective", "today"]), "2\n")
        }
    }

    /// A rule typed for one command that cannot be read is refused (exit 2, nothing printed on
    /// stdout), where skipping it would have answered for every task.
    func testARuleThatCannotBeReadIsRefused() throws {
        let v = TempVault()
        v.write(["w/Alpha.md": "---\ntitle: Alpha\nstatus: todo\nblocked_by: [\"[[Beta]]\"]\n---\n", "w/Beta.md": "---\ntitle: Beta\nstatus: todo\n---\n"])
        let refused: [(String, String)] = [
            ("blocked = yes", "blocked equals: needs true or false"),
            ("blocked op=blocks_other", "unknown operator \"blocks_other\" for blocked"),
            ("blocked = falseblocked", "blocked equals: needs true or false"),
            ("due op=less_than today", "unknown operator \"less_than\" for due"),
            ("estimate <= 15", "'<=' compares dates only"),
            ("flagged and priority = urgentish", "priority"),
            ("nosuchfield = 3", "unknown field \"nosuchfield\""),
        ]
        for (rule, said) in refused {
            for command in ["count", "list"] {
                let out = try Binary.run([command, "--where", rule, "--vault", v.path], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
                XCTAssertEqual(out.status, 2, "\(command) --where \(rule): \(out.stdout)")
                XCTAssertEqual(out.stdout, "", rule)
                XCTAssertTrue(out.stderr.hasPrefix("todomd: --where: ") && out.stderr.contains(said), "\(rule): \(out.stderr)")
                XCTAssertFalse(out.stderr.contains("rule skipped"), out.stderr)
            }
        }
        // The README's example: symbols on a date read as the words.
        v.write("w/Due.md", "---\ntitle: Due\ndue: 2026-11-20\n---\n")
        let due = try Binary.run(["count", "--where", "due <= today", "--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertEqual(due.stdout, "1\n", due.stderr)
    }
}
