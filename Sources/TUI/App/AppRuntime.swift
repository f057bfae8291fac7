import Foundation
import TaskEngine

/// Runs the app: keys become actions through the keymap of the current
/// mode, the reducer changes the state, and the effects it asks for (file
/// writes, reads, settings) run here; their results come back as actions.
/// Only the reducer changes the state. The terminal loop and the headless
/// tests both drive it.
public final class AppRuntime {
    public private(set) var state: AppState
    /// What the last drawing measured (scroll, hit maps, pane sizes).
    public private(set) var layout = ViewLayout()
    public var keymap: Keymap { state.keymap }
    let writer: VaultWriter
    let store: PerspectiveStore
    /// Every change made in the app, to undo (`u`) and redo (`Ctrl-R`).
    public let history: UndoHistory

    /// Where settings are saved (nil: not saved).
    let configPath: String?
    /// Called when the theme changes (the terminal loop re-colors the screen).
    public var onTheme: ((Theme) -> Void)?
    /// Runs a command with the terminal handed over (`$EDITOR`); the terminal loop sets it.
    public var runExternal: (([String]) -> Int32)?
    /// What the detail pane's links are looked up in (`AppRuntime+DetailLinks.swift`).
    let linkLookup = DetailLinkLookup()
    /// Reminders: the last look, snoozes, the schedule (`ReminderRunner.swift`).
    let reminderRunner: ReminderRunner
    /// Rings the terminal bell (the terminal loop sets it; a reminder coming due calls it).
    public var onBell: (() -> Void)?
    /// The time now, for snoozes (a test sets it).
    public var clock: () -> Date = Date.init

    public init(vaultRoot: String, today: Day, keymap: Keymap = .default,
                cacheDirectory: String? = PerspectiveStore.defaultCacheDirectory(),
                configPath: String? = nil, sessionPath: String? = nil, themePaths: [String] = [],
                startFromCache: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment,
                reminderStatePath: String? = nil) throws {
        PhaseTrace.mark("runtime start")
        FreedMemory.keepFootprintSmall()
        let (config, configProblem) = AppConfig.load(from: configPath)
        let (map, keyProblems) = keymap.remapped(config.keys ?? [:])
        self.configPath = configPath
        self.sessionPath = sessionPath
        reminderRunner = ReminderRunner(config: config, statePath: reminderStatePath)
        let (session, sessionProblem) = VaultSession.load(from: sessionPath)
        writer = VaultWriter(root: vaultRoot, trash: VaultTrash(root: vaultRoot, environment: environment))
        history = UndoHistory(root: vaultRoot, trash: writer.trash)
        store = PerspectiveStore(vaultRoot: vaultRoot, cacheDirectory: cacheDirectory)
        timerLedger = TimerSwitch.ledgerPath(vaultRoot: vaultRoot, cacheDirectory: cacheDirectory)
        taskCache = TaskCache.open(vaultRoot: vaultRoot, directory: cacheDirectory)
        PhaseTrace.mark("config, cache open")
        var initial = AppState(vaultRoot: vaultRoot, today: today)
        initial.keymap = map
        initial.vaultFormat = [.tasknotes: "TaskNotes", .backlog: "Backlog.md"][writer.profile.kind]
        initial.keepsReminders = writer.profile.remindersKey != nil
        initial.reminderTimesLocal = writer.profile.reminderTimesLocal
        initial.density = Density(rawValue: config.density ?? "") ?? .compact
        initial.mouseEnabled = config.mouse ?? true
        let (busy, busyProblem) = ForecastState.busy(config.forecastBusy)
        initial.forecast.busy = busy
        // TODOMD_SCREEN_READER decides over config.yaml (and --screen-reader over both, in `TUIApp.run`).
        initial.screenReader = ScreenReaderSetting.isOn(environment["TODOMD_SCREEN_READER"]) ?? config.screenReader ?? false
        let (glyphs, glyphsProblem) = GlyphSet.configured(config.glyphs)
        initial.glyphs = glyphs
        initial.keymap.spellsKeys = glyphs == .words
        // Per vault; a vault without a session file yet takes what config.yaml used to keep.
        initial.quickFilter = session?.quickFilter ?? config.quickFilter ?? QuickFilter()
        initial.addHistory = session?.addHistory ?? []
        initial.themeName = config.theme ?? Theme.fallback.name
        initial.availableThemes = ThemeLoader.available(in: themePaths).map(\.name)
        if let last = session?.lastPerspective ?? config.lastPerspective { initial.selectedPerspectiveID = last }  // (falls back to Inbox when gone)
        state = initial
        self.themePaths = themePaths
        if startFromCache, let cached = loadCached() {
            dispatch(.effect(.loaded(cached)))
        } else {
            try reload(cleaningUp: true)
        }
        var notices = [configProblem, busyProblem, glyphsProblem].compactMap { $0 } + keyProblems + reminderRunner.problems
        notices = notices.isEmpty ? [] : ["config.yaml: " + notices.joined(separator: "; ")]
        if let sessionProblem { notices.append(sessionProblem + "; this vault's last perspective and quick filter are not saved") }
        if let bad = ScreenReaderSetting.problem(environment["TODOMD_SCREEN_READER"], configured: config.screenReader) { notices.append(bad) }
        if !notices.isEmpty { dispatch(.notice(notices.joined(separator: " · "))) }
    }

    let themePaths: [String]
    let taskCache: TaskCache?
    /// Where the ids todomd started timers on are noted for every todomd process (`TimerSwitch`).
    let timerLedger: String?
    /// The clock timers are started, stopped and shown by (a test sets its own).
    public var now: () -> Date = Date.init
    /// This vault's remembered perspective and quick filter (nil: kept in config.yaml, as before).
    let sessionPath: String?

    /// The theme the config names (the terminal loop applies it at start).
    public func currentTheme() -> (Theme, String?) { ThemeLoader.load(state.themeName, paths: themePaths) }

    /// The vault as last seen, to notice changes made outside the app: made
    /// from the load's listing when first needed (not before the first screen).
    var signature: VaultSignature? {
        get {
            if seenSignature == nil, let (files, perspectives) = listedFiles { seenSignature = VaultSignature(listed: files, perspectives: perspectives) }
            listedFiles = nil
            return seenSignature
        }
        set {
            seenSignature = newValue
            listedFiles = nil
        }
    }
    /// (Changed in place, never through `signature`: a copy would copy every file's stamp.)
    var seenSignature: VaultSignature?
    var listedFiles: ([VaultListing.File], VaultSignature.Stamp?)?
    /// The files the cache's snapshot was made from (nil: no cache): what the
    /// journal kept at quit is relative to.
    var journalBase: SnapshotBase?
    /// The sequential projects the vault's project notes set (a TaskNotes vault), as the last load read them.
    var noteProjects = SequentialProjects.none
    /// Those and the ones `.perspectives.json` sets.
    var projects: SequentialProjects { store.document.sequentialProjects.merging(noteProjects) }
    /// The start was drawn from the cache and the vault not listed yet (see `finishStart`).
    public internal(set) var startCheckPending = false

    /// Reads the vault again; at start (`cleaningUp`) also removes what an
    /// interrupted save left behind.
    public func reload(cleaningUp: Bool = false) throws {
        dispatch(.effect(.loaded(try load(cleaningUp: cleaningUp))))
    }

    func load(cleaningUp: Bool = false) throws -> Shared<VaultContents> {
        store.load()
        PhaseTrace.mark("perspectives")
        let snapshot = try VaultLoader.load(root: writer.root, cache: taskCache, profile: writer.profile)
        if cleaningUp { AtomicFile.removeLeftovers(snapshot.leftovers, root: writer.root) }
        seenSignature = nil
        listedFiles = (snapshot.files, VaultSignature.stamp(writer.root + "/" + PerspectiveStore.fileName))
        journalBase = taskCache != nil && writer.profile.isDefault ? SnapshotBase(count: snapshot.files.count) : nil
        let conflicts = SyncConflict.find(root: writer.root, ids: snapshot.files.map(\.id)) { snapshot.task(id: $0)?.title }
        FreedMemory.giveBack()  // (what reading every file took)
        PhaseTrace.mark("state")
        noteProjects = snapshot.index.sequentialProjects
        return Shared(VaultContents(index: snapshot.index, problems: snapshot.problems, perspectives: store.all,
                                    perspectivesProblem: store.shownProblem, conflicts: conflicts, projects: projects))
    }

    /// Looks at the vault again when the monitor says it is time: only the
    /// files and folders it reported, or the whole vault when it cannot say.
    /// Returns true when something changed.
    @discardableResult
    public func checkVault(_ monitor: VaultChangeMonitor, now: Date = Date()) -> Bool {
        guard let due = monitor.dueChanges(now: now) else { return false }
        return pollChanges(due)
    }

    /// Handles one key press (or click, wheel turn, paste).
    public func send(_ key: Key) {
        if key == .resize { return dispatch(.resized) }
        let contexts = state.keyContexts
        // Nothing can be seen: only quitting and help act (a key must never
        // change a task nobody could see).
        if layout.screenTooSmall {
            if let b = keymap.binding(for: key, in: contexts), b.action == .quit || b.action == .toggleHelp { dispatch(b.action) }
            return
        }
        switch key {
        case .click, .wheel:
            if state.mouseEnabled, let action = MouseRouting.action(for: key, state: state, layout: layout) { dispatch(action) }
            return
        case .paste(let text):
            if contexts.contains(.text) { dispatch(.insert(text)) }
            return
        default: break
        }
        if let b = keymap.binding(for: key, in: contexts) { return dispatch(resolve(b.action)) }
        // Esc and the next key read together (typed ahead while the app was
        // busy) arrive as one Alt key; where no Alt key is bound they were
        // two keys, so they act as two.
        if case .alt(let c) = key {
            send(.escape)
            return send(c == "\u{7F}" ? .backspace : .char(c))
        }
        if contexts.contains(.text), case .char(let c) = key { return dispatch(.insert(String(c))) }
        // Any other key closes a read-only view (as `less` users expect of a popup).
        if case .overlay = state.mode { dispatch(.overlay(.close)) }
    }

    /// A page is as tall as the list pane last drawn.
    func resolve(_ action: Action) -> Action {
        if case .page(let n) = action { return .move(n * max(1, layout.listHeight - 1)) }
        return action
    }

    public func setDensity(_ d: Density) { dispatch(.setDensity(d)) }

    /// Renders the screen as the terminal would show it, keeping the layout it measured.
    public func render(width: Int, height: Int) -> Screen {
        AppView.render(state, layout: &layout, width: width, height: height)
    }

    /// Sends an action to the reducer, runs the effects it returns, and sends
    /// their results back, until nothing is left to do.
    public func dispatch(_ action: Action) {
        var queue = [action]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for effect in step(next) { queue += run(effect) }
            if queue.isEmpty, let links = detailLinksUpdate() { queue.append(links) }
        }
    }

    /// One step of `dispatch`: the action reduced, the effects it asks for
    /// returned and not run (a test runs each with `run` and states what comes back).
    func step(_ action: Action) -> [Effect] { Reducer.reduce(&state, action) }
}
