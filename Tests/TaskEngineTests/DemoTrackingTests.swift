import XCTest
@testable import TaskEngine

/// The demo vault `todomd demo` writes (and so the benchmarks' vaults) holds time worked and
/// reminders: they read back as written, and everything else is as it is without them.
final class DemoTrackingTests: XCTestCase {
    func testTimeWorkedAndRemindersReadBackAndChangeNothingElse() throws {
        let dir = TempDir()
        let generator = DemoVaultGenerator(count: 1500, seed: 3, today: pinnedToday, timeZone: TimeZone(identifier: "UTC")!, tracking: true)
        try generator.write(to: dir.path)
        let index = try VaultLoader.load(root: dir.path, profile: .todomd).index
        let items = Dictionary(uniqueKeysWithValues: generator.taskItems().map { ($0.id, $0) })
        let tracked = index.tasks.filter { !$0.task.timeEntries.isEmpty }
        let reminded = index.tasks.filter { !$0.task.reminders.isEmpty }
        XCTAssertGreaterThan(tracked.count, 60, "a share of the tasks has time worked")
        XCTAssertGreaterThan(reminded.count, 20, "a share of the open tasks has a reminder")
        let startOfToday = pinnedToday.start(in: TimeZone(identifier: "UTC")!)
        for t in index.tasks {
            XCTAssertEqual(t.task.timeEntries, items[t.id]?.timeEntries, t.id)
            XCTAssertEqual(t.task.reminders, items[t.id]?.reminders, t.id)
            XCTAssertEqual(t.task.badTimeEntries, 0, t.id)
            for e in t.task.timeEntries {
                XCTAssertLessThan(e.start, startOfToday, "worked before today: \(t.id)")
                XCTAssertFalse(e.isRunning, "no timer left running: \(t.id)")
            }
            if !t.task.reminders.isEmpty {
                XCTAssertNotNil(t.task.due, t.id)
                XCTAssertFalse(t.task.status.isClosed, t.id)
            }
        }
        // Without them, every other field is the same.
        let plain = DemoVaultGenerator(count: 1500, seed: 3, today: pinnedToday, timeZone: TimeZone(identifier: "UTC")!).taskItems()
        for var p in plain {
            guard var t = items[p.id] else { return XCTFail("\(p.id) missing with tracking") }
            t.timeEntries = []
            t.reminders = []
            p.timeEntries = []
            XCTAssertEqual(t, p, p.id)
        }
    }
}
