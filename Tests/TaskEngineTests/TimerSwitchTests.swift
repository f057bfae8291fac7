import Foundation
import XCTest
@testable import TaskEngine

/// `TimerSwitch`: starting a timer stops every other running one, on the
/// files as they are, under the vault's lock; two writers starting timers on
/// different tasks at once (each knowing nothing of the other's) leave one running.
final class TimerSwitchTests: XCTestCase {
    var root = "", cache = ""

    override func setUp() {
        root = NSTemporaryDirectory() + "todomd-timers-" + UUID().uuidString
        cache = root + "-cache"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: cache)
    }

    func write(_ id: String, _ text: String) { FileManager.default.createFile(atPath: root + "/" + id, contents: Data(text.utf8)) }
    func read(_ id: String) -> TaskItem { try! VaultLoader.loadOne(root: root, id: id, timeZone: .gmt).get() }
    var ledger: String? { TimerSwitch.ledgerPath(vaultRoot: root, cacheDirectory: cache) }
    func at(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_795_338_000 + TimeInterval(minutes * 60)) }

    func testStartStopsTheOthersToggleStopsAndTheLedgerRemembersAcrossReadings() throws {
        for id in ["a.md", "b.md", "c.md"] { write(id, "---\ntitle: \(id)\n---\n") }
        let writer = VaultWriter(root: root, timeZone: .gmt)
        var out = try TimerSwitch.start("a.md", writer: writer, running: [], ledger: ledger, now: at(0))
        XCTAssertEqual(out.started?.saved.id, "a.md")
        XCTAssertEqual(out.stopped, [])
        // b, knowing of no running timer (its reading is older): the ledger names a, which is stopped.
        out = try TimerSwitch.start("b.md", writer: writer, running: [], ledger: ledger, now: at(30))
        XCTAssertEqual(out.stopped.map(\.saved.id), ["a.md"])
        XCTAssertEqual(out.stopped.first?.entry, TimeEntry(start: at(0), end: at(30)))
        XCTAssertEqual(read("a.md").timeEntries, [TimeEntry(start: at(0), end: at(30))])
        XCTAssertEqual(read("b.md").timeEntries, [TimeEntry(start: at(30))])
        // Twice on one task: refused, nothing written.
        XCTAssertThrowsError(try TimerSwitch.start("b.md", writer: writer, running: ["b.md"], ledger: ledger, now: at(31))) { e in
            XCTAssertEqual((e as? TimerSwitch.Refused)?.refusal, .alreadyActive)
        }
        // A timer written by another program (no ledger) is stopped when the caller's reading names it.
        write("c.md", "---\ntitle: c\ntime_entries:\n  - startTime: 2026-11-22T09:10:00Z\n---\n")
        out = try TimerSwitch.toggle("a.md", writer: writer, running: ["c.md"], ledger: ledger, now: at(40))
        XCTAssertEqual(Set(out.stopped.map(\.saved.id)), ["b.md", "c.md"])
        XCTAssertEqual(out.started?.saved.id, "a.md")
        out = try TimerSwitch.toggle("a.md", writer: writer, running: [], ledger: ledger, now: at(50))
        XCTAssertNil(out.started)
        XCTAssertEqual(out.stopped.map(\.saved.id), ["a.md"])
        XCTAssertEqual(["a.md", "b.md", "c.md"].filter { read($0).timeEntries.contains(where: \.isRunning) }, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: ledger!), "no timer runs: the ledger is gone")
    }

    /// Many writers at once, each starting a timer on its own task knowing of no other: whatever
    /// the order, exactly one timer runs at the end, and every stopped entry ends where it started or later.
    func testWritersStartingAtOnceLeaveOneTimerRunning() throws {
        let ids = (0..<8).map { "t\($0).md" }
        for round in 0..<5 {
            for id in ids { write(id, "---\ntitle: \(id)\n---\n") }
            try? FileManager.default.removeItem(atPath: ledger!)
            let root = self.root, ledger = self.ledger, now = at(round)
            DispatchQueue.concurrentPerform(iterations: ids.count) { i in
                let writer = VaultWriter(root: root, timeZone: .gmt)
                _ = try? TimerSwitch.start(ids[i], writer: writer, running: [], ledger: ledger, now: now)
            }
            let running = ids.filter { read($0).timeEntries.contains(where: \.isRunning) }
            XCTAssertEqual(running.count, 1, "round \(round): \(running)")
            for id in ids { XCTAssertLessThanOrEqual(read(id).timeEntries.count, 1) }
        }
    }
}
