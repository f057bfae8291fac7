import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A TaskNotes project note edited, added or removed while the app is open: its `sequential`
/// is read again at once (the waits, the ⊘ and the counts follow), as a task file's change is.
final class ProjectNoteChangedUITests: XCTestCase {
    static let tasks: [String: String] = [
        ".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "taskTag": "task"}"#,
        "Tasks/One.md": f("title: One\nstatus: open\ntags: [task]\ndateCreated: 2026-11-01T09:00:00Z\nprojects: [\"[[Launch Plan|LP]]\"]"),
        "Tasks/Two.md": f("title: Two\nstatus: open\ntags: [task]\ndateCreated: 2026-11-02T09:00:00Z\nprojects: [\"[[Launch Plan|LP]]\"]"),
        "Tasks/Three.md": f("title: Three\nstatus: open\ntags: [task]\ndateCreated: 2026-11-03T09:00:00Z\nprojects: [\"[[Launch Plan|LP]]\"]"),
        "Tasks/Other.md": f("title: Other\nstatus: open\ntags: [task]\nprojects: [\"[[Side]]\"]"),
    ]

    func write(_ app: Harness, _ id: String, _ text: String) throws {
        let path = app.path + "/" + id
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var times = [timespec(tv_sec: time(nil) + 5, tv_nsec: 0), timespec(tv_sec: time(nil) + 5, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    func blocked(_ app: Harness) -> [String] {
        app.runtime.state.index.tasks.filter { app.runtime.state.index.isBlocked(id: $0.id) }.map(\.task.title).sorted()
    }

    func testANoteMadeSequentialThenParallelThenRemovedWhileOpen() throws {
        let app = try Harness(files: Self.tasks, width: 120, height: 30)
        app.open("Inbox")
        XCTAssertEqual(blocked(app), [], "no project note yet: parallel")
        // The note appears, sequential (the plugin's words: a quoted "TRUE" is true to it).
        try write(app, "Projects/Launch Plan.md", "---\ntitle: Launch Plan\nsequential: \"TRUE\"\n---\n\nThe plan.\n")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(blocked(app), ["Three", "Two"], "each task waits for the one before it")
        XCTAssertTrue(app.runtime.state.sequentialProjects.isSequential("Launch Plan"))
        XCTAssertTrue(app.text.contains("Launch Plan ⇉"), "the sidebar marks it\n\(app.text)")
        // Edited to false: the waits go.
        try write(app, "Projects/Launch Plan.md", "---\ntitle: Launch Plan\nsequential: false\n---\n\nThe plan, relaxed.\n")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(blocked(app), [])
        XCTAssertFalse(app.text.contains("⇉"), app.text)
        // A word TaskNotes does not read as true or false: reported, and parallel.
        try write(app, "Projects/Launch Plan.md", "---\nsequential: yes\n---\n")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(blocked(app), [])
        XCTAssertTrue(app.runtime.state.problems.contains { $0.id == ProjectNotes.problemID && $0.reason.contains("sequential: \"yes\"") }, "\(app.runtime.state.problems)")
        // True again, then the note removed: parallel, and the old problem gone.
        try write(app, "Projects/Launch Plan.md", "---\nsequential: true\n---\n")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(blocked(app), ["Three", "Two"])
        XCTAssertFalse(app.runtime.state.problems.contains { $0.id == ProjectNotes.problemID }, "\(app.runtime.state.problems)")
        try FileManager.default.removeItem(atPath: app.path + "/Projects/Launch Plan.md")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(blocked(app), [])
    }

    func testATaskMovedIntoASequentialProjectFromOutside() throws {
        var files = Self.tasks
        files["Side.md"] = "---\nsequential: true\n---\n"
        let app = try Harness(files: files, width: 120, height: 30)
        app.open("Inbox")
        XCTAssertEqual(blocked(app), [], "Side has one task")
        // Another program moves Three into Side, after Other (created later): it waits for Other.
        try write(app, "Tasks/Three.md", f("title: Three\nstatus: open\ntags: [task]\ndateCreated: 2026-11-30T09:00:00Z\nprojects: [\"[[Side]]\"]"))
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(blocked(app), ["Three"])
        // A note that is no project changing reads the notes again and changes nothing.
        try write(app, "Daily/2026-11-22.md", "# Today\n\n- [ ] nothing\n")
        XCTAssertTrue(app.runtime.pollChanges())
        XCTAssertEqual(blocked(app), ["Three"])
    }
}
