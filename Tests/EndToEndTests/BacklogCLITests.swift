import Foundation
import XCTest

/// A Backlog.md project through the real binary: the tasks Backlog.md's
/// board shows (no epics' plans, no drafts but in Drafts), assignees in
/// every output and option, and what `modify` and `add` write, line by line.
final class BacklogCLITests: XCTestCase {
    func project() -> TempVault {
        let vault = TempVault()
        vault.write("backlog/config.yml", "project_name: \"Demo\"\nstatuses: [\"To Do\", \"In Progress\", \"Done\"]\nzero_padded_ids: 3\n")
        vault.write("backlog/tasks/task-047 - Fix-login.md", """
        ---
        id: TASK-047
        title: Fix login
        status: To Do
        assignee:
          - '@alice'
          - '@bob'
        created_date: '2026-04-25 12:14'
        labels:
          - auth
        dependencies: []
        priority: high
        ---

        """)
        vault.write("backlog/tasks/task-012 - Old-style.md", "---\nid: task-12\ntitle: Old style\nstatus: In Progress\nassignee: @carol\ncreated_date: 2026-01-02 10:00\n---\n")
        vault.write("backlog/tasks/epics/task-900 - Epic-plan.md", "---\nid: task-900\ntitle: Epic plan\nstatus: To Do\n---\n")
        vault.write("backlog/tasks/epics/README.md", "# Epics\n")
        vault.write("backlog/drafts/draft-1 - Dark-mode.md", "---\nid: DRAFT-1\ntitle: Dark mode\nstatus: To Do\nassignee: []\ncreated_date: '2026-04-26 09:00'\nlabels: []\ndependencies: []\n---\n")
        vault.write("backlog/drafts/notes.md", "# Notes\n")
        return vault
    }

    func run(_ args: [String], _ vault: TempVault) throws -> String {
        let out = try Binary.run(args + ["--vault", vault.path])
        XCTAssertEqual(out.status, 0, "\(args): \(out.stderr)")
        return out.stdout
    }

    func testListShowsTheBoardsTasksWithTheirAssignees() throws {
        let vault = project()
        let list = try run(["list"], vault)
        XCTAssertTrue(list.contains("Fix login") && list.contains("@alice @bob") && list.contains("Old style") && list.contains("@carol"), list)
        XCTAssertFalse(list.contains("Epic plan"), "a file in a subfolder is not a task: \(list)")
        XCTAssertFalse(list.contains("Dark mode"), "a draft is in Drafts only: \(list)")
        XCTAssertEqual(try run(["count"], vault), "2\n")
        XCTAssertTrue(try run(["list", "--perspective", "Drafts"], vault).contains("Dark mode"))
        XCTAssertEqual(try run(["count", "--perspective", "drafts"], vault), "1\n")
        XCTAssertTrue(try run(["perspectives"], vault).contains("Drafts"))

        let json = try run(["list", "--json", "--where", "assignee has alice"], vault)
        XCTAssertTrue(json.contains("\"assignees\":[\"@alice\",\"@bob\"]"), json)
        XCTAssertFalse(json.contains("Old style"), json)
        XCTAssertTrue(try run(["list", "--where", "assignee has @Carol"], vault).contains("Old style"))
        XCTAssertEqual(try run(["count", "--where", "assignee is not set"], vault), "0\n")

        let show = try run(["show", "backlog/tasks/task-047 - Fix-login.md"], vault)
        XCTAssertTrue(show.contains("  assignees          @alice @bob\n"), show)
        let grouped = try run(["list", "--where", "status in (todo, in-progress)"], vault)
        XCTAssertTrue(grouped.contains("Fix login"), grouped)
    }

    func testModifyAssigneeKeepsTheListInItsStyle() throws {
        let vault = project()
        let id = "backlog/tasks/task-047 - Fix-login.md"
        XCTAssertTrue(try run(["modify", id, "--assignee", "+carol", "--assignee", "-alice"], vault).contains("assignees @bob @carol"))
        var text = vault.text(id) ?? ""
        XCTAssertTrue(text.contains("assignee:\n  - '@bob'\n  - '@carol'\ncreated_date: '2026-04-25 12:14'\nupdated_date: '"), text)
        XCTAssertFalse(text.contains("@alice"), text)
        _ = try run(["modify", id, "--assignee", "dave"], vault)
        text = vault.text(id) ?? ""
        XCTAssertTrue(text.contains("assignee:\n  - '@dave'\n  - '@carol'\n"), "the first replaced, the rest kept: \(text)")
        _ = try run(["modify", id, "--assignee", "none"], vault)
        XCTAssertTrue(vault.text(id)?.contains("\nassignee: []\n") == true, vault.text(id) ?? "")

        // One name written as a scalar stays one.
        let old = "backlog/tasks/task-012 - Old-style.md"
        _ = try run(["modify", old, "--assignee", "erin", "--status", "done"], vault)
        text = vault.text(old) ?? ""
        XCTAssertTrue(text.hasPrefix("---\nid: task-12\ntitle: Old style\nstatus: Done\nassignee: '@erin'\ncreated_date: 2026-01-02 10:00\nupdated_date: '"), text)
        XCTAssertFalse(text.contains("completed"), "no key Backlog.md does not have: \(text)")
        // An updated_date in UTC, whatever the zone.
        let stamp = text.components(separatedBy: "updated_date: '")[1].prefix(16)
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd HH:mm"
        f.timeZone = TimeZone(identifier: "UTC")
        let written = try XCTUnwrap(f.date(from: String(stamp)), String(stamp))
        XCTAssertLessThan(abs(written.timeIntervalSinceNow), 180, "UTC, not local time: \(stamp)")

        let bad = try Binary.run(["modify", id, "--assignee", "+", "--vault", vault.path])
        XCTAssertEqual(bad.status, 2, bad.stdout)
        XCTAssertTrue(bad.stderr.contains("--assignee needs a name"), bad.stderr)
    }

    func testAddWritesTheNextPaddedIdAsBacklogMdDoes() throws {
        let vault = project()
        let added = try run(["add", "Ship it !high", "--assignee", "alice"], vault)
        XCTAssertTrue(added.contains("backlog/tasks/task-048 - Ship-it.md"), added)
        let text = vault.text("backlog/tasks/task-048 - Ship-it.md") ?? ""
        let lines = text.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 12, text)
        guard lines.count == 12 else { return }
        XCTAssertEqual(Array(lines[0..<6]), ["---", "id: TASK-048", "title: Ship it", "status: To Do", "assignee:", "  - '@alice'"])
        XCTAssertTrue(lines[6].hasPrefix("created_date: '") && lines[6].hasSuffix("'"), lines[6])
        XCTAssertEqual(Array(lines[7...]), ["labels: []", "dependencies: []", "priority: high", "---", ""])

        // Backlog.md has no areas: @name in the line assigns.
        XCTAssertTrue(try run(["add", "Call the bank @carol @dave"], vault).contains("backlog/tasks/task-049 - Call-the-bank.md"))
        let call = vault.text("backlog/tasks/task-049 - Call-the-bank.md") ?? ""
        XCTAssertTrue(call.hasPrefix("---\nid: TASK-049\ntitle: Call the bank\nstatus: To Do\nassignee:\n  - '@carol'\n  - '@dave'\n"), call)
    }
}
