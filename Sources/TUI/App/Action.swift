import TaskEngine

/// Everything that can happen to the app: what keys and the mouse ask for,
/// and what effects report back. Only the reducer turns them into state.
public enum Action: Hashable, Sendable {
    // Browsing: the sidebar and the list.
    case quit, toggleHelp, switchFocus, cancel
    case focus(Focus)
    case move(Int), page(Int), moveToEdge(top: Bool)
    case startSearch
    case newPerspective, duplicatePerspective, deletePerspective, reorderPerspective(down: Bool)
    case cycleState, toggleDone, toggleFlag, cyclePriority, deleteTask, skipOccurrence
    /// Starts the selected task's timer (stopping any other running one in the vault), or stops it.
    case toggleTimer
    case reorderTask(ManualReorder.Direction), resetOrder, reverseSort, toggleCollapse
    case addTask, addTaskInForm, editTask, openInEditor
    /// Marks: the selected task (then down), a range from the last marked to the selected, every task shown.
    case mark, markRange, markAll
    /// The change line (`c`) for the marked tasks, or the selected one.
    case changeTasks
    /// Shows or hides the detail pane; its keys while it has the focus.
    case toggleDetail
    /// Folds or unfolds the sidebar's areas and projects.
    case toggleVaultTree
    /// Makes the sidebar's project sequential (each task waits for the one before it), or parallel again.
    case toggleSequential
    /// The vault-wide finder, and its keys.
    case openFinder
    case finder(FinderAction)
    case detail(DetailAction)
    /// Back to the task (and view) shown before the last dependency or link was followed.
    case followBack
    case openSortMenu, openSettings, showRules, showProblems, editPerspective, openFilterPanel, openConflicts
    case undo, redo
    /// The app-wide density (the settings panel steps through it).
    case setDensity(Density)
    case selectPerspective(String), selectRow(Int), scroll(up: Bool, sidebar: Bool)
    /// The Forecast's cursor: this many slots on (a day is one, a week seven; back when negative).
    case forecastMove(Int)

    // Any mode with a text field: the field's line editor.
    case text(TextField.Edit)
    /// Typed or pasted text, into the mode's text field.
    case insert(String)

    // Modes.
    case search(SearchAction)
    case form(FormAction)
    case quickAdd(QuickAddAction)
    /// The answer to "Discard your changes?" when leaving a changed form.
    case discard(Bool)
    case editor(EditorAction)
    case picker(PickerAction)
    case calendar(CalendarAction)
    /// Moves the cursor (or the scroll) of a list-like popup: menus, panels, help.
    case menu(MenuMove)
    /// A click on row `n` of the open popup.
    case menuSelect(Int)
    case sortMenu(SortMenuAction)
    case settings(SettingsAction)
    case filter(FilterAction)
    case conflict(ConflictAction)
    case overlay(OverlayAction)
    case confirm(Bool)
    /// The answer to a form's save conflict: keep the edit as a new file, take the disk version, or go back.
    case formConflict(FormConflictChoice)
    /// Shown in the status line (a key that cannot act now says why).
    case notice(String)
    /// The reminder banner's keys (`z` snooze, Esc dismiss).
    case reminder(ReminderAction)

    // What effects report back.
    case effect(EffectResult)
    case dayChanged(Day)
    /// The clock moved on a minute (due times today count down).
    case minuteChanged(Int64)
    /// Reminders came due (`missed`: while todomd was closed).
    case remindersDue(ReminderWatch.Found, missed: Bool)
    /// The clock, in whole seconds since 1970, at an instant the state asked to wake at (`AppState.wakeAt`).
    case clock(Int64)
    case resized

    /// True for what the user did (their next action clears the status message).
    var isUserAction: Bool {
        switch self {
        case .effect, .dayChanged, .minuteChanged, .remindersDue, .clock, .resized, .notice: return false
        default: return true
        }
    }
}

public enum SearchAction: Hashable, Sendable { case keep, clear }
public enum FinderAction: Hashable, Sendable { case move(Int), select(Int), jump, close }
public enum DetailAction: Hashable, Sendable {
    case down, up, pageDown, pageUp, toggleItem, back
    /// Goes to the task, or opens the note, of the dependency or link under the cursor.
    case follow
}
public enum QuickAddAction: Hashable, Sendable { case add, cancel, openForm, older, newer }
public enum FormAction: Hashable, Sendable { case save, cancel, nextField, previousField, choice(Int), focusField(Int) }
public enum EditorAction: Hashable, Sendable {
    case down, up, first, last, close, edit, addRule, addGroup, cycleOperator, toggleRule, deleteRule
    case moveRuleDown, moveRuleUp, indent, outdent, finishName, selectLine(Int)
    /// The selected rule or group as a line of text; Enter puts it back, Esc leaves it.
    case editAsText, applyText, cancelText
    /// Undo / redo inside the editor; leave without saving (asks when something changed).
    case undo, redo, discard
}
public enum PickerAction: Hashable, Sendable {
    case down, up, pageDown, pageUp, toggle, pick, cancel
    /// In a grid (the icons): the cell to the left or right.
    case left, right
}
public enum MenuMove: Hashable, Sendable { case down, up, first, last, pageDown, pageUp }
public enum SortMenuAction: Hashable, Sendable { case choose, close }
public enum SettingsAction: Hashable, Sendable { case change(Int), close }
public enum FilterAction: Hashable, Sendable { case toggle, only, all, none, moveDown, moveUp, close }
public enum ConflictAction: Hashable, Sendable {
    case resolve(ConflictChoice), close
    /// The next (1) or previous (-1) conflict.
    case next(Int)
}
public enum OverlayAction: Hashable, Sendable { case close, duplicate, replacePerspectivesFile }

/// Work the runtime does outside the reducer; its outcome comes back as an `Action.effect`.
public enum Effect: Hashable, Sendable {
    case writeTask(TaskItem)
    /// A new file in `folder` (relative to the vault; "" is the root).
    case createTask(TaskItem, folder: String)
    case openInEditor(TaskItem)
    /// A file of the vault that is no task (a vault path), in `$EDITOR`; nothing is read back.
    case openNote(String)
    case applyTheme(String)
    case saveSettings
    case saveQuickFilter
    case saveSession
    /// The quick-add lines ↑ recalls, in this vault's session file.
    case saveAddHistory
    case undo, redo
    /// `shown`: both files as the view showed them (a file changed since refuses it).
    case resolveConflict(SyncConflict, ConflictChoice, shown: SyncConflict.Shown)
    /// Reads both versions of a sync conflict for the panel.
    case readConflict(SyncConflict)
    case deleteTask(TaskItem)
    /// The task's timer stopped when it runs, else started with every other running one stopped
    /// (`running`: those the state knows of; `stops`: whether the state saw it running, for the undo label).
    case toggleTimer(TaskItem, running: [String], stops: Bool)
    /// Several tasks written (or deleted) as one undo step; a file changed outside is skipped and reported.
    case writeTasks([TaskItem], label: String)
    /// A checklist item ticked: only the notes change (no `modified` stamp), so one line of the file does.
    case writeChecklist(TaskItem)
    case deleteTasks([TaskItem])
    case savePerspective(Perspective)
    case createPerspective
    case duplicatePerspective(String)
    /// An area or project of the sidebar made a custom perspective with the same rules.
    case adoptPerspective(Perspective)
    case deletePerspective(String)
    case movePerspective(String, ManualReorder.Direction)
    /// A project made sequential or parallel (`.perspectives.json`'s `projects`).
    case setSequential(project: String, Bool)
    /// A sequential project's order of tasks, as `J`/`K` in its view left it.
    case saveProjectOrder(project: String, [String])
    /// The user's choice to write the perspectives shown over an unreadable `.perspectives.json`.
    case replacePerspectivesFile
    /// A reminder came due: the terminal bell and `reminder_command`, as config.yaml says.
    case alertReminder(titles: [String])
    /// The firing shown again once the snooze runs out (kept in the vault's reminder state file).
    case snoozeReminder(ReminderFiring, SnoozeLength)
}

/// What an effect reports back to the reducer.
public enum EffectResult: Hashable, Sendable {
    /// The vault read again (at start, after undo, after a conflict).
    case loaded(Shared<VaultContents>)
    /// Files changed outside the app, read again.
    case changed(Shared<VaultChange>)
    case saved(TaskItem)
    /// Saved under a new file name (the title is the file name in this vault); `updated`: the other
    /// tasks whose files named the old name and now name the new one, `notes` the notes (files that are
    /// no task) that do; `skipped`: those left as they were; `unfollowed`: the setting that says the
    /// other files are not to be updated (`VaultProfile.followsRenamesSource`), when it does.
    case moved(from: String, TaskItem, updated: [TaskItem] = [], notes: [String] = [], skipped: [VaultProblem] = [], unfollowed: String? = nil)
    case created(TaskItem)
    case deleted(TaskItem)
    /// A bulk write: the tasks as saved, the ids gone (deleted, or renamed away), the files skipped, and what to say.
    case bulkWritten(saved: [TaskItem], removed: [String], skipped: [VaultProblem], message: String)
    /// Timers started and stopped (`TimerSwitch`), at `at` (seconds since 1970).
    case timerSwitched(TimerSwitch.Outcome, at: Int64)
    /// The perspectives file as the store now holds it (with the sequential projects it and the project notes set).
    case perspectives([Perspective], problem: String?, projects: SequentialProjects = .none)
    /// A new perspective to edit (created or duplicated).
    case perspectiveCreated(id: String, message: String)
    case perspectiveDeleted(name: String)
    case perspectivesReplaced
    /// A write found the file changed on disk since it was read; `attempted` is what was to be written.
    case changedOnDisk(id: String, attempted: TaskItem)
    /// A write, an undo or a setting did not happen; the reason for the user.
    case failed(String)
    case undone(label: String, redo: Bool)
    case conflictResolved(String)
    case conflictRead(SyncConflict, SyncConflict.Shown)
    /// Something worth saying that changed nothing.
    case notice(String)
    /// Where the detail pane's task's links lead.
    case detailLinks(DetailLinks)
}

public enum FormConflictChoice: Hashable, Sendable { case keepMineAsCopy, takeDisk, backToForm }

/// How a sync conflict is resolved (kept Hashable for effects).
public enum ConflictChoice: Hashable, Sendable { case keepOriginal, keepCopy, keepBoth }

/// A large value carried by an action, compared by identity (an action is
/// compared in tests; a whole vault need not be).
public final class Shared<Value: Sendable>: Hashable, Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
    public static func == (a: Shared, b: Shared) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// The vault as read: tasks, problems, perspectives, sync conflicts.
public struct VaultContents: Sendable {
    public var index: TaskIndex
    public var problems: [VaultProblem]
    public var perspectives: [Perspective]
    public var perspectivesProblem: String?
    public var conflicts: [SyncConflict]
    /// The sequential projects (`.perspectives.json` and project notes).
    public var projects: SequentialProjects = .none
}

/// Files changed outside the app: the tasks read again, the ids gone, and
/// the perspectives when their file changed.
public struct VaultChange: Sendable {
    public var fresh: [TaskItem]
    /// Every id changed or removed (their old problems are dropped).
    public var touched: Set<String>
    public var problems: [VaultProblem]
    public var perspectives: (all: [Perspective], problem: String?)?
    public var conflicts: [SyncConflict]
    /// The sequential projects, when the perspectives file changed.
    public var projects: SequentialProjects? = nil
}
