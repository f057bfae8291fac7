import Foundation
import XCTest
@testable import TaskEngine

/// The TaskNotes corpus (`TaskNotesCorpus`) read and written as the plugin
/// does: the same tasks, the same values, no byte changed by reading, and
/// each write the lines the plugin would write, every other line as it was.
final class TaskNotesCorpusTests: XCTestCase {
    let now = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!
    let stamp = "2026-11-23T09:30:00+00:00"

    func load(_ dir: TempDir) throws -> VaultSnapshot { try VaultLoader.load(root: dir.path, timeZone: utc) }

    func testTheTasksAreThoseThePluginLists() throws {
        let dir = TaskNotesCorpus.vault()
        let snapshot = try load(dir)
        XCTAssertEqual(Set(snapshot.tasks.map(\.id)), TaskNotesCorpus.taskPaths,
                       "frontmatter tags decide; a daily note's #task lines, a note without the tag and a template do not")
        XCTAssertEqual(snapshot.unreadable, [], "no task is hidden for a value it cannot read")
    }

    func testEveryFieldIsWhatThePluginShows() throws {
        let snapshot = try load(TaskNotesCorpus.vault())
        func task(_ id: String) throws -> TaskItem { try XCTUnwrap(snapshot.task(id: id), id) }

        let passport = try task("Tasks/Renew passport.md")
        XCTAssertEqual(passport.title, "Renew passport")
        XCTAssertEqual(passport.status, .inProgress)
        XCTAssertEqual(passport.priority, .low)
        XCTAssertNil(passport.due, "a deadline of words is no date to rules, sorts and groups")
        XCTAssertEqual(passport.badValue(.due), BadValue(field: .due, key: "deadline", raw: "recurring-monthly",
                                                         expected: "a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM)"))
        XCTAssertEqual(passport.created?.day, Day.parseISO("2026-10-01"))

        let plants = try task("Tasks/Water plants.md")
        XCTAssertEqual(plants.badValues.map(\.key), ["deadline", "scheduled"])
        XCTAssertEqual(plants.badValues.map(\.raw), ["recurring-weekly", "every other day"])
        XCTAssertEqual(plants.tags, ["task", "home"])

        let deck = try task("Tasks/Pitch deck.md")
        XCTAssertNil(deck.statusText, "a status list is no status")
        XCTAssertEqual(deck.status, .todo)
        XCTAssertEqual(deck.badValue(.status)?.raw, "[active, done]")
        XCTAssertEqual(deck.badValue(.priority)?.raw, "[urgent]")
        XCTAssertEqual(deck.priority, .none)
        XCTAssertEqual(deck.project, "Frameloop", "the first project is the one shown")
        XCTAssertEqual(deck.projects, ["Frameloop", "pixel glitch creative studio"])
        XCTAssertEqual(deck.otherProjects, ["[[pixel glitch creative studio]]"], "the rest as written")
        XCTAssertEqual(deck.contexts, ["office"])
        XCTAssertEqual(deck.estimatedMinutes, 120)

        let board = try task("Tasks/Storyboard.md")
        XCTAssertEqual(board.status, .done)
        XCTAssertEqual(board.projects, ["Frameloop", "Website Redesign"])
        XCTAssertEqual(board.badValues.map(\.field), [.completed, .modified])
        XCTAssertEqual(board.created?.day, Day.parseISO("2026-09-01"))

        XCTAssertEqual(try task("Tasks/Landing page.md").project, "Website Redesign", "the alias key is read")
        XCTAssertEqual(try task("Tasks/Call the printer.md").title, "Call the printer")

        let newsletter = try task("Tasks/Draft newsletter.md")
        XCTAssertEqual(newsletter.badValues.map(\.field), [.created, .modified, .estimatedMinutes])
        XCTAssertEqual(newsletter.badValue(.created)?.raw, "<% tp.file.creation_date() %>")
        XCTAssertNil(newsletter.estimatedMinutes)
        XCTAssertEqual(newsletter.priority, .medium)

        let grade = try task("Projects/Frameloop/Colour grade.md")
        XCTAssertEqual(grade.due?.raw, "2026-12-04", "the mapped key `deadline` is the due date")
        XCTAssertEqual(grade.priority, .high, "urgent is this vault's highest")
        XCTAssertEqual(grade.projects, ["Frameloop"])
    }

    func testReadingChangesNoByteWithOrWithoutTheCache() throws {
        let dir = TaskNotesCorpus.vault()
        let cacheDir = TempDir()
        for _ in 0..<2 {
            let cache = TaskCache.open(vaultRoot: dir.path, directory: cacheDir.path)
            let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc, cache: cache)
            XCTAssertEqual(Set(snapshot.tasks.map(\.id)), TaskNotesCorpus.taskPaths)
            // A task with a value it cannot read comes back with that value, cached start or not.
            XCTAssertEqual(snapshot.task(id: "Tasks/Renew passport.md")?.badValue(.due)?.raw, "recurring-monthly")
            XCTAssertEqual(snapshot.task(id: "Tasks/Pitch deck.md")?.otherProjects, ["[[pixel glitch creative studio]]"])
        }
        for (path, text) in TaskNotesCorpus.files { XCTAssertEqual(dir.text(path), text, path) }
    }

    func testEachValueThatCannotBeReadIsAProblemOfItsField() throws {
        let snapshot = try load(TaskNotesCorpus.vault())
        let problems = snapshot.problems.filter { $0.kind == .warning }.map { "\($0.id) \($0.reason.split(separator: "`", omittingEmptySubsequences: false)[1])" }
        XCTAssertEqual(problems.sorted(), [
            "Tasks/Draft newsletter.md dateCreated", "Tasks/Draft newsletter.md dateModified", "Tasks/Draft newsletter.md timeEstimate",
            "Tasks/Pitch deck.md priority", "Tasks/Pitch deck.md status",
            "Tasks/Renew passport.md deadline",
            "Tasks/Storyboard.md completedDate", "Tasks/Storyboard.md dateModified",
            "Tasks/Water plants.md deadline", "Tasks/Water plants.md scheduled",
        ])
        let passport = try XCTUnwrap(snapshot.problems.first { $0.id == "Tasks/Renew passport.md" })
        XCTAssertEqual(passport.reason, "`deadline` is \"recurring-monthly\", not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM); read as absent until it is fixed or cleared")
    }

    /// The file's lines with `replacing` lines swapped in (by their key) and `removing` keys gone.
    func expected(_ path: String, replacing: [String: String] = [:], removing: Set<String> = []) -> String {
        let original = TaskNotesCorpus.files.first { $0.path == path }!.text
        return original.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            let key = String(line.prefix { $0 != ":" })
            if removing.contains(key) { return nil }
            return replacing[key] ?? String(line)
        }.joined(separator: "\n")
    }

    func testAWriteOfOtherFieldsLeavesABadValueByteForByte() throws {
        let dir = TaskNotesCorpus.vault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var passport = try XCTUnwrap(try load(dir).task(id: "Tasks/Renew passport.md"))
        passport.setPriority(.high)
        passport = try writer.update(passport, now: now)
        XCTAssertEqual(dir.text("Tasks/Renew passport.md"),
                       expected("Tasks/Renew passport.md", replacing: ["priority": "priority: urgent", "dateModified": "dateModified: \(stamp)"]),
                       "the priority in this vault's word, the stamp, and nothing else")
        XCTAssertEqual(passport.badValue(.due)?.raw, "recurring-monthly", "still there, still reported")

        // Setting the field itself replaces the bad line; clearing it removes the line.
        var plants = try XCTUnwrap(try load(dir).task(id: "Tasks/Water plants.md"))
        plants.due = TaskDate(day: Day.parseISO("2026-11-30")!)
        plants.settle(.due)
        plants.settle(.scheduled)
        plants = try writer.update(plants, now: now)
        XCTAssertEqual(dir.text("Tasks/Water plants.md"),
                       expected("Tasks/Water plants.md", replacing: ["deadline": "deadline: 2026-11-30", "dateModified": "dateModified: \(stamp)"],
                                removing: ["scheduled"]))
        XCTAssertEqual(plants.badValues, [])

        // A status list set from todomd becomes the plugin's one word; the priority list stays as written.
        var deck = try XCTUnwrap(try load(dir).task(id: "Tasks/Pitch deck.md"))
        deck.settle(.status)
        deck.setStatus(.inProgress)
        deck = try writer.update(deck, now: now)
        XCTAssertEqual(dir.text("Tasks/Pitch deck.md"),
                       expected("Tasks/Pitch deck.md", replacing: ["status": "status: active", "dateModified": "dateModified: \(stamp)"]))
        XCTAssertEqual(deck.badValue(.priority)?.raw, "[urgent]")
    }

    func testProjectsStayListsInTheirOwnStyle() throws {
        let dir = TaskNotesCorpus.vault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var deck = try XCTUnwrap(try load(dir).task(id: "Tasks/Pitch deck.md"))
        deck.editProjects(ListEdit("+Q1 Pitches")!, asLinks: true)
        deck = try writer.update(deck, now: now)
        XCTAssertEqual(dir.text("Tasks/Pitch deck.md"),
                       expected("Tasks/Pitch deck.md", replacing: [
                           "projects": #"projects: ["[[Frameloop]]", "[[pixel glitch creative studio]]", "[[Q1 Pitches]]"]"#,
                           "dateModified": "dateModified: \(stamp)"]), "a flow list stays a flow list, one more item")
        deck.editProjects(ListEdit("Showreel")!, asLinks: true)
        deck = try writer.update(deck, now: now)
        XCTAssertEqual(deck.projects, ["Showreel", "pixel glitch creative studio", "Q1 Pitches"], "the first replaced, the rest kept")
        deck.editProjects(ListEdit("-pixel glitch creative studio")!, asLinks: true)
        deck = try writer.update(deck, now: now)
        XCTAssertEqual(dir.text("Tasks/Pitch deck.md")?.contains(#"projects: ["[[Showreel]]", "[[Q1 Pitches]]"]"#), true, dir.text("Tasks/Pitch deck.md")!)
        // Contexts as the plugin writes them, with their `@`, in the list's own style.
        deck.editContexts(ListEdit("+phone")!)
        deck = try writer.update(deck, now: now)
        XCTAssertEqual(dir.text("Tasks/Pitch deck.md")?.contains(#"contexts: ["@office", "@phone"]"#), true, dir.text("Tasks/Pitch deck.md")!)

        var board = try XCTUnwrap(try load(dir).task(id: "Tasks/Storyboard.md"))
        board.editProjects(ListEdit("Motion")!, asLinks: true)
        board = try writer.update(board, now: now)
        let text = try XCTUnwrap(dir.text("Tasks/Storyboard.md"))
        XCTAssertTrue(text.contains("projects:\n  - \"[[Motion]]\"\n  - \"[[Website Redesign]]\"\ncompletedDate: yes\n"),
                      "a block list stays a block list; the bad completed date beside it is untouched: \(text)")
        XCTAssertEqual(try load(dir).task(id: "Tasks/Storyboard.md")?.projects, ["Motion", "Website Redesign"])
    }

    func testAValueReadFromAnAliasIsWrittenUnderTheMappedKey() throws {
        let dir = TaskNotesCorpus.vault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        let page = try XCTUnwrap(try load(dir).task(id: "Tasks/Landing page.md"))
        var edited = page
        edited.editProjects(ListEdit("New Project")!, asLinks: true)
        let (_, moves) = try writer.save(edited, now: now)
        XCTAssertEqual(moves, [AliasMove(alias: "project", key: "projects")], "the write tells what it moved")
        XCTAssertEqual(dir.text("Tasks/Landing page.md"), """
        ---
        status: active
        dateCreated: 2026-11-05
        dateModified: \(stamp)
        tags: [task]
        projects: ["[[New Project]]"]
        ---

        """, "only the mapped key, as the plugin writes projects: a list of links; the alias line gone")
        // Another field's write leaves an alias where it is (only its own field moves it).
        dir.write("Tasks/Landing page.md", TaskNotesCorpus.files.first { $0.path == "Tasks/Landing page.md" }!.text)
        var flagged = try XCTUnwrap(try load(dir).task(id: "Tasks/Landing page.md"))
        flagged.setPriority(.low)
        XCTAssertEqual(try writer.save(flagged, now: now).moves, [])
        XCTAssertTrue(dir.text("Tasks/Landing page.md")!.contains("project: \"[[Website Redesign]]\"\n"))
    }

    func testATitleKeptInTheFileFollowsTheRename() throws {
        let dir = TaskNotesCorpus.vault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var printer = try XCTUnwrap(try load(dir).task(id: "Tasks/Call the printer.md"))
        printer.title = "Call the print shop"
        let saved = try writer.update(printer, now: now)
        XCTAssertEqual(saved.id, "Tasks/Call the print shop.md")
        XCTAssertNil(dir.text("Tasks/Call the printer.md"))
        XCTAssertEqual(dir.text(saved.id), expected("Tasks/Call the printer.md", replacing: [
            "title": "title: Call the print shop", "dateModified": "dateModified: \(stamp)"]))
        XCTAssertEqual(try load(dir).task(id: saved.id)?.title, "Call the print shop")
    }

    func testANewTaskIsWrittenAsThePluginMakesOne() throws {
        let dir = TaskNotesCorpus.vault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        let created = try writer.create(TaskItem(id: "", title: "Buy milk"), now: now)
        XCTAssertEqual(created.id, "Tasks/Buy milk.md", "the tasks folder, set as `Tasks/`, gives no `//`")
        XCTAssertEqual(dir.text(created.id), """
        ---
        status: backlog
        priority: medium
        dateCreated: \(stamp)
        dateModified: \(stamp)
        tags: [task]
        ---

        """, "defaultTaskStatus and defaultTaskPriority, the task tag")
        // A status or priority the task names wins over the defaults.
        var urgent = TaskItem(id: "", title: "Fix the boiler")
        urgent.setPriority(.high)
        urgent.setStatus(.inProgress)
        let fixed = try writer.create(urgent, now: now)
        XCTAssertTrue(dir.text(fixed.id)!.hasPrefix("---\nstatus: active\npriority: urgent\n"), dir.text(fixed.id)!)
    }

    func testAVaultThatTellsTasksByAPropertyListsThoseTheyMark() throws {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json",
                  #"{"tasksFolder": "Tasks", "taskIdentificationMethod": "property", "taskPropertyName": "type", "taskPropertyValue": "task", "taskTag": "task"}"#)
        dir.write("Tasks/Marked.md", "---\ntype: task\nstatus: open\n---\n")
        dir.write("Notes/Marked in a list.md", "---\ntype: [project, task]\n---\n")
        dir.write("Tasks/A note.md", "---\ntype: note\nstatus: open\n---\n")
        dir.write("Tasks/Tagged only.md", "---\ntags: [task]\nstatus: open\n---\n")
        dir.write("Daily/2026-11-20.md", "---\ntags: [daily]\n---\n- [ ] #task Call Bob\n")
        XCTAssertEqual(Set(try load(dir).tasks.map(\.id)), ["Tasks/Marked.md", "Notes/Marked in a list.md"],
                       "the property decides, as the plugin's isTaskFile: not the tag, not the folder")
        XCTAssertTrue(ProfileDetection.detect(root: dir.path).profile.origins.contains { $0.source == "those whose type is 'task' (.obsidian/plugins/tasknotes/data.json)" })
        let created = try VaultWriter(root: dir.path, timeZone: utc).create(TaskItem(id: "", title: "Buy milk"), now: now)
        XCTAssertEqual(created.id, "Tasks/Buy milk.md")
        let text = try XCTUnwrap(dir.text(created.id))
        XCTAssertTrue(text.hasPrefix("---\ntype: task\nstatus: open\npriority: normal\n"), text)
        XCTAssertFalse(text.contains("tags"), "no task tag where a property marks tasks: \(text)")
        XCTAssertTrue(Set(try load(dir).tasks.map(\.id)).contains(created.id))
    }
}
