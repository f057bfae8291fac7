import TaskEngine

/// What effects report back, folded into the state: the runtime does the
/// I/O, this decides what the user sees.
enum EffectReducer {
    /// The `!` panel after the app's own writes: a saved task's warnings are those it was read back with
    /// (a value fixed in the form is no longer reported).
    static func noteWarnings(_ s: inout AppState, of saved: [TaskItem], removed: [String] = []) {
        let gone = Set(saved.map(\.id) + removed)
        guard s.problems.contains(where: { gone.contains($0.id) }) || saved.contains(where: { !$0.warnings.isEmpty }) else { return }
        s.problems = (s.problems.filter { !($0.kind == .warning && gone.contains($0.id)) }
                      + saved.flatMap { t in t.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) } }).sorted { $0.id < $1.id }
    }

    static func apply(_ s: inout AppState, _ result: EffectResult) -> [Effect] {
        switch result {
        case .loaded(let contents):
            let c = contents.value
            s.index = c.index
            s.problems = c.problems
            s.perspectives = c.perspectives
            s.perspectivesProblem = c.perspectivesProblem
            s.sequentialProjects = c.projects
            s.conflicts = c.conflicts
            if s.perspective == nil { s.selectedPerspectiveID = "inbox" }
            s.refresh()
        case .changed(let change):
            applyChange(&s, change.value)
            return followConflicts(&s)
        case .saved(let t):
            closeForm(&s)
            let before = s.task(id: t.id)
            s.index.update([t])
            noteWarnings(&s, of: [t])
            s.refresh()
            ReminderReducer.warn(&s, before: before, saved: t)
        case .moved(let from, let t, let updated, let notes, let skipped, let unfollowed):
            closeForm(&s)
            // Who waited for it by its old name and was not updated (asked before the index forgets that name).
            let followed = Set(updated.map(\.id))
            let waiting = followed.isEmpty ? s.index.openWaiters(of: from)
                : s.index.waitedBy(id: from).count { !followed.contains($0) && s.index.task(id: $0)?.task.status.isClosed == false }
            s.index.update([t] + updated, removing: [from])
            noteWarnings(&s, of: [t] + updated, removed: [from])
            if !skipped.isEmpty { s.skippedWrites = skipped }
            s.refresh()
            if let row = s.row(ofTask: t.id) { s.selectedRow = row }
            let files = updated.count + notes.count
            s.message = "Renamed to \(t.id) (the title is the file name here\(s.keymap.clause("; ", "undo", "undoes")))"
                + (files == 0 ? "" : "; \(files == 1 ? "1 other file now names" : "\(files) other files now name") the new name")
                + (unfollowed.map { "; " + FollowedRename.notFollowed($0) } ?? "")
                + (skipped.isEmpty ? "" : "; not updated: " + skipped.map { "\($0.id) (\($0.reason.dropFirst(FollowedRename.skipReason(from).count)))" }.joined(separator: ", "))
                + (waiting == 0 ? "" : "; \(waiting == 1 ? "1 task waits" : "\(waiting) tasks wait") for it by its old name and now name no task")
        case .created(let t):
            closeForm(&s)
            s.index.update([t])
            s.refresh()
            let said = AddedTask.describe(t, today: s.today)
            if let row = s.row(ofTask: t.id) {
                s.selectedRow = row
                s.focus = .list
                s.message = "Added '\(t.title)'" + said
            } else {
                let elsewhere = AddedTask.shownIn(t, s.perspectives, today: s.today, index: s.index).map { "; it is in \($0)" } ?? ""
                s.message = "Added '\(t.title)'\(said) (\(t.id)); not shown in \(s.perspective?.name ?? "this perspective")\(elsewhere)"
            }
            ReminderReducer.warn(&s, before: nil, saved: t)
        case .bulkWritten(let saved, let removed, let skipped, let message):
            let before = saved.map { s.task(id: $0.id) }
            s.index.update(saved, removing: Set(removed))
            noteWarnings(&s, of: saved, removed: removed)
            s.marks.subtract(removed)
            s.skippedWrites = skipped
            s.message = message
            s.refresh()
            for (old, t) in zip(before, saved) { ReminderReducer.warn(&s, before: old, saved: t, naming: true) }
        case .timerSwitched(let outcome, let at): TimerReducer.switched(&s, outcome, at: at)
        case .deleted(let t):
            s.index.update([], removing: [t.id])
            s.message = "Deleted '\(t.title)' (in the trash\(s.keymap.clause("; ", "undo", "undoes")))"
            s.refresh()
        case .perspectives(let all, let problem, let projects):
            s.perspectives = all
            s.perspectivesProblem = problem
            s.sequentialProjects = projects
            if s.perspective == nil { s.selectedPerspectiveID = "inbox" }
            s.refresh()
        case .perspectiveCreated(let id, let message):
            select(&s, id, message: message)
            if let p = s.perspectives.first(where: { $0.id == id }) { s.mode = .ruleEditor(RuleEditor(p)) }
            s.refresh()
        case .perspectiveDeleted(let name): select(&s, "inbox", message: "Deleted '\(name)'" + s.keymap.clause(" (", "undo", "undoes", ")"))
        case .perspectivesReplaced:
            s.message = "Wrote the perspectives shown to \(PerspectiveStore.fileName); the unreadable version is in \(PerspectiveStore.fileName).backup"
                + s.keymap.clause(" (", "undo", "undoes", ")")
        case .changedOnDisk(let id, let attempted):
            if case .form(let f) = s.mode {
                s.mode = .dialog(.formConflict(attempted), over: .form(f))  // the user chooses: keep theirs as a copy or take the disk version
            } else {
                s.message = "\(id) changed on disk since it was loaded; nothing was overwritten (reloaded)."
            }
        case .failed(let reason):
            // An open form keeps the user's input and shows why.
            if case .form(var f) = s.mode {
                f.error = reason
                s.mode = .form(f)
            } else {
                s.message = reason
            }
        case .undone(let label, let redo): s.message = (redo ? "Redone: " : "Undone: ") + label
        case .conflictResolved(let original):
            s.message = "Resolved \(original)" + s.keymap.clause(" (", "undo", "undoes", ")")
            guard case .conflicts(let panel) = s.mode else { break }
            guard !s.conflicts.isEmpty else { s.mode = .browse; break }
            let i = min(panel.index, s.conflicts.count - 1)
            s.mode = .conflicts(ConflictPanel(index: i, conflict: s.conflicts[i]))
            return [.readConflict(s.conflicts[i])]
        case .conflictRead(let conflict, let shown):
            if case .conflicts(let panel) = s.mode, panel.conflict == conflict {
                var read = ConflictPanel(index: panel.index, conflict: panel.conflict, shown: shown)
                // A re-read of the same conflict (changed on disk) keeps the place in its diff.
                if read.diff.count > panel.scroll { read.scroll = panel.scroll }
                s.mode = .conflicts(read)
            }
        case .notice(let text): s.message = text
        case .detailLinks(let links): s.detailLinks = links
        }
        return []
    }

    static func closeForm(_ s: inout AppState) {
        if s.form != nil { s.mode = .browse }
    }

    static func select(_ s: inout AppState, _ id: String, message: String) {
        s.selectedPerspectiveID = id
        s.selectedRow = nil
        s.focus = .sidebar
        s.mode = .browse
        s.message = message
        s.refresh()
    }

    /// Files changed outside the app, folded in, keeping the selection, an
    /// open form and an open editor (which is told what happened to its perspective).
    static func applyChange(_ s: inout AppState, _ change: VaultChange) {
        s.index.update(change.fresh, removing: change.touched)
        if let projects = change.projects { s.sequentialProjects = projects }
        s.problems = (s.problems.filter { !change.touched.contains($0.id) } + change.problems).sorted { $0.id < $1.id }
        if let (all, problem) = change.perspectives {
            s.perspectives = all
            s.perspectivesProblem = problem
            if case .ruleEditor(var e) = s.mode {
                let disk = all.first { $0.id == e.perspective.id }
                // (The keys that save and undo, as the keymap has them: a sentence without one still says what happens.)
                let save = s.keymap.key("close-editor", in: [.ruleEditor]), undo = s.keymap.key("undo")
                if disk == e.original {
                    s.message = ".perspectives.json changed on disk: merged; this perspective keeps your open edit (saved on \(save ?? "leaving the editor"))"
                } else if disk == nil {
                    s.message = "'\(e.perspective.name)' was deleted on disk while you edited it: \(save ?? "leaving the editor") saves it back"
                        + (undo.map { ", \($0) then undoes that" } ?? "")
                } else {
                    s.message = "'\(e.perspective.name)' was also changed on disk: \(save ?? "leaving the editor") saves your version over it"
                        + (undo.map { ", \($0) then brings theirs back" } ?? "")
                    e.original = disk!
                    s.mode = .ruleEditor(e)
                }
            }
            if s.perspective == nil { s.selectedPerspectiveID = "inbox" }
        }
        let before = s.conflicts
        s.conflicts = change.conflicts
        s.refresh()
        if before != s.conflicts, case .browse = s.mode {
            let added = s.conflicts.filter { !before.contains($0) }, gone = before.filter { !s.conflicts.contains($0) }
            if let c = added.first {
                s.message = "A sync conflict appeared: \(c.copy)" + s.keymap.clause(" (", "conflicts", "shows how it differs from \(c.original)", ")")
            } else if let c = gone.first {
                s.message = "Resolved elsewhere: the conflict copy \(c.copy) is gone"
            }
        }
    }

    /// The conflicts view follows what changed on disk: the conflict shown is
    /// re-read (either version may have changed), or, when it was resolved
    /// elsewhere, the next one is shown (none left: the view closes).
    static func followConflicts(_ s: inout AppState) -> [Effect] {
        guard case .conflicts(var panel) = s.mode else { return [] }
        if let shown = panel.conflict, let i = s.conflicts.firstIndex(of: shown) {
            // Either version may be what changed: two small files, read again.
            panel.index = i
            s.mode = .conflicts(panel)
            return [.readConflict(shown)]
        }
        guard !s.conflicts.isEmpty else {
            s.mode = .browse
            s.message = "The conflict was resolved elsewhere; no sync conflicts are left"
            return []
        }
        let i = min(panel.index, s.conflicts.count - 1)
        s.mode = .conflicts(ConflictPanel(index: i, conflict: s.conflicts[i]))
        // (What happened first: a long copy name is what the status line cuts to keep its help key.)
        s.message = panel.conflict.map { "Resolved elsewhere, showing the next conflict: \($0.copy) is gone" }
        return [.readConflict(s.conflicts[i])]
    }
}
