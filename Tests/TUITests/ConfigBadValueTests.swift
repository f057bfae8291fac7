import XCTest
@testable import TUI

/// A value of the wrong kind in config.yaml costs only its own key: the other
/// settings stay, and the notice names the key.
final class ConfigBadValueTests: XCTestCase {
    func testABadValueDropsOnlyItsKey() throws {
        let dir = NSTemporaryDirectory() + "todomd-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/config.yaml"
        let bad: [(key: String, value: String)] = [
            ("screen_reader", "1"), ("screen_reader", "maybe"), ("mouse", "[1, 2]"), ("forecast_busy", "lots"),
            ("reminder_bell", "{a: b}"), ("reminder_command", "{x: 1}"), ("density", "[a]"),
        ]
        for (key, value) in bad {
            try "theme: monochrome\nglyphs: words\n\(key): \(value)\nkeys:\n  timer: [s]\n".write(toFile: path, atomically: true, encoding: .utf8)
            let (config, why) = AppConfig.load(from: path)
            XCTAssertEqual(config.theme, "monochrome", "\(key): \(value)")
            XCTAssertEqual(config.glyphs, "words", "\(key): \(value)")
            XCTAssertEqual(config.keys?["timer"], ["s"], "\(key): \(value)")
            XCTAssertEqual(why, "\(key) ignored (not a value it takes)", "\(key): \(value)")
        }
        // Good values: no notice.
        try "theme: monochrome\nscreen_reader: true\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (good, none) = AppConfig.load(from: path)
        XCTAssertEqual(good.screenReader, true)
        XCTAssertNil(none)
    }
}
