import Foundation
import XCTest

/// Another tool's vault through the real binary: `todomd profile` says what
/// it found, the CLI reads the vault in that tool's words and writes them
/// back.
final class ProfileEndToEndTests: XCTestCase {
    func backlog() -> TempVault {
        let vault = TempVault()
        vault.write("backlog/config.yml", "project_name: \"Demo\"\nstatuses: [\"To Do\", \"In Progress\", \"Done\"]\n")
        vault.write("backlog/tasks/task-1 - Fix-login.md", "---\nid: task-1\ntitle: Fix login\nstatus: To Do\nassignee: @alice\ncreated_date: '2025-06-09 14:30'\nlabels: [auth]\npriority: high\n---\n")
        vault.write("backlog/docs/doc-1 - Notes.md", "---\nid: doc-1\ntitle: Notes\n---\n")
        return vault
    }

    func testProfileSaysWhatItFoundAndTheCLIUsesIt() throws {
        let vault = backlog()
        let profile = try Binary.run(["profile", "--vault", vault.path])
        XCTAssertEqual(profile.status, 0, profile.stderr)
        XCTAssertTrue(profile.stdout.hasPrefix("Profile: backlog\n"), profile.stdout)
        XCTAssertTrue(profile.stdout.contains("status words: backlog/config.yml statuses"), profile.stdout)
        XCTAssertTrue(profile.stdout.contains("  tags                labels, tags\n"), profile.stdout)
        XCTAssertTrue(profile.stdout.contains("in progress *"), profile.stdout)
        XCTAssertTrue(profile.stdout.contains("Timestamps: YYYY-MM-DD HH:mm"), profile.stdout)

        let list = try Binary.run(["list", "--vault", vault.path, "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("\"tags\" : [\n      \"auth\"") || list.stdout.contains("\"tags\":[\"auth\"]") || list.stdout.contains("\"auth\""), list.stdout)
        XCTAssertFalse(list.stdout.contains("Notes"), "docs are not tasks: \(list.stdout)")
        XCTAssertEqual(try Binary.run(["problems", "--vault", vault.path]).stdout, "No problems.\n")

        let modify = try Binary.run(["modify", "--vault", vault.path, "backlog/tasks/task-1 - Fix-login.md", "--status", "in-progress"])
        XCTAssertEqual(modify.status, 0, modify.stderr)
        let text = vault.text("backlog/tasks/task-1 - Fix-login.md") ?? ""
        XCTAssertTrue(text.contains("status: In Progress\n"), text)
        XCTAssertTrue(text.contains("assignee: @alice\n"), "the other tool's line is untouched: \(text)")
        XCTAssertTrue(text.contains("updated_date: "), text)

        let added = try Binary.run(["add", "--vault", vault.path, "Ship it"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("backlog/tasks/task-2 - Ship-it.md"), added.stdout)
        XCTAssertTrue(vault.text("backlog/tasks/task-2 - Ship-it.md")?.hasPrefix("---\nid: task-2\ntitle: Ship it\nstatus: To Do\n") == true,
                      vault.text("backlog/tasks/task-2 - Ship-it.md") ?? "")
    }
}

/// The TUI on a TaskNotes vault that keeps each title in its file name.
final class ProfileTerminalTests: TmuxTestCase {
    func testTheTUIRenamesATitleInFilenameTaskAndUndoesIt() throws {
        let vault = TempVault()
        vault.write(".obsidian/plugins/tasknotes/data.json", #"{"storeTitleInFilename": true, "taskTag": "task"}"#)
        vault.write("TaskNotes/Tasks/Water plants.md", "---\nstatus: open\ntags: [task]\ndateCreated: 2026-11-01\ndateModified: 2026-11-01\n---\n")
        vault.write("Ideas.md", "# Ideas\n")
        let s = try TmuxSession(todomd: vault, width: 100, height: 30)
        var screen = try s.waitFor("Inbox · 1 task")
        XCTAssertFalse(screen.contains("Ideas"), screen)
        XCTAssertTrue(screen.contains("· TaskNotes vault"), "the header says whose format this is: \(screen)")
        try s.send("l")
        try s.send("Space")
        try s.waitFor("▶ Water plants")
        XCTAssertTrue(vault.text("TaskNotes/Tasks/Water plants.md")?.contains("status: in-progress\n") == true)
        try s.send("e")
        try s.send("C-u")
        try s.send("-l", "Water the plants")
        try s.send("Enter")
        screen = try s.waitFor("Renamed to TaskNotes/Tasks/Water the plants.md")
        XCTAssertNil(vault.text("TaskNotes/Tasks/Water plants.md"))
        XCTAssertTrue(vault.text("TaskNotes/Tasks/Water the plants.md")?.contains("status: in-progress") == true)
        XCTAssertFalse(vault.text("TaskNotes/Tasks/Water the plants.md")?.contains("title:") == true, "the name is the title")
        try s.send("u")
        try s.waitFor("Undone")
        XCTAssertNotNil(vault.text("TaskNotes/Tasks/Water plants.md"))
        XCTAssertNil(vault.text("TaskNotes/Tasks/Water the plants.md"))
        try s.send("q")
    }
}
