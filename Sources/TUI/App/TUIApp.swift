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
        let runtime = try AppRuntime(vaultRoot: vaultRoot, today: today ?? Day.today(),
                                     configPath: AppConfig.path(), sessionPath: VaultSession.path(vaultRoot: vaultRoot),
                                     themePaths: ThemeLoader.searchPaths())
        var message = notice ?? runtime.state.message
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
        let monitor = VaultChangeMonitor(root: vaultRoot)
        backend.setInputTimeout(Int32(monitor.wakeInterval * 1000))  // also notices a new day
        var needsDraw = true
        let exitAfterFirstScreen = ProcessInfo.processInfo.environment["TODOMD_EXIT_AFTER_FIRST_SCREEN"] != nil
        while !runtime.state.quitRequested {
            if monitor.isDue(), runtime.pollChanges() { needsDraw = true }
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
                continue
            }
            needsDraw = true
            runtime.send(key)
        }
        // Quitting need not free 50,000 tasks one by one: the process ends now.
        _ = Unmanaged.passRetained(runtime)
    }
}
