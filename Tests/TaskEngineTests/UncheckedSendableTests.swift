import Foundation
import Synchronization
import XCTest
@testable import TaskEngine

/// Each type the compiler is told is Sendable without checking it
/// (`@unchecked Sendable`), used from two or more threads at once the way the
/// app uses it, with a result a race would spoil. The last test keeps the list
/// of those types honest: a new one needs its reason and a test here.
final class UncheckedSendableTests: XCTestCase {
    let today = Day.parseISO("2026-11-20")!

    /// Copies of one index evaluated on several threads share its `IndexEvaluation`
    /// (columns and leaf bits made on first use, under its lock).
    func testOneIndexEvaluatedOnManyThreadsAgreesWithOneThread() {
        var rng = SeededRandom(seed: 41)
        let today = self.today
        let tasks = (0..<600).map { RuleBitsTests.randomTask("t\($0).md", &rng, today: today) }
        let trees = (0..<24).map { _ in RuleBitsTests.randomTree(&rng) }
        let alone = TaskIndex(tasks)
        let want = trees.map { RuleBits.matching($0, in: alone, today: today).bits }
        for round in 0..<6 {
            let shared = TaskIndex(tasks)  // fresh: nothing made yet, every thread races to make it
            let got = Mutex([TaskBits?](repeating: nil, count: trees.count))
            DispatchQueue.concurrentPerform(iterations: trees.count) { k in
                let copy = shared  // a copy of the value, sharing its evaluation
                let bits = RuleBits.matching(trees[k], in: copy, today: today).bits
                got.withLock { $0[k] = bits }
            }
            XCTAssertEqual(got.withLock { $0 }, want.map { $0 }, "round \(round)")
        }
    }

    /// `Parallel.fill` hands its slots to many threads at once (`Slots`), and `IndexedTask`s are made there.
    func testParallelSlotsAndIndexedTasksMadeOnManyThreads() {
        for count in [0, 1, 255, 256, 257, 10_000] {
            let squares = Parallel.map(count, chunk: 7) { $0 * $0 }
            XCTAssertEqual(squares, (0..<count).map { $0 * $0 }, "\(count)")
        }
        let tasks = (0..<3_000).map { TaskItem(id: "t\($0).md", title: "Task \($0) café") }
        let made = Parallel.map(tasks.count, chunk: 64) { IndexedTask(tasks[$0]) }
        // Read (and their lazy folds made) on other threads than the ones that made them, one thread a task.
        let folded = Parallel.map(made.count, chunk: 100) { made[$0].titleSearch }
        XCTAssertEqual(folded, tasks.map { TextFold.search($0.title) })
    }

    /// A task's rare fields are boxed and shared by copies; a copy changed on another thread
    /// gets its own box, so neither the original nor the other copies see the change.
    func testCopiesOfATaskChangedOnManyThreadsKeepTheirOwnRareFields() {
        var base = TaskItem(id: "a.md", title: "A")
        base.contexts = ["home"]
        base.recurrence = "FREQ=DAILY"
        let original = base
        let changed = Parallel.map(64, chunk: 1) { i -> TaskItem in
            var t = original
            t.contexts = ["c\(i)"]
            if i % 2 == 0 { t.recurrence = nil }
            return t
        }
        XCTAssertEqual(original.contexts, ["home"])
        XCTAssertEqual(original.recurrence, "FREQ=DAILY")
        for (i, t) in changed.enumerated() {
            XCTAssertEqual(t.contexts, ["c\(i)"])
            XCTAssertEqual(t.recurrence, i % 2 == 0 ? nil : "FREQ=DAILY")
        }
    }

    /// A cache opened on another thread, waited for by several at once.
    func testACacheOpeningWaitedForFromManyThreads() throws {
        let vault = TempDir(), caches = TempDir()
        for round in 0..<5 {
            let opening = TaskCache.Opening(vaultRoot: vault.path, directory: caches.path + "/\(round)")
            let paths = Mutex([String?](repeating: nil, count: 8))
            DispatchQueue.concurrentPerform(iterations: 8) { i in
                let path = opening.wait()?.path
                paths.withLock { $0[i] = path }
            }
            let all = paths.withLock { $0 }
            XCTAssertNotNil(all[0], "round \(round)")
            XCTAssertEqual(Set(all.map { $0 ?? "none" }).count, 1, "every waiter sees the one cache")
        }
    }

    /// Columns promised on one thread, fulfilled on another, waited for by several.
    func testColumnsPromiseFulfilledOnOneThreadSeenByAll() {
        let tasks = TaskIndex((0..<50).map { TaskItem(id: "t\($0).md", title: "T\($0)") }).tasks
        for _ in 0..<20 {
            let promise = ColumnsPromise()
            let seen = Mutex([Int](repeating: -1, count: 6))
            let group = DispatchGroup()
            for i in 0..<6 {
                DispatchQueue.global().async(group: group) {
                    let n = promise.wait().count
                    seen.withLock { $0[i] = n }
                }
            }
            DispatchQueue.global().async { promise.fulfil(TaskColumns(tasks)) }
            XCTAssertEqual(group.wait(timeout: .now() + 20), .success)  // (a bound against a hang)
            XCTAssertEqual(seen.withLock { $0 }, [Int](repeating: 50, count: 6))
        }
    }

    /// Every `@unchecked Sendable` in the sources says why it is safe on the line before, and is one
    /// of the types a test in this file (or `MadeOnAnotherThreadTests`, `SharedNamesPoolTests`,
    /// `StreamedWorkTests`) uses from several threads.
    func testEveryUncheckedSendableSaysWhyAndIsTested() throws {
        let tested: Set<String> = ["IndexEvaluation", "Slots", "IndexedTask", "RareBox", "Opening", "ColumnsPromise",
                                   "MadeOnAnotherThread", "SharedNamesPool", "StreamedWork"]
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        var found: Set<String> = []
        for case let file as String in FileManager.default.enumerator(atPath: sources)! where file.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: sources + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (n, line) in lines.enumerated() where line.contains("@unchecked Sendable") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let name = line.components(separatedBy: CharacterSet(charactersIn: " :<")).drop { !["class", "struct", "enum", "extension"].contains($0) }.dropFirst().first ?? "?"
                found.insert(name)
                XCTAssertTrue(n > 0 && lines[n - 1].trimmingCharacters(in: .whitespaces).hasPrefix("// @unchecked: "),
                              "\(file):\(n + 1): \(name) needs a `// @unchecked: why` line before it")
                XCTAssertTrue(tested.contains(name), "\(file):\(n + 1): \(name) needs a test from two threads")
            }
        }
        XCTAssertEqual(found, tested, "the list of tested types matches the sources")
    }
}
