import XCTest
@testable import TaskEngine

/// Tasks added and removed patch the dependency graph (`DependencyGraph.patched`) instead
/// of building it again: over generated vaults and generated edits that add, remove and rename
/// files whose names other tasks' dependencies use (a name that named nothing names a new
/// file, one file of a name becomes two and the link ambiguous, or two become one again, a
/// name differs only in case, a Backlog.md id, a path, a task and its undo), the patched
/// graph is the one a fresh build makes of the same tasks.
final class DependencyGraphAddRemoveTests: XCTestCase {
    static let folders = ["folder", "p", "other", "x/y", ""]
    static let names = (0..<12).flatMap { ["t\($0)", "T\($0)", "gone-\($0)", "task-\($0) - Thing", "task-\($0).1 - Part"] } + ["nowhere", "Nowhere"]

    /// A dependency on `name` written in one of the ways a file can (wikilink, alias, bare, markdown, path, relative, id).
    static func uid(_ name: String, _ rng: inout SeededRandom) -> String {
        let folder = folders.randomElement(using: &rng)!
        let path = folder.isEmpty ? name : folder + "/" + name
        let id = name.hasPrefix("task-") ? String(name.prefix { $0 != " " }) : name
        let forms = ["[[\(name)]]", "[[\(name)|Alias]]", name, "[x](\(path.replacingOccurrences(of: " ", with: "%20")).md)",
                     "[[\(path)]]", "[[./\(name)]]", id, "[[\(id)]]", "[[\(name.lowercased())]]"]
        return forms.randomElement(using: &rng)!
    }

    static func newTask(_ rng: inout SeededRandom, existing: [String: TaskItem]) -> TaskItem? {
        for _ in 0..<8 {
            let folder = folders.randomElement(using: &rng)!, name = names.randomElement(using: &rng)!
            let id = (folder.isEmpty ? "" : folder + "/") + name + ".md"
            guard existing[id] == nil else { continue }
            var t = TaskItem(id: id, title: name)
            t.status = [.todo, .todo, .inProgress, .done, .cancelled].randomElement(using: &rng)!
            t.dependencies = (0..<Int.random(in: 0...2, using: &rng)).map { _ in TaskDependency(uid: uid(names.randomElement(using: &rng)!, &rng)) }
            if Int.random(in: 0..<4, using: &rng) == 0 { t.project = SequentialProjectsTests.names.randomElement(using: &rng) }
            return t
        }
        return nil
    }

    /// One generated edit: a task added, removed, renamed (both at once), brought back (an
    /// undo), given other dependencies, or an edit that keeps the rows (`DependencyGraphPatchTests.edit`).
    static func edit(_ tasks: inout [String: TaskItem], _ gone: inout [TaskItem], _ rng: inout SeededRandom) -> ([TaskItem], Set<String>) {
        let ids = tasks.keys.sorted()
        switch Int.random(in: 0..<12, using: &rng) {
        case 0, 1, 2:
            guard let t = newTask(&rng, existing: tasks) else { return ([], []) }
            tasks[t.id] = t
            return ([t], [])
        case 3, 4:
            guard let id = ids.randomElement(using: &rng) else { return ([], []) }
            gone.append(tasks.removeValue(forKey: id)!)
            return ([], [id])
        case 5:
            guard let id = ids.randomElement(using: &rng), var t = newTask(&rng, existing: tasks) else { return ([], []) }
            let old = tasks.removeValue(forKey: id)!
            (t.dependencies, t.status, t.project) = (old.dependencies, old.status, old.project)
            tasks[t.id] = t
            return ([t], [id])
        case 6:
            guard let t = gone.popLast(), tasks[t.id] == nil else { return ([], []) }
            tasks[t.id] = t
            return ([t], [])
        case 7, 8:
            guard let id = ids.randomElement(using: &rng) else { return ([], []) }
            var t = tasks[id]!
            t.dependencies = Bool.random(using: &rng) && !t.dependencies.isEmpty
                ? Array(t.dependencies.dropFirst()) : t.dependencies + [TaskDependency(uid: uid(names.randomElement(using: &rng)!, &rng))]
            tasks[id] = t
            return ([t], [])
        case 9:
            // Several at once (a bulk delete, or files appearing together).
            var changed: [TaskItem] = [], removed = Set<String>()
            for id in ids.prefix(3) where Bool.random(using: &rng) { tasks[id] = nil; removed.insert(id) }
            for _ in 0..<Int.random(in: 1...3, using: &rng) { if let t = newTask(&rng, existing: tasks) { tasks[t.id] = t; changed.append(t) } }
            return (changed, removed)
        default:
            return DependencyGraphPatchTests.edit(&tasks, &rng, names: SequentialProjectsTests.names)
        }
    }

    func testAddingAndRemovingTasksPatchesTheGraphAsAFreshBuildMakesIt() {
        var patched = 0
        for seed in 0..<300 as Range<UInt64> {
            var rng = SeededRandom(seed: seed &+ 104_729)
            let projects = SequentialProjectsTests.makeCase(seed: seed).projects
            var tasks: [String: TaskItem] = [:]
            for _ in 0..<Int.random(in: 0...30, using: &rng) { if let t = Self.newTask(&rng, existing: tasks) { tasks[t.id] = t } }
            var gone: [TaskItem] = []
            var index = TaskIndex(Array(tasks.values))
            index.setSequentialProjects(projects)
            _ = index.dependencies
            for step in 0..<16 {
                let (changed, removed) = Self.edit(&tasks, &gone, &rng)
                let structural = !removed.isEmpty || changed.contains { index.task(id: $0.id)?.task.dependencies != $0.dependencies }
                index.update(changed, removing: removed)
                if structural && index.dependencyMemo.startsFromBase { patched += 1 }
                // Asked after most steps (as a drawn screen does), so that edits in a row are patched together too.
                guard Int.random(in: 0..<3, using: &rng) > 0 else { continue }
                var fresh = TaskIndex(Array(tasks.values))
                fresh.setSequentialProjects(projects)
                DependencyGraphPatchTests.assertSame(index.dependencies, fresh.dependencies, "seed \(seed), step \(step)")
            }
        }
        XCTAssertGreaterThan(patched, 1_000, "adds, removes and changed dependencies start from the previous graph")
    }

    /// The cases by name, each once, so that a failure says which.
    func testANewFileChangesWhatANameResolvesTo() {
        func graph(_ tasks: [TaskItem], then changed: [TaskItem], removing removed: Set<String> = []) -> (DependencyGraph, DependencyGraph, Bool) {
            var index = TaskIndex(tasks)
            _ = index.dependencies
            index.update(changed, removing: removed)
            let started = index.dependencyMemo.startsFromBase
            var all = Dictionary(uniqueKeysWithValues: tasks.map { ($0.id, $0) })
            for id in removed { all[id] = nil }
            for t in changed { all[t.id] = t }
            return (index.dependencies, TaskIndex(Array(all.values)).dependencies, started)
        }
        var waiter = TaskItem(id: "a/w.md", title: "w")
        waiter.dependencies = [TaskDependency(uid: "[[Plan]]")]
        let plan = TaskItem(id: "a/Plan.md", title: "Plan"), other = TaskItem(id: "b/Plan.md", title: "Plan"), lower = TaskItem(id: "c/plan.md", title: "plan")
        let cases: [(String, [TaskItem], [TaskItem], Set<String>, blocked: Bool, problem: String?)] = [
            ("dangling, then resolved", [waiter], [plan], [], true, nil),
            ("resolved, then ambiguous", [waiter, plan], [other], [], true, "ambiguous_link"),
            ("ambiguous, then resolved", [waiter, plan, other], [], ["b/Plan.md"], true, nil),
            ("resolved, then dangling", [waiter, plan], [], ["a/Plan.md"], true, "unresolved_dependency_target"),
            ("found ignoring case, then as spelled", [waiter, lower], [plan], [], true, nil),
            ("renamed away", [waiter, plan], [TaskItem(id: "a/Plan 2.md", title: "Plan")], ["a/Plan.md"], true, "unresolved_dependency_target"),
        ]
        for (name, start, changed, removed, blocked, problem) in cases {
            let (patched, fresh, started) = graph(start, then: changed, removing: removed)
            XCTAssertTrue(started, name)
            DependencyGraphPatchTests.assertSame(patched, fresh, name)
            XCTAssertEqual(patched.isBlocked(patched.ids.firstIndex(of: "a/w.md")!), blocked, name)
            if let problem {
                XCTAssertTrue(patched.problems.contains { $0.id == "a/w.md" && $0.text.hasPrefix(problem) }, "\(name): \(patched.problems)")
            } else {
                XCTAssertFalse(patched.problems.contains { $0.id == "a/w.md" }, "\(name): \(patched.problems)")
            }
        }
    }
}
