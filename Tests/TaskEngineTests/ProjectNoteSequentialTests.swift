import Foundation
import XCTest
@testable import TaskEngine

/// A TaskNotes project note's `sequential` is read as the plugin reads its own
/// true-or-false properties (YAML 1.2's booleans, or the text "true"/"false" in any
/// case); any other word (YAML 1.1's `yes`, `on`…) is reported, and the project stays parallel.
final class ProjectNoteSequentialTests: XCTestCase {
    func testEachSpellingOfTheProperty() throws {
        let spellings: [(String, ProjectNotes.Setting)] = [
            ("true", .on), ("True", .on), ("TRUE", .on), ("\"true\"", .on), ("'TRUE'", .on), ("tRuE", .on),
            ("false", .off), ("False", .off), ("\"false\"", .off),
            ("", .absent), ("null", .absent), ("~", .absent),
            ("yes", .other("yes")), ("\"yes\"", .other("yes")), ("Yes", .other("Yes")), ("on", .other("on")), ("y", .other("y")),
            ("1", .other("1")), ("no", .other("no")), ("[true]", .other("a list or a map")),
        ]
        let root = NSTemporaryDirectory() + "todomd-notes-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/tasks", withIntermediateDirectories: true)
        var files: [String] = [], tasks: [IndexedTask] = []
        for (i, (value, _)) in spellings.enumerated() {
            try "---\ntitle: P\(i)\nsequential: \(value)\n---\n".write(toFile: root + "/P\(i).md", atomically: true, encoding: .utf8)
            var t = TaskItem(id: "tasks/t\(i).md", title: "t\(i)")
            t.project = "P\(i)"
            files += ["P\(i).md", t.id]
            tasks.append(IndexedTask(t))
        }
        for (i, (value, expected)) in spellings.enumerated() {
            XCTAssertEqual(ProjectNotes.setting(root + "/P\(i).md"), expected, "sequential: \(value)")
        }
        let (projects, problems) = ProjectNotes.sequential(root: root, files: files, tasks: tasks)
        for (i, (value, expected)) in spellings.enumerated() {
            XCTAssertEqual(projects.isSequential("P\(i)"), expected == .on, "sequential: \(value)")
            let reported = problems.contains { $0.hasPrefix("P\(i).md: sequential:") }
            if case .other = expected {
                XCTAssertTrue(reported, "sequential: \(value) is reported: \(problems)")
            } else {
                XCTAssertFalse(reported, "sequential: \(value)")
            }
        }
        XCTAssertTrue(problems.contains("P12.md: sequential: \"yes\" is neither true nor false (TaskNotes reads only true and false): project \"P12\" is not sequential"), "\(problems)")
    }

    /// Two notes of the project's name: which is its note is unsaid, so neither is read, and that is reported.
    func testTwoNotesOfTheProjectsNameAreReported() throws {
        let root = NSTemporaryDirectory() + "todomd-notes-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["Projects", "Notes", "Tasks"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        try "---\nsequential: true\n---\n".write(toFile: root + "/Projects/Patio.md", atomically: true, encoding: .utf8)
        var t = TaskItem(id: "Tasks/a.md", title: "a")
        t.project = "Patio"
        let alone = ProjectNotes.sequential(root: root, files: ["Projects/Patio.md", t.id], tasks: [IndexedTask(t)])
        XCTAssertTrue(alone.projects.isSequential("Patio"))
        XCTAssertEqual(alone.problems, [])
        try "# Patio ideas\n".write(toFile: root + "/Notes/Patio.md", atomically: true, encoding: .utf8)
        let two = ProjectNotes.sequential(root: root, files: ["Notes/Patio.md", "Projects/Patio.md", t.id], tasks: [IndexedTask(t)])
        XCTAssertFalse(two.projects.isSequential("Patio"))
        XCTAssertEqual(two.problems, ["project \"Patio\": its note could be any of Notes/Patio.md, Projects/Patio.md; none is read for `sequential` (rename one, or set it with todomd project)"])
    }
}
