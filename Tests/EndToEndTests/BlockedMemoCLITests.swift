import Foundation
import XCTest

/// A warm `list --json` whose listed tasks wait takes their `"blocked"` from the
/// cache's memo of the whole vault's blocked tasks (`BlockedMemo`), not from a read
/// of every task: over generated vaults with dependencies and sequential projects,
/// its output is byte for byte a full read's, and stays so when a file changes
/// or a project is made sequential.
final class BlockedMemoCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String], cache: String = "/.cache-test") throws -> Binary.Output {
        let out = try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"],
                                 env: ["XDG_CACHE_HOME": v.path + cache, "TODOMD_TRACE": "1", "TZ": "Europe/Berlin"])
        XCTAssertEqual(out.status, 0, out.stderr)
        return out
    }

    /// A full read: a cache of its own, emptied first.
    func fresh(_ v: TempVault, _ args: [String]) throws -> String {
        try? FileManager.default.removeItem(atPath: v.path + "/.cache-fresh")
        return try run(v, args, cache: "/.cache-fresh").stdout
    }

    func fromMemo(_ out: Binary.Output) -> Bool { out.stderr.contains("blocked from the cache's memo") }

    func testTheMemoAnswersAsAFullReadOverGeneratedVaults() throws {
        let questions: [[String]] = [
            ["list", "--json", "--perspective", "Work — Available Now"],
            ["list", "--json", "--where", "status = todo"],
            ["list", "--json", "--where", "area within Personal or flagged"],
        ]
        var memoAnswers = 0
        for seed in 1...2 {
            let v = TempVault()
            XCTAssertEqual(try Binary.run(["demo", v.path, "--count", "\(250 + 40 * seed)", "--seed", "\(seed)"]).status, 0)
            for q in questions {
                let expected = try fresh(v, q)
                XCTAssertTrue(expected.contains("\"blocked\":true"), "seed \(seed), \(q): a listed task waits")
                // The first run fills the cache; the next reads the whole vault once and keeps the memo; the last answers from it.
                var last: Binary.Output?
                for _ in 0..<3 {
                    let out = try run(v, q)
                    XCTAssertEqual(out.stdout, expected, "seed \(seed), \(q)")
                    last = out
                }
                if let last, fromMemo(last) { memoAnswers += 1 }
            }
            // A blocker done outside: another listing, the memo is no answer until made again.
            let done = try XCTUnwrap(try run(v, ["list", "--json", "--where", "blocked op=blocks_others"]).stdout
                .components(separatedBy: "\"id\":\"").dropFirst().first?.split(separator: "\"").first.map(String.init))
            let text = try String(contentsOfFile: v.path + "/" + done, encoding: .utf8)
            v.write(done, text.replacingOccurrences(of: "\nstatus: ", with: "\nstatus: done\nold_status: "))
            for q in questions {
                let expected = try fresh(v, q)
                for _ in 0..<2 { XCTAssertEqual(try run(v, q).stdout, expected, "seed \(seed), \(q), after \(done) was done") }
            }
            // Another project made sequential: the perspectives file's setting is part of the memo's question.
            XCTAssertEqual(try run(v, ["project", "Website Redesign", "--sequential"]).status, 0)
            for q in questions {
                let expected = try fresh(v, q)
                for _ in 0..<2 { XCTAssertEqual(try run(v, q).stdout, expected, "seed \(seed), \(q), Website sequential") }
            }
        }
        XCTAssertGreaterThanOrEqual(memoAnswers, 4, "warm runs answer from the memo")
    }
}
