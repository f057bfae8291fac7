import XCTest
@testable import TaskEngine
@testable import TUI

/// Marks and what the task keys and the change line do with them.
final class MarksUITests: XCTestCase {
    let vault: [String: String] = [
        "a.md": f("title: Alpha\nproject: Old\ntags: [x]\ncreated: 2026-11-01"),
        "b.md": f("title: Bravo\nproject: Old\ncreated: 2026-11-02"),
        "c.md": f("title: Charlie\nproject: Old\ncreated: 2026-11-03"),
        "d.md": f("title: Delta\nproject: Old\ncreated: 2026-11-04"),
        "h.md": f("title: Fix the tap\nproject: House\ncreated: 2026-11-05"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"all": {"id": "everything", "name": "Everything", "rules": {"operator": "AND", "conditions": []}, "sort": {"field": "created", "direction": "asc"}}}}"#,
    ]

    func files(_ app: Harness) -> [String: String] {
        Dictionary(uniqueKeysWithValues: ["a.md", "b.md", "c.md", "d.md", "h.md"].map { ($0, app.file($0) ?? "") })
    }

    func testMarkThreeMoveThemToAProjectInTwelveKeysAndUndoAll() throws {
        let app = try Harness(files: vault, width: 110, height: 24, today: "2026-11-23")
        app.open("Everything")
        app.press(.moveToEdge(top: true))
        let before = files(app)
        var keys = 0
        func press(_ a: Action...) { for action in a { app.press(action); keys += 1 } }
        press(.mark, .mark, .mark)
        XCTAssertTrue(app.text.contains("3 marked"), app.text)
        XCTAssertEqual(app.lines.filter { $0.contains("●") }.count, 3, app.text)
        press(.changeTasks)
        XCTAssertTrue(app.text.contains("Change 3 tasks ›"), app.text)
        app.type("+ho"); keys += 3
        XCTAssertTrue(app.text.contains("→ +House · on 3 tasks"), app.text)
        press(.quickAdd(.add))
        XCTAssertLessThanOrEqual(keys, 12)
        let after = files(app)
        let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
        XCTAssertEqual(changed.count, 3, "three files changed: \(changed)")
        for id in changed { XCTAssertTrue(after[id]!.contains("\nproject: House\n"), after[id]!) }
        XCTAssertEqual(after["h.md"], before["h.md"])
        XCTAssertTrue(app.runtime.state.message!.hasPrefix("Done: change of 3 tasks (+House)"), app.runtime.state.message!)
        // One undo puts all three back.
        app.press(.undo)
        XCTAssertEqual(files(app), before)
        XCTAssertTrue(app.text.contains("3 marked"), "marks stay until Esc")
        app.press(.cancel)
        XCTAssertFalse(app.text.contains("marked"), app.text)
        XCTAssertEqual(app.lines.filter { $0.contains("●") }.count, 0)
    }

    func testTaskKeysActOnAllMarkedAndDeleteAsksOnce() throws {
        let app = try Harness(files: vault, width: 110, height: 24, today: "2026-11-23")
        app.open("Everything")
        app.press(.moveToEdge(top: true), .mark, .move(1), .mark)  // Alpha and Charlie
        let marked = app.runtime.state.marks
        XCTAssertEqual(marked.count, 2)
        app.press(.toggleFlag)
        for id in marked { XCTAssertTrue(app.file(id)!.contains("\nflagged: true\n"), app.file(id)!) }
        app.press(.toggleFlag)
        for id in marked { XCTAssertFalse(app.file(id)!.contains("flagged: true"), app.file(id)!) }
        app.press(.cyclePriority)
        for id in marked { XCTAssertTrue(app.file(id)!.contains("\npriority: low\n"), app.file(id)!) }
        app.press(.toggleDone)
        for id in marked { XCTAssertTrue(app.file(id)!.contains("\nstatus: done\n"), app.file(id)!) }
        app.press(.toggleDone)
        for id in marked { XCTAssertTrue(app.file(id)!.contains("\nstatus: todo\n"), app.file(id)!) }
        app.press(.deleteTask)
        XCTAssertTrue(app.text.contains("Delete the 2 marked tasks?"), app.text)
        app.press(.confirm(true))
        for id in marked { XCTAssertNil(app.file(id)) }
        XCTAssertEqual(app.runtime.state.tasks.count, 3)
        app.press(.undo)
        for id in marked { XCTAssertNotNil(app.file(id), "one undo restores both") }
    }

    func testRangeAndAllAndTheChangeLineOnOneTask() throws {
        let app = try Harness(files: vault, width: 110, height: 24, today: "2026-11-23")
        app.open("Everything")
        app.press(.moveToEdge(top: true), .mark, .move(1), .move(1), .markRange)
        XCTAssertEqual(app.runtime.state.marks.count, 4, "the first marked through the cursor")
        app.press(.markAll)
        XCTAssertEqual(app.runtime.state.marks.count, 5)
        app.press(.markAll)
        XCTAssertEqual(app.runtime.state.marks.count, 0, "again: all unmarked")
        // Without marks the change line changes the selected task; found with / in twelve keys.
        app.press(.cancel)
        var keys = 0
        app.press(.startSearch); app.type("tap"); app.press(.search(.keep)); keys += 5
        app.press(.changeTasks); app.type("fri 3pm #home -#none"); app.press(.quickAdd(.add))
        XCTAssertTrue(app.file("h.md")!.contains("\ndue: 2026-11-27T15:00\n"), app.file("h.md")!)
        app.press(.changeTasks); app.type("due +1w"); app.press(.quickAdd(.add))
        XCTAssertTrue(app.file("h.md")!.contains("\ndue: 2026-12-04T15:00\n"), app.file("h.md")!)
        app.press(.changeTasks); app.type("mon"); app.press(.quickAdd(.add)); keys += 5
        XCTAssertLessThanOrEqual(keys, 12, "find a task and change its due date")
        XCTAssertTrue(app.file("h.md")!.contains("\ndue: 2026-11-23\n"), app.file("h.md")!)
        // Words that mean nothing are refused, and the line says so.
        app.press(.changeTasks); app.type("+House soonish"); app.press(.quickAdd(.add))
        XCTAssertTrue(app.text.contains("Not understood: 'soonish'"), app.text)
        app.press(.quickAdd(.cancel))
        XCTAssertTrue(app.file("h.md")!.contains("\nproject: House\n"))
    }

    func testABulkWriteSkipsAFileChangedOutsideAndWritesTheRest() throws {
        let app = try Harness(files: vault, width: 110, height: 24, today: "2026-11-23")
        app.open("Everything")
        app.press(.moveToEdge(top: true), .mark, .mark, .mark)
        let ids = BulkReducer.marked(app.runtime.state).map(\.id)
        // Another program edits one of them behind the app's back.
        let outside = f("title: Edited outside\nproject: Old\ncreated: 2026-11-01")
        try outside.write(toFile: app.path + "/" + ids[1], atomically: true, encoding: .utf8)
        app.press(.changeTasks); app.type("+House"); app.press(.quickAdd(.add))
        XCTAssertEqual(app.file(ids[1]), outside, "the file changed outside is not overwritten")
        XCTAssertTrue(app.file(ids[0])!.contains("\nproject: House\n"))
        XCTAssertTrue(app.file(ids[2])!.contains("\nproject: House\n"))
        XCTAssertTrue(app.runtime.state.message!.contains("2 of 3 written; skipped 1 (\(app.keyLabel("problems")) lists them): \(ids[1]) (changed on disk)"),
                      app.runtime.state.message!)
        XCTAssertTrue(app.text.contains("Edited outside"), "the skipped task shows as it is on disk")
    }
}
