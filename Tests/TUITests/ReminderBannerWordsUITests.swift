import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The reminder banner says the reminder's description after the title
/// (the title cut first, the keys never), stays in view over an open form,
/// and says truthfully when its keys answer there.
final class ReminderBannerWordsUITests: ReminderScreenTestCase {
    func testTheBannerSaysTheDescriptionAfterTheTitleCuttingTheTitleFirst() throws {
        for width in [40, 52, 64, 72, 80, 120, 160] {
            for title in ["Call Anna", Self.long] {
                let h = try app(call(title, description: "bring the signed contract"), width: width, height: 20)
                XCTAssertTrue(h.runtime.checkReminders(now: iso.date(from: "2026-11-22T09:00:01Z")!))
                let banner = h.lines[h.height - 2], context = "\(width) \(title.prefix(12)): \(banner)"
                let snooze = h.keyLabel("reminder-snooze", in: [.reminder]), dismiss = h.keyLabel("reminder-dismiss", in: [.reminder])
                XCTAssertTrue(banner.contains("\(snooze) snooze · \(dismiss) dismiss"), context)
                XCTAssertEqual(DisplayWidth.of(banner), width, context)
                if width >= 72 { XCTAssertTrue(banner.contains(" · bring the signed contract"), context) }
                if width >= 52 { XCTAssertTrue(banner.contains(" · bring"), "a few of its words at least: \(context)") }
                if title == "Call Anna" && width >= 120 { XCTAssertTrue(banner.contains("Call Anna · bring the signed contract (due 10:00)"), context) }
                if title == Self.long && width >= 80 {
                    // The title is cut, the description whole.
                    XCTAssertTrue(banner.contains("… · bring the signed contract"), context)
                }
            }
        }
        // Without a description the banner is as it was.
        let h = try app(call("Call Anna", description: nil), width: 80, height: 20)
        h.runtime.checkReminders(now: iso.date(from: "2026-11-22T09:00:01Z")!)
        XCTAssertTrue(h.lines[18].contains("⏰ Reminder: Call Anna (due 10:00) · "), h.lines[18])
    }

    func testAnOpenFormLeavesTheBannerInViewAndSaysWhenItsKeysAnswer() throws {
        for (width, height) in [(80, 20), (64, 16), (120, 20), (80, 24)] {
            let h = try app(call("Call Anna", description: nil), width: width, height: height)
            h.press(.focus(.list))
            XCTAssertTrue(h.runtime.checkReminders(now: iso.date(from: "2026-11-22T09:00:01Z")!))
            h.press(.editTask)
            guard case .form = h.runtime.state.mode else { return XCTFail("the form opens over the banner") }
            let context = "\(width)×\(height)"
            let banner = h.lines[height - 2]
            let snooze = h.keyLabel("reminder-snooze", in: [.reminder]), dismiss = h.keyLabel("reminder-dismiss", in: [.reminder])
            XCTAssertTrue(banner.contains("⏰"), "\(context): the banner in view: \(h.text)")
            XCTAssertTrue(banner.contains("after the form: \(snooze) snooze · \(dismiss) dismiss"), "\(context): \(banner)")
            // The form ends above the banner: its bottom border on a row of its own.
            XCTAssertTrue(h.lines[height - 3].contains("┘") || h.lines[height - 3].contains("┴"), "\(context): \(h.text)")
            XCTAssertTrue(h.text.contains("Edit task"), "\(context): the form is drawn: \(h.text)")
            // Esc cancels the form (as its title says), and the reminder is still there to answer.
            h.press(.escape)
            XCTAssertEqual(h.runtime.state.mode, .browse, context)
            XCTAssertEqual(h.runtime.state.reminders.items.count, 1, context)
            XCTAssertTrue(h.lines[height - 2].trimmingCharacters(in: .whitespaces).hasSuffix("Anna (due 10:00) · \(snooze) snooze · \(dismiss) dismiss"),
                          "\(context): \(h.lines[height - 2])")
            h.press(.escape)
            XCTAssertFalse(h.runtime.state.reminders.isShown, "\(context): Esc now dismisses it")
        }
    }
}
