import Foundation
import XCTest

/// The real binary reads `count` and `list` as a prompt writes them without
/// swift-argument-parser (`QuickArguments`), and answers the same as when it
/// leaves an unusual form of the same command to it.
final class QuickArgumentsEndToEndTests: XCTestCase {
    func testCountAndListAnswerTheSameByEitherReading() throws {
        let v = TempVault()
        XCTAssertEqual(try Binary.run(["demo", v.path, "--count", "40", "--seed", "3"]).status, 0)
        let trace = ["TODOMD_TRACE": "1"]
        let pairs: [([String], [String])] = [
            (["count", "--vault", v.path], ["count", "--vault", "/nowhere", "--vault", v.path]),
            (["count", "--vault", v.path, "--perspective", "Inbox"], ["count", "--perspective", "Today", "--perspective=Inbox", "--vault", v.path]),
            (["list", "--json", "--vault=\(v.path)", "--where", "flagged"], ["list", "--vault", v.path, "--where", "due today", "--where", "flagged", "--json"]),
            (["list", "--vault", v.path], ["list", "--vault", v.path, "--vault", v.path]),
        ]
        for (quickForm, otherForm) in pairs {
            let quick = try Binary.run(quickForm, env: trace)
            let other = try Binary.run(otherForm, env: trace)
            XCTAssertEqual(quick.status, 0, quick.stderr)
            XCTAssertEqual(other.status, 0, other.stderr)
            XCTAssertTrue(quick.stderr.contains("args (quick)"), "\(quickForm): \(quick.stderr)")
            XCTAssertFalse(other.stderr.contains("args (quick)"), "\(otherForm) is left to swift-argument-parser")
            XCTAssertFalse(quick.stdout.isEmpty)
            XCTAssertEqual(quick.stdout, other.stdout, "\(quickForm) / \(otherForm)")
        }
        // A bad date is still refused with swift-argument-parser's message.
        let bad = try Binary.run(["count", "--vault", v.path, "--today", "2026-02-30"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--today must be a date like"), bad.stderr)
    }
}
