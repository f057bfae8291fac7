import Foundation
import XCTest

final class PerspectiveCLITests: XCTestCase {
    func vault() throws -> TempVault {
        let v = TempVault()
        try Binary.run(["demo", v.path, "--count", "400", "--seed", "9", "--today", "2026-11-22"])
        return v
    }

    func run(_ v: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
    }

    func testCountsAgreeAcrossCommands() throws {
        let v = try vault()
        let table = try JSONSerialization.jsonObject(with: Data(try run(v, ["perspectives", "--json"]).stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(table.map { $0["name"] as! String },
                       ["Inbox", "Today", "Upcoming", "Forecast", "Flagged", "Someday", "Logbook", "Work — Available Now", "Quick Wins Under 15 min"])
        for row in table {
            let name = row["name"] as! String, id = row["id"] as! String
            let byName = try run(v, ["count", "--perspective", name])
            let byID = try run(v, ["count", "--perspective", id])
            XCTAssertEqual(byName.stdout, "\(row["count"] as! Int)\n", name)
            XCTAssertEqual(byID.stdout, byName.stdout)
            let list = try JSONSerialization.jsonObject(with: Data(try run(v, ["list", "--perspective", id, "--json"]).stdout.utf8)) as! [[String: Any]]
            XCTAssertEqual(Set(list.map { $0["id"] as! String }).count, row["count"] as! Int, name)
            let explain = try run(v, ["explain", "--perspective", name])
            XCTAssertTrue(explain.stdout.hasPrefix("\(name)"), explain.stdout)
            XCTAssertTrue(explain.stdout.contains("· \(row["count"] as! Int) task"), explain.stdout)
        }
    }

    func testListJSONCarriesGroupsAndTagMultiMembership() throws {
        let v = TempVault()
        v.write("a.md", "---\ntitle: A\ntags: [x, y]\n---\n")
        v.write("b.md", "---\ntitle: B\n---\n")
        v.write(".perspectives.json", """
        {"version": 1, "order": ["t"], "perspectives": {"t": {"id": "t", "name": "By tag",
          "rules": {"operator": "AND", "conditions": []}, "group_by": "tag"}}}
        """)
        let list = try JSONSerialization.jsonObject(with: Data(try run(v, ["list", "--perspective", "By tag", "--json"]).stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(list.map { "\($0["id"]!)@\($0["group"]!)" }, ["a.md@x", "a.md@y", "b.md@No tags"])
        XCTAssertEqual(try run(v, ["count", "--perspective", "t"]).stdout, "2\n")
        let upcoming = try JSONSerialization.jsonObject(with: Data(try run(v, ["list", "--json"]).stdout.utf8)) as! [[String: Any]]
        XCTAssertTrue(upcoming.allSatisfy { $0["group"] is NSNull })
    }

    func testBadPerspectivesFileWarnsAndKeepsWorking() throws {
        let v = TempVault()
        v.write("a.md", "---\ntitle: A\n---\n")
        v.write(".perspectives.json", "{ not json")
        let r = try run(v, ["count", "--perspective", "Inbox"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "1\n")
        XCTAssertTrue(r.stderr.contains("Perspectives file could not be read. Using cached version."), r.stderr)
        XCTAssertEqual(v.text(".perspectives.json"), "{ not json")
        XCTAssertEqual(v.text(".perspectives.json.backup"), "{ not json")
        let unknown = try run(v, ["count", "--perspective", "Nope"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no perspective named 'Nope'"))
    }

    /// The cache is opened while the perspectives are read: a command refused
    /// for its arguments on a first run (no cache yet) says only why, and
    /// the cache it leaves (made, or not yet) serves the commands after it,
    /// for each command that opens it so.
    func testARefusedFirstRunLeavesAWorkingCache() throws {
        let refusals: [[String]] = [["count", "--perspective", "Nope"], ["list", "--perspective", "Nope"],
                                    ["count", "--where", "due in next banana"], ["explain", "--perspective", "Nope"]]
        for (k, refused) in refusals.enumerated() {
            let v = TempVault()
            for i in 0..<30 { v.write("t\(i).md", "---\ntitle: T\(i)\nstatus: \(i % 3 == 0 ? "done" : "todo")\n---\n") }
            let env = ["XDG_CACHE_HOME": v.path + "/.cache-\(k)"]
            let r = try Binary.run(refused + ["--vault", v.path], env: env)
            XCTAssertEqual(r.status, 2, "\(refused): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(refused)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(refused): \(r.stderr)")
            for _ in 0..<2 {  // (the second answered from the cache the first wrote)
                XCTAssertEqual(try Binary.run(["count", "--vault", v.path], env: env).stdout, "30\n")
                XCTAssertEqual(try Binary.run(["count", "--vault", v.path, "--where", "status in (done)"], env: env).stdout, "10\n")
                let list = try Binary.run(["list", "--vault", v.path, "--json"], env: env)
                XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any])?.count, 30, "\(refused)")
            }
        }
    }
}
