import XCTest
@testable import TaskEngine

/// Bands, then every sort field both ways, missing values last, ties by manual position then id.
final class SortingTests: XCTestCase {
    func ids(_ tasks: [TaskItem], _ field: String, _ direction: String? = nil, manual: [String]? = nil, projects: [String] = []) -> [String] {
        let sorter = TaskSorter(spec: SortSpec(field: field, direction: direction), manualOrder: manual, projectOrder: projects)
        return sorter.sorted(TaskIndex(tasks).tasks).map { String($0.id.dropLast(3)) }
    }

    func testBandsComeFirst() {
        let tasks = [task("done", status: .done, due: "2026-01-01"), task("todo", due: "2026-02-01"),
                     task("someday", status: .someday, due: "2026-01-15"), task("doing", status: .inProgress, due: "2026-12-01"),
                     task("cancelled", status: .cancelled)]
        XCTAssertEqual(ids(tasks, "due"), ["doing", "someday", "todo", "done", "cancelled"])
        XCTAssertEqual(ids(tasks, "due", "desc"), ["doing", "todo", "someday", "done", "cancelled"])
    }

    /// For each field: three tasks with values in ascending order, and one without.
    func testEveryFieldBothWaysWithMissingLast() {
        let cases: [(String, [TaskItem], [String])] = [
            ("due", [task("x", due: "2026-11-02"), task("y", due: "2026-11-01"), task("n"), task("z", due: "2026-11-03")], ["y", "x", "z"]),
            ("scheduled", [task("x", scheduled: "2026-11-02"), task("n"), task("y", scheduled: "2026-11-01"), task("z", scheduled: "2026-12-01")], ["y", "x", "z"]),
            ("defer", [task("n"), task("x", defer: "2026-11-02"), task("y", defer: "2026-11-01"), task("z", defer: "2027-01-01")], ["y", "x", "z"]),
            ("created", [task("x", created: "2026-11-02"), task("y", created: "2026-11-01"), task("z", created: "2026-11-03"), task("n")], ["y", "x", "z"]),
            ("modified", [task("x", modified: "2026-11-02"), task("y", modified: "2026-11-01"), task("z", modified: "2026-11-03"), task("n")], ["y", "x", "z"]),
            ("completed", [task("x", completed: "2026-11-02"), task("y", completed: "2026-11-01"), task("z", completed: "2026-11-03"), task("n")], ["y", "x", "z"]),
            ("estimated_minutes", [task("x", estimate: 30), task("y", estimate: 5), task("n"), task("z", estimate: 120)], ["y", "x", "z"]),
            ("tags", [task("x", tags: ["a", "b"]), task("y", tags: ["a"]), task("z", tags: ["a", "b", "c"]), task("n")], ["y", "x", "z"]),
        ]
        for (field, tasks, values) in cases {
            // An untagged task has 0 tags: a value, not a missing one.
            let ascending = field == "tags" ? ["n"] + values : values
            let missing = field == "tags" ? [] : ["n"]
            let defaultAsc = SortField(rawValue: field)!.defaultAscending
            XCTAssertEqual(ids(tasks, field, "asc"), ascending + missing, field)
            XCTAssertEqual(ids(tasks, field, "desc"), ascending.reversed() + missing, "\(field) desc: missing stays last")
            XCTAssertEqual(ids(tasks, field), defaultAsc ? ascending + missing : ascending.reversed() + missing, "\(field) default")
        }
    }

    func testPriorityTitleFlaggedManual() {
        let p = [task("l", priority: .low), task("h", priority: .high), task("n"), task("m", priority: .medium)]
        XCTAssertEqual(ids(p, "priority"), ["h", "m", "l", "n"])
        XCTAssertEqual(ids(p, "priority", "asc"), ["n", "l", "m", "h"])

        let t = [task("1", title: "Task 10"), task("2", title: "task 2"), task("3", title: "Éclair"), task("4", title: "apple"), task("5", title: "Task 02b")]
        XCTAssertEqual(ids(t, "title"), ["4", "3", "2", "5", "1"])
        XCTAssertEqual(ids(t, "title", "desc"), ["1", "5", "2", "3", "4"])

        let f = [task("a", due: "2026-11-03"), task("b", flagged: true, due: "2026-11-05"), task("c", flagged: true, due: "2026-11-01"),
                 task("d", flagged: true), task("e", due: "2026-11-01")]
        XCTAssertEqual(ids(f, "flagged"), ["c", "b", "d", "e", "a"])
        XCTAssertEqual(ids(f, "flagged", "desc"), ["e", "a", "c", "b", "d"], "direction flips flagged only, due stays ascending")

        let m = [task("a", created: "2026-11-01"), task("b", created: "2026-11-05"), task("c", created: "2026-11-03"), task("d", created: "2026-11-02")]
        XCTAssertEqual(ids(m, "manual", manual: ["d.md", "a.md"]), ["d", "a", "b", "c"], "unlisted follow, newest created first")
        XCTAssertEqual(ids(m, "manual", manual: nil), ["b", "c", "d", "a"])
    }

    func testTiesGoToManualPositionThenID() {
        let tasks = [task("c", due: "2026-11-01"), task("a", due: "2026-11-01"), task("b", due: "2026-11-01")]
        XCTAssertEqual(ids(tasks, "due"), ["a", "b", "c"])
        XCTAssertEqual(ids(tasks, "due", manual: ["c.md", "b.md"]), ["c", "b", "a"])
    }

    func testTheThreeQuickFilterModes() {
        let tasks = [
            task("g1", priority: .low, created: "2026-11-01", project: "Garden"),
            task("g2", priority: .high, created: "2026-10-01", project: "Garden"),
            task("w1", priority: .high, created: "2026-11-10", project: "Work"),
            task("w2", priority: .high, created: "2026-11-12", project: "work"),
            task("x", priority: .high, created: "2026-11-20"),
            task("r1", created: "2026-09-01", modified: "2026-11-21", project: "Reading"),
        ]
        XCTAssertEqual(ids(tasks, "task_creation"), ["x", "w2", "w1", "g1", "g2", "r1"])
        XCTAssertEqual(ids(tasks, "project_order", projects: ["Work", "Garden"]), ["w2", "w1", "g2", "g1", "r1", "x"],
                       "selected projects first, then the rest A–Z; inside: priority, then newest; no project last")
        XCTAssertEqual(ids(tasks, "project_modified"), ["r1", "w2", "w1", "g2", "g1", "x"])
    }

    /// The order sorted over key columns (a column made only once a row needs
    /// it) is the order two tasks' rows compare in, for every field both
    /// ways, with and without a manual order and project order.
    func testSortingOverKeyColumnsMatchesComparingRows() {
        var rng = SeededRandom(seed: 41)
        let statuses: [TaskStatus] = [.todo, .inProgress, .done, .someday, .cancelled]
        func maybeDay() -> String? { rng.chance(0.3) ? nil : "2026-11-\(10 + rng.int(0...15))" }
        for round in 0..<24 {
            let tasks = (0..<(40 + round * 7)).map { i -> TaskItem in
                task("t\(i)", title: ["Task \(rng.int(0...30))", "task 2", "Éclair", "apple"][rng.int(0...3)],
                     status: statuses[rng.int(0...4)], priority: Priority.allCases[rng.int(0...Priority.allCases.count - 1)],
                     flagged: rng.chance(0.3), due: maybeDay(), created: maybeDay(), modified: maybeDay(),
                     project: rng.chance(0.4) ? nil : ["Garden", "Work", "Reading"][rng.int(0...2)],
                     estimate: rng.chance(0.5) ? nil : rng.int(0...90))
            }
            let indexed = TaskIndex(tasks).tasks
            let manual = rng.chance(0.5) ? nil : indexed.shuffled(using: &rng).prefix(rng.int(0...indexed.count)).map(\.id)
            for field in SortField.allCases {
                for direction in ["asc", "desc"] {
                    let sorter = TaskSorter(spec: SortSpec(field: field.rawValue, direction: direction), manualOrder: manual,
                                            projectOrder: ["Work", "Garden"])
                    let keys = TaskSorter.SortKeys(sorter, indexed)
                    let reference = indexed.indices.sorted { keys.less(indexed[$0], indexed[$1]) }.map(Int32.init)
                    XCTAssertEqual(sorter.order(indexed), reference, "\(field) \(direction), round \(round)")
                }
            }
        }
    }

    func testSortIsStableOverShuffles() {
        var rng = SeededRandom(seed: 3)
        let base = (0..<60).map { i in task("t\(i)", status: [.todo, .done, .inProgress][i % 3], due: i % 4 == 0 ? nil : "2026-11-\(10 + i % 7)") }
        let reference = ids(base, "due")
        for _ in 0..<20 { XCTAssertEqual(ids(base.shuffled(using: &rng), "due"), reference) }
    }
}

final class TaskIndexUpdateTests: XCTestCase {
    /// Updating an index gives the same order as building it anew, for every add/change/remove mix.
    func testUpdatingMatchesARebuild() {
        var rng = SeededRandom(seed: 8)
        for _ in 0..<50 {
            let base = (0..<30).map { task("t\($0)", due: $0 % 3 == 0 ? nil : "2026-11-\(10 + $0 % 9)") }
            let removed = Set(base.filter { _ in rng.chance(0.2) }.map(\.id))
            let changed = base.filter { !removed.contains($0.id) && rng.chance(0.2) }.map { t -> TaskItem in
                var c = t
                c.title = "changed " + t.title
                return c
            } + (0..<rng.int(0...3)).map { task("new\($0)", due: "2026-11-15") }
            let updated = TaskIndex(base).updating(changed, removing: removed)
            var expected = base.filter { !removed.contains($0.id) }
            for c in changed { expected.removeAll { $0.id == c.id }; expected.append(c) }
            let rebuilt = TaskIndex(expected)
            let sorter = TaskSorter(spec: SortSpec(field: "due"))
            XCTAssertEqual(sorter.sorted(updated.tasks).map(\.task), sorter.sorted(rebuilt.tasks).map(\.task))
            XCTAssertEqual(Set(updated.tasks.map(\.idRank)).count, updated.tasks.count, "ranks are unique")
            XCTAssertEqual(updated.tasks.map(\.task), rebuilt.tasks.map(\.task), "entries stay in id order")
            XCTAssertTrue(zip(updated.tasks, updated.tasks.dropFirst()).allSatisfy { $0.idRank < $1.idRank }, "ranks ascend with the rows")
            for t in expected { XCTAssertEqual(updated.task(id: t.id)?.task, t) }
            for id in removed { XCTAssertNil(updated.task(id: id)) }
            XCTAssertNil(updated.task(id: "zzz-missing"))
        }
    }

    func testReplacingAndRemovingOneTask() {
        let base = (0..<20).map { task("t\($0)", due: nil) }
        var index = TaskIndex(base.shuffled())
        XCTAssertEqual(index.tasks.map(\.id), base.map(\.id).sorted(), "built in id order from any order")
        var changed = base[7]
        changed.title = "seven"
        index = index.replacing(changed)
        XCTAssertEqual(index.task(id: changed.id)?.task.title, "seven")
        XCTAssertEqual(index.tasks.count, 20)
        index = index.removing(id: base[3].id)
        XCTAssertNil(index.task(id: base[3].id))
        XCTAssertTrue(zip(index.tasks, index.tasks.dropFirst()).allSatisfy { $0.idRank < $1.idRank }, "ranks ascend with the rows")
        XCTAssertEqual(index.task(id: changed.id)?.idRank, TaskIndex(base).task(id: changed.id)?.idRank, "a changed task keeps its rank")
    }
}
