import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A task's row holds the task it was made from, and is the same row as any
/// other of the same task and group: a row kept from before the vault was read
/// again (the selection) still finds its task's new row.
final class TaskRowTests: XCTestCase {
    func testRowsOfTheSameTaskAndGroupAreTheSameRowWhateverObjectTheyHold() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<500 {
            let id = "t\(rng.int(0...19)).md", other = "t\(rng.int(0...19)).md"
            let group = ["", "Work", "Home"][rng.int(0...2)], otherGroup = ["", "Work", "Home"][rng.int(0...2)]
            var task = TaskItem(id: id, title: "Task")
            let a = TaskRow(IndexedTask(task), group: group)
            task.title = "Task, read again"
            let b = TaskRow(IndexedTask(task), group: group)
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.hashValue, b.hashValue)
            XCTAssertEqual(ListRow.task(a), ListRow.task(b))
            let c = TaskRow(IndexedTask(TaskItem(id: other, title: "Task")), group: otherGroup)
            XCTAssertEqual(a == c, id == other && group == otherGroup, "\(id) \(group) / \(other) \(otherGroup)")
        }
    }

    /// The selected task read again from its file, changed outside (a new
    /// object), stays selected, and its row holds the task as read again.
    func testTheSelectionFollowsItsTaskReadAgain() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\ncreated: 2026-11-01"), "b.md": f("title: Bravo\ncreated: 2026-11-02")])
        app.open("Inbox")
        app.press(.move(1))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Alpha")
        let path = app.path + "/a.md"
        try "---\ntitle: Alpha edited outside\ncreated: 2026-11-01\n---\n".write(toFile: path, atomically: true, encoding: .utf8)
        var times = [timespec(tv_sec: time(nil) + 5, tv_nsec: 0), timespec(tv_sec: time(nil) + 5, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Alpha edited outside")
        guard case .task(let row)? = app.runtime.state.selectedRow else { return XCTFail("a task row is selected") }
        XCTAssertTrue(row.task === app.runtime.state.index.task(id: "a.md"), "the row holds the task as read again")
        XCTAssertEqual(row.task.task.title, "Alpha edited outside")
        XCTAssertTrue(app.text.contains("Alpha edited outside"), app.text)
    }
}
