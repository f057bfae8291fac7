import TaskEngine

/// Which pane has the keys while browsing.
public enum Focus: String, Hashable, Sendable, CaseIterable {
    case sidebar, list
    /// The detail pane (when shown): its checklist takes the keys.
    case detail

    /// The keymap context of the focused pane.
    public var context: KeyContext {
        switch self {
        case .sidebar: return .sidebar
        case .list: return .list
        case .detail: return .detail
        }
    }
}

/// A set of key bindings that is active together (lazygit's contexts). Each
/// mode reads keys from a short chain of them (`Mode.contexts`), and help
/// lists them in that order.
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    case global, sidebar, list, detail, search, text, quickAdd = "quick-add", changeLine = "change-line", finder
    case form, formChoice = "form-choice", formPresets = "form-presets", discard
    case ruleEditor = "rule-editor", editorName = "editor-name", ruleText = "rule-text", picker
    case calendar, calendarChoices = "calendar-choices", iconGrid = "icon-grid"
    case dialog, formConflict = "form-conflict"
    case sortMenu = "sort-menu", settings, quickFilter = "quick-filter", conflicts, overlay, help, menu
    /// The reminder banner (over browsing), and its snooze choice.
    case reminder, snoozeChoice = "snooze-choice"
    /// Keys that work in every mode (F1 help), checked last.
    case anywhere

    public var title: String {
        switch self {
        case .global: return "Browsing (sidebar and list)"
        case .sidebar: return "Sidebar"
        case .list: return "Task list"
        case .detail: return "Detail pane"
        case .finder: return "Find anything (every task: titles, notes, areas, projects, tags)"
        case .search: return "Search line"
        case .text: return "Text fields (form, search, quick add, names, pickers)"
        case .quickAdd: return "Quick add: #tag +Project @Area !high * fri 3pm ~30m every mon \\word"
        case .changeLine: return "Change line: +Project @Area #tag -#tag !high * fri 3pm due none +1w sched +3d ~30m"
        case .form: return "Task form"
        case .formChoice: return "Task form: Status, Priority, Flagged"
        case .formPresets: return "Task form: Recurrence"
        case .discard: return "Task form: discard changes?"
        case .ruleEditor: return "Rule editor"
        case .editorName: return "Rule editor: the name"
        case .ruleText: return "Rule editor: a rule or group as text"
        case .picker: return "Rule editor: choosing a value"
        case .calendar: return "Rule editor: the date picker's calendar"
        case .iconGrid: return "Rule editor: the icons (type a name to search)"
        case .calendarChoices: return "Rule editor: the date picker's relative choices"
        case .dialog: return "Questions"
        case .formConflict: return "Task changed on disk while in the form"
        case .sortMenu: return "Sort menu"
        case .settings: return "Settings"
        case .quickFilter: return "Quick filter"
        case .conflicts: return "Sync conflicts"
        case .overlay: return "Rules and problems views"
        case .help: return "Help"
        case .menu: return "Moving in menus, panels and help"
        case .reminder: return "A reminder's banner (above the status line)"
        case .snoozeChoice: return "Snoozing a reminder"
        case .anywhere: return "Everywhere"
        }
    }
}

/// What an action needs to act; when it is missing, the key says why
/// instead (and help shows the key as unavailable, with the reason).
public enum Requirement: Hashable, Sendable {
    /// The task under the cursor, or marked ones (the key then acts on them).
    case selectedTask
    /// The task under the cursor itself (marks do not stand in for it).
    case taskUnderCursor
    case customPerspective, repeatingTask, ruleRow, builtinRulesShown, unreadablePerspectives
    /// The Forecast is the view shown.
    case forecast
    /// A project of the sidebar's areas and projects.
    case sidebarProject

    public func reason(_ s: AppState) -> String? {
        switch self {
        case .selectedTask:
            return s.focus == .list && (s.selectedTask != nil || !s.marks.isEmpty) ? nil : Requirement.noTask(s)
        case .taskUnderCursor:
            return s.focus == .list && s.selectedTask != nil ? nil : Requirement.noTask(s)
        case .customPerspective:
            // The areas and projects come from the tasks' own fields, in name order: nothing of theirs to delete or move here.
            if let p = s.perspective, VaultTree.isTreeID(p.id) {
                let what = VaultTree.projectName(of: p.id) != nil ? "A project" : "An area"
                return "\(what) is listed from its tasks, in name order: it cannot be deleted or moved here"
                    + " (it goes when no task names it)."
            }
            return s.perspective?.isBuiltin == true
                ? "Built-in perspectives cannot be deleted or moved" + s.keymap.clause(" (", "duplicate-perspective", "duplicates one", ")", in: [.sidebar]) + "." : nil
        case .repeatingTask:
            guard let t = s.selectedTask, s.focus == .list else { return Requirement.noTask(s) }
            return t.recurrence != nil && t.status != .done ? nil
                : "'\(t.title)' does not repeat: only an occurrence of a repeating task can be skipped"
        case .ruleRow:
            guard let e = s.editor else { return "The rule editor is not open." }
            return e.header == nil && !e.path.isEmpty ? nil : "Select a rule or group first (the top group always stays)."
        case .builtinRulesShown:
            return s.perspective?.isBuiltin == true && s.overlay?.kind == .rules ? nil : "Only a built-in perspective's rules can be duplicated from here."
        case .forecast:
            return s.showsForecast ? nil : "Only the Forecast moves by day (it is in the sidebar)."
        case .sidebarProject:
            return s.perspective.flatMap { VaultTree.projectName(of: $0.id) } != nil ? nil
                : "Only a project (a + row of the sidebar's areas and projects) can be sequential."
        case .unreadablePerspectives:
            return s.perspectivesProblem?.hasPrefix(PerspectiveStore.unreadableMessage) == true && s.overlay?.kind == .problems ? nil
                : "The perspectives file is readable: nothing to replace."
        }
    }

    /// Why no task is under the cursor, said for where the cursor is, with
    /// the key that helps (as the keymap has it, remapped keys included).
    static func noTask(_ s: AppState) -> String {
        let keymap = s.keymap
        // (A key a remap left unbound is not named: the sentence ends before its clause.)
        func says(_ names: [String], _ words: String, all: Bool = false) -> String {
            keymap.phrase(names, words, in: [s.focus.context, .list], all: all).map { " (\($0))" } ?? ""
        }
        guard s.focus == .list else { return "No task selected\(says(["list"], "goes to the list", all: true))." }
        if case .group(_, let title, _, true)? = s.selectedRow { return "'\(title)' is folded: its tasks are hidden\(says(["collapse"], "opens it"))." }
        if !s.rows.contains(where: { if case .task = $0 { return true }; return false }) {
            if s.search?.isEmpty == false { return "No task matches the search\(says(["cancel"], "clears it"))." }
            return s.rows.isEmpty ? "The list is empty\(says(["add"], "adds a task"))." : "Every group is folded\(says(["collapse"], "on one opens it"))."
        }
        return "No task selected\(says(["down", "up"], "moves to one"))."
    }
}

extension Action {
    /// What the action needs (nil: it can always act).
    var requirement: Requirement? {
        switch self {
        case .cycleState, .toggleDone, .toggleFlag, .cyclePriority, .deleteTask, .changeTasks: return .selectedTask
        case .editTask, .openInEditor, .reorderTask, .mark, .markRange, .toggleTimer: return .taskUnderCursor
        case .skipOccurrence: return .repeatingTask
        case .deletePerspective, .reorderPerspective: return .customPerspective
        case .forecastMove: return .forecast
        case .toggleSequential: return .sidebarProject
        case .editor(let e):
            switch e {
            case .toggleRule, .deleteRule, .moveRuleDown, .moveRuleUp, .indent, .outdent: return .ruleRow
            default: return nil
            }
        case .overlay(.duplicate): return .builtinRulesShown
        case .overlay(.replacePerspectivesFile): return .unreadablePerspectives
        default: return nil
        }
    }
}
