import Foundation
import XCTest

/// tasknotes-spec conformance through the real bridge executable. The bridge
/// implements the recurrence operations so far; every fixture of those
/// operations must pass, none is skipped. (`make conformance` runs this alone.)
final class ConformanceTests: XCTestCase {
    static let implemented: Set<String> = [
        "recurrence.complete", "recurrence.recalculate", "recurrence.uncomplete_instance",
        "recurrence.skip_instance", "recurrence.unskip_instance", "recurrence.effective_state",
        "date.parse_utc", "date.parse_local", "date.validate", "date.get_part", "date.has_time", "date.is_same", "date.is_before",
        "date.resolve_operation_target", "date.day_in_timezone",
        "field.default_mapping", "field.build_mapping", "field.normalize", "field.denormalize", "field.resolve_display_title",
        "field.is_completed_status", "field.default_completed_status", "meta.has_capability", "meta.has_profile",
        "config.resolve_collection_path", "config.merge_top_level", "config.spec_version_effective", "config.map_tasknotes_plugin",
        "config.detect_task_file", "config.provider_behavior", "config.validate_schema", "create_compat.create",
        "validation.core_evaluate",
    ]

    var bridge: String { (Binary.path as NSString).deletingLastPathComponent + "/todomd-tasknotes-bridge" }

    func testTheClaimIsWellFormed() throws {
        let envelope = try ConformanceRunner.run(bridge: bridge, [ConformanceRunner.Fixture(file: "", id: "claim", operation: "meta.claim", assertion: "",
                                                                                             input: [:], expect: nil, json: [:])])
        let claim = try XCTUnwrap(envelope.first?["result"] as? [String: Any])
        XCTAssertEqual(claim["spec_version"] as? String, "0.3.0-rc.3")
        XCTAssertEqual(claim["validation_modes"] as? [String], ["strict"])
    }

    func testEveryFixtureOfTheImplementedOperationsPasses() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: bridge), "the bridge is built beside todomd: \(bridge)")
        let fixtures = try ConformanceRunner.fixtures().filter { Self.implemented.contains($0.operation) }
        XCTAssertGreaterThanOrEqual(fixtures.count, 1_000)
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
        for (file, n) in perFile.sorted(by: { $0.key < $1.key }) { print("conformance: \(file): \(n.pass) passed, \(n.fail) failed") }
    }

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
