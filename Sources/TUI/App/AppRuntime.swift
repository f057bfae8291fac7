import Foundation
import TaskEngine

/// Runs the app: keys become actions through the keymap, the reducer changes
/// the state, and effects (file writes) run here, their results folded back
/// into the state. The terminal loop and the headless tests both drive it.
public final class AppRuntime {
    public private(set) var state: AppState
    public let keymap: Keymap
    let writer: VaultWriter
    let store: PerspectiveStore
    /// Every change made in the app, to undo (`u`) and redo (`Ctrl-R`).
    public let history: UndoHistory

    /// Where settings are saved (nil: not saved).
    let configPath: String?
    /// Called when the theme changes (the terminal loop re-colors the screen).
    public var onTheme: ((Theme) -> Void)?

    public init(vaultRoot: String, today: Day, keymap: Keymap = .default,
                cacheDirectory: String? = PerspectiveStore.defaultCacheDirectory(),
                configPath: String? = nil, sessionPath: String? = nil, themePaths: [String] = []) throws {
        PhaseTrace.mark("runtime start")
        let (config, configProblem) = AppConfig.load(from: configPath)
        let (map, keyProblems) = keymap.remapped(config.keys ?? [:])
        self.keymap = map
        self.configPath = configPath
        self.sessionPath = sessionPath
        let (session, sessionProblem) = VaultSession.load(from: sessionPath)
        writer = VaultWriter(root: vaultRoot)
        history = UndoHistory(root: vaultRoot)
        store = PerspectiveStore(vaultRoot: vaultRoot, cacheDirectory: cacheDirectory)
        taskCache = TaskCache.open(vaultRoot: vaultRoot, directory: cacheDirectory)
        PhaseTrace.mark("config, cache open")
        state = AppState(vaultRoot: vaultRoot, today: today)
        state.helpLines = map.helpLines()
        state.sidebarHints = map.hints(.sidebar)
        state.listHints = map.hints(.list)
        state.density = Density(rawValue: config.density ?? "") ?? .compact
        state.mouseEnabled = config.mouse ?? true
        // Per vault; a vault without a session file yet takes what config.yaml used to keep.
        state.quickFilter = session?.quickFilter ?? config.quickFilter ?? QuickFilter()
        state.themeName = config.theme ?? Theme.fallback.name
        state.availableThemes = ThemeLoader.available(in: themePaths).map(\.name)
        self.themePaths = themePaths
        if let last = session?.lastPerspective ?? config.lastPerspective { state.selectedPerspectiveID = last }  // (falls back to Inbox when gone)
        try reload(cleaningUp: true)
        let problems = [configProblem].compactMap { $0 } + keyProblems
        if !problems.isEmpty { state.message = "config.yaml: " + problems.joined(separator: "; ") }
        if let sessionProblem { state.message = [state.message, sessionProblem + "; this vault's last perspective and quick filter are not saved"].compactMap { $0 }.joined(separator: " · ") }
    }

    let themePaths: [String]
    let taskCache: TaskCache?
    /// This vault's remembered perspective and quick filter (nil: kept in config.yaml, as before).
    let sessionPath: String?

    /// The theme the config names (the terminal loop applies it at start).
    public func currentTheme() -> (Theme, String?) { ThemeLoader.load(state.themeName, paths: themePaths) }

    /// The vault as last seen, to notice changes made outside the app.
    var signature: VaultSignature?

    /// Reads the vault again; at start (`cleaningUp`) also removes what an
    /// interrupted save left behind.
    public func reload(cleaningUp: Bool = false) throws {
        store.load()
        PhaseTrace.mark("perspectives")
        let snapshot = try VaultLoader.load(root: writer.root, cache: taskCache)
        if cleaningUp { AtomicFile.removeLeftovers(snapshot.leftovers, root: writer.root) }
        signature = VaultSignature(listed: snapshot.files, root: writer.root)
        state.load(snapshot: snapshot, store: store)
        PhaseTrace.mark("state")
        state.conflicts = SyncConflict.find(root: writer.root, ids: snapshot.files.map(\.id))
    }

    /// Looks for files changed outside the app and folds them in, keeping the
    /// selection, the scroll, an open form and an open editor. Returns true when
    /// something changed.
    @discardableResult
    public func pollChanges() -> Bool {
        guard let old = signature, let now = try? VaultSignature.take(root: writer.root) else { return false }
        let changes = now.changes(since: old)
        signature = now
        guard !changes.isEmpty else { return false }
        let touched = Set(changes.changed).union(changes.removed)
        var problems = state.problems.filter { !touched.contains($0.id) }
        var fresh: [TaskItem] = []
        for id in changes.changed {
            switch VaultLoader.loadOne(root: writer.root, id: id, timeZone: .current) {
            case .success(let t):
                fresh.append(t)
                problems += t.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) }
            case .failure(let p): problems.append(p)
            }
        }
        state.index = state.index.updating(fresh, removing: touched)
        state.problems = problems.sorted { $0.id < $1.id }
        if changes.perspectivesChanged {
            store.load()
            state.perspectives = store.all
            state.perspectivesProblem = store.problem ?? store.readOnlyReason
            if let e = state.editor {
                let disk = store.perspective(id: e.perspective.id)
                if disk == e.original {
                    state.message = ".perspectives.json changed on disk: merged; this perspective keeps your open edit (saved on Esc)"
                } else if disk == nil {
                    state.message = "'\(e.perspective.name)' was deleted on disk while you edited it: Esc saves it back, u then undoes that"
                } else {
                    state.message = "'\(e.perspective.name)' was also changed on disk: Esc saves your version over it, u then brings theirs back"
                    state.editor?.original = disk!
                }
            }
            if state.perspective == nil { state.selectedPerspectiveID = "inbox" }
        }
        state.conflicts = SyncConflict.find(root: writer.root, ids: Array(now.files.keys))  // (found in any order)
        state.refresh()
        return true
    }

    /// Handles one key press.
    public func send(_ key: Key) {
        if key == .resize { return dispatch(.resized) }
        // Nothing can be seen: only quitting and help act (a key must never
        // change a task nobody could see).
        if state.screenTooSmall {
            if let action = keymap.action(for: key, in: .sidebar), action == .quit || action == .toggleHelp { dispatch(action) }
            return
        }
        switch key {
        case .click(let x, let y):
            // Nothing under a popup or the rule editor takes a click (the editor edits one perspective).
            guard state.mouseEnabled, !state.hasPopup, state.editor == nil else { return }
            if x < state.sidebarWidth, let id = state.sidebarHits[y] { return dispatch(.selectPerspective(id)) }
            if x >= state.sidebarWidth, let row = state.listHits[y] { return dispatch(.selectRow(row)) }
            return
        case .wheel(let up, let x, _):
            guard state.mouseEnabled, !state.hasPopup else { return }
            return dispatch(.scroll(up: up, sidebar: x < state.sidebarWidth))
        default: break
        }
        if case .formConflict? = state.dialog {
            switch key {
            case .char("c"), .char("C"): dispatch(.formConflict(.keepMineAsCopy))
            case .char("d"), .char("D"): dispatch(.formConflict(.takeDisk))
            case .escape: dispatch(.formConflict(.backToForm))
            default: break
            }
            return
        }
        if state.dialog != nil {
            switch key {
            case .char("y"), .char("Y"): dispatch(.confirm(true))
            case .char("n"), .char("N"), .escape: dispatch(.confirm(false))
            default: break
            }
            return
        }
        if state.form != nil { return dispatch(.formKey(key)) }
        if state.editor != nil { return dispatch(.editorKey(key)) }
        if state.filterPanel != nil { return dispatch(.filterKey(key)) }
        if state.conflictPanel != nil { return dispatch(.conflictKey(key)) }
        if state.sortMenu != nil { return dispatch(.sortMenuKey(key)) }
        if state.settingsRow != nil { return dispatch(.settingsKey(key)) }
        if state.overlay != nil { return dispatch(.overlayKey(key)) }
        if state.searchEditing { return dispatch(.searchInput(key)) }
        if state.showHelp, key != .char("?"), key != .escape, key != .char("q") { return dispatch(.helpKey(key)) }
        if let action = keymap.action(for: key, in: state.focus) { dispatch(action) }
    }

    public func setDensity(_ d: Density) {
        state.density = d
    }

    /// Keeps what rendering measured (scroll positions, page height).
    public func adoptLayout(from rendered: AppState) {
        state.listScroll = rendered.listScroll
        state.listHeight = rendered.listHeight
        state.sidebarHits = rendered.sidebarHits
        state.listHits = rendered.listHits
        state.sidebarWidth = rendered.sidebarWidth
        state.screenTooSmall = rendered.screenTooSmall
    }

    /// Renders the screen as the terminal would show it, keeping the layout.
    public func render(width: Int, height: Int) -> Screen {
        var s = state
        let screen = AppView.render(&s, width: width, height: height)
        adoptLayout(from: s)
        return screen
    }

    public func dispatch(_ action: Action) {
        for effect in Reducer.reduce(&state, action) { run(effect) }
    }

    func run(_ effect: Effect) {
        do {
            switch effect {
            case .undo, .redo:
                do {
                    let label = effect == .undo ? try history.undo() : try history.redo()
                    try reload()
                    state.message = (effect == .undo ? "Undone: " : "Redone: ") + label
                } catch let f as UndoHistory.Failure {
                    state.message = f.description
                }
            case .applyTheme(let name):
                let (theme, problem) = ThemeLoader.load(name, paths: themePaths)
                onTheme?(theme)
                if let problem { state.message = problem }
            case .saveSession, .saveQuickFilter, .saveSettings:
                try saveConfig(effect)
            default:
                var written = paths(effect)
                try history.record(label(effect), paths: written) {
                    let created = try perform(effect)
                    written += created
                    return ((), created)
                }
                for path in written { signature?.note(path: path, root: writer.root) }
            }
        } catch VaultError.changedOnDisk(let id) {
            let form = state.form
            try? reload()
            state.form = form
            if form != nil, case .writeTask(let mine) = effect {
                state.dialog = .formConflict(mine)  // the user chooses: keep theirs as a copy or take the disk version
            } else {
                fail("\(id) changed on disk since it was loaded; nothing was overwritten (reloaded).")
            }
        } catch {
            fail("Could not save: \(error)")
        }
    }

    /// The files an effect may change (a created task's file is returned by `perform`).
    func paths(_ effect: Effect) -> [String] {
        switch effect {
        case .writeTask(let t), .deleteTask(let t), .openInEditor(let t): return [writer.path(of: t.id)]
        case .savePerspective, .createPerspective, .duplicatePerspective, .deletePerspective, .movePerspective,
             .replacePerspectivesFile: return [store.path]
        case .resolveConflict(let c, _): return [writer.root + "/" + c.original, writer.root + "/" + c.copy]
        default: return []
        }
    }

    func label(_ effect: Effect) -> String {
        switch effect {
        case .writeTask(let t): return "change to '\(t.title)'"
        case .createTask(let t, _): return "add '\(t.title)'"
        case .deleteTask(let t): return "delete '\(t.title)'"
        case .openInEditor(let t): return "edit of '\(t.title)' in the editor"
        case .savePerspective(let p): return "change to perspective '\(p.name)'"
        case .createPerspective: return "new perspective"
        case .duplicatePerspective: return "duplicate perspective"
        case .deletePerspective: return "delete perspective"
        case .movePerspective: return "perspective move"
        case .replacePerspectivesFile: return "replacement of the unreadable .perspectives.json"
        case .resolveConflict(let c, _): return "conflict resolution of \(c.original)"
        default: return "change"
        }
    }

    /// Does the work of an effect; returns files it created.
    func perform(_ effect: Effect) throws -> [String] {
        switch effect {
        case .writeTask(let t):
            let saved = try writer.update(t)
            state.form = nil
            replace(saved)
        case .createTask(let t, let folder):
            let saved = try writer.create(t, in: folder)
            state.form = nil
            state.index = state.index.updating([saved])
            state.refresh(changing: nil, to: state.index.task(id: saved.id))
            let row = state.rows.first { if case .task(saved.id, _) = $0 { return true }; return false }
            if let row {
                state.selectedRow = row
                state.focus = .list
                state.message = "Added '\(saved.title)'"
            } else {
                state.message = "Added '\(saved.title)' (\(saved.id)); it does not match this perspective"
            }
            return [writer.path(of: saved.id)]
        case .openInEditor(let t):
            try openInEditor(t)
        case .deleteTask(let t):
            try writer.delete(t)
            let old = state.index.task(id: t.id)
            state.index = state.index.removing(id: t.id)
            state.message = "Deleted '\(t.title)' (u undoes)"
            state.refresh(changing: old, to: nil)
        case .savePerspective(let p):
            try store.update(p)
            syncPerspectives()
        case .createPerspective:
            let p = try store.create()
            select(p.id, message: "Created '\(p.name)'")
            state.editor = RuleEditor(p)
            state.refresh()
        case .duplicatePerspective(let id):
            let p = try store.duplicate(id: id)
            select(p.id, message: "Duplicated as '\(p.name)'")
            state.editor = RuleEditor(p)
            state.refresh()
        case .deletePerspective(let id):
            let name = store.perspective(id: id)?.name ?? id
            try store.delete(id: id)
            select("inbox", message: "Deleted '\(name)' (u undoes)")
        case .movePerspective(let id, let direction):
            try store.move(id: id, direction)
            syncPerspectives()
        case .replacePerspectivesFile:
            try store.replaceUnreadable()
            syncPerspectives()
            state.message = "Wrote the perspectives shown to \(PerspectiveStore.fileName); the unreadable version is in \(PerspectiveStore.fileName).backup (u undoes)"
        case .resolveConflict(let c, let choice):
            let r: SyncConflict.Resolution = choice == .keepOriginal ? .keepOriginal : choice == .keepCopy ? .keepCopy : .keepBoth
            let touched = try c.resolve(r, root: writer.root)
            let panel = state.conflictPanel
            try reload()
            state.conflictPanel = state.conflicts.isEmpty ? nil : min(panel ?? 0, state.conflicts.count - 1)
            state.message = "Resolved \(c.original) (u undoes)"
            return touched
        default: break
        }
        return []
    }

    /// Saves the settings an effect changed, editing config.yaml in place.
    /// A config that could not be read is never written over: the user is told.
    func saveConfig(_ effect: Effect) throws {
        if effect != .saveSettings, let sessionPath { return saveSession(effect, to: sessionPath) }
        guard let path = configPath else { return }
        let (config, problem) = AppConfig.load(from: path)
        var updated = config
        switch effect {
        case .saveSession:
            // The first perspective is what a start shows anyway: no need to write it down.
            let shownAnyway = config.lastPerspective == nil && state.selectedPerspectiveID == BuiltinPerspectives.all[0].id
            if !shownAnyway { updated.lastPerspective = state.selectedPerspectiveID }
        case .saveQuickFilter: updated.quickFilter = state.quickFilter
        default:
            updated.theme = state.themeName
            updated.density = state.density.rawValue
        }
        guard updated != config else { return }
        if let problem {
            if effect != .saveSession { state.message = "Not saved: \(problem). Fix or remove \(path) to save settings." }
            return
        }
        do { try updated.save(over: config, to: path) } catch {
            state.message = "Settings not saved to \(path): \(error)"
            return
        }
        if effect == .saveSettings { state.message = "Settings saved to \(path)" }
    }

    /// The last perspective and the quick filter, in this vault's session file.
    func saveSession(_ effect: Effect, to path: String) {
        let (loaded, problem) = VaultSession.load(from: path)
        guard problem == nil else { return }  // never written over (said at start)
        let session = loaded ?? VaultSession()
        var updated = session
        if effect == .saveSession { updated.lastPerspective = state.selectedPerspectiveID } else { updated.quickFilter = state.quickFilter }
        // A first session file only when there is something to remember.
        if loaded == nil, updated.lastPerspective == BuiltinPerspectives.all[0].id, updated.quickFilter == nil { return }
        guard updated != session else { return }
        do { try updated.save(over: session, to: path) } catch { state.message = "Not saved to \(path): \(error)" }
    }

    /// Says why a write failed; an open form keeps the user's input.
    func fail(_ message: String) {
        if state.form != nil { state.form?.error = message } else { state.message = message }
    }

    /// Runs `$VISUAL` / `$EDITOR` (else `vi`) on the task's file, then reads it again.
    /// `runExternal` suspends the screen around it (the terminal loop sets it).
    public var runExternal: (([String]) -> Int32)?

    func openInEditor(_ t: TaskItem) throws {
        let env = ProcessInfo.processInfo.environment
        let editor = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let path = writer.path(of: t.id)
        let status = runExternal?(editor.split(separator: " ").map(String.init) + [path]) ?? -1
        if status != 0 { state.message = "\(editor) exited with status \(status)" }
        guard let data = FileManager.default.contents(atPath: path) else {
            try reload()
            state.message = "\(t.id) is gone after editing"
            return
        }
        do {
            let fresh = try TaskFileCodec.parse([UInt8](data), id: t.id).task
            if fresh != state.task(id: t.id) { replace(fresh) }
        } catch {
            try reload()
            state.message = "\(t.id) cannot be read after editing: \(error)"
        }
    }

    func replace(_ task: TaskItem) {
        let old = state.index.task(id: task.id)
        state.index = state.index.replacing(task)
        state.refresh(changing: old, to: state.index.task(id: task.id))
    }

    func syncPerspectives() {
        state.perspectives = store.all
        state.perspectivesProblem = store.problem ?? store.readOnlyReason
        state.refresh()
    }

    func select(_ id: String, message: String) {
        state.perspectives = store.all
        state.selectedPerspectiveID = id
        state.selectedRow = nil
        state.focus = .sidebar
        state.message = message
        state.refresh()
    }
}
