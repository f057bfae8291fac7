import XCTest
@testable import TaskEngine

/// The demo vault (and so the benchmarks' vaults) has dependencies: chains and
/// fans inside projects, every one naming a task of the vault, no cycle, and
/// two sequential projects whose tasks wait in turn.
final class DemoDependenciesTests: XCTestCase {
    func testTheDemoVaultWaitsAsPeoplePlan() throws {
        let dir = TempDir()
        let generator = DemoVaultGenerator(count: 1500, seed: 1, today: pinnedToday)
        try generator.write(to: dir.path)
        let snapshot = try VaultLoader.load(root: dir.path, profile: .todomd)
        var index = snapshot.index
        let store = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: nil)
        store.load()
        XCTAssertEqual(store.document.sequentialProjects.sequentialNames, ["Japan Trip", "Onboarding"])
        index.setSequentialProjects(store.document.sequentialProjects)
        let graph = index.dependencies
        let waiting = index.tasks.filter { !$0.task.dependencies.isEmpty }
        XCTAssertGreaterThan(waiting.count, 75, "a share of the tasks waits")
        XCTAssertTrue(waiting.contains { $0.task.dependencies.count >= 2 }, "fans")
        XCTAssertEqual(graph.problems.map(\.text), [], "every name is of a task, and there is no cycle")
        XCTAssertTrue(graph.cycles.isEmpty)
        // Explicit waits stay inside their project; a sequential project's open tasks wait in turn.
        for t in waiting {
            for target in index.waitsFor(id: t.id) { XCTAssertEqual(index.task(id: target)?.task.project, t.task.project) }
        }
        let japan = index.openTasks(ofProject: "Japan Trip")
        XCTAssertGreaterThan(japan.count, 10)
        XCTAssertFalse(index.isBlocked(id: japan[0]))
        XCTAssertTrue(japan.dropFirst().allSatisfy { index.isBlocked(id: $0) })
        // The values match the files: the same dependencies read back.
        let items = Dictionary(uniqueKeysWithValues: generator.taskItems().map { ($0.id, $0.dependencies) })
        for t in index.tasks { XCTAssertEqual(t.task.dependencies.map(\.uid), items[t.id]?.map(\.uid), t.id) }
    }
}
