import Foundation
import XCTest

/// Hostile input through the real binary: YAML alias bombs in a task file and
/// in each file a profile is read from, and rules nested past reason. Every
/// run ends by itself (no signal), answers or refuses clearly, stays within
/// a memory bound, and leaves refused files byte-identical.
final class HostileInputEndToEndTests: XCTestCase {
    /// Peak resident memory allowed for one command (an empty vault's command takes tens of MB).
    static let peakBoundKB = 300_000

    /// A "billion laughs": `levels` anchors, each a list of `fanOut` aliases of the one before.
    static func laughs(fanOut: Int, levels: Int) -> String {
        var out = "l0: &l0 [" + Array(repeating: "lol", count: fanOut).joined(separator: ", ") + "]\n"
        for level in 1..<levels {
            out += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: fanOut).joined(separator: ", ") + "]\n"
        }
        return out
    }

    /// The bombs: the issue's nine by nine, a seven by seven, block lists, and merge keys.
    static let bombs: [(name: String, yaml: String)] = [
        ("9 levels of 9", laughs(fanOut: 9, levels: 9)),
        ("7 levels of 7", laughs(fanOut: 7, levels: 7)),
        ("20 levels of 2", laughs(fanOut: 2, levels: 20)),
        ("block lists", "a: &a\n" + (0..<10).map { _ in "  - lol\n" }.joined()
            + (1..<8).map { l in "l\(l): &l\(l)\n" + (0..<10).map { _ in "  - *\(l == 1 ? "a" : "l\(l - 1)")\n" }.joined() }.joined()),
        ("merge keys", "m0: &m0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8}\n"
            + (1..<9).map { l in "m\(l): &m\(l) {" + (0..<8).map { "k\($0): *m\(l - 1)" }.joined(separator: ", ") + "}\n" }.joined()),
    ]

    func assertEndedWithin(_ r: MeasuredRun.Result, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(r.timedOut, "\(what): still running after the guard's time", file: file, line: line)
        XCTAssertNil(r.signal, "\(what): ended by signal \(r.signal ?? 0)\n\(r.stderr.prefix(500))", file: file, line: line)
        XCTAssertLessThan(r.peakKB, Self.peakBoundKB, "\(what): peak memory \(r.peakKB) KB", file: file, line: line)
    }

    func testABombTaskFileIsUnreadableToEveryCommandAndNeverChanged() throws {
        var largestPeak = 0
        defer { XCTAssertGreaterThan(largestPeak, 1_000, "the measure sees the runs") }
        for bomb in Self.bombs {
            let v = TempVault()
            let bombText = "---\ntitle: Bomb\nstatus: todo\n" + bomb.yaml + "---\nbody\n"
            v.write("bomb.md", bombText)
            v.write("ok.md", "---\ntitle: Fine\n---\n")
            let cache = ["XDG_CACHE_HOME": v.path + "/.cache-test"]
            for args in [["count"], ["list"], ["show", "bomb.md"], ["done", "bomb.md"], ["modify", "bomb.md", "--flag"], ["problems"]] {
                let what = "\(bomb.name): \(args.joined(separator: " "))"
                let r = try MeasuredRun.run(["--vault", v.path] + args, env: cache)
                assertEndedWithin(r, what)
                largestPeak = max(largestPeak, r.peakKB)
                XCTAssertTrue((r.stdout + r.stderr).contains("aliases repeat more than"), "\(what): the reason is given\n\(r.stderr)")
                switch args[0] {
                case "count": XCTAssertEqual(r.stdout, "1\n", what)
                case "list": XCTAssertTrue(r.stdout.contains("Fine") && !r.stdout.contains("Bomb"), "\(what): \(r.stdout)")
                case "problems": XCTAssertEqual(r.status, 1, "\(what): a problem listed")
                default: XCTAssertEqual(r.status, 2, "\(what): refused")
                }
                XCTAssertEqual(v.text("bomb.md"), bombText, "\(what): byte-identical")
            }
            // The rest of the vault still takes writes.
            let done = try MeasuredRun.run(["--vault", v.path, "done", "ok.md"], env: cache)
            assertEndedWithin(done, "\(bomb.name): done ok.md")
            XCTAssertEqual(done.status, 0, done.stderr)
        }
    }

    func testABombInAProfileFileIsReportedAndTheVaultStillRead() throws {
        for file in ["tasknotes.yaml", "backlog/config.yml", ".todomd-profile.yaml"] {
            let v = TempVault()
            let text = "statuses: [open, closed]\n" + Self.laughs(fanOut: 9, levels: 9)
            v.write(file, text)
            v.write("a.md", "---\ntitle: A\n---\n")
            for args in [["count"], ["profile"], ["problems"]] {
                let what = "\(file): \(args[0])"
                let r = try MeasuredRun.run(["--vault", v.path] + args, env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
                assertEndedWithin(r, what)
                XCTAssertEqual(r.status, args[0] == "problems" ? 1 : 0, "\(what): \(r.stderr)")
                if args[0] == "count" {
                    // A tool's own settings file keeps the vault that tool's (a.md is no task there);
                    // the explicit profile is an overlay on todomd's own format.
                    XCTAssertEqual(r.stdout, file == ".todomd-profile.yaml" ? "1\n" : "0\n", "\(what): the vault read with its tool's defaults")
                } else if args[0] == "problems" {
                    XCTAssertTrue(r.stdout.contains("\(file): cannot be read (aliases repeat more than"), "\(what): \(r.stdout) \(r.stderr)")
                }
            }
            XCTAssertEqual(v.text(file), text)
        }
    }

    /// Each way rules nest, at the limit and past it (the issue's 20,000 parentheses and 10,000 `all(`).
    func testDeeplyNestedWhereIsAnsweredToTheLimitAndRefusedPastIt() throws {
        let v = TempVault()
        v.write("a.md", "---\ntitle: A\nflagged: true\n---\n")
        v.write("b.md", "---\ntitle: B\n---\n")
        let cache = ["XDG_CACHE_HOME": v.path + "/.cache-test"]
        for (open, close) in [("(", ")"), ("all(", ")"), ("any(", ")"), ("not (", ")"), ("off ", "")] {
            for levels in [100, 101, 10_000, 20_000] {
                let rules = String(repeating: open, count: levels) + "flagged" + String(repeating: close, count: levels)
                guard rules.utf8.count < 120_000 else { continue }  // (one argument's bound on Linux)
                let what = "\(levels) × '\(open)'"
                let r = try MeasuredRun.run(["--vault", v.path, "count", "--where", rules], env: cache)
                assertEndedWithin(r, what)
                if levels <= 100 {
                    XCTAssertEqual(r.status, 0, "\(what): \(r.stderr.prefix(300))")
                    // An `off` rule holds for every task; not (…) or not (not (…)): one of the two either way.
                    XCTAssertEqual(r.stdout, open == "off " ? "2\n" : "1\n", what)
                } else {
                    XCTAssertEqual(r.status, 2, what)
                    XCTAssertTrue(r.stderr.hasPrefix("todomd: --where: column \(100 * open.count + 1): rules nested deeper than 100 levels"),
                                  "\(what): \(r.stderr.prefix(300))")
                    XCTAssertLessThan(r.stderr.count, 300, "\(what): the text is quoted around the column, not whole")
                }
            }
        }
    }

    /// Long rules asked again and again: the cache keeps a digest of each question, never its text.
    func testRememberedCountsKeepNoQuestionText() throws {
        let v = TempVault()
        v.write("a.md", "---\ntitle: A\n---\n")
        let cacheDir = v.path + "/.cache-test"
        for n in 0..<3 {
            let rules = (0..<3_000).map { "title contains \"marker-\(n)-\($0)\"" }.joined(separator: " or ")
            for _ in 0..<2 {
                let r = try MeasuredRun.run(["--vault", v.path, "count", "--where", rules], env: ["XDG_CACHE_HOME": cacheDir])
                assertEndedWithin(r, "question \(n)")
                XCTAssertEqual(r.stdout, "0\n")
            }
        }
        var total = 0
        for name in try FileManager.default.subpathsOfDirectory(atPath: cacheDir) {
            guard let data = FileManager.default.contents(atPath: cacheDir + "/" + name) else { continue }
            total += data.count
            XCTAssertNil(data.range(of: Data("marker-".utf8)), "\(name) holds a question's text")
        }
        XCTAssertLessThan(total, 2_000_000, "the cache stays small")
    }
}
