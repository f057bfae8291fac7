import XCTest
@testable import TaskEngine

/// A tool's settings file that is there but cannot be read (cut short by a
/// sync, emptied, not JSON or YAML) still says whose vault it is: the tool's
/// defaults are used and the file is named as a problem. Falling back to
/// todomd's own format would list every note as a task and put new tasks
/// where the tool does not look.
final class BrokenSettingsTests: XCTestCase {
    static let note = "---\ntags: [journal]\n---\n- [ ] #task Call Bob\n"
    static let task = "---\ntitle: Pay rent\nstatus: open\ntags: [task]\n---\n"

    func testABrokenTaskNotesSettingsFileKeepsTheVaultTaskNotes() throws {
        let broken = ["{\"tasksFolder\": \"Tasks/\",", "", "[1, 2]", "null", "\u{FEFF}{", String(repeating: "{", count: 5000)]
        for text in broken {
            let dir = TempDir()
            dir.write(".obsidian/plugins/tasknotes/data.json", text)
            dir.write("Daily/2026-11-27.md", Self.note)
            dir.write("Home.md", "# Home\n\nNot a task.\n")
            dir.write("TaskNotes/Tasks/Pay rent.md", Self.task)
            let (profile, problems) = ProfileDetection.detect(root: dir.path)
            XCTAssertEqual(profile.kind, .tasknotes, text)
            XCTAssertTrue(problems.contains { $0.hasPrefix(".obsidian/plugins/tasknotes/data.json") }, "\(text): \(problems)")
            let snapshot = try VaultLoader.load(root: dir.path, timeZone: TimeZone(identifier: "UTC")!)
            XCTAssertEqual(snapshot.tasks.map(\.title), ["Pay rent"], "\(text.prefix(40)): only the tagged note is a task")
        }
    }

    func testABrokenBacklogConfigKeepsTheProjectBacklog() throws {
        let broken = ["project_name: \"Demo\nstatuses: [To Do", "", "- a\n- b\n", "statuses: [To Do, Done]\n  bad: indent\n"]
        for text in broken {
            let dir = TempDir()
            dir.write("backlog/config.yml", text)
            dir.write("backlog/tasks/task-1 - Ship.md", "---\nid: TASK-1\ntitle: Ship\nstatus: To Do\n---\n")
            dir.write("backlog/tasks/epics/README.md", "# Epics\n")
            dir.write("backlog/drafts/notes.md", "scratch\n")
            let (profile, problems) = ProfileDetection.detect(root: dir.path)
            XCTAssertEqual(profile.kind, .backlog, text)
            let problem = try XCTUnwrap(problems.first { $0.hasPrefix("backlog/config.yml") }, "\(text): \(problems)")
            XCTAssertTrue(problem.hasSuffix("Backlog.md's defaults are used"), problem)
            XCTAssertFalse(problem.contains("\n"), "one line: \(problem)")
            let snapshot = try VaultLoader.load(root: dir.path, timeZone: TimeZone(identifier: "UTC")!)
            XCTAssertEqual(snapshot.tasks.map(\.title), ["Ship"], text)
        }
    }

    func testNewTasksGoWhereTheToolLooksThoughItsSettingsAreBroken() throws {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"tasksFolder\": \"Tasks/\",")
        let saved = try VaultWriter(root: dir.path, timeZone: TimeZone(identifier: "UTC")!).create(TaskItem(id: "", title: "Buy milk"))
        let folder = ProfileDetection.detect(root: dir.path).profile.detection.newTaskFolder
        XCTAssertFalse(folder.isEmpty)
        XCTAssertEqual(saved.id, folder + "/Buy milk.md", "in TaskNotes' default folder, named by its title")
        XCTAssertTrue(dir.text(saved.id)?.contains("task") == true)
    }
}
