import Foundation
import XCTest
@testable import TaskEngine

/// Vaults shaped like TaskNotes' and Backlog.md's (from their documentation):
/// read in that tool's words, written back in them, other keys untouched,
/// nothing changed by reading.
final class VaultProfileTests: XCTestCase {
    static let taskNotesSettings = #"""
    {"tasksFolder": "TaskNotes/Tasks", "taskTag": "task", "taskIdentificationMethod": "tag", "storeTitleInFilename": true,
     "fieldMapping": {"title": "title", "status": "status", "priority": "priority", "due": "due", "scheduled": "scheduled",
       "contexts": "contexts", "projects": "projects", "timeEstimate": "timeEstimate", "completedDate": "completedDate",
       "dateCreated": "dateCreated", "dateModified": "dateModified", "recurrence": "recurrence", "archiveTag": "archived"},
     "customStatuses": [
       {"id": "todo", "value": "to-do", "label": "To do", "isCompleted": false, "order": 1},
       {"id": "doing", "value": "doing", "label": "Doing", "isCompleted": false, "order": 2},
       {"id": "done", "value": "done", "label": "Done", "isCompleted": true, "order": 3},
       {"id": "archived", "value": "archived", "label": "Archived", "isCompleted": true, "order": 4}],
     "customPriorities": [
       {"id": "low", "value": "low", "label": "Low", "weight": 1},
       {"id": "normal", "value": "normal", "label": "Normal", "weight": 2},
       {"id": "high", "value": "high", "label": "High", "weight": 3}]}
    """#

    static let buyMilk = """
    ---
    title: Buy milk
    status: doing
    priority: normal
    due: 2026-11-25
    projects:
      - "[[Groceries]]"
    contexts:
      - "@errands"
    timeEstimate: 30
    dateCreated: 2026-11-20T10:00:00.000+01:00
    dateModified: 2026-11-21T10:00:00.000+01:00
    tags:
      - task
    ---
    Semi-skimmed.

    """

    func taskNotesVault() -> TempDir {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", Self.taskNotesSettings)
        dir.write("TaskNotes/Tasks/Buy milk.md", Self.buyMilk)
        dir.write("TaskNotes/Tasks/Old chores.md", "---\ntitle: Old chores\nstatus: archived\ncompletedDate: 2026-10-01\ndateCreated: 2026-09-01\ndateModified: 2026-10-01\ntags: [task]\n---\n")
        dir.write("TaskNotes/Tasks/Renamed in the file name.md", "---\ntitle: Stale title key\nstatus: to-do\ndateCreated: 2026-11-01\ndateModified: 2026-11-01\ntags: [task]\n---\n")
        return dir
    }

    func testATaskNotesVaultIsReadInItsOwnWords() throws {
        let dir = taskNotesVault()
        let before = dir.text("TaskNotes/Tasks/Buy milk.md")
        let (profile, problems) = ProfileDetection.detect(root: dir.path)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(profile.kind, .tasknotes)
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.problems.map(\.reason), [], "custom statuses and priorities warn about nothing")
        let milk = try XCTUnwrap(snapshot.task(id: "TaskNotes/Tasks/Buy milk.md"))
        XCTAssertEqual(milk.title, "Buy milk")
        XCTAssertEqual(milk.status, .inProgress)
        XCTAssertEqual(milk.priority, .medium)
        XCTAssertEqual(milk.project, "Groceries")
        XCTAssertEqual(milk.estimatedMinutes, 30)
        XCTAssertEqual(milk.contexts, ["errands"], "contexts are their own field, read without the @")
        for (op, value, matches) in [("contains_any", JSONValue.strings(["@errands"]), true), ("contains_any", .strings(["errands", "home"]), true),
                                     ("contains_all", .strings(["errands", "home"]), false), ("not_contains", .strings(["home"]), true),
                                     ("is_nil", nil, false), ("is_not_nil", nil, true)] {
            let rules = RuleGroup(.and, [.cond("contexts", op, value)])
            XCTAssertEqual(RuleCompiler.compile(rules, today: Day.parseISO("2026-11-23")!).matches(IndexedTask(milk)), matches, "\(op) \(String(describing: value))")
        }
        XCTAssertEqual(RuleDescriber.describe(.cond("contexts", "contains_any", .strings(["errands"])), today: Day.parseISO("2026-11-23")!),
                       "Has the context any of errands")
        XCTAssertEqual(milk.created?.day, Day.parseISO("2026-11-20"))
        XCTAssertEqual(milk.modified?.day, Day.parseISO("2026-11-21"))
        XCTAssertEqual(snapshot.task(id: "TaskNotes/Tasks/Old chores.md")?.status, .done, "archived counts as completed")
        XCTAssertEqual(snapshot.task(id: "TaskNotes/Tasks/Old chores.md")?.completed?.day, Day.parseISO("2026-10-01"))
        XCTAssertEqual(snapshot.task(id: "TaskNotes/Tasks/Renamed in the file name.md")?.title, "Stale title key",
                       "the title is the file name in this vault, unless a title key is there: the plugin shows that first")
        dir.write("TaskNotes/Tasks/No title key.md", "---\nstatus: to-do\ntags: [task]\n---\n")
        XCTAssertEqual(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "TaskNotes/Tasks/No title key.md")?.title, "No title key")
        XCTAssertEqual(dir.text("TaskNotes/Tasks/Buy milk.md"), before, "reading changes nothing")
    }

    func testATaskNotesVaultIsWrittenInItsOwnWords() throws {
        let dir = taskNotesVault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        let now = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!
        var milk = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "TaskNotes/Tasks/Buy milk.md"))
        milk.setStatus(.done)
        milk = try writer.update(milk, now: now)
        var text = try XCTUnwrap(dir.text("TaskNotes/Tasks/Buy milk.md"))
        XCTAssertTrue(text.contains("status: done\n"), text)
        XCTAssertTrue(text.contains("completedDate: 2026-11-23\n"), text)
        XCTAssertTrue(text.contains("dateModified: 2026-11-23T09:30:00+00:00\n"), "local time with its offset, as TaskNotes writes: \(text)")
        for foreign in ["completed:", "modified:", "\ncreated:"] { XCTAssertFalse(text.contains(foreign), "\(foreign) in \(text)") }
        XCTAssertTrue(text.contains("contexts:\n  - \"@errands\"\n"), "other keys untouched: \(text)")
        XCTAssertTrue(text.contains("projects:\n  - \"[[Groceries]]\"\n"), text)

        // Reopening: this vault's word for todo, and its completed date goes.
        milk.setStatus(.todo)
        milk = try writer.update(milk, now: now)
        text = try XCTUnwrap(dir.text("TaskNotes/Tasks/Buy milk.md"))
        XCTAssertTrue(text.contains("status: to-do\n"), text)
        XCTAssertFalse(text.contains("completedDate"), "no stale completedDate: \(text)")

        // Priorities in its words: medium is "normal", high "high".
        milk.setPriority(.high)
        milk = try writer.update(milk, now: now)
        milk.setPriority(.medium)
        milk = try writer.update(milk, now: now)
        text = try XCTUnwrap(dir.text("TaskNotes/Tasks/Buy milk.md"))
        XCTAssertTrue(text.contains("priority: normal\n"), text)
        XCTAssertEqual(milk.priority, .medium)

        // A project set from todomd is written as TaskNotes writes projects.
        milk.project = "Home"
        _ = try writer.update(milk, now: now)
        text = try XCTUnwrap(dir.text("TaskNotes/Tasks/Buy milk.md"))
        XCTAssertTrue(text.contains("projects:") && text.contains("[[Home]]"), text)
        XCTAssertEqual(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "TaskNotes/Tasks/Buy milk.md")?.project, "Home")
    }

    static let backlogConfig = """
    project_name: "Demo"
    default_status: "To Do"
    statuses: ["To Do", "In Progress", "Won't Do", "Done"]
    labels: []
    date_format: yyyy-mm-dd
    """

    static let fixLogin = """
    ---
    id: task-1
    title: Fix login
    status: In Progress
    assignee: []
    created_date: '2025-06-09 14:30'
    labels: [auth, bug]
    dependencies: []
    priority: high
    ---
    ## Description

    The login form rejects valid passwords.

    """

    func backlogVault() -> TempDir {
        let dir = TempDir()
        dir.write("backlog/config.yml", Self.backlogConfig)
        dir.write("backlog/tasks/task-1 - Fix-login.md", Self.fixLogin)
        dir.write("backlog/tasks/task-2 - Drop-IE.md", "---\nid: task-2\ntitle: Drop IE support\nstatus: Won't Do\ncreated_date: '2025-06-10 09:00'\nlabels: []\n---\n")
        dir.write("backlog/tasks/task-3 - Write-docs.md", "---\nid: task-3\ntitle: Write docs\nstatus: To Do\ncreated_date: '2025-06-11'\nlabels: [docs]\n---\n")
        return dir
    }

    func testABacklogProjectIsReadInItsOwnWords() throws {
        let dir = backlogVault()
        let before = dir.text("backlog/tasks/task-1 - Fix-login.md")
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.problems.map(\.reason), [])
        let login = try XCTUnwrap(snapshot.task(id: "backlog/tasks/task-1 - Fix-login.md"))
        XCTAssertEqual(login.status, .inProgress)
        XCTAssertEqual(login.tags, ["auth", "bug"])
        XCTAssertEqual(login.priority, .high)
        XCTAssertEqual(login.created?.raw, "2025-06-09 14:30")
        XCTAssertEqual(snapshot.task(id: "backlog/tasks/task-2 - Drop-IE.md")?.status, .cancelled, "Won't Do is not todo")
        XCTAssertEqual(snapshot.task(id: "backlog/tasks/task-3 - Write-docs.md")?.status, .todo, "To Do does not warn")
        XCTAssertEqual(dir.text("backlog/tasks/task-1 - Fix-login.md"), before)
    }

    func testABacklogProjectIsWrittenInItsOwnWords() throws {
        let dir = backlogVault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        let now = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!
        var t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "backlog/tasks/task-3 - Write-docs.md"))
        t.setStatus(t.status.cycled)  // Space: todo → in progress
        t = try writer.update(t, now: now)
        var text = try XCTUnwrap(dir.text("backlog/tasks/task-3 - Write-docs.md"))
        XCTAssertTrue(text.contains("status: In Progress\n"), "not in-progress, which Backlog.md shows as a new column: \(text)")
        XCTAssertTrue(text.contains("updated_date: '2026-11-23 09:30'\n"), "UTC, quoted as Backlog.md writes it: \(text)")
        XCTAssertFalse(text.contains("modified:"), text)
        t.setStatus(.done)
        t = try writer.update(t, now: now)
        text = try XCTUnwrap(dir.text("backlog/tasks/task-3 - Write-docs.md"))
        XCTAssertTrue(text.contains("status: Done\n"), text)
        XCTAssertFalse(text.contains("completed"), "Backlog.md has no completion key: \(text)")
        XCTAssertEqual(t.completed?.raw, "2026-11-23 09:30", "its completion is its last change while done")
        t.tags = ["docs", "v2"]
        _ = try writer.update(t, now: now)
        text = try XCTUnwrap(dir.text("backlog/tasks/task-3 - Write-docs.md"))
        XCTAssertTrue(text.contains("labels: [docs, v2]\n"), text)
        XCTAssertFalse(text.contains("tags:"), text)
        XCTAssertTrue(text.hasPrefix("---\nid: task-3\ntitle: Write docs\n"), "other keys untouched: \(text)")
    }

    func testStatusWordsOfEveryShapeMapWithoutGuessingWrong() {
        let cases: [([String], Set<String>, [String: TaskStatus])] = [
            (["To Do", "In Progress", "Done"], [], ["to do": .todo, "in progress": .inProgress, "done": .done]),
            (["Backlog", "Doing", "Review", "Shipped"], [], ["backlog": .todo, "doing": .inProgress, "review": .inProgress, "shipped": .done]),
            (["open", "waiting", "done", "cancelled"], ["done", "cancelled"], ["open": .todo, "waiting": .someday, "done": .done, "cancelled": .cancelled]),
            (["to-do", "doing", "done", "archived"], ["done", "archived"], ["to-do": .todo, "doing": .inProgress, "done": .done, "archived": .done]),
            (["Todo", "Won't Do", "Done"], [], ["todo": .todo, "won't do": .cancelled, "done": .done]),
        ]
        for (words, completed, expected) in cases {
            var p = VaultProfile.todomd
            p.setStatuses(words, completed: completed)
            for (word, status) in expected { XCTAssertEqual(p.status(for: word), status, "\(word) in \(words)") }
            // Each status is written as a word of this list when the list has one for it.
            for (word, status) in expected where p.statusWrite[status] != nil {
                XCTAssertEqual(p.status(for: p.statusWrite[status]!), status, "\(word)")
                XCTAssertTrue(words.contains(p.statusWrite[status]!) || !words.contains { p.status(for: $0) == status })
            }
        }
    }

    func testAnExplicitProfileFileOverridesAndIsReported() throws {
        let dir = TempDir()
        dir.write(".todomd-profile.yaml", "base: todomd\nkeys:\n  due: [deadline, due]\nstatuses: [Inbox, Started, Done]\npriorities: [P3, P2, P1]\n")
        dir.write("a.md", "---\ntitle: A\ndeadline: 2026-12-01\nstatus: Started\npriority: P1\n---\n")
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        let a = try XCTUnwrap(snapshot.task(id: "a.md"))
        XCTAssertEqual(a.due?.day, Day.parseISO("2026-12-01"))
        XCTAssertEqual(a.status, .inProgress)
        XCTAssertEqual(a.priority, .high)
        XCTAssertEqual(snapshot.problems, [])
        var t = a
        t.setStatus(.todo)
        t.due = TaskDate(day: Day.parseISO("2026-12-02")!)
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(t)
        let text = try XCTUnwrap(dir.text("a.md"))
        XCTAssertTrue(text.contains("status: Inbox\n") && text.contains("deadline: 2026-12-02\n") && !text.contains("\ndue:"), text)
        // A broken profile file is reported, not guessed at.
        dir.write(".todomd-profile.yaml", "base: [oops\n")
        XCTAssertEqual(ProfileDetection.detect(root: dir.path).problems.count, 1)
    }

    func testTheCanonicalKeyWinsOverAnAlias() throws {
        let dir = taskNotesVault()
        dir.write("TaskNotes/Tasks/Both.md", "---\ncompleted_date: 2026-01-01\ncompletedDate: 2026-02-02\nstatus: done\ndateCreated: 2026-01-01\ndateModified: 2026-01-01\ntags: [task]\n---\n")
        let t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "TaskNotes/Tasks/Both.md"))
        XCTAssertEqual(t.completed?.raw, "2026-02-02")
    }

    func testTaskNotesTellsTasksFromNotesCreatesItsWayAndRenamesOnATitleChange() throws {
        let dir = taskNotesVault()
        dir.write("Daily/2026-11-23.md", "---\ntags: [daily]\n---\n# Monday\n")
        dir.write("Ideas.md", "# Ideas\nNot a task.\n")
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.tasks.map(\.id).sorted(), ["TaskNotes/Tasks/Buy milk.md", "TaskNotes/Tasks/Old chores.md",
                                                             "TaskNotes/Tasks/Renamed in the file name.md"], "notes are not swept in")
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var draft = TaskItem(id: "", title: "Call Anna: about Q4?")
        draft.setStatus(.todo)
        let created = try writer.create(draft)
        XCTAssertEqual(created.id, "TaskNotes/Tasks/Call Anna about Q4.md", "TaskNotes' folder, the title as the name")
        let text = try XCTUnwrap(dir.text(created.id))
        XCTAssertTrue(text.contains("status: to-do\n"), text)
        XCTAssertTrue(text.contains("task"), "its task tag: \(text)")
        XCTAssertTrue(text.contains("dateCreated:") && text.contains("dateModified:"), text)
        XCTAssertFalse(text.contains("title:") || text.contains("\ncreated:"), text)
        XCTAssertTrue(text.contains("priority: normal\n"), "the plugin's default priority (defaultTaskPriority): \(text)")
        XCTAssertEqual(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: created.id)?.title, "Call Anna about Q4")

        var renamed = created
        renamed.title = "Call Anna about the offer"
        let saved = try writer.update(renamed)
        XCTAssertEqual(saved.id, "TaskNotes/Tasks/Call Anna about the offer.md")
        XCTAssertNil(dir.text(created.id), "the old name is gone")
        XCTAssertEqual(dir.text(saved.id)?.contains("status: to-do"), true)
        // A name that is taken gets a number (not ` 2`, a conflict copy's shape), never overwrites.
        var clash = saved
        clash.title = "Buy milk"
        XCTAssertEqual(try writer.update(clash).id, "TaskNotes/Tasks/Buy milk-2.md")
        XCTAssertTrue(dir.text("TaskNotes/Tasks/Buy milk.md")!.contains("status: doing"))
    }

    func testBacklogFoldersUnquotedAssigneesAndNewTaskNumbers() throws {
        let dir = backlogVault()
        dir.write("backlog/docs/doc-1 - Architecture.md", "---\nid: doc-1\ntitle: Architecture\ntype: other\n---\n")
        dir.write("backlog/completed/task-7 - Old.md", "---\nid: task-7\ntitle: Old\nstatus: Done\nassignee: @bob\nreporter: @carol\n---\n")
        dir.write("backlog/tasks/task-4 - Assigned.md", "---\nid: task-4\ntitle: Assigned\nstatus: To Do\nassignee: [@alice, \"@dave\"]\ndue_date: '2026-12-01'\nlabels: []\n---\n")
        dir.write("README.md", "# The project\n")
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.problems.map(\.reason), [], "unquoted @user is read as Backlog.md reads it")
        XCTAssertEqual(Set(snapshot.tasks.map(\.id)), ["backlog/tasks/task-1 - Fix-login.md", "backlog/tasks/task-2 - Drop-IE.md",
                                                       "backlog/tasks/task-3 - Write-docs.md", "backlog/tasks/task-4 - Assigned.md",
                                                       "backlog/completed/task-7 - Old.md"])
        XCTAssertEqual(snapshot.task(id: "backlog/tasks/task-4 - Assigned.md")?.due?.day, Day.parseISO("2026-12-01"))
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        // A change to a file with an unquoted assignee keeps that line as it was.
        var old = try XCTUnwrap(snapshot.task(id: "backlog/completed/task-7 - Old.md"))
        old.flagged = true
        _ = try writer.update(old)
        XCTAssertTrue(dir.text("backlog/completed/task-7 - Old.md")!.contains("assignee: @bob\nreporter: @carol\n"))
        var draft = TaskItem(id: "", title: "Add dark mode")
        draft.setStatus(.todo)
        let created = try writer.create(draft)
        XCTAssertEqual(created.id, "backlog/tasks/task-8 - Add-dark-mode.md", "the next number after every task folder's")
        let text = try XCTUnwrap(dir.text(created.id))
        XCTAssertTrue(text.hasPrefix("---\nid: task-8\ntitle: Add dark mode\nstatus: To Do\n"), text)
        XCTAssertTrue(text.contains("created_date: "), text)
    }

    func testAnInlineTaskTagCountsAndATasknotesYamlWritesCanonicalTimes() throws {
        let dir = taskNotesVault()
        dir.write("Inbox/Call the bank.md", "---\ndateCreated: 2026-11-01\ndateModified: 2026-11-01\nstatus: to-do\n---\nAbout the card #task\n")
        dir.write("Inbox/Code sample.md", "---\nstatus: to-do\n---\nUse `#task` in the tags.\n```\n#task\n```\n")
        var ids = Set(try VaultLoader.load(root: dir.path, timeZone: utc).tasks.map(\.id))
        XCTAssertFalse(ids.contains("Inbox/Call the bank.md"), "the plugin's settings: #task in the notes does not make a task (frontmatter only)")

        dir.write("tasknotes.yaml", "spec_version: 0.3.0-rc.3\nmapping:\n  due: deadline\nstatus:\n  values: [open, doing, done]\n  default: open\n  completed_values: [done]\ntitle:\n  storage: frontmatter\n")
        let (p, problems) = ProfileDetection.detect(root: dir.path)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(p.stampStyle, .iso, "tasknotes.yaml: the spec's canonical UTC datetimes")
        XCTAssertFalse(p.titleFromFilename)
        XCTAssertEqual(p.key(.due), "deadline")
        ids = Set(try VaultLoader.load(root: dir.path, timeZone: utc).tasks.map(\.id))
        XCTAssertTrue(ids.contains("TaskNotes/Tasks/Buy milk.md"))
        XCTAssertTrue(ids.contains("Inbox/Call the bank.md"), "tasknotes.yaml, the spec: #task in the notes makes it a task")
        XCTAssertFalse(ids.contains("Inbox/Code sample.md"), "#task in code does not")
        var milk = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "TaskNotes/Tasks/Buy milk.md"))
        XCTAssertEqual(milk.title, "Buy milk", "the title key, as title.storage says")
        milk.flagged = true
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(milk, now: ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!)
        XCTAssertTrue(dir.text("TaskNotes/Tasks/Buy milk.md")!.contains("dateModified: 2026-11-23T09:30:00Z\n"), dir.text("TaskNotes/Tasks/Buy milk.md")!)
    }
}
