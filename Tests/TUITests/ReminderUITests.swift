import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Reminders in the running app, on a headless screen with the clock given:
/// the banner at the instant, the bell once, snooze, dismiss, and what came
/// due while the app was closed shown once at the next start.
final class ReminderUITests: XCTestCase {
    let iso = ISO8601DateFormatter()
    var dirs: [String] = []

    override func tearDown() {
        for d in dirs { try? FileManager.default.removeItem(atPath: d) }
    }

    func t(_ text: String) -> Date { iso.date(from: text)! }

    /// A vault (made once per test; `vault` reuses it) and an app on it whose reminder state is kept in the vault's
    /// own folder; `bells` counts the bell rung.
    final class App {
        let harness: Harness
        var bells = 0
        var runtime: AppRuntime { harness.runtime }
        init(path: String, config: String?) throws {
            var configPath: String?
            if let config = RemappedKeys.config(adding: config) {
                configPath = path + "/.test-config.yaml"
                FileManager.default.createFile(atPath: configPath!, contents: Data(config.utf8))
            }
            let runtime = try AppRuntime(vaultRoot: path, today: Day.parseISO("2026-11-22")!, cacheDirectory: path + "/.cache", configPath: configPath,
                                         environment: ["XDG_DATA_HOME": path + "/.test-data"], reminderStatePath: path + "/.state/reminders.json")
            harness = Harness(runtime: runtime, path: path, width: 100, height: 24)
            runtime.onBell = { [unowned self] in bells += 1 }
        }
        var banner: String? { harness.lines[harness.height - 2].contains("⏰") ? harness.lines[harness.height - 2] : nil }
    }

    func vault(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "todomd-reminders-" + UUID().uuidString
        dirs.append(path)
        for (id, text) in files {
            let full = path + "/" + id
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        }
        return path
    }

    /// "Call Anna", due at 10:00Z, reminded at 09:00Z; "Other" with no reminder.
    let files = [
        "call.md": f("title: Call Anna\ndue: 2026-11-22T10:00:00Z\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: 2026-11-22T09:00:00Z"),
        "other.md": f("title: Other\ndue: 2026-11-23"),
    ]

    func testTheBannerShowsAtTheInstantAndTheBellRingsOnce() throws {
        let app = try App(path: try vault(files), config: nil)
        XCTAssertFalse(app.runtime.checkReminders(now: t("2026-11-22T08:59:00Z")), "the first start: nothing came due before")
        XCTAssertEqual(app.runtime.nextWake, t("2026-11-22T09:00:00Z"), "the loop wakes at the reminder's instant")
        XCTAssertFalse(app.runtime.checkReminders(now: t("2026-11-22T08:59:59Z")))
        XCTAssertNil(app.banner)
        XCTAssertTrue(app.runtime.checkReminders(now: t("2026-11-22T09:00:00Z").addingTimeInterval(0.001)))
        let banner = try XCTUnwrap(app.banner)
        XCTAssertTrue(banner.contains("⏰ Reminder: Call Anna (due "), banner)
        XCTAssertTrue(banner.contains(app.harness.keyLabel("reminder-snooze", in: [.reminder]) + " snooze"), banner)
        XCTAssertEqual(app.bells, 1)
        // Not again: on the next look, the next drawing, or after the vault is read again.
        XCTAssertFalse(app.runtime.checkReminders(now: t("2026-11-22T09:00:30Z")))
        _ = app.harness.screen
        try app.runtime.reload()
        XCTAssertFalse(app.runtime.checkReminders(now: t("2026-11-22T09:01:00Z")))
        XCTAssertEqual(app.bells, 1)
        XCTAssertEqual(app.runtime.state.reminders.items.count, 1)
        XCTAssertNil(app.runtime.nextWake, "nothing else is due")
    }

    func testSnoozeShowsItAgainTenMinutesLater() throws {
        let path = try vault(files)
        let app = try App(path: path, config: nil)
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        XCTAssertNotNil(app.banner)
        app.runtime.clock = { self.t("2026-11-22T09:00:05Z") }
        app.harness.press(.reminder(.snooze))
        let choice = try XCTUnwrap(app.banner)
        XCTAssertTrue(choice.contains("Snooze 'Call Anna'") && choice.contains("10 minutes") && choice.contains("tomorrow"), choice)
        app.harness.press(.reminder(.snoozeFor(.tenMinutes)))
        XCTAssertNil(app.banner)
        XCTAssertTrue(app.harness.text.contains("Snoozed 'Call Anna' for 10 minutes, until "), app.harness.text)
        XCTAssertEqual(app.runtime.nextWake, t("2026-11-22T09:10:05Z"))
        let saved = try XCTUnwrap(FileManager.default.contents(atPath: path + "/.state/reminders.json"))
        XCTAssertTrue(String(decoding: saved, as: UTF8.self).contains("Call Anna"), "the snooze is kept outside the vault's task files")
        XCTAssertEqual(app.harness.file("call.md"), files["call.md"], "the task file is not touched")
        XCTAssertFalse(app.runtime.checkReminders(now: t("2026-11-22T09:10:00Z")))
        XCTAssertTrue(app.runtime.checkReminders(now: t("2026-11-22T09:10:06Z")))
        XCTAssertTrue(app.banner?.contains("Reminder: Call Anna") == true)
        XCTAssertEqual(app.bells, 2)
        // Back from the choice without snoozing; then z outside a banner folds groups again.
        app.harness.press(.reminder(.snooze), .reminder(.back))
        XCTAssertTrue(app.banner?.contains("Reminder: Call Anna") == true)
        app.harness.press(.reminder(.dismiss))
        XCTAssertNil(app.banner)
        app.harness.press(.focus(.list))
        XCTAssertNil(app.harness.key(for: .reminder(.snooze)), "without a banner, z is the list's again (folding groups)")
        XCTAssertNotNil(app.harness.key(for: .toggleCollapse))
    }

    func testEscDismissesTheBannerBeforeClearingMarks() throws {
        let app = try App(path: try vault(files), config: nil)
        app.harness.press(.focus(.list), .mark)
        XCTAssertEqual(app.runtime.state.marks.count, 1)
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        app.harness.press(.escape)
        XCTAssertNil(app.banner)
        XCTAssertEqual(app.runtime.state.marks.count, 1, "Esc dismissed the banner first")
        app.harness.press(.escape)
        XCTAssertEqual(app.runtime.state.marks.count, 0)
        XCTAssertEqual(app.runtime.state.reminders.items.count, 0)
    }

    func testWhatCameDueWhileClosedShowsOnceAtStart() throws {
        let path = try vault(files)
        do {
            let first = try App(path: path, config: nil)
            first.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
            first.runtime.saveReminders()  // (quit)
        }
        let second = try App(path: path, config: nil)
        XCTAssertTrue(second.runtime.checkReminders(now: t("2026-11-22T11:00:00Z")))
        let banner = try XCTUnwrap(second.banner)
        XCTAssertTrue(banner.contains("1 reminder came due while todomd was closed: Call Anna"), banner)
        XCTAssertEqual(second.bells, 1)
        second.runtime.saveReminders()
        let third = try App(path: path, config: nil)
        XCTAssertFalse(third.runtime.checkReminders(now: t("2026-11-22T11:05:00Z")), "shown once, not at every start")
        XCTAssertNil(third.banner)
    }

    func testABrokenStateFileIsSaidAndReplaced() throws {
        let path = try vault(files)
        try FileManager.default.createDirectory(atPath: path + "/.state", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path + "/.state/reminders.json", contents: Data("{\"lastLook\": [[[".utf8))
        let app = try App(path: path, config: nil)
        XCTAssertFalse(app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z")))
        XCTAssertTrue(app.harness.text.contains("reminders.json could not be read"), app.harness.text)
        let rewritten = try XCTUnwrap(FileManager.default.contents(atPath: path + "/.state/reminders.json"))
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: rewritten))
        XCTAssertTrue(app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z")), "reminders still fire")
    }

    func testTheBellCanBeTurnedOffAndTheCommandGetsTheTitleWithoutAShell() throws {
        let path = try vault(["odd.md": f("title: \"$(touch pwned); Anna's call\"\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: 2026-11-22T09:00:00Z")])
        let out = path + "/.out"
        // (The test's own script reads its last argument as data: the title must arrive whole, unexpanded.)
        let config = "reminder_bell: false\nreminder_command: [\"/bin/sh\", \"-c\", \"printf '%s' \\\"$1\\\" > \(out)\", \"sh\"]"
        let app = try App(path: path, config: config)
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        XCTAssertNotNil(app.banner)
        XCTAssertEqual(app.bells, 0)
        let deadline = Date().addingTimeInterval(10)  // (a guard against a hang, not a timing)
        while Date() < deadline, FileManager.default.contents(atPath: out)?.isEmpty != false { usleep(20_000) }
        XCTAssertEqual(FileManager.default.contents(atPath: out).map { String(decoding: $0, as: UTF8.self) }, "$(touch pwned); Anna's call")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "/pwned"))
    }

    /// Reminders coming due in the same look (2 at one instant, then 12 missed while closed): the bell rings
    /// once per look, and the command runs once for each, up to its bound, with each task's title.
    func testTheCommandRunsForEachReminderThatCameDueTogether() throws {
        var files: [String: String] = [:]
        for i in 0..<14 {
            let at = i < 2 ? "2026-11-22T09:00:00Z" : "2026-11-22T10:0\(i % 10):00Z"
            files["t\(i).md"] = f("title: Task \(i)\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: \(at)")
        }
        let path = try vault(files)
        let out = path + "/.calls"
        FileManager.default.createFile(atPath: out, contents: nil)
        let config = "reminder_command: [\"/bin/sh\", \"-c\", \"printf '%s\\\\n' \\\"$1\\\" >> \(out)\", \"sh\"]"
        let app = try App(path: path, config: config)
        let calls = { () -> [String] in
            (FileManager.default.contents(atPath: out).map { String(decoding: $0, as: UTF8.self) } ?? "").split(separator: "\n").map(String.init).sorted()
        }
        func wait(for count: Int) {
            let deadline = Date().addingTimeInterval(10)  // (a guard against a hang, not a timing)
            while Date() < deadline, calls().count < count { usleep(20_000) }
            usleep(100_000)  // (time for a call too many to show)
        }
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        wait(for: 2)
        XCTAssertEqual(calls(), ["Task 0", "Task 1"])
        XCTAssertEqual(app.bells, 1)
        app.runtime.checkReminders(now: t("2026-11-22T11:00:00Z"))
        wait(for: 2 + ReminderRunner.maxCommandsAtOnce)
        XCTAssertEqual(calls().count, 2 + ReminderRunner.maxCommandsAtOnce, "the bound: \(calls())")
        XCTAssertEqual(Set(calls()).count, calls().count, "each reminder once")
        XCTAssertEqual(app.bells, 2)
    }

    func testACommandThatCannotRunIsSaid() throws {
        let app = try App(path: try vault(files), config: "reminder_command: [\"/no/such/notifier\"]")
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        XCTAssertTrue(app.harness.text.contains("reminder_command: could not run '/no/such/notifier'"), app.harness.text)
        XCTAssertEqual(app.bells, 1)
        let empty = try App(path: try vault(files), config: "reminder_command: []")
        XCTAssertTrue(empty.harness.text.contains("reminder_command is empty"), empty.harness.text)
    }

    func testTheDetailPaneListsRemindersAndTheCursorGoesBackFromTheBanner() throws {
        let path = try vault(["call.md": f("title: Call Anna\ndue: 2026-11-22T10:00:00Z\nreminders:\n  - id: r1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n  - id: r2\n    type: relative\n    relatedTo: scheduled\n    offset: P1D")])
        let app = try App(path: path, config: "screen_reader: true")
        app.harness.press(.focus(.list), .toggleDetail)
        let text = app.harness.text
        XCTAssertTrue(text.contains("Remind") && text.contains("(1h before due)"), text)
        XCTAssertTrue(text.contains("cannot fire: the task has no scheduled"), text)
        let before = app.harness.screen.focus
        app.runtime.checkReminders(now: t("2026-11-22T08:00:00Z"))
        app.runtime.checkReminders(now: t("2026-11-22T09:00:01Z"))
        XCTAssertNotNil(app.banner)
        XCTAssertEqual(app.harness.screen.focus?.y, app.harness.height - 2, "the cursor on the banner it came with")
        app.harness.press(.move(1))
        XCTAssertEqual(app.harness.screen.focus, before, "another key: the cursor back on the focused item")
    }
}
