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
    /// Called after every key pressed by its action (a test that checks every screen on the way).
    var watch: ((Harness) -> Void)?
    /// Whether the vault is this harness's own (removed with it).
    private var ownsVault = true

    init(files: [String: String], width: Int = 80, height: Int = 24, today: String = "2026-11-22", config: String? = nil,
         keymap: Keymap = .default) throws {
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
        let config = RemappedKeys.config(adding: config)
        if let config {
            configPath = path + "/.test-config.yaml"
            _ = FileManager.default.createFile(atPath: configPath!, contents: Data(config.utf8))
        }
        // Deleted files go to a trash of the harness's own, never the user's.
        runtime = try AppRuntime(vaultRoot: path, today: Day.parseISO(today)!, keymap: keymap, cacheDirectory: path + "/.cache", configPath: configPath,
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

    /// Presses keys themselves: "j", " " (single characters) or named keys.
    /// For what is about the keys (a key nothing is bound to, the default
    /// keys, typing); any other press goes by its action, below.
    func press(_ keys: Key...) { for k in keys { runtime.send(k); _ = screen } }
    func type(_ text: String) { for c in text { press(.char(c)) } }

    /// Presses, for each action, the key the keymap in use binds to it in the
    /// mode open now, so a test reads by what it does and still runs when
    /// `config.yaml` remaps the keys. An action with no key here fails the test.
    func press(_ actions: Action..., file: StaticString = #filePath, line: UInt = #line) {
        for action in actions {
            guard let key = key(for: action) else {
                return XCTFail("no key does \(action) in \(runtime.state.mode.underHelp) (focus: \(runtime.state.focus))", file: file, line: line)
            }
            runtime.send(key)
            _ = screen
            watch?(self)
        }
    }

    /// The key of the binding called `name` as the screens name it ("u", or
    /// the remapped one), so that a test's expected words follow a remap.
    func keyLabel(_ name: String, in contexts: [KeyContext] = []) -> String {
        runtime.keymap.key(name, in: contexts) ?? "(\(name) has no key)"
    }

    /// The key that does `action` in the mode open now (one that no binding of
    /// an earlier context takes first), from the keymap in use.
    func key(for action: Action) -> Key? {
        let state = runtime.state, keymap = runtime.keymap
        let contexts = state.keyContexts
        for context in contexts + [.anywhere] {
            for b in keymap.bindings where b.context == context && b.action == action {
                if let k = b.keys.first(where: { keymap.binding(for: $0, in: contexts)?.action == action }) { return k }
            }
        }
        return nil
    }

    /// A new perspective with one rule added at the top group's end: the
    /// rule picked by typing `rule`, its value typed as `value`.
    func newPerspective(rule: String, value: String) {
        press(.newPerspective, .editor(.last), .editor(.addRule))
        type(rule)
        press(.picker(.pick))
        type(value)
        press(.picker(.pick))
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
        press(.focus(.sidebar), .moveToEdge(top: true))
        for _ in 0..<20 where runtime.state.perspective?.name != name { press(.move(1)) }
        press(.focus(.list))
    }
}

func f(_ front: String, body: String = "") -> String { "---\n\(front)\n---\n\(body)" }

func parseJSON(_ text: String) -> JSONValue { try! JSONText.parse(Data(text.utf8)) }

