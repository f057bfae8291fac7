import TaskEngine

/// Everything that can happen to the app: key actions and effect results.
public enum Action: Hashable, Sendable {
    case quit, toggleHelp, switchFocus, cancel
    /// A key while help is open (it scrolls).
    case helpKey(Key)
    case focus(Focus)
    case move(Int), page(Int), moveToEdge(top: Bool)
    case startSearch, searchInput(Key)
    case newPerspective, duplicatePerspective, deletePerspective, reorderPerspective(down: Bool)
    case cycleState, toggleDone, toggleFlag, cyclePriority, deleteTask, skipOccurrence
    case reorderTask(ManualReorder.Direction), resetOrder, reverseSort, toggleCollapse
    case confirm(Bool)
    /// The answer to a form's save conflict: keep the edit as a new file, take the disk version, or go back.
    case formConflict(FormConflictChoice)
    case addTask, editTask, formKey(Key)
    case openSortMenu, sortMenuKey(Key)
    case openInEditor
    case openSettings, settingsKey(Key)
    case showRules, showProblems, overlayKey(Key)
    case editPerspective, editorKey(Key)
    case openFilterPanel, filterKey(Key)
    case undo, redo
    case openConflicts, conflictKey(Key)
    case dayChanged(Day)
    case selectPerspective(String), selectRow(Int), scroll(up: Bool, sidebar: Bool)
    case resized
}

/// Work the runtime does outside the reducer; its outcome comes back as a reload.
public enum Effect: Hashable, Sendable {
    case writeTask(TaskItem)
    /// A new file in `folder` (relative to the vault; "" is the root).
    case createTask(TaskItem, folder: String)
    case openInEditor(TaskItem)
    case applyTheme(String)
    case saveSettings
    case saveQuickFilter
    case saveSession
    case undo, redo
    case resolveConflict(SyncConflict, ConflictChoice)
    case deleteTask(TaskItem)
    case savePerspective(Perspective)
    case createPerspective
    case duplicatePerspective(String)
    case deletePerspective(String)
    case movePerspective(String, ManualReorder.Direction)
    /// The user's choice to write the perspectives shown over an unreadable `.perspectives.json`.
    case replacePerspectivesFile
}

public enum FormConflictChoice: Hashable, Sendable { case keepMineAsCopy, takeDisk, backToForm }

/// How a sync conflict is resolved (kept Hashable for effects).
public enum ConflictChoice: Hashable, Sendable { case keepOriginal, keepCopy, keepBoth }
