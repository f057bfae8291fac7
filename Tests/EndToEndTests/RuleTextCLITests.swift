import Foundation
import XCTest

/// `list` / `count --where`: rules as text from the command line; `explain` prints them.
final class RuleTextCLITests: XCTestCase {
    func testWhereFiltersAndCombinesWithAPerspectiveAndExplainPrintsText() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Call Acme\narea: Work/Clients\npriority: high\ntags: [phone]\ndue: 2026-11-25\n---\n")
        vault.write("b.md", "---\ntitle: Write the report\narea: Work\nstatus: in-progress\n---\n")
        vault.write("c.md", "---\ntitle: Water plants\narea: Home\nflagged: true\n---\n")
        vault.write("d.md", "---\ntitle: Old report\narea: Work\nstatus: done\n---\n")
        func run(_ args: [String]) throws -> (Int32, String, String) {
            let r = try Binary.run(args + ["--vault", vault.path, "--today", "2026-11-23"])
            return (r.status, r.stdout, r.stderr)
        }
        let cases: [(String, String)] = [
            ("area within Work", "3"),
            ("area within Work and status in (todo, in-progress)", "2"),
            ("area within Work and (priority = high or flagged)", "1"),
            ("flagged or tags any (phone, email)", "2"),
            ("not (area within Work)", "1"),
            ("title contains REPORT", "2"),
            ("due in next 7 days", "1"),
            ("tags is not set and off flagged", "3"),
        ]
        for (rules, expected) in cases {
            let (status, out, err) = try run(["count", "--where", rules])
            XCTAssertEqual(status, 0, "\(rules): \(err)")
            XCTAssertEqual(out, expected + "\n", rules)
        }
        let (_, list, _) = try run(["list", "--where", "area within Work and status != done", "--json"])
        let ids = (try JSONSerialization.jsonObject(with: Data(list.utf8)) as! [[String: Any]]).map { $0["id"] as! String }.sorted()
        XCTAssertEqual(ids, ["a.md", "b.md"])
        // With a perspective: both.
        let (_, today, _) = try run(["count", "--perspective", "Logbook", "--where", "title contains report"])
        XCTAssertEqual(today, "1\n")
        // explain prints the rules as text that reads back the same.
        let (_, explain, _) = try run(["explain", "--perspective", "Today"])
        let line = try XCTUnwrap(explain.split(separator: "\n").first { $0.hasPrefix("As text: ") })
        let text = String(line.dropFirst("As text: ".count))
        let (_, viaText, _) = try run(["count", "--where", text])
        let (_, viaName, _) = try run(["count", "--perspective", "Today"])
        XCTAssertEqual(viaText, viaName)
        // A mistake: one line, the column, exit 2, nothing printed.
        let (status, out, err) = try run(["count", "--where", "area within Work and flagged or inbox"])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.hasPrefix("todomd: --where: column 30: 'and' and 'or' mixed"), err)
        XCTAssertEqual(err.filter { $0 == "\n" }.count, 1)
    }
}
