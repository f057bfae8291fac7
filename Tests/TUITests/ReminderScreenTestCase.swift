import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A vault of reminders on a headless screen, today 22 Nov 2026, the
/// reminders' state kept in the vault's folder and the first look taken at
/// 08:00Z (so what fires after is new).
class ReminderScreenTestCase: XCTestCase {
    var dirs: [String] = []
    override func tearDown() { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    let iso = ISO8601DateFormatter()

    /// A local date and time (`2026-11-22T09:00`) as the file writes an instant.
    static func local(_ text: String) -> String {
        TimeEntry.canonical(ReminderTrigger.instant(of: TaskDate(parsing: text)!, timeZone: .current)!)
    }

    /// `config`: the text of a config.yaml to start with.
    func app(_ files: [String: String], width: Int, height: Int, config: String? = nil) throws -> Harness {
        let path = NSTemporaryDirectory() + "todomd-remwords-" + UUID().uuidString
        dirs.append(path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (id, text) in files { FileManager.default.createFile(atPath: path + "/" + id, contents: Data(text.utf8)) }
        let configPath = config.map { _ in path + "/.config.yaml" }
        if let config, let configPath { FileManager.default.createFile(atPath: configPath, contents: Data(config.utf8)) }
        let runtime = try AppRuntime(vaultRoot: path, today: Day.parseISO("2026-11-22")!, cacheDirectory: path + "/.cache", configPath: configPath,
                                     environment: ["XDG_DATA_HOME": path + "/.test-data"], reminderStatePath: path + "/.state/reminders.json")
        runtime.onBell = {}
        let h = Harness(runtime: runtime, path: path, width: width, height: height)
        runtime.checkReminders(now: iso.date(from: "2026-11-22T08:00:00Z")!)
        return h
    }

    static let long = "Call Anna about the quarterly report, the budget and the offsite in Lisbon before the board meets"

    func call(_ title: String, description: String?) -> [String: String] {
        ["call.md": f("title: \(title)\ndue: 2026-11-22T10:00:00Z\nreminders:\n  - id: r1\n    type: absolute\n    absoluteTime: 2026-11-22T09:00:00Z"
            + (description.map { "\n    description: \($0)" } ?? ""))]
    }
}
