import Foundation
import XCTest
@testable import TaskEngine

/// Dependencies as each profile's files write them: todomd's `blocked_by`,
/// TaskNotes' `blockedBy` (or the name its settings map the role to), and
/// Backlog.md's `dependencies: [task-12]`. A bad entry is a problem of its
/// task and stays in the file, byte for byte, through every write.
final class DependencyReadingTests: XCTestCase {
    static let now = ISO8601DateFormatter().date(from: "2026-11-23T09:30:00Z")!

    func testTodomdFormatReadsBlockedByInEveryShape() throws {
        let text = """
        ---
        title: Ship
        blocked_by:
          - uid: "[[Write docs]]"
            reltype: FINISHTOSTART
            gap: PT4H
          - "[[Review]]"
          - uid: review-2
            reltype: startToStart
        ---
        """
        let t = try parse(text).task
        XCTAssertEqual(t.dependencies, [TaskDependency(uid: "[[Write docs]]", relation: .finishToStart, gap: "PT4H"),
                                        TaskDependency(uid: "[[Review]]"), TaskDependency(uid: "review-2", relation: .startToStart)])
        XCTAssertEqual(t.warnings, [])
        // One link alone is one dependency; none at all is none.
        XCTAssertEqual(try parse("---\nblocked_by: \"[[A]]\"\n---\n").task.dependencies, [TaskDependency(uid: "[[A]]")])
        XCTAssertEqual(try parse("---\nblocked_by:\n---\n").task.dependencies, [])
        XCTAssertEqual(try parse("---\nblocked_by: []\n---\n").task.warnings, [])
    }

    /// Each bad entry: a problem naming the entry and the spec's code; the good ones still count.
    func testBadEntriesAreReportedAndTheRestRead() throws {
        let cases: [(String, String)] = [
            ("{reltype: FINISHTOSTART}", "invalid_dependency_entry: an entry has no uid"),
            ("{uid: \"\", reltype: FINISHTOSTART}", "invalid_dependency_entry: an entry has no uid"),
            ("{uid: [a, b]}", "invalid_dependency_entry: uid '[a, b]'"),
            ("\"[bad](\"", "invalid_dependency_entry: uid '[bad]('"),
            ("[nested, list]", "invalid_dependency_entry: an entry must be"),
            ("{uid: \"[[A]]\", reltype: BLOCKS}", "invalid_dependency_reltype: reltype 'BLOCKS'"),
            ("{uid: \"[[A]]\"}", "invalid_dependency_reltype: no reltype"),
            ("{uid: \"[[A]]\", reltype: FINISHTOSTART, gap: soon}", "invalid_dependency_gap"),
            ("{uid: \"[[A]]\", reltype: FINISHTOSTART, gap: P99999999999D}", "past 2147483647"),
            ("{uid: \"[[A]]\", reltype: FINISHTOSTART, gap: [1]}", "invalid_dependency_gap"),
            ("\"[[" + String(repeating: "x", count: 5000) + "]]\"", "a uid of 5004 bytes"),
        ]
        for (entry, expected) in cases {
            let t = try parse("---\nblocked_by:\n  - \"[[Good]]\"\n  - \(entry)\n---\n").task
            XCTAssertEqual(t.dependencies.first, TaskDependency(uid: "[[Good]]"), entry)
            XCTAssertEqual(t.warnings.count, 1, "\(entry): \(t.warnings)")
            XCTAssertTrue(t.warnings.first?.hasPrefix("blocked_by entry 2: ") == true, "\(entry): \(t.warnings)")
            XCTAssertTrue(t.warnings.first?.contains(expected) == true, "\(entry): \(t.warnings)")
        }
        let twice = try parse("---\nblocked_by: [\"[[A]]\", A, \"[[A|again]]\"]\n---\n").task
        XCTAssertEqual(twice.dependencies.count, 3, "kept, as the file has them")
        XCTAssertEqual(twice.warnings.filter { $0.contains("duplicate_dependency_uid") }.count, 2)
        let many = "---\nblocked_by:\n" + (0..<1500).map { "  - \"[[t\($0)]]\"\n" }.joined() + "---\n"
        let big = try parse(many).task
        XCTAssertEqual(big.dependencies.count, TaskDependency.maxEntries)
        XCTAssertEqual(big.warnings, ["blocked_by: more than 1000 dependencies; the rest (500) are not read"])
    }

    /// A write of another field leaves the list, bad entries and all, as it was; so does the cache's record.
    func testAWriteKeepsTheListByteForByte() throws {
        let dir = TempDir()
        let list = "blocked_by:\n  - uid: \"[[Write docs]]\"   # the draft first\n    reltype: BLOCKS\n  - {uid: [x]}\n  - \"[[Review]]\"\n"
        dir.write("ship.md", "---\ntitle: Ship\nstatus: todo\n" + list + "---\nBody.\n")
        dir.write("Review.md", "---\ntitle: Review\n---\n")
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        var ship = try XCTUnwrap(snapshot.task(id: "ship.md"))
        XCTAssertEqual(ship.dependencies.map(\.uid), ["[[Write docs]]", "[[Review]]"])
        XCTAssertEqual(snapshot.problems.filter { $0.id == "ship.md" }.count, 2)
        XCTAssertTrue(snapshot.index.isBlocked(id: "ship.md"))
        XCTAssertEqual(snapshot.index.waitsFor(id: "ship.md"), ["Review.md"])
        ship.setStatus(.inProgress)
        ship.title = "Ship it"
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(ship, now: Self.now)
        let after = try XCTUnwrap(dir.text("ship.md"))
        XCTAssertTrue(after.contains(list), after)
        XCTAssertTrue(after.contains("status: in-progress"), after)
        // The cache's record keeps the dependencies.
        let reread = try parse(after, id: "ship.md").task
        let bytes = TaskRecord.encode(reread)
        let decoded = bytes.withUnsafeBytes { TaskRecord.decode($0, id: "ship.md", timeZone: utc) }
        XCTAssertEqual(decoded?.dependencies, reread.dependencies)
    }

    func testATaskNotesVaultReadsBlockedByAndItsMappedName() throws {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}")
        dir.write("TaskNotes/Tasks/Ship.md", "---\ntitle: Ship\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n---\n")
        dir.write("TaskNotes/Tasks/Write docs.md", "---\ntitle: Write docs\nstatus: done\ntags: [task]\n---\n")
        var snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.task(id: "TaskNotes/Tasks/Ship.md")?.dependencies, [TaskDependency(uid: "[[Write docs]]")])
        XCTAssertFalse(snapshot.index.isBlocked(id: "TaskNotes/Tasks/Ship.md"), "its blocker is done")
        // The plugin's field mapping renames the role's key: the new name is read, the old one is not.
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\", \"fieldMapping\": {\"blockedBy\": \"waitsOn\"}}")
        dir.write("TaskNotes/Tasks/Ship.md", "---\ntitle: Ship\nstatus: open\ntags: [task]\nwaitsOn: [\"[[Missing]]\"]\nblockedBy: [\"[[Write docs]]\"]\n---\n")
        XCTAssertEqual(ProfileDetection.detect(root: dir.path).profile.dependencyKey, "waitsOn")
        snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.task(id: "TaskNotes/Tasks/Ship.md")?.dependencies, [TaskDependency(uid: "[[Missing]]")])
        XCTAssertTrue(snapshot.index.isBlocked(id: "TaskNotes/Tasks/Ship.md"), "a task that is not there blocks (the spec's default)")
    }

    func testABacklogProjectReadsDependencyIDs() throws {
        let dir = TempDir()
        dir.write(["backlog/config.yml": "project_name: \"P\"\n",
                   "backlog/tasks/task-1 - Design.md": "---\nid: task-1\ntitle: Design\nstatus: Done\n---\n",
                   "backlog/tasks/task-2 - Build.md": "---\nid: task-2\ntitle: Build\nstatus: To Do\ndependencies:\n  - task-1\n---\n",
                   "backlog/tasks/task-3 - Ship.md": "---\nid: task-3\ntitle: Ship\nstatus: To Do\ndependencies: [task-2, TASK-1]\n---\n"])
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.problems, [])
        XCTAssertFalse(snapshot.index.isBlocked(id: "backlog/tasks/task-2 - Build.md"))
        XCTAssertTrue(snapshot.index.isBlocked(id: "backlog/tasks/task-3 - Ship.md"))
        XCTAssertEqual(snapshot.index.waitsFor(id: "backlog/tasks/task-3 - Ship.md"), ["backlog/tasks/task-2 - Build.md", "backlog/tasks/task-1 - Design.md"])
        XCTAssertTrue(snapshot.index.isBlocking(id: "backlog/tasks/task-2 - Build.md"))
    }

    func testDurationsAreBoundedNotOverflowed() {
        for ok in ["PT4H", "-PT15M", "+P1D", "P2W", "PT0M", "P1Y2M3DT4H5M6S", "P2147483647D"] { XCTAssertTrue(ISODuration.isValid(ok), ok) }
        for bad in ["", "P", "PT", "4H", "P1H", "PT1D", "P1DT", "P1D1D", "PT1M1H", "P-1D", "P2147483648D", "P99999999999999999999D",
                    "P" + String(repeating: "1", count: 70) + "D", "P1.5D", "p1d"] {
            XCTAssertFalse(ISODuration.isValid(bad), bad)
        }
        XCTAssertEqual(try ISODuration.parse("-P1DT2H"), ISODuration(negative: true, days: 1, hours: 2))
    }
}

extension DependencyReadingTests {
    /// Maps inside a frontmatter value are read now (a dependency entry is one): a map of many keys
    /// is read in linear time, a repeated key in one goes to Yams as at the top level (the file is
    /// refused the same way), and nesting past the bound is refused, never a crash.
    func testMapsInValuesAreBounded() throws {
        let keys = (0..<50_000).map { "k\($0): v" }.joined(separator: ", ")
        let wide = try parse("---\ntitle: Wide\nextra: {\(keys)}\n---\n").task
        XCTAssertEqual(wide.title, "Wide")
        XCTAssertThrowsError(try parse("---\nextra: {a: 1, a: 2}\n---\n"))
        XCTAssertEqual(FrontmatterEvents.pairs("extra: {a: 1, a: 2}\n"), nil, "left to Yams")
        let deep = String(repeating: "{a: ", count: 5000) + "1" + String(repeating: "}", count: 5000)
        XCTAssertThrowsError(try parse("---\nextra: \(deep)\n---\n"))
        let entries = try XCTUnwrap(FrontmatterEvents.pairs("blocked_by:\n  - {uid: \"[[A]]\", reltype: FINISHTOSTART}\n"))
        XCTAssertEqual(entries.first?.value, .sequence([.mapping([FrontEntry(key: "uid", value: .scalar("[[A]]", plain: false)),
                                                                  FrontEntry(key: "reltype", value: .scalar("FINISHTOSTART", plain: true))])]))
    }
}
