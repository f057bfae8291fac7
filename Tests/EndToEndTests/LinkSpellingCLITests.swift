import Foundation
import XCTest

/// `show` on a TaskNotes vault whose links a tester found misread: links out
/// of the vault through a linked folder or file are refused (as `../` ones
/// are), names in another case are found, and angle-bracketed or
/// percent-encoded paths lead to their files, in the notes and in `blockedBy`.
/// The real binary; nothing is written.
final class LinkSpellingCLITests: XCTestCase {
    func testShowSaysWhereEachMisspelledOrOutwardLinkLeads() throws {
        let v = TempVault(), outside = TempVault()
        outside.write("outside-secret.md", "secret\n")
        let task = "status: open\ntags: [task]\n"
        v.write([
            ".obsidian/plugins/tasknotes/data.json": #"{"tasksFolder": "TaskNotes/Tasks/", "taskTag": "task"}"#,
            "TaskNotes/Tasks/Main.md": """
                ---
                title: Main
                \(task)blockedBy:
                  - uid: "[Busy 11](<Busy 11.md>)"
                    reltype: FINISHTOSTART
                  - uid: "<Busy 9.md>"
                    reltype: FINISHTOSTART
                  - uid: "[[BUSY 12]]"
                    reltype: FINISHTOSTART
                ---
                See [[linkdir/outside-secret]], [[secret-file]], [[Write-Docs]], [[NOTES]], [[style GUIDE]],
                [guide](<../../Notes/Style guide.md>), [enc](../../Notes/Style%20guide.md) and [out](../../../x.md).

                """,
            "TaskNotes/Tasks/Busy 9.md": "---\ntitle: Busy 9\n\(task)---\n",
            "TaskNotes/Tasks/Busy 11.md": "---\ntitle: Busy 11\n\(task)---\n",
            "TaskNotes/Tasks/Busy 12.md": "---\ntitle: Busy 12\n\(task)---\n",
            "TaskNotes/Tasks/write-docs.md": "---\ntitle: write docs\n\(task)---\n",
            "Notes/notes.md": "# Notes\n",
            "Notes/Style guide.md": "# Style\n",
        ])
        XCTAssertEqual(symlink(outside.path, v.path + "/linkdir"), 0)
        XCTAssertEqual(symlink(outside.path + "/outside-secret.md", v.path + "/Notes/secret-file.md"), 0)
        let before = v.contents()
        let out = try Binary.run(["show", "TaskNotes/Tasks/Main.md", "--vault", v.path, "--today", "2026-11-22"],
                                 env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = out.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let expected = [
            "waits for          [Busy 11](<Busy 11.md>) → TaskNotes/Tasks/Busy 11.md [open]",
            "waits for          <Busy 9.md> → TaskNotes/Tasks/Busy 9.md [open]",
            "waits for          [[BUSY 12]] → TaskNotes/Tasks/Busy 12.md [open]",
            "blocked            yes",
            "link               [[linkdir/outside-secret]] → refused: path_traversal: [[linkdir/outside-secret]] points outside the vault"
                + " (linkdir/outside-secret.md is a symbolic link, or in a linked folder, leading out of it)",
            "link               [[secret-file]] → refused: path_traversal: [[secret-file]] points outside the vault"
                + " (Notes/secret-file.md is a symbolic link, or in a linked folder, leading out of it)",
            "link               [[Write-Docs]] → TaskNotes/Tasks/write-docs.md",
            "link               [[NOTES]] → Notes/notes.md",
            "link               [[style GUIDE]] → Notes/Style guide.md",
            "link               [guide](<../../Notes/Style guide.md>) → Notes/Style guide.md",
            "link               [enc](../../Notes/Style%20guide.md) → Notes/Style guide.md",
            "link               [out](../../../x.md) → refused: path_traversal: [out](../../../x.md) points outside the vault",
        ]
        for line in expected { XCTAssertTrue(lines.contains(line), "\(line)\n\(out.stdout)") }
        XCTAssertFalse(out.stdout.contains("no such file") || out.stdout.contains("nowhere"), out.stdout)
        // The dependencies name their tasks: nothing for `problems` to say of them.
        let problems = try Binary.run(["problems", "--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertFalse(problems.stdout.contains("Main.md"), problems.stdout)
        XCTAssertEqual(v.contents().filter { !$0.key.hasPrefix(".cache-test") }, before.filter { !$0.key.hasPrefix(".cache-test") }, "nothing written")
    }
}
