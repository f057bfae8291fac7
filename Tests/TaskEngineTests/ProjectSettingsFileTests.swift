import Foundation
import XCTest
@testable import TaskEngine

/// The `projects` key of `.perspectives.json` (sequential projects and their
/// orders): read, written by splicing (what todomd did not change keeps its
/// bytes, unknown keys included), and checked for shape like the file's other keys.
final class ProjectSettingsFileTests: XCTestCase {
    static let file = """
    {
      "version": 1,
      "perspectives": {},
      "projects": {
        "Q4 Report": {"sequential": true, "manual_order": ["a.md", "b.md"], "x-colour": "teal"},
        "Garden": {"sequential": false},
        "Someone else's": {"x-note": [1, 2]}
      },
      "x-top": true
    }

    """

    func testReadSetAndSpliced() throws {
        let dir = TempDir(), cache = TempDir()
        dir.write(".perspectives.json", Self.file)
        let s = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
        s.load()
        XCTAssertNil(s.problem)
        var projects = s.document.sequentialProjects
        XCTAssertEqual(projects.sequentialNames, ["Q4 Report"])
        XCTAssertEqual(projects.project(named: "q4 report")?.manualOrder, ["a.md", "b.md"])
        XCTAssertFalse(projects.isSequential("Garden"))
        // Found ignoring case; the entry's other keys stay, and so does every other line.
        try s.setSequential("garden", true)
        var saved = try XCTUnwrap(dir.text(".perspectives.json"))
        let diff = zip(Self.file.split(separator: "\n"), saved.split(separator: "\n")).filter { $0 != $1 }
        XCTAssertEqual(diff.count, 1, "\(diff)")
        XCTAssertTrue(saved.contains("\"Garden\": {\"sequential\": true}"), saved)
        // An order, and a project new to the file.
        try s.setProjectOrder("Q4 REPORT", ["b.md", "a.md"])
        try s.setSequential("Move", true)
        saved = try XCTUnwrap(dir.text(".perspectives.json"))
        let json = try JSONText.parse(Data(saved.utf8))
        XCTAssertEqual(json["projects"]?["Q4 Report"]?["x-colour"], .string("teal"))
        XCTAssertEqual(json["projects"]?["Someone else's"]?["x-note"], .array([.int(1), .int(2)]))
        XCTAssertEqual(json["x-top"], .bool(true))
        let again = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
        again.load()
        projects = again.document.sequentialProjects
        XCTAssertEqual(projects.sequentialNames, ["Garden", "Move", "Q4 Report"])
        XCTAssertEqual(projects.project(named: "Q4 Report")?.manualOrder, ["b.md", "a.md"])
        // Parallel again: said in the file, not dropped.
        try again.setSequential("Move", false)
        XCTAssertEqual(try JSONText.parse(Data(dir.text(".perspectives.json")!.utf8))["projects"]?["Move"], .object([("sequential", .bool(false))]))
    }

    /// A file without the key gains it only when a project is set.
    func testAFileWithoutTheKeyKeepsItsBytes() throws {
        let dir = TempDir(), cache = TempDir()
        let plain = "{\n  \"version\": 1,\n  \"perspectives\": {}\n}\n"
        dir.write(".perspectives.json", plain)
        let s = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
        s.load()
        XCTAssertTrue(s.document.sequentialProjects.isEmpty)
        try s.save()
        XCTAssertEqual(dir.text(".perspectives.json"), plain)
        try s.setSequential("Q4 Report", true)
        XCTAssertEqual(try JSONText.parse(Data(dir.text(".perspectives.json")!.utf8))["projects"]?["Q4 Report"]?["sequential"], .bool(true))
    }

    /// Each wrong shape is named by its path, and makes the file unreadable (never saved over).
    func testWrongShapesAreNamed() throws {
        let cases: [(String, String)] = [
            (#""projects": []"#, "$.projects: must be an object of projects by name"),
            (#""projects": {"Q": true}"#, "$.projects.Q: must be an object like"),
            (#""projects": {"Q": {"sequential": "yes"}}"#, "$.projects.Q.sequential: must be true or false"),
            (#""projects": {"Q": {"manual_order": "a.md"}}"#, "$.projects.Q.manual_order: must be a list of ids"),
            (#""projects": {"Q": {"manual_order": ["a.md", 3]}}"#, "$.projects.Q.manual_order[1]: must be text"),
        ]
        for (text, want) in cases {
            let json = try JSONText.parse(Data("{\"version\": 1, \(text)}".utf8))
            let problems = PerspectivesSchema.problems(in: json)
            XCTAssertTrue(problems.contains { $0.hasPrefix(want) }, "\(text): \(problems)")
        }
        XCTAssertEqual(PerspectivesSchema.problems(in: try JSONText.parse(Data(#"{"projects": {"Q": {"manual_order": null, "other": 1}}}"#.utf8))), [])
        // Past the bound: refused with the count, not read.
        let many = JSONValue.object([("projects", .object((0...PerspectivesSchema.maxProjects).map { ("p\($0)", .object([])) }))])
        XCTAssertTrue(PerspectivesSchema.problems(in: many).contains { $0.contains("more than \(PerspectivesSchema.maxProjects) projects") })
    }
}
