import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A temporary vault and the app running on it, headless: keys in, screen text out.
final class Harness {
    let path: String
    let runtime: AppRuntime
    var width: Int
    var height: Int
    /// Whether the vault is this harness's own (removed with it).
    private var ownsVault = true

    init(files: [String: String], width: Int = 80, height: Int = 24, today: String = "2026-11-22", config: String? = nil) throws {
        path = NSTemporaryDirectory() + "todomd-ui-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (id, text) in files {
            let full = path + "/" + id
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        }
        self.width = width
        self.height = height
        var configPath: String?
        if let config {
            configPath = path + "/.test-config.yaml"
            _ = FileManager.default.createFile(atPath: configPath!, contents: Data(config.utf8))
        }
        // Deleted files go to a trash of the harness's own, never the user's.
        runtime = try AppRuntime(vaultRoot: path, today: Day.parseISO(today)!, cacheDirectory: path + "/.cache", configPath: configPath,
                                 environment: ["XDG_DATA_HOME": path + "/.test-data"])
    }

    /// Another runtime on a vault that belongs to someone else.
    init(runtime: AppRuntime, path: String, width: Int, height: Int) {
        self.runtime = runtime
        self.path = path
        self.width = width
        self.height = height
        ownsVault = false
    }

    deinit { if ownsVault { try? FileManager.default.removeItem(atPath: path) } }

    /// Presses keys: "j", "k", " " … (single characters), or named keys.
    func press(_ keys: Key...) { for k in keys { runtime.send(k); _ = screen } }
    func type(_ text: String) { for c in text { press(.char(c)) } }

    /// A new perspective (`n`) with one rule added at the top (`G`, `a`): the
    /// rule picked by typing `rule`, its value typed as `value`.
    func newPerspective(rule: String, value: String) {
        press(.char("n"), .char("G"), .char("a"))
        type(rule)
        press(.enter)
        type(value)
        press(.enter)
    }

    /// The freedesktop trash deleted files go to.
    var trash: String { path + "/.test-data/Trash" }

    var screen: Screen { runtime.render(width: width, height: height) }
    var text: String { screen.text }
    var lines: [String] { screen.lines }

    func file(_ id: String) -> String? { FileManager.default.contents(atPath: path + "/" + id).map { String(decoding: $0, as: UTF8.self) } }

    /// The list row holding `title`, or nil.
    func row(_ title: String) -> Int? { lines.firstIndex { $0.contains(title) } }

    /// Runs the app's loop (inotify monitor, then a reload) until `done` holds or `seconds` pass; returns whether it held.
    func follow(_ monitor: VaultChangeMonitor, seconds: Double, until done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            runtime.checkVault(monitor)
            if done() { return true }
            usleep(20_000)
        }
        return done()
    }

    /// Selects a perspective by walking the sidebar to it.
    func open(_ name: String) {
        press(.char("h"), .char("g"))
        for _ in 0..<20 where runtime.state.perspective?.name != name { press(.char("j")) }
        press(.char("l"))
    }
}

func f(_ front: String, body: String = "") -> String { "---\n\(front)\n---\n\(body)" }

func parseJSON(_ text: String) -> JSONValue { try! JSONText.parse(Data(text.utf8)) }
