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

    /// `screenReader` (`--screen-reader`) turns the screen-reader mode on whatever config.yaml and the environment say.
    public static func run(vaultRoot: String, today: Day?, notice: String? = nil, screenReader: Bool = false) throws {
        if let problem = terminalProblem() { throw TerminalUnavailable(description: problem) }
        // The watcher walks every folder to watch it: made beside the load, not before the first screen.
        let watcher = MadeOnAnotherThread { VaultChangeMonitor(root: vaultRoot) }
        // The flag is read as the environment variable would be, over config.yaml.
        var environment = ProcessInfo.processInfo.environment
        if screenReader { environment["TODOMD_SCREEN_READER"] = "1" }
        // The first screen comes from the cache; the vault is listed once it is drawn (`finishStart`).
        let runtime = try AppRuntime(vaultRoot: vaultRoot, today: today ?? Day.today(),
                                     configPath: AppConfig.path(), sessionPath: VaultSession.path(vaultRoot: vaultRoot),
                                     themePaths: ThemeLoader.searchPaths(), startFromCache: true, environment: environment,
                                     reminderStatePath: ReminderStateFile.path(vaultRoot: vaultRoot))
        var startCheck: MadeOnAnotherThread<VaultListing.Comparison?>?
        defer { runtime.rememberForNextStart(); runtime.saveReminders() }  // (after the terminal is given back: defers run last first)
        var message = notice ?? runtime.state.message
        if today == nil { runtime.dispatch(.minuteChanged(TaskDate.nowMinute())) }
        runtime.dispatch(.clock(Int64(runtime.now().timeIntervalSince1970.rounded(.down))))
        PhaseTrace.mark("runtime")
        let backend = NcursesBackend()
        defer { backend.end() }
        runtime.runExternal = { backend.runSuspended($0) }
        runtime.onBell = { backend.bell() }
        let (theme, themeProblem) = runtime.currentTheme()
        backend.apply(theme)
        runtime.onTheme = { backend.apply($0) }
        if message == nil, let themeProblem { message = themeProblem }
        if let localeNotice = backend.localeNotice { message = [localeNotice, message].compactMap { $0 }.joined(separator: " · ") }
        if runtime.state.mouseEnabled { backend.enableMouse() }
        if let message { runtime.dispatch(.notice(message)) }  // shown until the first key
        // External edits: inotify (a burst is one reload) or, without it, a look each second.
        var monitor: VaultChangeMonitor?
        backend.setInputTimeout(100)  // (while starting: the watcher and the start's check are taken at a wake)
        var needsDraw = true
        let exitAfterFirstScreen = ProcessInfo.processInfo.environment["TODOMD_EXIT_AFTER_FIRST_SCREEN"] != nil
        // … and the screen after the start from the cache was checked against the vault.
        let exitAfterCheck = ProcessInfo.processInfo.environment["TODOMD_EXIT_AFTER_START_CHECK"] != nil
        while !runtime.state.quitRequested {
            if monitor == nil, let ready = watcher.ready() { monitor = ready }
            var checked = false
            if let listed = startCheck?.ready() {
                startCheck = nil
                if let check = listed, runtime.finishStart(check) || exitAfterCheck { needsDraw = true }
                backend.setInputTimeout(100)
                checked = true
            }
            if checked { FreedMemory.giveBack() }  // (what the walk of every folder took is let go by now)
            if let monitor, runtime.checkVault(monitor) { needsDraw = true }
            // An instant the state waits for (a running timer's next minute) has come.
            if runtime.tick() { needsDraw = true }
            if needsDraw {
                let (w, h) = backend.size
                let screen = runtime.render(width: w, height: h)
                PhaseTrace.mark("render")
                backend.present(screen, cursorOnFocus: runtime.state.screenReader)
                PhaseTrace.mark("present")
                needsDraw = false
                // `make bench` times launch to first screen (and to the checked one) with these set.
                if exitAfterFirstScreen || (exitAfterCheck && !runtime.startCheckPending && startCheck == nil) { break }
                if runtime.startCheckPending, startCheck == nil {
                    let seen = runtime.filesSeen
                    startCheck = MadeOnAnotherThread { try? VaultListing.compare(root: vaultRoot, with: seen) }
                    backend.setInputTimeout(20)  // (its answer is taken at the next wake)
                }
            }
            // After the first screen (the first look reads and writes the state file): one comparison unless a reminder is due.
            if runtime.checkReminders() { needsDraw = true; continue }
            let key: Key?
            if let monitor, startCheck == nil, !runtime.startCheckPending {
                // Started: asleep until a key, a change in the vault or the next instant something is due.
                let now = Date()
                let due = [monitor.nextLook(), runtime.nextWake, runtime.secondsUntilWake().map { now.addingTimeInterval($0) },
                           today == nil ? IdleWake.nextMinute(after: now) : nil]
                key = backend.waitForKey(until: IdleWake.deadline(now: now, dueAt: due),
                                         orInputOn: monitor.descriptor.map { [$0] } ?? [])
            } else {
                // Starting (the watcher or the start's check still coming): woken by the input timeout to take them.
                key = backend.readKey(wakingBy: runtime.nextWake)
            }
            guard let key else {
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

/// A value made on another thread while the app goes on (the vault watcher:
/// setting up inotify on every folder of a large vault takes a while; the
/// listing that checks a start from the cache); `ready` hands it over once made.
// @unchecked: `value` is set before `done` is signalled and read only after waiting for it.
final class MadeOnAnotherThread<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            value = make()
            done.signal()
        }
    }

    /// The value, once made (without waiting; nil before, and after it was handed over).
    func ready() -> Value? {
        guard done.wait(timeout: .now()) == .success else { return nil }
        defer { value = nil }
        return value
    }
}
