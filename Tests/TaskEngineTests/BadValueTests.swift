import Foundation
import XCTest
@testable import TaskEngine

/// A value its field cannot hold, in each field of todomd's own format and of
/// Backlog.md: the file is still a task, the field absent, the value kept as
/// written and reported, its line untouched by other writes, through the
/// cache as well.
final class BadValueTests: XCTestCase {
    /// Each field with values it cannot hold (as people write them by hand).
    static let cases: [(field: TaskField, key: String, values: [String])] = [
        (.due, "due", ["recurring-monthly", "next week", "2026-02-30", "[2026-11-25, 2026-11-26]", "'31/12/2026'"]),
        (.scheduled, "scheduled", ["someday", "[]", "tomorrow-ish"]),
        (.defer, "defer", ["after the launch", "2026-13-01"]),
        (.created, "created", ["<% tp.file.creation_date() %>", "yesterday"]),
        (.modified, "modified", ["<% tp.file.last_modified_date() %>", "[a, b]"]),
        (.completed, "completed", ["yes", "done"]),
        (.status, "status", ["[todo, done]", "{state: open}", "\n  - doing\n  - done"]),
        (.priority, "priority", ["[high]", "{level: 3}"]),
        (.estimatedMinutes, "estimated_minutes", ["soon", "-5", "1h30m", "[30]"]),
        (.recurrence, "recurrence", ["[FREQ=DAILY, FREQ=WEEKLY]", "{every: day}"]),
        (.flagged, "flagged", ["maybe", "[true]"]),
    ]

    static func file(_ key: String, _ value: String) -> String {
        "---\ntitle: Keep me\n\(key): \(value)\nscheduled_note: kept\ntags: [home]\n---\nNotes stay.\n"
    }

    func testEveryBadValueLeavesATaskWithItsFieldAbsentAndItsTextKept() throws {
        var n = 0
        for (field, key, values) in Self.cases {
            for value in values {
                let dir = TempDir()
                let text = Self.file(key, value)
                dir.write("t.md", text)
                let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
                let task = try XCTUnwrap(snapshot.task(id: "t.md"), "\(key): \(value)")
                n += 1
                XCTAssertEqual(task.title, "Keep me")
                XCTAssertEqual(task.tags, ["home"])
                XCTAssertEqual(task.body, "Notes stay.\n")
                let bad = try XCTUnwrap(task.badValue(field), "\(key): \(value)")
                XCTAssertEqual(bad.key, key)
                // As written (a quoted value without its quotes, a block list as `[a, b]`, a map as `{…}`).
                let shown = value.hasPrefix("'") ? String(value.dropFirst().dropLast()) : value.hasPrefix("{") ? "{…}"
                    : value.hasPrefix("\n") ? "[doing, done]" : value
                XCTAssertEqual(bad.raw, shown, key)
                switch field {
                case .due, .scheduled, .defer, .created, .modified, .completed: XCTAssertNil(task.date(field), key)
                case .status: XCTAssertNil(task.statusText); XCTAssertEqual(task.status, .todo)
                case .priority: XCTAssertNil(task.priorityText); XCTAssertEqual(task.priority, .none)
                case .estimatedMinutes: XCTAssertNil(task.estimatedMinutes)
                case .recurrence: XCTAssertNil(task.recurrence)
                case .flagged: XCTAssertFalse(task.flagged)
                default: XCTFail("\(field)")
                }
                XCTAssertEqual(snapshot.problems.map(\.reason), [bad.problem], "\(key): \(value)")
                XCTAssertEqual(snapshot.unreadable, [])

                // Another field's write leaves the bad line as it was.
                var edited = task
                edited.source = "mail"
                _ = try VaultWriter(root: dir.path, timeZone: utc).update(edited)
                let after = try XCTUnwrap(dir.text("t.md"))
                XCTAssertTrue(after.contains("source: mail\n"))
                if field == .modified {
                    // (Every write stamps `modified`: its line is the writer's.)
                    XCTAssertFalse(after.contains(value), after)
                } else {
                    XCTAssertTrue(after.contains("\n\(key): \(value)\n"), "\(key): \(value) in \(after)")
                    XCTAssertEqual(after.components(separatedBy: "\n").count, text.components(separatedBy: "\n").count + 2,
                                   "source and modified added, nothing else: \(after)")
                }

                // Clearing the field removes the line.
                var cleared = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "t.md"))
                cleared.settle(field)
                _ = try VaultWriter(root: dir.path, timeZone: utc).update(cleared)
                let gone = try XCTUnwrap(dir.text("t.md"))
                if field == .modified {
                    XCTAssertFalse(gone.contains(value), gone)
                } else if field == .flagged {
                    XCTAssertTrue(gone.contains("\nflagged: false\n"), "a cleared flag is false: \(gone)")
                } else {
                    XCTAssertFalse(gone.contains("\n\(key):"), "\(key) cleared: \(gone)")
                }
                XCTAssertEqual(try VaultLoader.load(root: dir.path, timeZone: utc).problems, [])
            }
        }
        XCTAssertGreaterThan(n, 25)
    }

    func testATaskWithABadValueIsNotCachedAndReadFromItsFileEachStart() throws {
        let vault = TempDir(), cacheDir = TempDir()
        vault.write("a.md", "---\ntitle: Fine\ndue: 2026-11-25\n---\n")
        vault.write("b.md", Self.file("due", "recurring-weekly"))
        let cache = try XCTUnwrap(TaskCache.open(vaultRoot: vault.path, directory: cacheDir.path))
        for _ in 0..<3 {
            let snapshot = try VaultLoader.load(root: vault.path, timeZone: utc, cache: cache)
            VaultLoader.waitForCacheWrites()
            XCTAssertEqual(snapshot.tasks.map(\.id), ["a.md", "b.md"])
            XCTAssertEqual(snapshot.task(id: "b.md")?.badValue(.due)?.raw, "recurring-weekly")
            XCTAssertEqual(snapshot.problems.map(\.id), ["b.md"])
        }
        // A start from the cache alone has not got it, nor its file's stamp: the start's check reads it.
        let start = try XCTUnwrap(VaultLoader.loadCached(root: vault.path, cache: cache, timeZone: utc, profile: .todomd))
        XCTAssertEqual(start.snapshot.tasks.map(\.id), ["a.md"])
        XCTAssertFalse(start.snapshot.files.contains { $0.id == "b.md" })
        // A record with other projects goes through the cache whole.
        var t = TaskItem(id: "p.md", title: "P")
        t.setProjects(["Home", "[[Garden]]"])
        let bytes = TaskRecord.encode(t)
        let back = bytes.withUnsafeBytes { TaskRecord.decode($0, id: "p.md", timeZone: utc) }
        XCTAssertEqual(back?.otherProjects, ["[[Garden]]"])
        XCTAssertEqual(back, t)
    }

    func testABacklogTaskWithABadDateIsListed() throws {
        let dir = TempDir()
        dir.write("backlog/config.yml", "project_name: Demo\nstatuses: [To Do, In Progress, Done]\n")
        let text = "---\nid: task-1\ntitle: Ship it\nstatus: [To Do]\nassignee: @bob\ndue_date: end of sprint\nlabels: [release]\n---\n"
        dir.write("backlog/tasks/task-1 - Ship-it.md", text)
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        let task = try XCTUnwrap(snapshot.task(id: "backlog/tasks/task-1 - Ship-it.md"))
        XCTAssertEqual(task.badValues.map(\.key), ["status", "due_date"])
        XCTAssertEqual(task.tags, ["release"])
        var edited = task
        edited.tags = ["release", "urgent"]
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(edited)
        let after = try XCTUnwrap(dir.text("backlog/tasks/task-1 - Ship-it.md"))
        // The lines it could not read stay byte for byte (Backlog.md puts the new updated_date among them).
        for line in ["status: [To Do]\n", "assignee: @bob\n", "due_date: end of sprint\n", "labels: [release, urgent]\n"] {
            XCTAssertTrue(after.contains(line), "\(line) in \(after)")
        }
        XCTAssertEqual(after.components(separatedBy: "\n").count, text.components(separatedBy: "\n").count + 1, after)
    }
}
