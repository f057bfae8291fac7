import XCTest
@testable import TaskEngine
@testable import TUI

/// A bulk write that skips several files: the status line has room for the
/// count and the first name, and `!` lists every skipped file with its reason.
final class BulkSkipListTests: XCTestCase {
    func testTheProblemsPanelListsEverySkippedFile() throws {
        var files: [String: String] = [
            ".perspectives.json": #"{"version": 1, "perspectives": {"all": {"id": "everything", "name": "Everything", "rules": {"operator": "AND", "conditions": []}, "sort": {"field": "created", "direction": "asc"}}}}"#,
        ]
        let ids = (1...6).map { "task-with-a-rather-long-file-name-\($0).md" }
        for (i, id) in ids.enumerated() { files[id] = f("title: Task \(i + 1)\nproject: Old\ncreated: 2026-11-0\(i + 1)") }
        let app = try Harness(files: files, width: 70, height: 24, today: "2026-11-23")
        app.open("Everything")
        app.press(.moveToEdge(top: true))
        for _ in ids { app.press(.mark) }
        XCTAssertEqual(BulkReducer.marked(app.runtime.state).count, 6)
        // Another program edits four of them behind the app's back.
        let changed = [ids[0], ids[2], ids[3], ids[5]]
        for id in changed { try f("title: Edited outside\nproject: Old\ncreated: 2026-11-01").write(toFile: app.path + "/" + id, atomically: true, encoding: .utf8) }
        app.press(.changeTasks); app.type("+House"); app.press(.quickAdd(.add))
        let message = try XCTUnwrap(app.runtime.state.message)
        XCTAssertTrue(message.hasPrefix("2 of 6 written; skipped 4 (! lists them): "), message)
        XCTAssertTrue(app.text.contains("skipped 4 (! lists them)"), "the count and the key fit on the status line\n\(app.text)")
        XCTAssertFalse(changed.allSatisfy { app.text.contains($0) }, "the status line is too narrow for every name\n\(app.text)")

        app.press(.showProblems)
        let panel = Reducer.problemLines(app.runtime.state)
        for id in changed {
            XCTAssertTrue(panel.contains { $0.hasPrefix("skipped: \(id): ") && $0.contains("changed on disk") }, "\(id) is listed: \(panel)")
        }
        XCTAssertEqual(panel.filter { $0.hasPrefix("skipped: ") }.count, 4, "\(panel)")
        XCTAssertTrue(app.text.contains("skipped: \(ids[0])"), "the panel shows them\n\(app.text)")

        // The next bulk write that skips nothing leaves nothing listed.
        app.press(.overlay(.close))
        if BulkReducer.marked(app.runtime.state).count != 6 {
            app.press(.moveToEdge(top: true))
            for _ in ids { app.press(.mark) }
        }
        XCTAssertEqual(BulkReducer.marked(app.runtime.state).count, 6)
        app.press(.changeTasks); app.type("+Garden"); app.press(.quickAdd(.add))
        XCTAssertEqual(Reducer.problemLines(app.runtime.state).filter { $0.hasPrefix("skipped: ") }, [], app.runtime.state.message ?? "")
    }
}
