import Foundation
import XCTest
@testable import TUI

/// `MadeOnAnotherThread` (the app's vault watcher and start check): made on a
/// worker thread while the main thread polls `ready()`, as the run loop does.
final class MadeOnAnotherThreadTests: XCTestCase {
    func testAValueMadeOnAnotherThreadIsHandedOverOnceWhole() {
        for round in 0..<50 {
            let made = MadeOnAnotherThread { () -> [Int] in
                usleep(UInt32(round % 5) * 200)
                return Array(0..<1_000).map { $0 * round }
            }
            var got: [Int]?
            let giveUp = Date().addingTimeInterval(20)  // (a bound against a hang)
            while got == nil && Date() < giveUp {
                got = made.ready()
                if got == nil { usleep(50) }
            }
            XCTAssertEqual(got, Array(0..<1_000).map { $0 * round }, "round \(round)")
            XCTAssertNil(made.ready(), "handed over once")
        }
    }
}
