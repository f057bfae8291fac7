import Foundation
import XCTest

/// Runs the real `todomd` binary: directly for the CLI, inside tmux for the TUI.
enum Binary {
    static var path: String {
        if let p = ProcessInfo.processInfo.environment["TODOMD_BIN"], FileManager.default.isExecutableFile(atPath: p) { return p }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for config in ["debug", "release"] {
            let p = root.appendingPathComponent(".build/\(config)/todomd").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return "todomd"
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by a signal (a trap is SIGILL or SIGTRAP), `status` then being the signal's number.
        var signalled = false
    }

    /// Runs `executable` (default: todomd) with `args`, in `directory` when given, with the
    /// user's settings, state, cache and trash out of reach.
    @discardableResult
    static func run(_ args: [String], env: [String: String] = [:], executable: String? = nil, in directory: String? = nil) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable ?? path)
        p.arguments = args
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "todomd-e2e-cache"  // never the user's cache
        let own = [NSTemporaryDirectory() + "todomd-e2e-config-" + UUID().uuidString,  // nor their settings
                   NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString,  // nor what they remember
                   NSTemporaryDirectory() + "todomd-e2e-data-" + UUID().uuidString]  // nor their trash
        environment["XDG_CONFIG_HOME"] = own[0]
        environment["XDG_STATE_HOME"] = own[1]
        environment["XDG_DATA_HOME"] = own[2]
        defer { for dir in own { try? FileManager.default.removeItem(atPath: dir) } }
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self),
                      signalled: p.terminationReason == .uncaughtSignal)
    }
}

/// Tests that drive the real binary in tmux: skipped where tmux is missing.
class TmuxTestCase: XCTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("tmux not installed (make deps)") }
    }
}

/// A tmux session running one command in a detached pane of a fixed size.
final class TmuxSession {
    let name = "todomd-e2e-\(UUID().uuidString.prefix(8))"
    /// The settings and state folders made for this session (removed with it).
    private var own: [String] = []

    init(command: String, width: Int = 100, height: Int = 30, env: [String: String] = [:]) throws {
        // (`swift test` runs with NO_COLOR=1, which a tmux server started from it would pass on.)
        let exports = env.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let cache = NSTemporaryDirectory() + "todomd-e2e-cache"
        // Each session gets its own settings folder: tests never read or write the user's config.
        let config = env["XDG_CONFIG_HOME"] ?? NSTemporaryDirectory() + "todomd-e2e-config-" + UUID().uuidString
        let state = env["XDG_STATE_HOME"] ?? NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString
        // (and a data folder: a deleted file goes to its trash, never the user's)
        let data = env["XDG_DATA_HOME"] ?? NSTemporaryDirectory() + "todomd-e2e-data-" + UUID().uuidString
        own = [(env["XDG_CONFIG_HOME"] == nil ? config : nil), (env["XDG_STATE_HOME"] == nil ? state : nil),
               (env["XDG_DATA_HOME"] == nil ? data : nil)].compactMap { $0 }
        try TmuxSession.tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                              "env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CACHE_HOME=\(cache) XDG_CONFIG_HOME=\(config) XDG_STATE_HOME=\(state) XDG_DATA_HOME=\(data) \(exports) \(command); sleep 30"])
    }

    deinit {
        _ = try? TmuxSession.tmux(["kill-session", "-t", name])
        for dir in own { try? FileManager.default.removeItem(atPath: dir) }
    }

    func send(_ keys: String...) throws { try send(keys: keys) }

    /// Keys by name and literal text, in order, in one tmux call (`-l` for the text: "home" is not Home).
    func send(sequence: [(literal: Bool, text: String)]) throws {
        var args: [String] = []
        for (i, part) in sequence.enumerated() {
            if i > 0 { args.append(";") }
            args += ["send-keys", "-t", name] + (part.literal ? ["-l"] : []) + [part.text]
        }
        try TmuxSession.tmux(args)
        Thread.sleep(forTimeInterval: 0.15)
    }

    func send(keys: [String]) throws {
        try TmuxSession.tmux(["send-keys", "-t", name] + keys)
        Thread.sleep(forTimeInterval: 0.15)  // let the app draw before the next key
    }

    func capture() throws -> String { try TmuxSession.tmux(["capture-pane", "-p", "-t", name]) }

    /// The screen with its colors and attributes as escape sequences (`capture-pane -e`).
    func captureWithEscapes() throws -> String { try TmuxSession.tmux(["capture-pane", "-p", "-e", "-t", name]) }

    /// Pastes `text` as a terminal paste does (bracketed when the app asked for it).
    func paste(_ text: String) throws {
        try TmuxSession.tmux(["set-buffer", "-b", name, text])
        try TmuxSession.tmux(["paste-buffer", "-p", "-d", "-b", name, "-t", name])
        Thread.sleep(forTimeInterval: 0.15)
    }

    /// Waits until the screen contains `text` (or `timeout` passes), returning the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> String {
        let end = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < end {
            screen = try capture()
            if screen.contains(text) { return screen }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("timed out waiting for «\(text)»; screen:\n\(screen)")
        return screen
    }

    /// Runs tmux through `system()`: Foundation's `Process` waits for descriptors
    /// that the tmux server (forked by new-session) keeps open, and would hang.
    @discardableResult
    static func tmux(_ args: [String]) throws -> String {
        let outPath = NSTemporaryDirectory() + "tmux-out-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let quoted = (["tmux"] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        _ = system(quoted + " >" + outPath + " 2>/dev/null </dev/null")
        return String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
    }
}

final class TempVault {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "todomd-e2e-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Several files at once, path and text.
    func write(_ files: KeyValuePairs<String, String>) { for (id, text) in files { write(id, text) } }

    func write(_ id: String, _ text: String) {
        let full = path + "/" + id
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
    }

    func text(_ id: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + id).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file's path and bytes, to prove nothing was written.
    func contents() -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: path)!
        while let rel = e.nextObject() as? String {
            if let d = FileManager.default.contents(atPath: path + "/" + rel) { out[rel] = d }
        }
        return out
    }
}
