import Foundation
import XCTest
@testable import TaskEngine

/// Backlog.md projects as Backlog.md itself reads and writes them, from its
/// documentation and sources (`src/file-system/operations.ts`,
/// `src/markdown/parser.ts` and `serializer.ts`, `src/utils/prefix-config.ts`):
///
/// - tasks are the files its glob `<task_prefix>-*.md` finds right in
///   `backlog/tasks` and `backlog/completed` (not in subfolders, not other
///   names); drafts are `draft-*.md` right in `backlog/drafts`;
/// - `assignee` is a list (block or flow) or one name, `@name` unquoted too;
/// - dates are UTC `YYYY-MM-DD HH:mm`, written quoted (`'…'`), with no
///   `completed_date`; new ids are `<PREFIX>-<n>` padded to `zero_padded_ids`,
///   the file `<prefix>-<n> - <Title-With-Dashes>.md`.
///
/// Each vault of the corpus is read (the task set and every field as
/// Backlog.md shows them, no byte changed), then changed (done, modify, add)
/// and each file compared line for line with what Backlog.md's serializer
/// writes for the same task (`BacklogSerializer` below, its rules).
final class BacklogVaultTests: XCTestCase {
    /// One task as Backlog.md's `serializeTask` writes it: keys in its order,
    /// strings plain or single-quoted (js-yaml), lists as block lists, empty
    /// lists `[]`, dates quoted; the body after a blank line.
    struct BacklogSerializer {
        var id: String
        var title: String
        var status: String
        var assignee: [String] = []
        var created: String
        var updated: String?
        var labels: [String] = []
        var dependencies: [String] = []
        var priority: String?
        var body: String?

        static func scalar(_ s: String) -> String {
            let plain = s.first.map { !"@'\"[]{}#&*!|>%`,?:-".contains($0) } ?? false && !s.contains(": ") && !s.contains(" #")
            return plain ? s : "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        }

        static func list(_ key: String, _ items: [String]) -> [String] {
            items.isEmpty ? ["\(key): []"] : ["\(key):"] + items.map { "  - \(scalar($0))" }
        }

        var text: String {
            var lines = ["---", "id: \(id)", "title: \(Self.scalar(title))", "status: \(Self.scalar(status))"]
            lines += Self.list("assignee", assignee)
            lines.append("created_date: '\(created)'")
            if let updated { lines.append("updated_date: '\(updated)'") }
            lines += Self.list("labels", labels)
            lines += Self.list("dependencies", dependencies)
            if let priority { lines.append("priority: \(priority)") }
            lines.append("---")
            return lines.joined(separator: "\n") + "\n" + (body.map { "\n" + $0 + "\n" } ?? "")
        }
    }

    static let description = "## Description\n\n<!-- SECTION:DESCRIPTION:BEGIN -->\nThe login form rejects valid passwords.\n<!-- SECTION:DESCRIPTION:END -->"
    static let now = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!

    /// A project set up as `backlog init` leaves it, with custom statuses, old
    /// lower-case ids, hand-written files, epics in a subfolder and drafts.
    func classicVault() -> TempDir {
        let dir = TempDir()
        dir.write("backlog/config.yml", """
        project_name: "Demo"
        default_status: "To Do"
        statuses: ["To Do", "In Progress", "Review", "Done"]
        labels: []
        date_format: yyyy-mm-dd

        """)
        // As Backlog.md writes them.
        dir.write("backlog/tasks/task-1 - Fix-login.md", BacklogSerializer(
            id: "task-1", title: "Fix login", status: "In Progress", assignee: ["@alice", "@bob"], created: "2025-06-09 14:30",
            labels: ["auth", "bug"], priority: "high", body: Self.description).text)
        dir.write("backlog/tasks/task-2 - Review-copy.md", BacklogSerializer(
            id: "task-2", title: "Review copy: home page", status: "Review", created: "2025-06-10 09:00", updated: "2025-06-12 17:45").text)
        // Written by hand: a flow list with an unquoted @name, unquoted dates, one name unquoted.
        dir.write("backlog/tasks/task-3 - Write-docs.md",
                  "---\nid: task-3\ntitle: Write docs\nstatus: To Do\nassignee: [@carol, \"@dave\"]\ncreated_date: 2025-06-11 08:15\nlabels: [docs]\n---\n")
        dir.write("backlog/tasks/task-5 - Ship.md", "---\nid: task-5\ntitle: Ship\nstatus: To Do\nassignee: @erin\ncreated_date: '2025-06-11'\n---\n")
        dir.write("backlog/completed/task-4 - Old-thing.md", BacklogSerializer(
            id: "task-4", title: "Old thing", status: "Done", assignee: ["@bob"], created: "2025-05-01 10:00", updated: "2025-05-20 16:05").text)
        // Not tasks to Backlog.md: epics' plans and READMEs in subfolders, other names, docs, the archive.
        dir.write("backlog/tasks/epics/README.md", "# Epics\n")
        dir.write("backlog/tasks/epics/task-90 - Epic-plan.md", "---\nid: task-90\ntitle: Epic plan\nstatus: To Do\n---\n")
        dir.write("backlog/tasks/README.md", "---\ntitle: About tasks\n---\n")
        dir.write("backlog/tasks/notes.md", "Some notes\n")
        dir.write("backlog/completed/README.md", "# Done\n")
        dir.write("backlog/docs/doc-1 - Architecture.md", "---\nid: doc-1\ntitle: Architecture\ntype: other\n---\n")
        dir.write("backlog/archive/tasks/task-9 - Archived.md", "---\nid: task-9\ntitle: Archived\nstatus: To Do\n---\n")
        // Drafts: draft-*.md right in backlog/drafts; anything else there is not one.
        dir.write("backlog/drafts/draft-1 - Dark-mode.md", BacklogSerializer(
            id: "draft-1", title: "Dark mode", status: "To Do", created: "2025-06-13 11:00").text)
        dir.write("backlog/drafts/README.md", "# Drafts\n")
        dir.write("backlog/drafts/ideas/draft-7 - Deep.md", "---\nid: draft-7\ntitle: Deep\nstatus: To Do\n---\n")
        return dir
    }

    /// A project with `task_prefix` and `zero_padded_ids`, ids in capitals as Backlog.md writes them now.
    func prefixedVault() -> TempDir {
        let dir = TempDir()
        dir.write("backlog/config.yml", """
        project_name: "Shop"
        statuses: ["Todo", "Doing", "Won't Do", "Shipped"]
        labels: []
        date_format: yyyy-mm-dd
        zero_padded_ids: 3
        task_prefix: "back"

        """)
        dir.write("backlog/tasks/back-046 - Cart-totals.md", BacklogSerializer(
            id: "BACK-046", title: "Cart totals", status: "Doing", assignee: ["@alice"], created: "2026-04-25 12:14", labels: ["cart"],
            priority: "medium", body: Self.description).text)
        dir.write("backlog/tasks/back-047 - Drop-IE.md", BacklogSerializer(
            id: "BACK-047", title: "Drop IE", status: "Won't Do", created: "2026-04-26 08:00").text)
        dir.write("backlog/tasks/task-5 - Other-prefix.md", "---\nid: task-5\ntitle: Other prefix\nstatus: Todo\n---\n")
        dir.write("backlog/completed/back-003 - Launch.md", BacklogSerializer(
            id: "BACK-003", title: "Launch", status: "Shipped", created: "2026-01-02 10:00", updated: "2026-01-09 18:30").text)
        return dir
    }

    func allBytes(_ dir: TempDir) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)!
        while let f = e.nextObject() as? String {
            if let b = dir.read(f), !f.contains(".todomd") { out[f] = b }
        }
        return out
    }

    // MARK: reading

    func testTheTaskSetIsBacklogMdsOwn() throws {
        for (dir, expected) in [
            (classicVault(), ["backlog/tasks/task-1 - Fix-login.md", "backlog/tasks/task-2 - Review-copy.md", "backlog/tasks/task-3 - Write-docs.md",
                              "backlog/tasks/task-5 - Ship.md", "backlog/completed/task-4 - Old-thing.md", "backlog/drafts/draft-1 - Dark-mode.md"]),
            (prefixedVault(), ["backlog/tasks/back-046 - Cart-totals.md", "backlog/tasks/back-047 - Drop-IE.md", "backlog/completed/back-003 - Launch.md"]),
        ] {
            let before = allBytes(dir)
            let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
            XCTAssertEqual(Set(snapshot.tasks.map(\.id)), Set(expected))
            XCTAssertEqual(snapshot.problems.map(\.reason), [], "every task reads as Backlog.md reads it")
            XCTAssertEqual(allBytes(dir), before, "reading changes no byte")
        }
    }

    func testEveryFieldReadsAsBacklogMdShowsIt() throws {
        let dir = classicVault()
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        // (id, status word, status, assignees, labels, priority, created, completion)
        let cases: [(String, String, TaskStatus, [String], [String], Priority, String, String?)] = [
            ("backlog/tasks/task-1 - Fix-login.md", "In Progress", .inProgress, ["@alice", "@bob"], ["auth", "bug"], .high, "2025-06-09 14:30", nil),
            ("backlog/tasks/task-2 - Review-copy.md", "Review", .inProgress, [], [], .none, "2025-06-10 09:00", nil),
            ("backlog/tasks/task-3 - Write-docs.md", "To Do", .todo, ["@carol", "@dave"], ["docs"], .none, "2025-06-11 08:15", nil),
            ("backlog/tasks/task-5 - Ship.md", "To Do", .todo, ["@erin"], [], .none, "2025-06-11", nil),
            ("backlog/completed/task-4 - Old-thing.md", "Done", .done, ["@bob"], [], .none, "2025-05-01 10:00", "2025-05-20 16:05"),
        ]
        for (id, word, status, assignees, labels, priority, created, completed) in cases {
            let t = try XCTUnwrap(snapshot.task(id: id), id)
            XCTAssertEqual(t.statusText, word, id)
            XCTAssertEqual(t.status, status, id)
            XCTAssertEqual(t.assignees, assignees, id)
            XCTAssertEqual(Assignee.shown(t.assignees), assignees.joined(separator: " "), id)
            XCTAssertEqual(t.tags, labels, id)
            XCTAssertEqual(t.priority, priority, id)
            XCTAssertEqual(t.created?.raw, created, id)
            XCTAssertEqual(t.completed?.raw, completed, "the Logbook's day of a done task is its updated_date: \(id)")
        }
        XCTAssertEqual(snapshot.task(id: "backlog/tasks/task-2 - Review-copy.md")?.title, "Review copy: home page")
    }

    func testDraftsAreAViewOfTheirOwnAndInNoOther() throws {
        let dir = classicVault()
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        let store = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: nil)
        XCTAssertTrue(store.showsDrafts)
        XCTAssertEqual(store.all.map(\.id).suffix(2), ["logbook", "drafts"])
        XCTAssertFalse(PerspectiveStore(vaultRoot: TempDir().path, cacheDirectory: nil).all.contains { $0.id == "drafts" },
                       "no Drafts view outside a Backlog.md project")
        let today = Day.parseISO("2026-11-23")!
        let draft = "backlog/drafts/draft-1 - Dark-mode.md"
        for p in store.all where p.id != "drafts" {
            XCTAssertFalse(PerspectiveEvaluator.evaluate(p, in: snapshot.index, today: today).orderedIDs.contains(draft), p.name)
            XCTAssertFalse(RuleCompiler.compile(p.rules, today: today).matches(snapshot.index.task(id: draft)!), p.name)
        }
        XCTAssertFalse(PerspectiveEvaluator.evaluate(.allTasks, in: snapshot.index, today: today).orderedIDs.contains(draft))
        XCTAssertEqual(PerspectiveEvaluator.evaluate(BuiltinPerspectives.drafts, in: snapshot.index, today: today).orderedIDs, [draft])
        XCTAssertEqual(PerspectiveEvaluator.counts(store.all, in: snapshot.index, today: today)["drafts"], 1)
        let inbox = PerspectiveEvaluator.evaluate(BuiltinPerspectives.all[0], in: snapshot.index, today: today).orderedIDs
        XCTAssertEqual(Set(inbox), ["backlog/tasks/task-1 - Fix-login.md", "backlog/tasks/task-2 - Review-copy.md",
                                    "backlog/tasks/task-3 - Write-docs.md", "backlog/tasks/task-5 - Ship.md"])
        // A rule that names drafts may show them with others.
        let either = RuleGroup(.or, [.cond("draft", "equals", .bool(true)), .cond("status", "equals", .string("done"))])
        XCTAssertEqual(Set(PerspectiveEvaluator.evaluate(Perspective(id: "x", name: "x", rules: either), in: snapshot.index, today: today).orderedIDs),
                       [draft, "backlog/completed/task-4 - Old-thing.md"])
    }

    func testAssigneesAreAFieldOfRulesSortsAndGroups() throws {
        let dir = classicVault()
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        let today = Day.parseISO("2026-11-23")!
        func matching(_ text: String) throws -> Set<String> {
            let rules = try RuleTextParser.parse(text)
            return Set(PerspectiveEvaluator.evaluate(Perspective(id: "x", name: "x", rules: rules), in: snapshot.index, today: today).orderedIDs
                .map { ($0 as NSString).lastPathComponent.components(separatedBy: " - ")[0] })
        }
        XCTAssertEqual(try matching("assignee has alice"), ["task-1"])
        XCTAssertEqual(try matching("assignee has @BOB"), ["task-1", "task-4"], "with or without @, in any case")
        XCTAssertEqual(try matching("assignee any (carol, erin)"), ["task-3", "task-5"])
        XCTAssertEqual(try matching("assignee is not set"), ["task-2"])
        XCTAssertEqual(RuleText.text(try RuleTextParser.parse("assignee has alice")), "assignee has alice")
        // The same over columns alone (what a command reads from the cache).
        let columns = snapshot.index.evaluation.withColumns(snapshot.index) { $0 }
        let rules = try RuleTextParser.parse("assignee has bob")
        XCTAssertEqual(RuleBits.matching(rules, columns: columns, today: today)?.bits.population, 2)

        let byAssignee = PerspectiveEvaluator.evaluate(Perspective(id: "x", name: "x", rules: RuleGroup(.and), sort: SortSpec(field: "assignee"),
                                                                   groupBy: "assignee"), in: snapshot.index, today: today)
        XCTAssertEqual(byAssignee.groups.map(\.title), ["@alice", "@bob", "@carol", "@dave", "@erin", "Unassigned"])
        XCTAssertEqual(byAssignee.groups.first { $0.title == "@bob" }?.tasks.count, 2)
        // By the first assignee A–Z, the unassigned after them, within each state band as every sort
        // (in progress: task-1 @alice, task-2 nobody; to do: task-3 @carol, task-5 @erin; done: task-4).
        let sorted = PerspectiveEvaluator.evaluate(Perspective(id: "x", name: "x", rules: RuleGroup(.and), sort: SortSpec(field: "assignee")),
                                                   in: snapshot.index, today: today).orderedIDs
        XCTAssertEqual(sorted.map { ($0 as NSString).lastPathComponent.components(separatedBy: " - ")[0] }, ["task-1", "task-2", "task-3", "task-5", "task-4"])
    }

    // MARK: writing, line by line as Backlog.md writes

    func testDoneIsWrittenAsBacklogMdWritesIt() throws {
        let dir = classicVault()
        let writer = VaultWriter(root: dir.path, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let id = "backlog/tasks/task-1 - Fix-login.md"
        var t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: id))
        t.setStatus(.done)
        let saved = try writer.update(t, now: Self.now)
        // UTC (09:30 though the machine is in Tokyo), quoted, after created_date; no completed_date.
        XCTAssertEqual(dir.text(id), BacklogSerializer(
            id: "task-1", title: "Fix login", status: "Done", assignee: ["@alice", "@bob"], created: "2025-06-09 14:30", updated: "2026-11-23 09:30",
            labels: ["auth", "bug"], priority: "high", body: Self.description).text)
        XCTAssertEqual(saved.completed?.raw, "2026-11-23 09:30")

        // A second change replaces updated_date in place; back to an open status, no completion.
        var again = saved
        again.setStatus(.todo)
        _ = try writer.update(again, now: Self.now.addingTimeInterval(3600))
        XCTAssertEqual(dir.text(id), BacklogSerializer(
            id: "task-1", title: "Fix login", status: "To Do", assignee: ["@alice", "@bob"], created: "2025-06-09 14:30", updated: "2026-11-23 10:30",
            labels: ["auth", "bug"], priority: "high", body: Self.description).text)
    }

    func testAHandWrittenFileKeepsItsLinesAndTheirQuotes() throws {
        let dir = classicVault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        // Flow list stays flow (with the @ names quoted as Backlog.md reads them), unquoted dates stay unquoted.
        var docs = try XCTUnwrap(snapshot.task(id: "backlog/tasks/task-3 - Write-docs.md"))
        docs.assignees.append("@frank")
        _ = try writer.update(docs, now: Self.now)
        XCTAssertEqual(dir.text("backlog/tasks/task-3 - Write-docs.md"),
                       "---\nid: task-3\ntitle: Write docs\nstatus: To Do\nassignee: ['@carol', '@dave', '@frank']\ncreated_date: 2025-06-11 08:15\n"
                       + "updated_date: '2026-11-23 09:30'\nlabels: [docs]\n---\n")
        // One name stays one name; two become Backlog.md's block list.
        var ship = try XCTUnwrap(snapshot.task(id: "backlog/tasks/task-5 - Ship.md"))
        ship.assignees = ["@gina"]
        ship = try writer.update(ship, now: Self.now)
        XCTAssertEqual(dir.text("backlog/tasks/task-5 - Ship.md"),
                       "---\nid: task-5\ntitle: Ship\nstatus: To Do\nassignee: '@gina'\ncreated_date: '2025-06-11'\nupdated_date: '2026-11-23 09:30'\n---\n")
        ship.assignees.append("@hal")
        _ = try writer.update(ship, now: Self.now)
        XCTAssertEqual(dir.text("backlog/tasks/task-5 - Ship.md"),
                       "---\nid: task-5\ntitle: Ship\nstatus: To Do\nassignee:\n  - '@gina'\n  - '@hal'\ncreated_date: '2025-06-11'\nupdated_date: '2026-11-23 09:30'\n---\n")
        // An updated_date written without quotes keeps its style.
        dir.write("backlog/tasks/task-6 - Plain.md", "---\nid: task-6\ntitle: Plain\nstatus: To Do\ncreated_date: 2025-06-11 08:15\nupdated_date: 2025-06-12 08:15\n---\n")
        var plain = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "backlog/tasks/task-6 - Plain.md"))
        plain.flagged = false
        plain.setStatus(.inProgress)
        _ = try writer.update(plain, now: Self.now)
        XCTAssertEqual(dir.text("backlog/tasks/task-6 - Plain.md"),
                       "---\nid: task-6\ntitle: Plain\nstatus: In Progress\ncreated_date: 2025-06-11 08:15\nupdated_date: 2026-11-23 09:30\n---\n")
    }

    func testAssigneesAddedToAnEmptyListAreABlockList() throws {
        let dir = prefixedVault()
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        let id = "backlog/tasks/back-047 - Drop-IE.md"
        var t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: id))
        XCTAssertEqual(t.status, .cancelled)
        t.assignees = ["@alice", "@o'neil"]
        t.tags = ["legacy"]
        _ = try writer.update(t, now: Self.now)
        XCTAssertEqual(dir.text(id), BacklogSerializer(
            id: "BACK-047", title: "Drop IE", status: "Won't Do", assignee: ["@alice", "@o'neil"], created: "2026-04-26 08:00",
            updated: "2026-11-23 09:30", labels: ["legacy"]).text)
        t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: id))
        XCTAssertEqual(t.assignees, ["@alice", "@o'neil"])
        t.assignees = []
        _ = try writer.update(t, now: Self.now)
        XCTAssertTrue(dir.text(id)!.contains("\nassignee: []\n"), "Backlog.md writes no assignee as []: \(dir.text(id)!)")
    }

    func testNewTasksAreNamedAndWrittenAsBacklogMdCreatesThem() throws {
        // zero_padded_ids 3, prefix back, ids in capitals.
        var dir = prefixedVault()
        var writer = VaultWriter(root: dir.path, timeZone: utc)
        var draft = TaskItem(id: "", title: "Pay: with card (beta)!")
        draft.setStatus(.todo)
        draft.setPriority(.high)
        draft.assignees = ["@alice"]
        var created = try writer.create(draft, now: Self.now)
        XCTAssertEqual(created.id, "backlog/tasks/back-048 - Pay-with-card-beta.md")
        XCTAssertEqual(dir.text(created.id), BacklogSerializer(
            id: "BACK-048", title: "Pay: with card (beta)!", status: "Todo", assignee: ["@alice"], created: "2026-11-23 09:30", priority: "high").text)
        XCTAssertEqual(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: created.id)?.title, "Pay: with card (beta)!")

        // Old lower-case ids, no padding: the next number after every folder's (completed and the archive too).
        dir = classicVault()
        writer = VaultWriter(root: dir.path, timeZone: utc)
        draft = TaskItem(id: "", title: "Add search")
        draft.setStatus(.done)
        created = try writer.create(draft, now: Self.now)
        XCTAssertEqual(created.id, "backlog/tasks/task-10 - Add-search.md")
        XCTAssertEqual(dir.text(created.id), BacklogSerializer(
            id: "task-10", title: "Add search", status: "Done", created: "2026-11-23 09:30", updated: "2026-11-23 09:30").text)
        XCTAssertEqual(created.completed?.raw, "2026-11-23 09:30")

        // An empty project: ids as Backlog.md writes them now.
        dir = TempDir()
        dir.write("backlog/config.yml", "project_name: \"New\"\nzero_padded_ids: 2\n")
        draft = TaskItem(id: "", title: "First")
        draft.setStatus(.todo)
        created = try VaultWriter(root: dir.path, timeZone: utc).create(draft, now: Self.now)
        XCTAssertEqual(created.id, "backlog/tasks/task-01 - First.md")
        XCTAssertTrue(dir.text(created.id)!.hasPrefix("---\nid: TASK-01\ntitle: First\nstatus: To Do\nassignee: []\n"), dir.text(created.id)!)
    }

    func testTheFileNameIsBacklogMdsSanitizedTitle() {
        let cases = [("Fix login", "Fix-login"), ("Pay: with card (beta)!", "Pay-with-card-beta"), ("a/b\\c", "a-b-c"),
                     ("  spaced   out  ", "spaced-out"), ("50% off & more", "50-off-more"), ("Don't [stop]", "Dont-stop"), ("Café ☕", "Café-☕")]
        for (title, stem) in cases { XCTAssertEqual(VaultProfile.backlogFileStem(title), stem, title) }
    }

    func testTheConfigSetsThePrefixAndPadding() {
        for (config, prefix, digits, problems) in [
            ("task_prefix: \"JIRA\"\nzero_padded_ids: 4\n", "JIRA", 4, 0),
            ("project_name: x\n", "task", 0, 0),
            ("task_prefix: \"a-b\"\n", "task", 0, 1),
        ] {
            let dir = TempDir()
            dir.write("backlog/config.yml", config)
            let (p, found) = ProfileDetection.detect(root: dir.path)
            XCTAssertEqual(p.kind, .backlog)
            XCTAssertEqual(p.idPrefix, prefix, config)
            XCTAssertEqual(p.idDigits, digits, config)
            XCTAssertEqual(found.count, problems, "\(config): \(found)")
            XCTAssertTrue(p.detection.includes(path: "backlog/tasks/\(prefix.lowercased())-1 - X.md"), config)
            XCTAssertFalse(p.detection.includes(path: "backlog/tasks/sub/\(prefix.lowercased())-1 - X.md"), config)
        }
    }
}
