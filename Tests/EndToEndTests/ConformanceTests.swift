import Foundation
import XCTest

/// tasknotes-spec conformance through the real bridge executable: every
/// fixture of the claimed profiles (`core-lite`, `recurrence`, `extended`)
/// whose capabilities are claimed (`config-lite`, `validation-core`,
/// `dependencies`, `links`, `time-tracking`, `reminders`) must pass, and none
/// of them is skipped. (`make conformance` runs this alone.)
final class ConformanceTests: XCTestCase {
    var bridge: String { (Binary.path as NSString).deletingLastPathComponent + "/todomd-tasknotes-bridge" }

    func claim() throws -> [String: Any] {
        let envelope = try ConformanceRunner.run(bridge: bridge, [ConformanceRunner.Fixture(file: "", id: "claim", operation: "meta.claim", assertion: "",
                                                                                             input: [:], expect: nil, json: [:])])
        return try XCTUnwrap(envelope.first?["result"] as? [String: Any])
    }

    func testTheClaimIsWellFormed() throws {
        let claim = try claim()
        XCTAssertEqual(claim["spec_version"] as? String, "0.3.0-rc.3")
        XCTAssertEqual(claim["validation_modes"] as? [String], ["strict"])
        XCTAssertEqual(claim["profiles"] as? [String], ["core-lite", "recurrence", "extended"])
        XCTAssertEqual(claim["capabilities"] as? [String], ["config-lite", "validation-core", "dependencies", "links", "time-tracking", "reminders"])
    }

    /// The fixtures a runner selects for a claim (RUNNER_GUIDE: the profile is
    /// claimed, every required capability is claimed).
    func selected(profiles: Set<String>, capabilities: Set<String>) throws -> [ConformanceRunner.Fixture] {
        try ConformanceRunner.fixtures().filter { f in
            let required = Set(f.json["requires"] as? [String] ?? [])
            return profiles.contains(f.json["profile"] as? String ?? "") && required.isSubset(of: capabilities)
        }
    }

    func run(_ fixtures: [ConformanceRunner.Fixture], label: String) throws {
        let envelopes = try ConformanceRunner.run(bridge: bridge, fixtures)
        XCTAssertEqual(envelopes.count, fixtures.count, "one envelope per line")
        var perFile: [String: (pass: Int, fail: Int)] = [:]
        for (f, e) in zip(fixtures, envelopes) {
            if let why = ConformanceRunner.check(f, e) {
                perFile[f.file, default: (0, 0)].fail += 1
                XCTFail("\(f.id) (\(f.operation)): \(why)")
            } else {
                perFile[f.file, default: (0, 0)].pass += 1
            }
        }
        for (file, n) in perFile.sorted(by: { $0.key < $1.key }) { print("conformance\(label): \(file): \(n.pass) passed, \(n.fail) failed") }
    }

    func testEveryFixtureOfTheClaimPasses() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: bridge), "the bridge is built beside todomd: \(bridge)")
        let claim = try claim()
        let profiles = Set(claim["profiles"] as? [String] ?? []), capabilities = Set(claim["capabilities"] as? [String] ?? [])
        let fixtures = try selected(profiles: profiles, capabilities: capabilities)
        // core-lite 2,882 less the 13 migration-gated; recurrence 1,020 less its 3; extended: the claim
        // itself, dependencies.json 386, links.json 39 (not the 4 that ask for rename), reminders.json 564,
        // operations.json's 8 dependency.*, 7 reminder.* and 21 time.*, validation.json's 6 of time entries.
        XCTAssertEqual(fixtures.count, 2_882 - 13 + 1_020 - 3 + 1 + 386 + 39 + 564 + 8 + 7 + 21 + 6, "the claim's fixtures, none left out")
        XCTAssertEqual(fixtures.filter { $0.json["profile"] as? String == "extended" }.count, 1_032)
        try run(fixtures.filter { Self.deviations[$0.id] == nil }, label: "")
        try checkDeviations(fixtures)
    }

    /// The fixtures that contradict the spec's text are run too, and must get what the text says.
    func checkDeviations(_ fixtures: [ConformanceRunner.Fixture]) throws {
        let deviating = fixtures.filter { Self.deviations[$0.id] != nil }
        XCTAssertEqual(deviating.map(\.id), Array(Self.deviations.keys))
        for (f, e) in zip(deviating, try ConformanceRunner.run(bridge: bridge, deviating)) {
            XCTAssertEqual(e["ok"] as? Bool, false, f.id)
            XCTAssertEqual((e["error_details"] as? [String: Any])?["code"] as? String, Self.deviations[f.id], f.id)
        }
    }

    /// Beyond the claim: the `migration` fixtures of the same profiles (todomd
    /// answers them; it does not claim the capability, having no migration command).
    func testTheMigrationFixturesPassToo() throws {
        let fixtures = try ConformanceRunner.fixtures().filter {
            ["core-lite", "recurrence"].contains($0.json["profile"] as? String ?? "") && ($0.json["requires"] as? [String] ?? []).contains("migration")
        }
        XCTAssertEqual(fixtures.count, 16)
        try run(fixtures, label: " (migration, not claimed)")
    }

    /// Every fixture that asks for `dependencies` or `links` and no more, and the four `link.*`
    /// fixtures that also ask for `rename`, which todomd answers but does not claim (it does not
    /// rewrite other files' links when one is renamed): all pass.
    func testEveryDependencyAndLinkFixturePasses() throws {
        let fixtures = try ConformanceRunner.fixtures().filter { f in
            let required = Set(f.json["requires"] as? [String] ?? [])
            let ours: Set<String> = ["dependencies", "links"]
            return !required.isDisjoint(with: ours) && required.subtracting(ours).isSubset(of: f.operation.hasPrefix("link.") ? ["rename"] : [])
        }
        // dependencies.json 386, links.json 43, operations.json's 8 dependency.* cases.
        XCTAssertEqual(fixtures.count, 386 + 43 + 8)
        XCTAssertEqual(Set(fixtures.map(\.file)), ["dependencies.json", "links.json", "operations.json"])
        try run(fixtures.filter { Self.deviations[$0.id] == nil }, label: " (dependencies, links)")
        try checkDeviations(fixtures)
    }

    /// Fixtures whose expectation contradicts the spec, and the error code the spec asks for instead.
    /// link.0028 expects `[[ambiguous]]` with two files of that name (`tasks/ambiguous.md`,
    /// `notes/ambiguous.md`) to resolve to one of them, where §11.4 step 6 says several filename
    /// candidates resolve to null with `ambiguous_link`, as link.0036 and link.0037 (the same shape)
    /// expect; no rule tells link.0028's pair apart from theirs.
    static let deviations = ["link.0028": "ambiguous_link"]

    func testABadLineGetsAnErrorEnvelopeAndTheBridgeGoesOn() throws {
        let lines = try ConformanceRunner.run(bridge: bridge, lines: [
            "not json", "{\"operation\": \"no.such\", \"input\": {}}",
            "{\"operation\": \"recurrence.effective_state\", \"input\": {\"targetDate\": \"2026-02-20\", \"completeInstances\": [\"2026-02-20\"]}}",
        ].map { Data($0.utf8) })
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0]["ok"] as? Bool, false)
        XCTAssertEqual((lines[1]["error_details"] as? [String: Any])?["code"] as? String, "unsupported_operation")
        XCTAssertEqual((lines[2]["result"] as? [String: Any])?["value"] as? String, "completed")
    }
}
