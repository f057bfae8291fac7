import Foundation
import XCTest

/// A TaskNotes vault as people have one, through the real binary: a task with
/// a value its field cannot hold is listed, shown with ⚠ and reported per
/// field; projects are edited as a list (`--project +X / -X / X`); a value
/// read from an alias key moves to the mapped key, and the line says so.
final class TaskNotesVaultCLITests: XCTestCase {
    func vault() -> TempVault {
        let vault = TempVault()
        vault.write(".obsidian/plugins/tasknotes/data.json", #"""
        {"tasksFolder": "Tasks/", "taskTag": "task", "storeTitleInFilename": true, "defaultTaskStatus": "open", "defaultTaskPriority": "normal",
         "fieldMapping": {"projects": "projects", "due": "due", "contexts": "contexts"}}
        """#)
        vault.write("Tasks/Renew passport.md", "---\nstatus: open\ndue: recurring-monthly\ntags: [task]\n---\n")
        vault.write("Tasks/Pitch deck.md", "---\nstatus: [open, done]\nprojects: [\"[[Frameloop]]\", \"[[pixel glitch creative studio]]\"]\ntags: [task]\n---\n")
        vault.write("Tasks/Storyboard.md", "---\nstatus: open\nprojects:\n  - \"[[Frameloop]]\"\n  - \"[[Website Redesign]]\"\ncontexts:\n  - \"@desk\"\ntags: [task]\n---\n")
        vault.write("Tasks/Landing page.md", "---\nstatus: open\nproject: \"[[Website Redesign]]\"\ntags: [task]\n---\n")
        vault.write("Daily/2026-11-20.md", "---\ntags: [daily]\n---\n- [ ] #task Call Bob\n")
        return vault
    }

    func run(_ args: [String], _ vault: TempVault) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try Binary.run(args + ["--vault", vault.path])
        return (r.status, r.stdout, r.stderr)
    }

    func testABadValueIsListedShownWithAWarningAndReportedByItsField() throws {
        let v = vault()
        let list = try run(["list", "--today", "2026-11-23"], v)
        XCTAssertEqual(list.status, 0, list.stderr)
        for title in ["Renew passport", "Pitch deck", "Storyboard", "Landing page"] { XCTAssertTrue(list.stdout.contains(title), "\(title): \(list.stdout)") }
        XCTAssertFalse(list.stdout.contains("Call Bob") || list.stdout.contains("2026-11-20"), "a daily note's #task line is no task: \(list.stdout)")
        XCTAssertEqual(try run(["count"], v).stdout, "4\n")

        let show = try run(["show", "Tasks/Renew passport.md"], v)
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("  due                ⚠ recurring-monthly (not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM))\n"), show.stdout)
        let deck = try run(["show", "Tasks/Pitch deck.md"], v)
        XCTAssertTrue(deck.stdout.contains("  status             ⚠ [open, done] (not a single value)\n"), deck.stdout)
        XCTAssertTrue(deck.stdout.contains("  projects           Frameloop, pixel glitch creative studio\n"), "every project: \(deck.stdout)")

        let problems = try run(["problems"], v)
        XCTAssertEqual(problems.status, 1)
        XCTAssertEqual(problems.stdout, """
        warning: Tasks/Pitch deck.md: `status` is "[open, done]", not a single value; read as absent until it is fixed or cleared
        warning: Tasks/Renew passport.md: `due` is "recurring-monthly", not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM); read as absent until it is fixed or cleared

        """)

        // Another field written: the bad line stays; the field set: it goes, and so does the problem.
        XCTAssertEqual(try run(["modify", "Tasks/Renew passport.md", "--flag"], v).status, 0)
        XCTAssertTrue(v.text("Tasks/Renew passport.md")!.contains("\ndue: recurring-monthly\n"))
        let fixed = try run(["modify", "Tasks/Renew passport.md", "--due", "2026-12-01"], v)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(v.text("Tasks/Renew passport.md")!.contains("\ndue: 2026-12-01\n"), v.text("Tasks/Renew passport.md")!)
        XCTAssertEqual(try run(["modify", "Tasks/Pitch deck.md", "--status", "bogus"], v).status, 2, "a bad --status is refused as before")
        XCTAssertEqual(try run(["modify", "Tasks/Pitch deck.md", "--status", "in-progress"], v).status, 0)
        XCTAssertTrue(v.text("Tasks/Pitch deck.md")!.contains("\nstatus: in-progress\n"), v.text("Tasks/Pitch deck.md")!)
        XCTAssertEqual(try run(["problems"], v).stdout, "No problems.\n")
    }

    func testProjectsAndContextsAreEditedAsLists() throws {
        let v = vault()
        var r = try run(["modify", "Tasks/Pitch deck.md", "--project", "+Q1 Pitches"], v)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "changed: Tasks/Pitch deck.md: projects Frameloop, pixel glitch creative studio, Q1 Pitches\n")
        XCTAssertTrue(v.text("Tasks/Pitch deck.md")!.contains(#"projects: ["[[Frameloop]]", "[[pixel glitch creative studio]]", "[[Q1 Pitches]]"]"#),
                      v.text("Tasks/Pitch deck.md")!)
        r = try run(["modify", "Tasks/Pitch deck.md", "--project", "-pixel glitch creative studio"], v)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(v.text("Tasks/Pitch deck.md")!.contains(#"projects: ["[[Frameloop]]", "[[Q1 Pitches]]"]"#), v.text("Tasks/Pitch deck.md")!)
        r = try run(["modify", "Tasks/Storyboard.md", "--project", "Motion", "--context", "+phone"], v)
        XCTAssertEqual(r.status, 0, r.stderr)
        let board = v.text("Tasks/Storyboard.md")!
        XCTAssertTrue(board.contains("projects:\n  - \"[[Motion]]\"\n  - \"[[Website Redesign]]\"\ncontexts:\n  - \"@desk\"\n  - \"@phone\"\n"),
                      "the first replaced, the rest kept, block lists stay block lists: \(board)")
        r = try run(["modify", "Tasks/Storyboard.md", "--project", "none"], v)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(v.text("Tasks/Storyboard.md")!.contains("projects"), v.text("Tasks/Storyboard.md")!)
        XCTAssertEqual(try run(["modify", "Tasks/Storyboard.md", "--project", "+"], v).status, 2, "a sign without a name is refused")
    }

    func testAnAliasKeyMovesToTheMappedKeyAndTheLineSaysSo() throws {
        let v = vault()
        let r = try run(["modify", "Tasks/Landing page.md", "--project", "New Project"], v)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "changed: Tasks/Landing page.md: project New Project (`project` is now `projects`)\n")
        let text = v.text("Tasks/Landing page.md")!
        XCTAssertFalse(text.contains("\nproject:"), text)
        XCTAssertTrue(text.contains("projects: [\"[[New Project]]\"]\n"), text)
    }

    func testDoneSaysWhenItMovesAnAliasKey() throws {
        let v = vault()
        v.write("Tasks/Water plants.md", "---\nstatus: open\ndate_modified: 2026-11-20T09:00:00+00:00\ntags: [task]\n---\n")
        let r = try run(["done", "Tasks/Water plants.md"], v)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("Done: Water plants (Tasks/Water plants.md) ("), r.stdout)
        XCTAssertTrue(r.stdout.contains("`date_modified` is now `dateModified`"), r.stdout)
        let text = v.text("Tasks/Water plants.md")!
        XCTAssertFalse(text.contains("date_modified"), text)
        XCTAssertTrue(text.contains("dateModified: "), text)
    }

    /// `--status` takes the vault's own words (TaskNotes' `open`) beside todomd's; a word neither
    /// knows is refused and writes nothing.
    func testStatusTakesTheVaultsOwnWords() throws {
        let v = vault()
        for (word, written) in [("done", "done"), ("open", "open"), ("in-progress", "in-progress"), ("todo", "open")] {
            let out = try run(["modify", "Tasks/Landing page.md", "--status", word], v)
            XCTAssertEqual(out.status, 0, "\(word): \(out.stderr)")
            XCTAssertTrue(v.text("Tasks/Landing page.md")?.hasPrefix("---\nstatus: \(written)\n") == true, "\(word): \(v.text("Tasks/Landing page.md") ?? "")")
        }
        let before = v.text("Tasks/Landing page.md")
        let bad = try run(["modify", "Tasks/Landing page.md", "--status", "bogus"], v)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("not 'bogus'"), bad.stderr)
        XCTAssertEqual(v.text("Tasks/Landing page.md"), before)
    }

    func testANewTaskTakesTheVaultsDefaultsInItsFolder() throws {
        let v = vault()
        let r = try run(["add", "Buy milk"], v)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "Added Tasks/Buy milk.md\n", "never Tasks//Buy milk.md")
        let text = v.text("Tasks/Buy milk.md") ?? ""
        XCTAssertTrue(text.hasPrefix("---\nstatus: open\npriority: normal\n"), text)
    }
}
