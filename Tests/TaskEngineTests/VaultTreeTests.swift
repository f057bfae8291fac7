import XCTest
@testable import TaskEngine

/// The sidebar's areas and projects.
final class VaultTreeTests: XCTestCase {
    func testTheTreeNestsAreasAndProjectsAndCountsTheTasksItsViewsList() {
        let tasks = [
            task("a", area: "Work", project: "Q4 Report"),
            task("b", status: .done, area: "Work", project: "Q4 Report"),
            task("c", area: "Work/Clients", project: "Acme"),
            task("d", area: "work/clients"),
            task("e", area: "Home"),
            task("f", project: "Side/Blog"),
            task("g", status: .cancelled, project: "Side"),
            task("h"),
        ]
        let tree = VaultTree.build(TaskIndex(tasks))
        let shown = tree.map { String(repeating: "  ", count: $0.depth) + ($0.isArea ? "@" : "+") + $0.label + " \($0.count)" }
        // Done and cancelled tasks count: each view lists them, and its title counts them.
        XCTAssertEqual(shown, ["@Home 1", "@Work 4", "  @Clients 2", "    +Acme 1", "  +Q4 Report 2", "+Side 2", "  +Blog 1"])
        // Each node's perspective shows exactly its tasks, in every state.
        let index = TaskIndex(tasks)
        func ids(_ label: String) -> [String] {
            let p = tree.first { $0.label == label }!.perspective
            return PerspectiveEvaluator.evaluate(p, in: index, today: pinnedToday).orderedIDs.sorted()
        }
        XCTAssertEqual(ids("Work"), ["a.md", "b.md", "c.md", "d.md"])
        XCTAssertEqual(ids("Clients"), ["c.md", "d.md"])
        XCTAssertEqual(ids("Q4 Report"), ["a.md", "b.md"])
        XCTAssertEqual(ids("Acme"), ["c.md"])
        XCTAssertEqual(ids("Side"), ["f.md", "g.md"])
        XCTAssertEqual(ids("Blog"), ["f.md"])
        XCTAssertTrue(tree.allSatisfy { VaultTree.isTreeID($0.perspective.id) && $0.perspective.isBuiltin })
    }

    /// With the built-ins and the tree, every task of any vault is in some perspective of the sidebar.
    func testEveryTaskIsReachableFromTheSidebar() {
        var rng = SeededRandom(seed: 21)
        let areas = [nil, "Work", "Work/Clients", "Home", "home", "Ünï/Cödé"]
        let projects = [nil, "Q4", "Blog/Drafts", "Acme", "acme"]
        let statuses: [TaskStatus] = TaskStatus.allCases
        for round in 0..<20 {
            let tasks = (0..<200).map { i -> TaskItem in
                func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
                return task("t\(round)-\(i)", status: pick(statuses), due: rng.next() % 3 == 0 ? "2026-11-2\(Int(rng.next() % 9))" : nil,
                            area: pick(areas), project: pick(projects))
            }
            let index = TaskIndex(tasks)
            let sidebar = BuiltinPerspectives.all + VaultTree.build(index).map(\.perspective)
            var reached = Set<String>()
            for p in sidebar { reached.formUnion(PerspectiveEvaluator.evaluate(p, in: index, today: pinnedToday).orderedIDs) }
            // The sidebar's number of each area and project is the count its view's title shows.
            for node in VaultTree.build(index) {
                let listed = PerspectiveEvaluator.evaluate(node.perspective, in: index, today: pinnedToday)
                XCTAssertEqual(node.count, listed.count, node.perspective.name)
                // Its open number: the tasks listed that are not done or cancelled.
                XCTAssertEqual(node.open, Set(listed.groups.flatMap(\.tasks).filter { !$0.task.status.isClosed }.map(\.id)).count, node.perspective.name)
            }
            let missing = tasks.filter { !reached.contains($0.id) }
            XCTAssertEqual(missing.map { "\($0.id) \($0.status) \($0.area ?? "-") \($0.project ?? "-")" }, [])
        }
    }
}
