import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

final class ThemeConfigTests: XCTestCase {
    let repoThemes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("themes").path

    func testEveryShippedThemeParsesAndDefinesEveryRole() throws {
        let found = ThemeLoader.available(in: [repoThemes])
        XCTAssertEqual(Set(found.map(\.name)), ["dark", "light", "high-contrast", "monochrome"])
        for (name, _) in found {
            let (theme, problem) = ThemeLoader.load(name, paths: [repoThemes])
            XCTAssertNil(problem, name)
            XCTAssertEqual(theme.name, name)
            XCTAssertEqual(Set(theme.styles.keys), Set(Theme.fallback.styles.keys), name)
        }
    }

    func testColors() {
        XCTAssertEqual(TermColor("default"), .default)
        XCTAssertEqual(TermColor("red"), .index(1))
        XCTAssertEqual(TermColor("bright-blue"), .index(12))
        XCTAssertEqual(TermColor("200"), .index(200))
        XCTAssertEqual(TermColor("#FF0000"), .index(196))
        XCTAssertEqual(TermColor("#000000"), .index(16))
        XCTAssertEqual(TermColor("#808080"), .index(244))
        XCTAssertNil(TermColor("#GGGGGG"))
        XCTAssertNil(TermColor("chartreuse"))
        XCTAssertNil(TermColor("300"))
        // On 8-color terminals: the nearest basic color.
        XCTAssertEqual(TermColor.index(196).basic, .index(1))
        XCTAssertEqual(TermColor.index(21).basic, .index(4))
        XCTAssertEqual(TermColor.index(12).basic, .index(4))
        XCTAssertEqual(TermColor.index(255).basic, .index(7))
        XCTAssertEqual(TermColor.default.basic, .default)
    }

    func testABrokenThemeFallsBackAndSaysWhy() throws {
        let dir = NSTemporaryDirectory() + "themes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "colors:\n  header: {fg: chartreuse}\n".write(toFile: dir + "/odd.yaml", atomically: true, encoding: .utf8)
        let (theme, problem) = ThemeLoader.load("odd", paths: [dir])
        XCTAssertEqual(theme, Theme.fallback)
        XCTAssertTrue(problem!.contains("unknown color 'chartreuse'"), problem!)
        XCTAssertTrue(ThemeLoader.load("missing", paths: [dir]).1!.contains("not found"))
    }

    func testKeysRemapFromTheConfigFile() throws {
        let app = try Harness(files: ["a.md": f("title: One")])
        let config = app.path + "/config.yaml"
        try "keys:\n  add: [A, ctrl-n]\n  bogus: [x]\n  flag: [nonsense-key]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let runtime = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        XCTAssertEqual(runtime.keymap.action(for: .char("A"), in: .list), .addTask)
        XCTAssertEqual(runtime.keymap.action(for: .ctrl("n"), in: .sidebar), .addTask)
        XCTAssertNil(runtime.keymap.action(for: .char("a"), in: .list), "the old key is gone")
        XCTAssertTrue(runtime.state.message!.contains("no key binding named 'bogus'"), runtime.state.message!)
        XCTAssertTrue(runtime.state.message!.contains("unknown key 'nonsense-key'"))
        XCTAssertTrue(runtime.keymap.helpLines().contains { $0.contains("A / Ctrl-N") && $0.contains("quick add") })
        // The help overlay shows the keys in use, not the defaults.
        runtime.send(.char("?"))
        let help = runtime.render(width: 120, height: 50).text
        XCTAssertTrue(help.contains("A / Ctrl-N"), help)
    }

    func testStatusLineHintsFollowRemappedKeys() throws {
        let app = try Harness(files: ["a.md": f("title: One")], width: 120)
        XCTAssertEqual(app.lines.last!.trimmingCharacters(in: .whitespaces), "j/k move · l open · n new · y duplicate · d delete · J/K reorder · / search · q quit · ? help")
        let config = app.path + "/config.yaml"
        try "keys:\n  cycle-state: [ctrl-t]\n  down: [ctrl-n]\n  up: [ctrl-o]\n  quit: []\n".write(toFile: config, atomically: true, encoding: .utf8)
        let runtime = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        let sidebar = runtime.render(width: 120, height: 24).lines.last!
        XCTAssertTrue(sidebar.contains("Ctrl-N/Ctrl-O move · l open"), sidebar)
        XCTAssertFalse(sidebar.contains("quit"), "a binding with no key left has no hint: \(sidebar)")
        runtime.send(.char("l"))
        let list = runtime.render(width: 120, height: 24).lines.last!
        XCTAssertTrue(list.hasPrefix(" m mark · c change · Ctrl-T state · x done"), list)
    }

    func testAKeyRemappedOntoAnotherBindingsKeyMovesToIt() throws {
        let app = try Harness(files: ["a.md": f("title: One")])
        let config = app.path + "/config.yaml"
        try "keys:\n  cycle-state: [c]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let runtime = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        XCTAssertEqual(runtime.keymap.action(for: .char("c"), in: .list), .cycleState, "the user's choice wins")
        XCTAssertTrue(runtime.state.message!.contains("c now cycle-state in list, no longer change; it has no key left"), runtime.state.message!)
        XCTAssertFalse(runtime.keymap.hints([.list]).contains("c change"), runtime.keymap.hints([.list]))
    }

    func testSettingsSwitchThemeAndDensityLiveAndRememberThem() throws {
        let app = try Harness(files: ["a.md": f("title: One", body: "A note\n")])
        let config = app.path + "/config.yaml"
        var applied: [String] = []
        let runtime = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache",
                                     configPath: config, themePaths: [repoThemes])
        runtime.onTheme = { applied.append($0.name) }
        XCTAssertEqual(runtime.state.themeName, "dark")
        runtime.send(.char(","))
        XCTAssertTrue(runtime.render(width: 80, height: 24).text.contains("Settings"))
        runtime.send(.right)
        XCTAssertEqual(runtime.state.themeName, "high-contrast")
        XCTAssertEqual(applied, ["high-contrast"], "applied at once")
        runtime.send(.down)
        runtime.send(.right)
        XCTAssertEqual(runtime.state.density, .comfortable)
        runtime.send(.escape)
        XCTAssertNil(runtime.state.settingsRow)
        let saved = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertTrue(saved.contains("theme: high-contrast") && saved.contains("density: comfortable"), saved)
        let again = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache",
                                   configPath: config, themePaths: [repoThemes])
        XCTAssertEqual(again.state.themeName, "high-contrast")
        XCTAssertEqual(again.state.density, .comfortable)
        XCTAssertEqual(again.currentTheme().0.name, "high-contrast")
    }

    func testABrokenConfigFileIsReportedAndDefaultsUsed() throws {
        let app = try Harness(files: [:])
        let config = app.path + "/config.yaml"
        try "theme: [not, a, name]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let runtime = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        // Only the bad key is dropped (the others would stay), and the notice names it.
        XCTAssertTrue(runtime.state.message!.contains("config.yaml: theme ignored (not a value it takes)"), runtime.state.message!)
        XCTAssertEqual(runtime.state.themeName, "dark")
    }
}

final class SessionTests: XCTestCase {
    func testTheLastPerspectiveIsShownAgain() throws {
        let app = try Harness(files: ["a.md": f("title: One\nflagged: true")])
        let config = app.path + "/config.yaml"
        let first = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        first.send(.char("j"))
        first.send(.char("j"))
        first.send(.char("j"))
        first.send(.char("j"))  // Flagged (past the Forecast)
        first.send(.char("q"))
        XCTAssertTrue(first.state.quitRequested)
        let second = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        XCTAssertEqual(second.state.perspective?.name, "Flagged")
        XCTAssertTrue(second.render(width: 80, height: 24).text.contains("Flagged · 1 task"))
    }
}
