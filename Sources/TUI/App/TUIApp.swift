import Foundation
import TaskEngine

/// Runs the full-screen app until `q`.
public enum TUIApp {
    /// `notice` is shown in the status line until the first key.
    public struct TerminalUnavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Why the full-screen app cannot start here (no terminal, `TERM=dumb`, …), or nil.
    public static func terminalProblem() -> String? { NcursesBackend.terminalProblem() }

    public static func run(vaultRoot: String, today: Day?, notice: String? = nil) throws {
        if let problem = terminalProblem() { throw TerminalUnavailable(description: problem) }
        // The watcher walks every folder to watch it: made beside the load, not before the first screen.
        let watcher = MonitorInTheMaking(root: vaultRoot)
        let runtime = try AppRuntime(vaultRoot: vaultRoot, today: today ?? Day.today(),
                                     configPath: AppConfig.path(), sessionPath: VaultSession.path(vaultRoot: vaultRoot),
                                     themePaths: ThemeLoader.searchPaths())
        var message = notice ?? runtime.state.message
        if today == nil { runtime.dispatch(.minuteChanged(TaskDate.nowMinute())) }
        PhaseTrace.mark("runtime")
        let backend = NcursesBackend()
        defer { backend.end() }
        runtime.runExternal = { backend.runSuspended($0) }
        let (theme, themeProblem) = runtime.currentTheme()
        backend.apply(theme)
        runtime.onTheme = { backend.apply($0) }
        if message == nil, let themeProblem { message = themeProblem }
        if let localeNotice = backend.localeNotice { message = [localeNotice, message].compactMap { $0 }.joined(separator: " · ") }
        if runtime.state.mouseEnabled { backend.enableMouse() }
        if let message { runtime.dispatch(.notice(message)) }  // shown until the first key
        // External edits: inotify (a burst is one reload) or, without it, a look each second.
        var monitor: VaultChangeMonitor?
        backend.setInputTimeout(100)  // also notices a new day
        var needsDraw = true
        let exitAfterFirstScreen = ProcessInfo.processInfo.environment["TODOMD_EXIT_AFTER_FIRST_SCREEN"] != nil
        while !runtime.state.quitRequested {
            if monitor == nil, let ready = watcher.ready() {
                monitor = ready
                backend.setInputTimeout(Int32(ready.wakeInterval * 1000))
            }
            if let monitor, runtime.checkVault(monitor) { needsDraw = true }
            if needsDraw {
                let (w, h) = backend.size
                let screen = runtime.render(width: w, height: h)
                PhaseTrace.mark("render")
                backend.present(screen)
                PhaseTrace.mark("present")
                needsDraw = false
                // `make bench` times launch to first screen with this set.
                if exitAfterFirstScreen { break }
            }
            guard let key = backend.readKey() else {
                // "Today" is re-evaluated when the day rolls over (unless --today pins it).
                if today == nil, Day.today() != runtime.state.today {
                    runtime.dispatch(.dayChanged(Day.today()))
                    needsDraw = true
                }
                if today == nil, TaskDate.nowMinute() != runtime.state.nowMinute {
                    runtime.dispatch(.minuteChanged(TaskDate.nowMinute()))
                    needsDraw = true
                }
                continue
            }
            needsDraw = true
            runtime.send(key)
        }
        // Quitting need not free 50,000 tasks one by one: the process ends now
        // (once the task cache holds what this run read).
        _ = Unmanaged.passRetained(runtime)
        VaultLoader.waitForCacheWrites()
    }
}

/// A `VaultChangeMonitor` made on another thread (setting up inotify on
/// every folder of a large vault takes a while); `ready` hands it over once.
final class MonitorInTheMaking: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var monitor: VaultChangeMonitor?

    init(root: String) {
        DispatchQueue.global().async { [self] in
            monitor = VaultChangeMonitor(root: root)
            done.signal()
        }
    }

    /// The monitor, once made (without waiting).
    func ready() -> VaultChangeMonitor? {
        done.wait(timeout: .now()) == .success ? monitor : nil
    }
}
