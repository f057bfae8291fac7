import TaskEngine

/// One visible line of the task list.
public enum ListRow: Hashable, Sendable {
    case group(key: String, title: String, count: Int, collapsed: Bool)
    case band(StateBand)
    case task(TaskRow)

    /// Whether the cursor can rest here: on a task, or on a folded group's
    /// header (the only place left to unfold it). An open header and a band
    /// are titles: nothing there can be done, so moves step over them.
    var isSelectable: Bool {
        switch self {
        case .task: return true
        case .group(_, _, _, let collapsed): return collapsed
        case .band: return false
        }
    }
}

/// A task's row in the list: the task the list was made from, and the key of
/// its group. It holds the task itself, not a copy of its id: making the rows
/// of a long list touched each task and then each id's own storage (57,000
/// rows took 8.5 ms). Rows are the same row when their ids and groups are
/// (a row made before the vault was read again is still the task's row).
public struct TaskRow: Hashable, Sendable {
    public let task: IndexedTask
    public let group: String
    public var id: String { task.id }

    public init(_ task: IndexedTask, group: String) {
        (self.task, self.group) = (task, group)
    }

    public static func == (a: TaskRow, b: TaskRow) -> Bool { (a.task === b.task || a.id == b.id) && a.group == b.group }
    public func hash(into h: inout Hasher) {
        h.combine(id)
        h.combine(group)
    }
}

public enum Dialog: Hashable, Sendable {
    /// `waitedBy`: how many open tasks wait for it (they would then wait for a name of no task).
    case deleteTask(TaskItem, waitedBy: Int = 0)
    /// The marked tasks, and how many of them the list does not show.
    case deleteTasks([TaskItem], hidden: Int)
    case deletePerspective(Perspective)
    /// In the rule editor: a group with rules in it (its path, how many rules).
    case deleteGroup(path: [Int], rules: Int)
    /// In the rule editor: leave without saving the changes.
    case discardEditor
    /// Esc on a form with changes: drop them? (Asked in the form's own last line, the form in view.)
    case discardForm
    /// A form's save met a file changed on disk meanwhile: the form's task
    /// is kept here until the user chooses.
    case formConflict(TaskItem)

    /// The whole question on one line (`DialogView` cuts a quoted name first to fit it).
    func question(_ keys: Keymap) -> String {
        let parts = parts(keys)
        return [parts.lead + (parts.name ?? "") + parts.close, parts.rest].filter { !$0.isEmpty }.joined(separator: " ")
    }

    var title: String {
        switch self {
        case .formConflict: return "Changed on disk"
        case .deleteTask: return "Delete task"
        case .deleteTasks: return "Delete tasks"
        case .deletePerspective: return "Delete perspective"
        default: return "Confirm"
        }
    }
}

/// Which index a value derived from it was built for: a cache's key, not
/// part of what the state is (two states with equal tasks and an equal tree
/// are equal whichever generation built it), so any two compare equal.
struct CacheKey: Equatable, Sendable {
    var generation: UInt64?
    static func == (_: CacheKey, _: CacheKey) -> Bool { true }
}

/// A read-only text over the list.
public struct Overlay: Hashable, Sendable {
    /// What the text is (the keys that act on it ask this, never the title's words).
    public enum Kind: Hashable, Sendable {
        /// A built-in perspective's rules.
        case rules
        /// The files that could not be read, and skipped writes.
        case problems
    }

    public var kind: Kind
    public var title: String
    public var lines: [String]
    public var scroll = 0
}

/// The whole state of the app; only the reducer changes it. Equatable so
/// that tests compare whole states (the index compares by its generation
/// first: see TaskIndex+Equatable).
public struct AppState: Equatable, Sendable {
    public var vaultRoot: String
    public var today: Day
    /// Every task, indexed: the one store of tasks (a change replaces one entry).
    public var index = TaskIndex([])
    public var problems: [VaultProblem] = []
    public var perspectives: [Perspective] = []
    /// The projects whose tasks wait for each other in turn, as the index is told on each refresh.
    public var sequentialProjects = SequentialProjects.none
    public var counts: [String: Int] = [:]
    /// The perspectives whose rules skip a condition (`⚠` in the sidebar), found with the counts.
    public var skippingRules: Set<String> = []
    public var perspectivesProblem: String?
    /// The files the last bulk write skipped, each with why (`!` lists them all; the status line has room for one).
    public var skippedWrites: [VaultProblem] = []

    public var focus: Focus = .sidebar
    public var selectedPerspectiveID = "inbox"
    public var result = PerspectiveResult(groups: [], count: 0, warnings: [])
    /// How many tasks the perspective lists before the quick filter narrows it (`result.count` after).
    public var listedCount = 0
    /// How many of `result`'s tasks the search matches (nil: no search).
    public var searchMatches: Int?
    public var rows: [ListRow] = []
    /// The selected row, kept by identity so it survives every re-filter.
    public var selectedRow: ListRow?
    public var collapsed: Set<String> = []
    /// The search text narrowing the list (typed in `.search` mode, kept after Enter).
    public var search: String?
    /// What is open: browsing, or one form, editor, menu, panel, question or help.
    public var mode: Mode = .browse
    /// How many tasks each rule of the open editor matches on its own (by tree path).
    public var ruleCounts: [[Int]: Int] = [:]
    /// The keys in use (remapped ones included): routing, help and hints read it.
    public var keymap = Keymap.default
    public var message: String?
    public var quitRequested = false
    public var mouseEnabled = true
    /// The terminal's cursor shown on the focused item after every redraw, for
    /// screen readers and braille displays (config `screen_reader`,
    /// `--screen-reader`, `TODOMD_SCREEN_READER`). Without it the cursor shows
    /// only in a text field, where typing goes.
    public var screenReader = false
    /// Symbols or words for the states rows and panes mark (config `glyphs`).
    public var glyphs: GlyphSet = .symbols
    /// The app-wide row density (a perspective's `layout: default` follows it).
    public var density: Density = .compact
    public var themeName = Theme.fallback.name
    public var availableThemes: [String] = []
    /// The quick filter (remembered per vault).
    public var quickFilter = QuickFilter()
    /// Conflict copies left by sync tools.
    public var conflicts: [SyncConflict] = []
    /// The local time in minutes (as `TaskDate.sortKey / 60`), for "in 3h";
    /// nil when today is pinned (`--today`), so days are shown instead.
    public var nowMinute: Int64?
    /// The clock in whole seconds since 1970 as last told (`Action.clock`): a running
    /// timer's elapsed time is reckoned from it, so it changes only when the state asks to wake.
    public var clock: Int64 = 0
    /// The task whose timer runs (the earliest started, should the files hold several), found once per index.
    public var runningTimer: RunningTimer?
    var runningTimerBuiltFor = CacheKey()
    /// The vault's areas and projects for the sidebar, built for the index of `vaultTreeBuiltFor`.
    public var vaultTree: [VaultTreeNode] = []
    var vaultTreeBuiltFor = CacheKey()
    /// Sorts chosen for areas and projects (kept for this run; `y` makes one a perspective of its own).
    public var vaultTreeEdits: [String: Perspective] = [:]
    /// The areas and projects section of the sidebar is folded.
    public var vaultTreeCollapsed = false
    /// The detail pane is shown (beside the list, or below it on narrow terminals).
    public var detailShown = false
    /// The checklist item under the detail pane's cursor (an index into the
    /// task's items) and the first line shown, for the task `detailTask`
    /// (another selected task starts at the top).
    public var detailCursor = 0
    public var detailScroll = 0
    public var detailTask: String?
    /// Where the selected task's links lead (looked up on disk by the runtime while the pane is shown).
    public var detailLinks: DetailLinks?
    /// The places a dependency or link was followed from, the last one last (the back key returns there).
    public var followedFrom: [FollowedFrom] = []
    /// Marked tasks (by id): the task keys act on all of them.
    public var marks: Set<String> = []
    /// The last task marked, where a range mark starts.
    public var markAnchor: String?
    /// Earlier change lines (`c`), oldest first (this run only).
    public var changeHistory: [String] = []
    /// Earlier quick-add lines, oldest first (remembered per vault).
    public var addHistory: [String] = []
    /// The Forecast's selected day and strip counts.
    public var forecast = ForecastState()
    /// The tool whose format this vault is in, when not todomd's own ("TaskNotes", "Backlog.md").
    public var vaultFormat: String?
    /// Reminders that came due, shown in a banner above the status line until seen.
    public var reminders = ReminderBanner()
    /// The vault's format has a key for reminders (Backlog.md's has none).
    public var keepsReminders = true
    /// A reminder's time is written as local time with its offset (`VaultProfile.reminderTimesLocal`: TaskNotes).
    public var reminderTimesLocal = false

    public init(vaultRoot: String, today: Day) {
        self.vaultRoot = vaultRoot
        self.today = today
    }

    public var perspective: Perspective? {
        if let e = editor, e.perspective.id == selectedPerspectiveID { return e.perspective }
        return perspectives.first { $0.id == selectedPerspectiveID } ?? vaultTreeEdits[selectedPerspectiveID].map(withTreeRules)
            ?? vaultTree.first { $0.perspective.id == selectedPerspectiveID }.map { ProjectKeys.withSavedOrder($0.perspective, sequentialProjects) }
    }
    /// An area or project's view as edited this run (its sort, its order) with the rules its node has now
    /// (a project made sequential or parallel since lists its sub-projects' tasks or not: `VaultTree`).
    func withTreeRules(_ edited: Perspective) -> Perspective {
        guard let node = vaultTree.first(where: { $0.perspective.id == edited.id }) else { return edited }
        var p = edited
        p.rules = node.perspective.rules
        return p
    }
    /// What the sidebar lists, top to bottom: the perspectives, then (unless folded) the areas and projects.
    public var sidebarEntries: [Perspective] { perspectives + (vaultTreeCollapsed ? [] : vaultTree.map(\.perspective)) }
    public var sidebarIndex: Int { sidebarEntries.firstIndex { $0.id == selectedPerspectiveID } ?? 0 }
    public var selectedIndex: Int? { selectedRow.flatMap { rows.firstIndex(of: $0) } }

    public var selectedTask: TaskItem? {
        guard case .task(let row)? = selectedRow else { return nil }
        return task(id: row.id)
    }

    /// Every task in id order (a copy: for tests and tools, not hot paths).
    public var tasks: [TaskItem] { index.tasks.map(\.task) }

    public func task(id: String) -> TaskItem? { index.task(id: id)?.task }

    /// The row of the task `id` in the list (its first, when it shows in more than one group).
    func row(ofTask id: String) -> ListRow? {
        rows.first { if case .task(let row) = $0 { return row.id == id }; return false }
    }
}
