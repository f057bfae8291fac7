import Foundation
import Synchronization
import XCTest
@testable import TaskEngine

/// Work handed out in chunks as its items come (a first load parses files
/// while the listing still walks): every output comes back once, in the
/// order its item was added, whatever the chunk, the workers and the timing.
final class StreamedWorkTests: XCTestCase {
    func testEveryOutputComesBackOnceInTheOrderItsItemWasAdded() {
        var rng = SeededRandom(seed: 11)
        for round in 0..<300 {
            let count = [0, 1, 63, 64, 65, Int.random(in: 0...3_000, using: &rng)].randomElement(using: &rng)!
            let chunk = [1, 2, 7, 64, Int.random(in: 1...500, using: &rng)].randomElement(using: &rng)!
            let workers = Int.random(in: 0...4, using: &rng)
            let block = [1, 3, 64, 4096, Int.random(in: 1...700, using: &rng)].randomElement(using: &rng)!
            let calls = CallLog()
            let work = StreamedWork<Int, String>(chunk: chunk, blockSize: block, workers: workers) { items in
                calls.record(items.count)
                // (Uneven work, so that chunks finish out of order.)
                if items.first.map({ $0 % 3 == 0 }) == true { usleep(50) }
                return items.map { "item \($0)" }
            }
            for i in 0..<count {
                work.add(i)
                if i % 97 == 0 { usleep(20) }  // (a producer that pauses, as a listing between folders)
            }
            var seen: [String] = []
            work.finish { seen.append($0) }
            XCTAssertEqual(seen, (0..<count).map { "item \($0)" }, "round \(round): \(count) items, chunks of \(chunk), blocks of \(block), \(workers) workers")
            XCTAssertEqual(calls.sizes.reduce(0, +), count, "round \(round): each item worked on once")
            XCTAssertTrue(calls.sizes.allSatisfy { $0 >= 1 && $0 <= chunk }, "round \(round): no chunk is empty or larger than asked")
            XCTAssertEqual(calls.sizes.filter { $0 < chunk }.count, count % chunk == 0 ? 0 : 1, "round \(round): only the last chunk is short")
        }
    }

    func testWorkersStartOnChunksBeforeTheLastItemIsAdded() {
        let started = DispatchSemaphore(value: 0)
        let work = StreamedWork<Int, Int>(chunk: 4, workers: 1) { items in
            started.signal()
            return items
        }
        for i in 0..<4 { work.add(i) }
        // The first chunk is worked on while the producer still holds back the rest.
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success, "a full chunk goes to a worker at once")
        for i in 4..<6 { work.add(i) }
        var seen: [Int] = []
        work.finish { seen.append($0) }
        XCTAssertEqual(seen, Array(0..<6))
    }

    /// Each output is handed on once and let go after (none kept, none freed twice), across block edges.
    func testEveryOutputIsHandedOnOnceAndLetGo() {
        for (count, chunk, block) in [(1_000, 64, 4096), (1_000, 7, 3), (129, 64, 64), (5, 2, 1)] {
            let live = CallLog()
            var kept: [Tracked] = []
            do {
                let work = StreamedWork<Int, Tracked>(chunk: chunk, blockSize: block, workers: 2) { items in items.map { Tracked($0, live) } }
                for i in 0..<count { work.add(i) }
                work.finish { kept.append($0) }
            }
            XCTAssertEqual(kept.map(\.value), Array(0..<count))
            XCTAssertEqual(live.sizes.reduce(0, +), count, "\(count) outputs alive while kept")
            kept = []
            XCTAssertEqual(live.sizes.reduce(0, +), 0, "every output let go once the caller lets go of it")
        }
    }

    final class Tracked {
        let value: Int
        let log: CallLog
        init(_ value: Int, _ log: CallLog) { self.value = value; self.log = log; log.record(1) }
        deinit { log.record(-1) }
    }

    /// The sizes of the chunks the body was called with (from any thread).
    final class CallLog: Sendable {
        private let recorded = Mutex<[Int]>([])
        func record(_ n: Int) { recorded.withLock { $0.append(n) } }
        var sizes: [Int] { recorded.withLock { $0 } }
    }
}
