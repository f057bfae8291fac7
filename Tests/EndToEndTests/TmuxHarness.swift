import Foundation
import XCTest

/// The base of every test that drives the real binary in tmux. A test starts
/// todomd on a `TempVault` with `TmuxSession(todomd:)`, presses keys with
/// `send`, reads the screen with `waitFor` or `capture`, and checks the files
/// with `eventually` and the vault's `text`/`contents`; the session, its
/// settings folders and the vault are removed when the test lets go of them.
class TmuxTestCase: XCTestCase {
    static var tmuxInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Skipped, not failed, where tmux is missing: the CLI tests still run there.
    override func setUpWithError() throws {
        try super.setUpWithError()
        guard Self.tmuxInstalled else { throw XCTSkip("tmux not installed (make deps)") }
    }

    /// Whether `condition` holds within `seconds`: the app saves after it draws,
    /// so a file on disk is checked once it has had time to change.
    func eventually(within seconds: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !condition() { Thread.sleep(forTimeInterval: 0.05) }
        return condition()
    }
}

/// A tmux session running one command in a detached pane of a fixed size.
final class TmuxSession {
    let name = "todomd-e2e-\(UUID().uuidString.prefix(8))"
    /// The settings and state folders made for this session (removed with it).
    private var own: [String] = []

    /// What `exitLine` prints once the app has ended, followed by its status.
    static let exited = "EXITED-"

    /// todomd on `vault` (none: todomd's own choice of vault) with `today`
    /// fixed (nil: the real today, and no `--today` on the command line),
    /// its standard error to the file `stderr` when given, and with
    /// `exitLine` a line `EXITED-<status>` once it has ended.
    convenience init(todomd vault: TempVault?, today: String? = "2026-11-23", width: Int = 100, height: Int = 30,
                     env: [String: String] = [:], stderr: String? = nil, exitLine: Bool = false) throws {
        var command = Binary.path
        if let vault { command += " --vault \(vault.path)" }
        if let today { command += " --today \(today)" }
        if let stderr { command += " 2>\(stderr)" }
        if exitLine { command += "; echo \(Self.exited)$?" }
        try self.init(command: command, width: width, height: height, env: env)
    }

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

    /// Resizes the pane, as a user dragging the terminal's corner.
    func resize(width: Int, height: Int) throws {
        try TmuxSession.tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// tmux's `format` for this pane (`#{pane_title}`, `#{alternate_on}`, ...), without the newline.
    func display(_ format: String) throws -> String {
        try TmuxSession.tmux(["display", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func capture() throws -> String { try TmuxSession.tmux(["capture-pane", "-p", "-t", name]) }

    /// The screen with its colors and attributes as escape sequences (`capture-pane -e`).
    func captureWithEscapes() throws -> String { try TmuxSession.tmux(["capture-pane", "-p", "-e", "-t", name]) }

    /// Appends every byte the app writes to the terminal from now on to the file `path`
    /// (what `capture` cannot show, such as the bell: tmux keeps no BEL in the screen).
    func pipeOutput(to path: String) throws { try TmuxSession.tmux(["pipe-pane", "-o", "-t", name, "cat >> '\(path)'"]) }

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
    private static func tmux(_ args: [String]) throws -> String {
        let outPath = NSTemporaryDirectory() + "tmux-out-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let quoted = (["tmux"] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        _ = system(quoted + " >" + outPath + " 2>/dev/null </dev/null")
        return String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
    }
}
