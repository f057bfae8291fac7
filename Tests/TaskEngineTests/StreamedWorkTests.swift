import Foundation
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
            let calls = CallLog()
            let work = StreamedWork<Int, String>(chunk: chunk, workers: workers) { items in
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
            XCTAssertEqual(seen, (0..<count).map { "item \($0)" }, "round \(round): \(count) items, chunks of \(chunk), \(workers) workers")
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

    /// The sizes of the chunks the body was called with (from any thread).
    final class CallLog: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Int] = []
        func record(_ n: Int) { lock.lock(); recorded.append(n); lock.unlock() }
        var sizes: [Int] { lock.lock(); defer { lock.unlock() }; return recorded }
    }
}
