import XCTest
@testable import TUI

final class IdleWakeTests: XCTestCase {
    func testTheEarliestDueInstantWinsWithinTheLongestSleep() {
        let now = Date(timeIntervalSince1970: 1_800_000_000.25)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let candidates: [Date?] = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                Bool.random(using: &rng) ? nil : now.addingTimeInterval(Double.random(in: -5...120, using: &rng))
            }
            let deadline = IdleWake.deadline(now: now, dueAt: candidates)
            let expected = (candidates.compactMap { $0 } + [now.addingTimeInterval(IdleWake.longestSleep)]).min()!
            XCTAssertEqual(deadline, expected)
            XCTAssertLessThanOrEqual(deadline, now.addingTimeInterval(IdleWake.longestSleep))
        }
    }

    func testTheNextMinuteIsTheStartOfTheFollowingWallClockMinute() {
        for seconds in stride(from: 1_800_000_000.0, to: 1_800_000_600.0, by: 7.3) {
            let now = Date(timeIntervalSince1970: seconds)
            let next = IdleWake.nextMinute(after: now).timeIntervalSince1970
            XCTAssertEqual(next.truncatingRemainder(dividingBy: 60), 0)
            XCTAssertGreaterThan(next, seconds)
            XCTAssertLessThanOrEqual(next - seconds, 60)
        }
    }
}
