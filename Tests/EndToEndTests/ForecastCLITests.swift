import Foundation
import XCTest

/// `todomd forecast` through the real binary: each slot's count is what
/// `todomd count --where` answers for that day on the same vault, with and
/// without narrowing rules; the table's lines; `--days` out of bounds refused.
final class ForecastCLITests: XCTestCase {
    static let today = "2026-11-28"

    /// (In a UTF-8 locale, so the table's symbols are the app's; `env` adds to or overrides it.)
    func run(_ v: TempVault, _ args: [String], env: [String: String] = [:]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", v.path, "--today", Self.today],
                       env: ["XDG_CACHE_HOME": v.path + "/.cache-test", "LC_ALL": "C.UTF-8"].merging(env) { $1 })
    }

    func output(_ v: TempVault, _ args: [String], env: [String: String] = [:]) throws -> String {
        let out = try run(v, args, env: env)
        XCTAssertEqual(out.status, 0, "\(args): \(out.stderr)")
        return out.stdout
    }

    func count(_ v: TempVault, _ rules: String) throws -> Int {
        Int(try output(v, ["count", "--where", rules]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The demo vault's forecast, each slot counted again by `count --where`.
    func testEachSlotIsWhatCountWhereAnswersForThatDay() throws {
        let v = TempVault()
        XCTAssertEqual(try Binary.run(["demo", "--today", Self.today, "--count", "300", v.path]).status, 0)
        // A day that a task is due on and scheduled on counts it once; a done one not at all.
        v.write(["both.md": "---\ntitle: Both\nstatus: todo\ndue: 2026-11-30\nscheduled: 2026-11-30\n---\n",
                 "closed.md": "---\ntitle: Closed\nstatus: done\ndue: 2026-11-30\n---\n"])
        for narrowing in [nil, "area = Work", "flagged or priority = high"] {
            let extra = narrowing.map { ["--where", $0] } ?? []
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try output(v, ["forecast", "--json"] + extra).utf8)) as? [String: Any])
            XCTAssertEqual(json["today"] as? String, Self.today)
            let days = try XCTUnwrap(json["days"] as? [[String: Any]])
            XCTAssertEqual(days.count, 14)
            let open = "not (status in (done, cancelled))" + (narrowing.map { " and (\($0))" } ?? "")
            var total = 0
            for day in days {
                let date = try XCTUnwrap(day["date"] as? String)
                let n = try count(v, "\(open) and (due on \(date) or scheduled on \(date))")
                XCTAssertEqual(day["count"] as? Int, n, "\(narrowing ?? "all") on \(date)")
                total += n
            }
            XCTAssertEqual(json["overdue"] as? Int, try count(v, "\(open) and due before \(Self.today)"), narrowing ?? "all")
            XCTAssertEqual(json["later"] as? Int, try count(v, "\(open) and (due after 2026-12-11 or scheduled after 2026-12-11)"), narrowing ?? "all")
            XCTAssertEqual(json["later_from"] as? String, "2026-12-12")
            XCTAssertGreaterThan(total, narrowing == nil ? 20 : 2, "the demo vault has tasks in the days ahead")
        }
    }

    func testTheTableHasALineASlotWithItsBar() throws {
        let v = TempVault()
        v.write(["a.md": "---\ntitle: A\nstatus: todo\ndue: 2026-11-28\n---\n",
                 "b.md": "---\ntitle: B\nstatus: todo\ndue: 2026-11-27\nscheduled: 2026-11-29\n---\n",
                 "c.md": "---\ntitle: C\nstatus: todo\nscheduled: 2027-01-10\n---\n"])
        let lines = try output(v, ["forecast", "--days", "3"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["Overdue               1  █",
                               "Sat 2026-11-28 today  1  █",
                               "Sun 2026-11-29        1  █",
                               "Mon 2026-11-30        0",
                               "Later                 1  █"])
    }

    /// `--days` outside 1–366 (or not a number) is refused with the bounds, and nothing is written.
    func testDaysOutOfBoundsAreRefused() throws {
        let v = TempVault()
        v.write("a.md", "---\ntitle: A\nstatus: todo\ndue: 2026-11-28\n---\n")
        let before = v.contents()
        for bad in ["0", "367", "-1", "99999999999999999999", "two"] {
            let out = try run(v, ["forecast", "--days", bad])
            XCTAssertNotEqual(out.status, 0, bad)
            XCTAssertFalse(out.signalled, bad)
            XCTAssertTrue(out.stderr.contains("--days"), "\(bad): \(out.stderr)")
            XCTAssertEqual(out.stdout, "", bad)
        }
        XCTAssertTrue(try run(v, ["forecast", "--days", "0"]).stderr.contains("--days must be between 1 and 366, not 0"))
        XCTAssertEqual(v.contents(), before)
        XCTAssertEqual(try output(v, ["forecast", "--days", "366", "--json"]).components(separatedBy: "\"date\"").count - 1, 366)
        let unknown = try run(v, ["forecast", "--perspective", "No Such"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no perspective named 'No Such'"), unknown.stderr)
    }

    /// A day with more tasks than `forecast_busy` (config.yaml, as the app reads it) is marked ▲ after
    /// its count, as the app's strip marks it (^ in a locale that is not UTF-8, the bars #); `--json`
    /// says `"busy"` for each day. Overdue and Later are no days: never marked.
    func testBusyDaysAreMarkedAsTheAppMarksThem() throws {
        let v = TempVault()
        for i in 0..<4 { v.write("mon\(i).md", "---\ntitle: M\(i)\nstatus: todo\ndue: 2026-11-30\n---\n") }
        for i in 0..<3 { v.write("sun\(i).md", "---\ntitle: S\(i)\nstatus: todo\nscheduled: 2026-11-29\n---\n") }
        for i in 0..<5 { v.write("old\(i).md", "---\ntitle: O\(i)\nstatus: todo\ndue: 2026-11-01\n---\n") }
        let config = NSTemporaryDirectory() + "todomd-forecast-config-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: config) }
        try FileManager.default.createDirectory(atPath: config + "/todomd", withIntermediateDirectories: true)
        try "theme: dark\nforecast_busy: 3\n".write(toFile: config + "/todomd/config.yaml", atomically: true, encoding: .utf8)
        let env = ["XDG_CONFIG_HOME": config]
        let table = try output(v, ["forecast", "--days", "3"], env: env)
        XCTAssertEqual(table, """
            Overdue               5   █████
            Sat 2026-11-28 today  0
            Sun 2026-11-29        3   ███
            Mon 2026-11-30        4▲  ████
            Later                 0

            """)
        let ascii = try output(v, ["forecast", "--days", "3"], env: env.merging(["LC_ALL": "C"]) { $1 })
        XCTAssertEqual(ascii.split(separator: "\n")[3], "Mon 2026-11-30        4^  ####")
        XCTAssertTrue(ascii.unicodeScalars.allSatisfy(\.isASCII), ascii)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try output(v, ["forecast", "--days", "3", "--json"], env: env).utf8)) as? [String: Any])
        let days = try XCTUnwrap(json["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["busy"] as? Bool }, [false, false, true])
        XCTAssertEqual(json["busy_above"] as? Int, 3)
        // Without a config: the app's default (8), no day busy, no mark column.
        XCTAssertEqual(try output(v, ["forecast", "--days", "3"]).split(separator: "\n")[3], "Mon 2026-11-30        4  ████")
        // A value out of bounds: the default, and a warning saying so (as the app's notice does).
        try "forecast_busy: -2\n".write(toFile: config + "/todomd/config.yaml", atomically: true, encoding: .utf8)
        let bad = try run(v, ["forecast", "--days", "3"], env: env)
        XCTAssertEqual(bad.status, 0, bad.stderr)
        XCTAssertEqual(bad.stderr, "todomd: warning: forecast_busy must be between 0 and 10000, not -2; using 8\n")
        XCTAssertFalse(bad.stdout.contains("▲"), bad.stdout)
    }
}
