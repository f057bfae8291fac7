import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The reminder banner's place and words at many sizes: a row of its own
/// above the status line, the panes' frames whole above it, and its keys
/// always in view (a long title is cut, never `z snooze · Esc dismiss`).
final class ReminderBannerLayoutUITests: ReminderScreenTestCase {
    static let longer = "Call Anna about the quarterly report, the budget and the offsite in Lisbon before the board meets on Friday"

    func files(_ title: String, count: Int = 1) -> [String: String] {
        var out: [String: String] = [:]
        for n in 0..<count {
            out["t\(n).md"] = f("title: \(n == 0 ? title : "Other \(n)")\ndue: 2026-11-22T10:00:00Z\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: 2026-11-22T09:00:00Z")
        }
        return out
    }

    /// The row above the banner is the panes' bottom border, whole; nothing of the banner is on it.
    func assertFramesWhole(_ h: Harness, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let border = h.lines[h.height - 3]
        XCTAssertTrue(border.hasPrefix("└") && border.hasSuffix("┘"), "\(context): \(border)", file: file, line: line)
        XCTAssertFalse(border.contains("⏰"), context, file: file, line: line)
        XCTAssertTrue(border.allSatisfy { "└┘─┴".contains($0) }, "\(context): \(border)", file: file, line: line)
    }

    func testTheBannerSitsInItsOwnRowWithItsKeysAtEverySize() throws {
        for (width, height) in [(40, 10), (44, 12), (52, 16), (64, 20), (80, 24), (100, 30), (160, 40)] {
            for (title, count) in [("Call Anna", 1), (Self.longer, 1), (Self.longer, 3)] {
                let h = try app(files(title, count: count), width: width, height: height)
                XCTAssertTrue(h.runtime.checkReminders(now: iso.date(from: "2026-11-22T09:00:01Z")!))
                let context = "\(width)×\(height) \(title.prefix(9)) ×\(count)"
                let banner = h.lines[height - 2]
                let snooze = h.keyLabel("reminder-snooze", in: [.reminder]), dismiss = h.keyLabel("reminder-dismiss", in: [.reminder])
                XCTAssertTrue(banner.hasPrefix(" ⏰ "), "\(context): \(banner)")
                XCTAssertTrue(banner.contains("\(snooze) snooze · \(dismiss) dismiss"), "\(context): \(banner)")
                XCTAssertEqual(DisplayWidth.of(banner), width, context)
                assertFramesWhole(h, context)
                if title == Self.longer && width < 120 { XCTAssertTrue(banner.contains("…"), "\(context): the title is cut: \(banner)") }
                if title == "Call Anna" && width >= 64 { XCTAssertTrue(banner.contains("⏰ Reminder: Call Anna (due 10:00)"), "\(context): \(banner)") }
                if count == 3 && width >= 100 { XCTAssertTrue(banner.contains("· 2 more ·"), "\(context): \(banner)") }
                // Choosing how long to snooze: every choice and the way back in view too.
                h.press(.reminder(.snooze))
                let choosing = h.lines[height - 2]
                for choice in ["snooze-10-minutes", "snooze-hour", "snooze-tomorrow", "snooze-back"] {
                    XCTAssertTrue(choosing.contains(h.keyLabel(choice, in: [.snoozeChoice]) + " "), "\(context): \(choice): \(choosing)")
                }
                XCTAssertTrue(choosing.trimmingCharacters(in: .whitespaces).hasSuffix("back"), "\(context): \(choosing)")
                assertFramesWhole(h, context)
                h.press(.reminder(.back))
                // Dismissed: the panes take the row back.
                for _ in 0..<count { h.press(.reminder(.dismiss)) }
                XCTAssertFalse(h.text.contains("⏰"), context)
                XCTAssertTrue(h.lines[height - 2].hasPrefix("└"), "\(context): \(h.lines[height - 2])")
            }
        }
    }

    /// What came due while todomd was closed, at the narrowest screen: a shorter wording, the keys kept.
    func testTheMissedWordingShortensBeforeTheKeysGo() throws {
        for width in [40, 60, 100] {
            let path = NSTemporaryDirectory() + "todomd-banner-" + UUID().uuidString
            dirs.append(path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (id, text) in files(Self.longer, count: 2) { FileManager.default.createFile(atPath: path + "/" + id, contents: Data(text.utf8)) }
            func start() throws -> Harness {
                let runtime = try AppRuntime(vaultRoot: path, today: Day.parseISO("2026-11-22")!, cacheDirectory: path + "/.cache",
                                             environment: ["XDG_DATA_HOME": path + "/.test-data"], reminderStatePath: path + "/.state/reminders.json")
                runtime.onBell = {}
                return Harness(runtime: runtime, path: path, width: width, height: 20)
            }
            do {
                let first = try start()
                first.runtime.checkReminders(now: iso.date(from: "2026-11-22T08:00:00Z")!)
                first.runtime.saveReminders()  // (quit)
            }
            let h = try start()
            XCTAssertTrue(h.runtime.checkReminders(now: iso.date(from: "2026-11-22T12:00:00Z")!))
            let banner = h.lines[h.height - 2]
            if width >= 60 { XCTAssertTrue(banner.contains("⏰ 2 "), "\(width): \(banner)") }
            XCTAssertTrue(banner.trimmingCharacters(in: .whitespaces).hasSuffix(h.keyLabel("reminder-dismiss", in: [.reminder]) + " dismiss"), "\(width): \(banner)")
            if width >= 100 { XCTAssertTrue(banner.contains("⏰ 2 reminders came due while todomd was closed: Call Anna"), banner) }
            assertFramesWhole(h, "\(width)")
        }
    }
}

extension ReminderBannerLayoutUITests {
    /// Choosing how long to snooze on a narrow screen, in symbols and in words: the task's name stays (cut) beside
    /// every key; the bell and the word "Snooze" give way first. Only under 50 columns does the name go.
    func testTheSnoozeChoiceKeepsTheNameOnANarrowScreen() throws {
        for glyphs in GlyphSet.allCases {
            for width in [50, 52, 56, 60, 64, 80] {
                for title in ["Call Anna", "Call Anna about the offer", Self.longer] {
                    let h = try app(files(title), width: width, height: 14, config: "glyphs: \(glyphs.rawValue)\n")
                    XCTAssertTrue(h.runtime.checkReminders(now: iso.date(from: "2026-11-22T09:00:01Z")!))
                    h.press(.reminder(.snooze))
                    let context = "\(glyphs) \(width) \(title.prefix(12))"
                    let choosing = h.lines[12]
                    XCTAssertTrue(choosing.contains("'" + title.prefix(min(title.count, 7))), "\(context): the name: [\(choosing)]")
                    for choice in ["snooze-10-minutes", "snooze-hour", "snooze-tomorrow", "snooze-back"] {
                        XCTAssertTrue(choosing.contains(h.keyLabel(choice, in: [.snoozeChoice]) + " "), "\(context): \(choice): [\(choosing)]")
                    }
                    XCTAssertTrue(choosing.contains("tomorrow"), "\(context): [\(choosing)]")
                    if width >= 80 { XCTAssertTrue(choosing.contains(glyphs.text(.reminder) + " Snooze '"), "\(context): [\(choosing)]") }
                    // The cursor is on the first answer.
                    let screen = h.screen
                    let focus = try XCTUnwrap(screen.focus)
                    XCTAssertEqual(focus.y, 12, context)
                    let atCursor = (focus.x..<min(width, focus.x + 4)).map { screen[$0, focus.y].text }.joined()
                    XCTAssertEqual(atCursor, h.keyLabel("snooze-10-minutes", in: [.snoozeChoice]) + " 10", "\(context): [\(choosing)] at \(focus.x)")
                }
            }
        }
    }
}
