import Foundation
import XCTest

/// `count` asked again with nothing changed is answered from the cache; any
/// change (a file, the rules, the day) asks the vault again.
final class CountMemoTests: XCTestCase {
    /// Runs `count`; with `TODOMD_TRACE` on, stderr says whether the answer was memoised.
    func count(_ v: TempVault, _ extra: [String] = [], today: String = "2026-11-22") throws -> Binary.Output {
        try Binary.run(["count", "--vault", v.path, "--today", today] + extra,
                       env: ["XDG_CACHE_HOME": v.path + "/.cache-test", "TODOMD_TRACE": "1"])
    }

    func perspectives(dueWithinDays n: Int) -> String {
        #"{"version":1,"perspectives":{"s":{"id":"s","name":"Soon","rules":{"operator":"AND","conditions":[{"field":"due","op":"in_next","value":\#(n),"unit":"days"}]}}}}"#
    }

    func testEveryChangeIsCountedAndNothingStaleIsEverPrinted() throws {
        let v = TempVault()
        v.write(".perspectives.json", perspectives(dueWithinDays: 7))
        v.write("a.md", "---\ntitle: A\ndue: 2026-11-23\n---\n")
        v.write("b.md", "---\ntitle: B\ndue: 2026-11-27\n---\n")
        v.write("c.md", "---\ntitle: C\ndue: 2026-12-20\n---\n")
        let soon = ["--perspective", "Soon"]
        let first = try count(v, soon), again = try count(v, soon)
        XCTAssertEqual(first.stdout, "2\n")
        XCTAssertFalse(first.stderr.contains("memoised count"))
        XCTAssertEqual(again.stdout, "2\n", "asked again: the same answer")
        XCTAssertTrue(again.stderr.contains("memoised count"), "… from the cache: \(again.stderr)")
        XCTAssertEqual(try count(v).stdout, "3\n", "another question")
        // A file edited in place, a file added, a file removed.
        v.write("c.md", "---\ntitle: C\ndue: 2026-11-24\n---\n")
        XCTAssertEqual(try count(v, soon).stdout, "3\n")
        v.write("d.md", "---\ntitle: D\ndue: 2026-11-25\n---\n")
        XCTAssertEqual(try count(v, soon).stdout, "4\n")
        try FileManager.default.removeItem(atPath: v.path + "/a.md")
        XCTAssertEqual(try count(v, soon).stdout, "3\n")
        // The rules changed, the day changed.
        v.write(".perspectives.json", perspectives(dueWithinDays: 2))
        XCTAssertEqual(try count(v, soon).stdout, "1\n")
        XCTAssertEqual(try count(v, soon, today: "2026-11-24").stdout, "2\n")
        XCTAssertEqual(try count(v, soon, today: "2026-11-24").stdout, "2\n")
        XCTAssertFalse(try count(v, soon, today: "2026-11-25").stderr.contains("memoised count"), "a new day asks the vault")
    }

    func testAnUnreadableFileIsReportedEveryTime() throws {
        let v = TempVault()
        v.write("a.md", "---\ntitle: A\n---\n")
        v.write("bad.md", "---\ntitle: [oops\n---\n")
        for _ in 0..<3 {
            let out = try count(v)
            XCTAssertEqual(out.stdout, "1\n")
            XCTAssertTrue(out.stderr.contains("1 unreadable file"), out.stderr)
        }
    }
}
