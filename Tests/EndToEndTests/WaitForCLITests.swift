import Foundation
import XCTest

/// `todomd modify ID --blocked-by OTHER` and `--unblock OTHER|all` with the real
/// binary on todomd, TaskNotes and Backlog.md vaults: each file is written in
/// its tool's words, and a refusal writes nothing.
final class WaitForCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
    }

    func testATodomdVaultWritesLinksAndReleasesThem() throws {
        let v = TempVault()
        v.write(["ship.md": "---\ntitle: Ship\nstatus: todo\nblocked_by: [{reltype: FINISHTOSTART}, \"[[review]]\"]  # mine\n---\nBody.\n",
                 "write-docs.md": "---\ntitle: Write docs\nstatus: todo\n---\n",
                 "review.md": "---\ntitle: Review\nstatus: todo\n---\n"])
        var out = try run(v, ["modify", "ship.md", "--blocked-by", "write-docs.md"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, "changed: ship.md: waits for [[review]], [[write-docs]]\n")
        XCTAssertTrue(v.text("ship.md")?.contains("blocked_by: [{reltype: FINISHTOSTART}, \"[[review]]\", \"[[write-docs]]\"]  # mine\n") == true,
                      v.text("ship.md") ?? "")
        let show = try run(v, ["show", "ship.md"])
        XCTAssertTrue(show.stdout.contains("[[write-docs]] → write-docs.md [todo]"), show.stdout)
        // Unblock by id: the entry naming it goes, the entry todomd cannot read stays.
        out = try run(v, ["modify", "ship.md", "--unblock", "review.md"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(v.text("ship.md")?.contains("blocked_by: [{reltype: FINISHTOSTART}, \"[[write-docs]]\"]  # mine\n") == true, v.text("ship.md") ?? "")
        out = try run(v, ["modify", "ship.md", "--unblock", "all"])
        XCTAssertEqual(out.stdout, "changed: ship.md: waits for nothing\n")
        XCTAssertTrue(v.text("ship.md")?.contains("blocked_by: [{reltype: FINISHTOSTART}]  # mine\n") == true, v.text("ship.md") ?? "")
        XCTAssertTrue(v.text("ship.md")?.hasSuffix("---\nBody.\n") == true)
    }

    /// A task named by its title where no id matches (as quick add's `after:` names it): one open
    /// task of that title, any case; several are refused by count, none as neither id nor title.
    func testBlockedByAndUnblockTakeATitle() throws {
        let v = TempVault()
        v.write(["ship.md": "---\ntitle: Ship\n---\n", "buy.md": "---\ntitle: Buy milk, eggs\n---\n",
                 "twin-1.md": "---\ntitle: Twin\n---\n", "twin-2.md": "---\ntitle: Twin\n---\n"])
        var out = try run(v, ["modify", "ship.md", "--blocked-by", "buy MILK, eggs"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(v.text("ship.md")?.contains("blocked_by: [\"[[buy]]\"]") == true, v.text("ship.md") ?? "")
        out = try run(v, ["modify", "ship.md", "--blocked-by", "Twin"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.stderr.contains("Twin"), out.stderr)
        out = try run(v, ["modify", "ship.md", "--blocked-by", "Nobody at all"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.stderr.contains("--blocked-by: no task with id 'Nobody at all'") && out.stderr.contains("nor a title"), out.stderr)
        XCTAssertTrue(v.text("ship.md")?.contains("blocked_by: [\"[[buy]]\"]") == true, "refusals write nothing")
        out = try run(v, ["modify", "ship.md", "--unblock", "Buy milk, eggs"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertFalse(v.text("ship.md")?.contains("[[buy]]") ?? true, v.text("ship.md") ?? "")
    }

    func testRefusalsWriteNothing() throws {
        let v = TempVault()
        v.write(["a.md": "---\ntitle: A\nblocked_by: [\"[[b]]\"]\n---\n", "b.md": "---\ntitle: B\nblocked_by: [\"[[c]]\"]\n---\n",
                 "c.md": "---\ntitle: C\n---\n"])
        let before = ["a.md", "b.md", "c.md"].map { v.text($0) }
        let cases: [([String], String)] = [
            (["modify", "a.md", "--blocked-by", "a.md"], "--blocked-by: a.md cannot wait for itself"),
            (["modify", "c.md", "--blocked-by", "a.md"], "--blocked-by: c.md cannot wait for a.md: that would close a cycle (c.md → a.md → b.md → c.md; each would wait for the next)"),
            (["modify", "a.md", "--blocked-by", "nope.md"], "--blocked-by: no task with id 'nope.md'"),
            (["modify", "a.md", "--unblock", "nope"], "--unblock: nope is no task, and no entry of the task names it"),
            // Two tasks named: the first's edge is fine, the second's is not; neither file is written.
            (["modify", "a.md", "c.md", "--blocked-by", "c.md"], "--blocked-by: c.md cannot wait for itself"),
        ]
        for (args, message) in cases {
            let out = try run(v, args)
            XCTAssertNotEqual(out.status, 0, "\(args)")
            XCTAssertTrue(out.stderr.contains(message), "\(args): \(out.stderr)")
            XCTAssertEqual(["a.md", "b.md", "c.md"].map { v.text($0) }, before, "\(args)")
        }
    }

    /// An entry naming a task deleted since, or one that never was, is released by its name
    /// as written (with or without brackets, any case of `.md`), the others staying.
    func testUnblockReleasesAnEntryNamingNoTask() throws {
        for name in ["Gone", "[[Gone]]", "Gone.md"] {
            let v = TempVault()
            v.write(["ship.md": "---\ntitle: Ship\nblocked_by: [\"[[review]]\", \"[[Gone]]\"]\n---\n",
                     "review.md": "---\ntitle: Review\n---\n"])
            let out = try run(v, ["modify", "ship.md", "--unblock", name])
            XCTAssertEqual(out.status, 0, "\(name): \(out.stderr)")
            XCTAssertTrue(v.text("ship.md")?.hasPrefix("---\ntitle: Ship\nblocked_by: [\"[[review]]\"]\nmodified: ") == true, "\(name): \(v.text("ship.md") ?? "")")
        }
    }

    /// A title change that renames the file (TaskNotes' title in the file name) rewrites the other
    /// files that named the old name, keeping their other bytes, and says how many; a file that
    /// cannot be written (read-only) is named, with who still waits for the old name, and exit 2.
    func testARenameUpdatesTheFilesThatNamedTheOldName() throws {
        let v = TempVault()
        let ship = "---\ntitle: Ship\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Write docs|docs]]\"\n    reltype: FINISHTOSTART\n    gap: PT4H\n---\nSee [the docs](Write%20docs.md#intro).\n"
        let sub = "---\ntitle: Sub\nstatus: open\ntags: [task]\nprojects: [\"[[Tasks/Write docs]]\"]\n---\n"
        v.write([".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "storeTitleInFilename": true}"#,
                 "Tasks/Write docs.md": "---\ntitle: Write docs\nstatus: open\ntags: [task]\n---\n",
                 "Tasks/Lone.md": "---\ntitle: Lone\nstatus: open\ntags: [task]\n---\nWrite docs, unlinked.\n",
                 "Tasks/Ship.md": ship, "Tasks/Sub.md": sub, "Projects/Alpha.md": "- [[Write docs]]\n"])
        var out = try run(v, ["modify", "Tasks/Write docs.md", "--title", "Write the docs"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stderr, "")
        XCTAssertTrue(out.stdout.contains("\nupdated: 3 other files now name Tasks/Write the docs.md: Tasks/Ship.md, Tasks/Sub.md, Projects/Alpha.md\n"), out.stdout)
        XCTAssertNotNil(v.text("Tasks/Write the docs.md"))
        XCTAssertEqual(v.text("Tasks/Ship.md"), ship.replacingOccurrences(of: "[[Write docs|", with: "[[Write the docs|")
                        .replacingOccurrences(of: "(Write%20docs.md#", with: "(Write%20the%20docs.md#"))
        XCTAssertEqual(v.text("Tasks/Sub.md"), sub.replacingOccurrences(of: "Tasks/Write docs", with: "Tasks/Write the docs"))
        XCTAssertEqual(v.text("Projects/Alpha.md"), "- [[Write the docs]]\n")
        XCTAssertEqual(v.text("Tasks/Lone.md"), "---\ntitle: Lone\nstatus: open\ntags: [task]\n---\nWrite docs, unlinked.\n")
        XCTAssertEqual(try run(v, ["problems"]).stdout, "No problems.\n")

        // A file that cannot be written keeps the old name, and the output says so.
        XCTAssertEqual(chmod(v.path + "/Tasks/Ship.md", 0o444), 0)
        out = try run(v, ["modify", "Tasks/Write the docs.md", "--title", "Docs"])
        XCTAssertEqual(out.status, 2, out.stdout + out.stderr)
        XCTAssertTrue(out.stdout.contains("\nupdated: 2 other files now name Tasks/Docs.md: Tasks/Sub.md, Projects/Alpha.md\n"), out.stdout)
        XCTAssertTrue(out.stderr.contains("not updated: Tasks/Ship.md ("), out.stderr)
        XCTAssertTrue(out.stderr.contains("1 task waits for Tasks/Write the docs.md by its old name and now name no task"), out.stderr)
        XCTAssertTrue(v.text("Tasks/Ship.md")?.contains("[[Write the docs|docs]]") == true)
        out = try run(v, ["modify", "Tasks/Lone.md", "--title", "Alone"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stderr, "")
        XCTAssertFalse(out.stdout.contains("updated:"), out.stdout)
    }

    /// Several tasks renamed by one `modify` (the same new title: the second gets its number): each
    /// rename is followed in turn, a task renamed later naming the one renamed before by its new name.
    func testSeveralRenamesInOneModifyFollowEachInTurn() throws {
        let v = TempVault()
        let ship = "---\ntitle: Ship\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n---\n"
        let sub = "---\ntitle: Sub\nstatus: open\ntags: [task]\nprojects: [\"[[Ship]]\"]\n---\nAfter [[Write docs]].\n"
        v.write([".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "storeTitleInFilename": true}"#,
                 "Tasks/Write docs.md": "---\ntitle: Write docs\nstatus: open\ntags: [task]\n---\n",
                 "Tasks/Ship.md": ship, "Tasks/Sub.md": sub, "Projects/Alpha.md": "- [[Ship]] after [[Write docs]]\n"])
        let out = try run(v, ["modify", "Tasks/Write docs.md", "Tasks/Ship.md", "--title", "Next"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stderr, "")
        XCTAssertTrue(out.stdout.contains("\nupdated: 3 other files now name Tasks/Next.md: Tasks/Ship.md, Tasks/Sub.md, Projects/Alpha.md\n"), out.stdout)
        XCTAssertTrue(out.stdout.contains("\nupdated: 2 other files now name Tasks/Next-2.md: Tasks/Sub.md, Projects/Alpha.md\n"), out.stdout)
        XCTAssertNil(v.text("Tasks/Ship.md"))
        XCTAssertTrue(v.text("Tasks/Next-2.md")?.contains("title: Next-2\n") == true, v.text("Tasks/Next-2.md") ?? "")
        XCTAssertTrue(v.text("Tasks/Next-2.md")?.contains("  - uid: \"[[Next]]\"\n") == true, v.text("Tasks/Next-2.md") ?? "")
        XCTAssertEqual(v.text("Tasks/Sub.md"), sub.replacingOccurrences(of: "[[Ship]]", with: "[[Next-2]]").replacingOccurrences(of: "[[Write docs]]", with: "[[Next]]"))
        XCTAssertEqual(v.text("Projects/Alpha.md"), "- [[Next-2]] after [[Next]]\n")
        XCTAssertEqual(try run(v, ["problems"]).stdout, "No problems.\n")
    }

    /// Where the vault's settings turn link updates off (Obsidian's, or tasknotes.yaml's), a rename
    /// writes no other file and says so, with who still waits for the old name.
    func testARenameLeavesTheOtherFilesWhereTheSettingsSaySo() throws {
        for (file, text, source) in [(".obsidian/app.json", #"{"alwaysUpdateLinks": false}"#, ".obsidian/app.json alwaysUpdateLinks"),
                                     ("tasknotes.yaml", "links:\n  update_references_on_rename: false\n", "tasknotes.yaml links.update_references_on_rename")] {
            let v = TempVault()
            let ship = "---\ntitle: Ship\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n---\n"
            v.write([".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "Tasks/", "storeTitleInFilename": true}"#, file: text,
                     "Tasks/Write docs.md": "---\ntitle: Write docs\nstatus: open\ntags: [task]\n---\n",
                     "Tasks/Ship.md": ship, "Projects/Alpha.md": "- [[Write docs]]\n"])
            let out = try run(v, ["modify", "Tasks/Write docs.md", "--title", "Write the docs"])
            XCTAssertEqual(out.status, 0, out.stderr)
            XCTAssertNotNil(v.text("Tasks/Write the docs.md"), file)
            XCTAssertEqual(v.text("Tasks/Ship.md"), ship, file)
            XCTAssertEqual(v.text("Projects/Alpha.md"), "- [[Write docs]]\n", file)
            XCTAssertFalse(out.stdout.contains("updated:"), out.stdout)
            XCTAssertTrue(out.stderr.contains("note: links to Tasks/Write docs.md were left as they were (off in \(source))"), out.stderr)
            XCTAssertTrue(out.stderr.contains("1 task waits for Tasks/Write docs.md by its old name"), out.stderr)
            XCTAssertTrue(try run(v, ["profile"]).stdout.contains("On a rename: the other files' links are left naming the old name (\(source))"), file)
        }
    }

    func testATaskNotesVaultWritesItsBlockList() throws {
        let v = TempVault()
        v.write([".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "TaskNotes/Tasks"}"#,
                 "TaskNotes/Tasks/Ship.md": "---\ntitle: Ship\nstatus: open\ntags:\n  - task\n---\n",
                 "TaskNotes/Tasks/Write docs.md": "---\ntitle: Write docs\nstatus: open\ntags:\n  - task\n---\n"])
        let out = try run(v, ["modify", "TaskNotes/Tasks/Ship.md", "--blocked-by", "TaskNotes/Tasks/Write docs.md"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let text = v.text("TaskNotes/Tasks/Ship.md") ?? ""
        XCTAssertTrue(text.contains("\nblockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n"), text)
        let list = try run(v, ["list", "--json"])
        XCTAssertTrue(list.stdout.contains("\"blocked\":true") || list.stdout.contains("\"blocked\": true"), list.stdout)
        _ = try run(v, ["modify", "TaskNotes/Tasks/Ship.md", "--unblock", "TaskNotes/Tasks/Write docs.md"])
        XCTAssertFalse(v.text("TaskNotes/Tasks/Ship.md")?.contains("blockedBy") ?? true, v.text("TaskNotes/Tasks/Ship.md") ?? "")
    }

    /// `blockedBy: "[[Write docs]]"` on one line, then `--blocked-by` another: a block list of
    /// `uid`/`reltype` maps, the first link as written, as the TaskNotes plugin saves it.
    func testATaskNotesOneLineLinkBecomesTheMapsThePluginWrites() throws {
        let v = TempVault()
        v.write([".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "TaskNotes/Tasks"}"#,
                 "TaskNotes/Tasks/Ship.md": "---\ntitle: Ship\nstatus: open\nblockedBy: \"[[Write docs]]\"\ntags:\n  - task\n---\nNotes.\n",
                 "TaskNotes/Tasks/Write docs.md": "---\ntitle: Write docs\nstatus: open\ntags:\n  - task\n---\n",
                 "TaskNotes/Tasks/Review.md": "---\ntitle: Review\nstatus: open\ntags:\n  - task\n---\n"])
        let out = try run(v, ["modify", "TaskNotes/Tasks/Ship.md", "--blocked-by", "TaskNotes/Tasks/Review.md"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let text = v.text("TaskNotes/Tasks/Ship.md") ?? ""
        // (The plugin's dateModified is the time of the write: everything else, byte for byte.)
        let stamp = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("dateModified: ") }, text)
        XCTAssertEqual(text, "---\ntitle: Ship\nstatus: open\nblockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n"
                       + "  - uid: \"[[Review]]\"\n    reltype: FINISHTOSTART\ntags:\n  - task\n\(stamp)\n---\nNotes.\n")
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]).stdout, "1\n")
    }

    /// A task at the vault's root whose file name a task in a folder shares can be waited for:
    /// the link names it from the root, and every command reads it as that task.
    func testARootTaskSharingItsNameIsWaitedForByItsPathFromTheRoot() throws {
        let v = TempVault()
        v.write(["Ship.md": "---\ntitle: Ship (root)\nstatus: todo\n---\n",
                 "work/Ship.md": "---\ntitle: Ship (work)\nstatus: todo\n---\n",
                 "work/Launch.md": "---\ntitle: Launch\nstatus: todo\n---\n"])
        var out = try run(v, ["modify", "work/Launch.md", "--blocked-by", "Ship.md"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, "changed: work/Launch.md: waits for [[/Ship]]\n")
        XCTAssertTrue(v.text("work/Launch.md")?.contains("\nblocked_by: [\"[[/Ship]]\"]\n") == true, v.text("work/Launch.md") ?? "")
        let show = try run(v, ["show", "work/Launch.md"])
        XCTAssertTrue(show.stdout.contains("[[/Ship]] → Ship.md [todo]"), show.stdout)
        XCTAssertEqual(try run(v, ["problems"]).stdout, "No problems.\n")
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]).stdout, "1\n")
        // The root task done: no longer blocked (the one in work/ is not the one it waits for).
        _ = try run(v, ["done", "Ship.md"])
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]).stdout, "0\n")
        out = try run(v, ["modify", "work/Launch.md", "--unblock", "Ship.md"])
        XCTAssertEqual(out.stdout, "changed: work/Launch.md: waits for nothing\n")
    }

    func testABacklogProjectWritesIDs() throws {
        let v = TempVault()
        v.write(["backlog/config.yml": "project_name: \"Demo\"\nstatuses: [\"To Do\", \"In Progress\", \"Done\"]\n",
                 "backlog/tasks/task-1 - Design.md": "---\nid: task-1\ntitle: Design\nstatus: To Do\nassignee: []\nlabels: []\ndependencies: []\n---\n",
                 "backlog/tasks/task-2 - Build.md": "---\nid: task-2\ntitle: Build\nstatus: To Do\nassignee: []\nlabels: []\ndependencies: []\npriority: high\n---\n"])
        var out = try run(v, ["modify", "backlog/tasks/task-2 - Build.md", "--blocked-by", "backlog/tasks/task-1 - Design.md"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(v.text("backlog/tasks/task-2 - Build.md")?.contains("dependencies:\n  - task-1\npriority: high\n") == true,
                      v.text("backlog/tasks/task-2 - Build.md") ?? "")
        out = try run(v, ["modify", "backlog/tasks/task-2 - Build.md", "--unblock", "all"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(v.text("backlog/tasks/task-2 - Build.md")?.contains("dependencies: []\npriority: high\n") == true,
                      v.text("backlog/tasks/task-2 - Build.md") ?? "")
    }

    /// `add` reads `after:` as quick add does: the title names the task, or nothing is added.
    func testAddReadsAfter() throws {
        let v = TempVault()
        v.write(["write-docs.md": "---\ntitle: Write docs\nstatus: todo\n---\n"])
        var out = try run(v, ["add", "Announce after:\"write docs\""])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(v.text("announce.md")?.contains("\nblocked_by: [\"[[write-docs]]\"]\n") == true, v.text("announce.md") ?? "")
        out = try run(v, ["add", "Other after:Nothing"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.stderr.contains("after: No task is titled 'Nothing' to wait for."), out.stderr)
        XCTAssertNil(v.text("other.md"))
    }
}
