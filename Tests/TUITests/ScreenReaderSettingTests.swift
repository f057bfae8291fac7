import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The screen-reader setting: config.yaml's `screen_reader`, over which
/// `TODOMD_SCREEN_READER` decides (and `--screen-reader`, passed as it).
final class ScreenReaderSettingTests: XCTestCase {
    func runtime(config: String?, environment: [String: String]) throws -> (AppRuntime, String) {
        let path = NSTemporaryDirectory() + "todomd-sr-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var configPath: String?
        if let config {
            configPath = path + "/.config.yaml"
            _ = FileManager.default.createFile(atPath: configPath!, contents: Data(config.utf8))
        }
        let env = environment.merging(["XDG_DATA_HOME": path + "/.data"]) { a, _ in a }
        let r = try AppRuntime(vaultRoot: path, today: Day.parseISO("2026-11-22")!, cacheDirectory: path + "/.cache", configPath: configPath, environment: env)
        return (r, path)
    }

    func testConfigAndEnvironment() throws {
        let cases: [(config: String?, env: String?, on: Bool)] = [
            (nil, nil, false), ("theme: dark\n", nil, false), ("screen_reader: true\n", nil, true), ("screen_reader: false\n", nil, false),
            (nil, "1", true), (nil, "yes", true), (nil, "TRUE", true), (nil, "on", true), (nil, "", false), (nil, "maybe", false),
            ("screen_reader: true\n", "0", false), ("screen_reader: true\n", "off", false), ("screen_reader: false\n", "1", true),
            ("screen_reader: true\n", "", true),
        ]
        for c in cases {
            let (r, path) = try runtime(config: c.config, environment: c.env.map { ["TODOMD_SCREEN_READER": $0] } ?? [:])
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertEqual(r.state.screenReader, c.on, "config \(c.config ?? "none"), TODOMD_SCREEN_READER=\(c.env ?? "unset")")
        }
    }

    func testABadValueIsSaidAndNotTakenAsOn() throws {
        let (r, path) = try runtime(config: "screen_reader: sometimes\n", environment: [:])
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertFalse(r.state.screenReader)
        XCTAssertTrue(r.state.message?.contains("config.yaml") == true, r.state.message ?? "no message")
    }

    /// A value of TODOMD_SCREEN_READER that is none it takes is said at start, named with its value,
    /// and config.yaml decides as if it were unset (as a bad config.yaml value leaves the default).
    func testABadEnvironmentValueIsSaidAndConfigDecides() throws {
        let cases: [(config: String?, env: String, on: Bool, says: String?)] = [
            (nil, "banana", false, "so ignored; screen-reader mode off ("),
            ("screen_reader: true\n", "banana", true, "so ignored; screen-reader mode on, as config.yaml says"),
            ("screen_reader: false\n", "2", false, "so ignored; screen-reader mode off, as config.yaml says"),
            (nil, "1", true, nil), (nil, "Off", false, nil), (nil, "", false, nil),
        ]
        for c in cases {
            let (r, path) = try runtime(config: c.config, environment: ["TODOMD_SCREEN_READER": c.env])
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertEqual(r.state.screenReader, c.on, "config \(c.config ?? "none"), TODOMD_SCREEN_READER=\(c.env)")
            let message = r.state.message ?? ""
            if let says = c.says {
                XCTAssertTrue(message.contains("TODOMD_SCREEN_READER=\(c.env) is not on/off/1/0, "), message)
                XCTAssertTrue(message.contains("(yes/no and true/false work too)"), message)
                XCTAssertTrue(message.contains(says), "“\(says)” in “\(message)”")
            } else {
                XCTAssertFalse(message.contains("TODOMD_SCREEN_READER"), message)
            }
        }
        // Shown on the status line at start; a control character in the value is not sent to the terminal.
        XCTAssertEqual(ScreenReaderSetting.problem("ba\u{1B}[2Jnana", configured: nil)?.contains("ba[2Jnana"), true)
        XCTAssertEqual(ScreenReaderSetting.problem(String(repeating: "x", count: 500), configured: nil).map { $0.count < 200 }, true)
    }

    /// On a 60-column status line the value and what the variable takes are in view (a long value cut to leave them room),
    /// beside the help key; what decided follows where there is room.
    func testTheNoticeFitsASixtyColumnStatusLine() throws {
        for (value, shown) in [("banana", "banana"), ("2", "2"), ("a-much-longer-value-than-any-it-takes", "a-much-l…"), ("真真真真真真", "真真真真…")] {
            for config in [nil, "screen_reader: true\n"] {
                let (r, path) = try runtime(config: config, environment: ["TODOMD_SCREEN_READER": value])
                defer { try? FileManager.default.removeItem(atPath: path) }
                for width in [60, 80] {
                    let status = try XCTUnwrap(r.render(width: width, height: 12).lines.last)
                    XCTAssertTrue(status.contains("TODOMD_SCREEN_READER=\(shown) is not on/off/1/0"), "\(width): [\(status)]")
                    XCTAssertTrue(status.hasSuffix("? help") || status.trimmingCharacters(in: .whitespaces).hasSuffix("? help"), "\(width): [\(status)]")
                }
                let wide = try XCTUnwrap(r.render(width: 140, height: 12).lines.last)
                XCTAssertTrue(wide.contains("so ignored; screen-reader mode \(config == nil ? "off" : "on, as config.yaml says")"), wide)
            }
        }
    }

    /// Saving other settings keeps the key as written.
    func testSavingOtherSettingsKeepsIt() throws {
        var old = AppConfig()
        old.screenReader = true
        var new = old
        new.theme = "light"
        XCTAssertEqual(try new.changedKeys(from: old).map(\.key), ["theme"])
        new.screenReader = false
        XCTAssertEqual(try new.changedKeys(from: old).map(\.key), ["theme", "screen_reader"])
    }
}
