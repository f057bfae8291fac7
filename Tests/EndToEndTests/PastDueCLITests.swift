import Foundation
import XCTest

/// `todomd add` refuses a new task due at a time already gone today, as it
/// refuses a day gone: a clear message, a non-zero exit, nothing written.
final class PastDueCLITests: XCTestCase {
    /// "HH:MM" of now moved by `minutes`, or nil when that is not today any more.
    func clock(_ minutes: Int) -> String? {
        let now = Date(), then = now.addingTimeInterval(Double(minutes * 60))
        let calendar = Calendar.current
        guard calendar.isDate(now, inSameDayAs: then) else { return nil }
        let c = calendar.dateComponents([.hour, .minute], from: then)
        return String(format: "%02d:%02d", c.hour!, c.minute!)
    }

    func testATimeTodayAlreadyGoneIsRefusedAndALaterOneIsNot() throws {
        guard let past = clock(-61) else { throw XCTSkip("too close to midnight for an hour ago to be today") }
        let vault = TempVault()
        let refused = try Binary.run(["add", "Call the bank today \(past)", "--vault", vault.path])
        XCTAssertNotEqual(refused.status, 0, refused.stdout)
        XCTAssertTrue(refused.stderr.hasPrefix("todomd: a new task cannot be due in the past ("), refused.stderr)
        XCTAssertTrue(refused.stderr.contains(past + ")"), refused.stderr)
        XCTAssertEqual(refused.stderr.filter { $0 == "\n" }.count, 1, refused.stderr)
        // --dry-run is refused the same way; nothing is written either way.
        let dry = try Binary.run(["add", "Call the bank today \(past)", "--dry-run", "--vault", vault.path])
        XCTAssertNotEqual(dry.status, 0)
        XCTAssertEqual(vault.contents().keys.filter { $0.hasSuffix(".md") }, [])
        if let later = clock(61) {
            let added = try Binary.run(["add", "Call the bank today \(later)", "--vault", vault.path])
            XCTAssertEqual(added.status, 0, added.stderr)
            XCTAssertTrue(try XCTUnwrap(vault.text("call-the-bank.md")).contains("T\(later)"))
        }
        // With the day pinned no clock is read: only days count (a script's "today 9am" is today).
        let pinned = try Binary.run(["add", "Pinned today 00:01", "--vault", vault.path, "--today", "2026-11-23"])
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
    }
}
