import Foundation
import TaskEngine

/// Changes on disk, read into the app: what the watcher reports, what a start
/// from the cache finds, and the files the app itself put back (undo, redo)
/// or found changed when it went to write them. Only the files named are
/// read; the vault is listed whole only when the watcher cannot say what
/// changed.
extension AppRuntime {
    /// Looks for files changed outside the app and sends what changed to the
    /// reducer (which keeps the selection, the scroll, an open form and an
    /// open editor). The app's own writes were noted when made, so they show
    /// as no change. Returns true when something changed.
    /// `listed`: the problems of a whole listing just made (a start from the
    /// cache), shown with the rest.
    @discardableResult
    public func pollChanges(_ scope: InotifyWatch.Report = InotifyWatch.Report(everything: true), listed: [VaultProblem]? = nil) -> Bool {
        guard var seen = signature else { return false }
        seenSignature = nil  // (so `seen` is the only holder of its stamps, and is changed in place)
        let changes: VaultSignature.Changes
        if scope.everything {
            guard let now = try? VaultSignature.take(root: writer.root) else {
                signature = seen
                return false
            }
            changes = seen.adopt(now)
        } else {
            changes = seen.update(files: scope.files, folders: scope.folders, root: writer.root)
        }
        signature = seen
        // (A note that is no task may have come or gone: the detail pane's links are looked up again.)
        if !changes.changed.isEmpty || !changes.removed.isEmpty { linkLookup.note(changed: changes.changed, removed: changes.removed, root: writer.root) }
        guard let change = read(changes, everything: scope.everything, perspectivesCopy: Self.namesPerspectivesCopy(scope.files), listed: listed ?? [])
        else {
            guard let links = detailLinksUpdate() else { return false }
            dispatch(links)
            return true
        }
        dispatch(change)
        return true
    }

    /// Reads again the files at `paths` (as the effects name them: the vault's
    /// root, `/`, the id), whatever their stamps say: the app has just put
    /// them back (undo, redo) or found them changed on disk. Nothing else is
    /// looked at. Returns the change for the reducer (none: nothing to show).
    func reread(_ paths: [String]) -> [Action] {
        let prefix = writer.root + "/"
        let ids = Set(paths.compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
        guard !ids.isEmpty, var seen = signature else { return [] }
        seenSignature = nil
        let changes = seen.rewritten(files: ids, root: writer.root)
        signature = seen
        return read(changes, everything: false, perspectivesCopy: Self.namesPerspectivesCopy(ids), listed: []).map { [$0] } ?? []
    }

    /// Whether one of `ids` is a copy a sync tool made of the perspectives file.
    static func namesPerspectivesCopy(_ ids: Set<String>) -> Bool {
        ids.contains { $0.hasPrefix(".perspectives") && $0 != PerspectiveStore.fileName }
    }

    /// The files `changes` names, read, as one change for the reducer (nil: nothing changed).
    private func read(_ changes: VaultSignature.Changes, everything: Bool, perspectivesCopy: Bool, listed: [VaultProblem]) -> Action? {
        // Sync-conflict copies are looked for again only when a change could add or remove one. The
        // perspectives file's copies are hidden files, outside the signature: an event naming one (or a
        // poll, which cannot see them) is what tells.
        let mayConflict = changes.perspectivesChanged || perspectivesCopy
            || (changes.changed + changes.removed).contains { SyncConflict.mayBeACopy($0) || state.conflicts.contains(original: $0) }
        guard !changes.isEmpty || everything || mayConflict || perspectivesCopy || !listed.isEmpty else { return nil }
        var problems: [VaultProblem] = listed
        var fresh: [TaskItem] = []
        let detection = writer.profile.detection
        for id in changes.changed where detection.includes(path: id) {
            switch VaultLoader.loadOne(root: writer.root, id: id, timeZone: .current, profile: writer.profile) {
            case .success(let t):
                guard detection.includes(t) else { continue }  // a note, not a task (it is dropped if it was one)
                fresh.append(t)
                problems += t.warnings.map { VaultProblem(id: t.id, kind: .warning, reason: $0) }
            case .failure(let p): problems.append(p)
            }
        }
        // Both sides of a conflict must be tasks: the files just read count as they are now.
        var conflicts = state.conflicts
        if everything || mayConflict {
            let read = Dictionary(fresh.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
            let touched = Set(changes.changed).union(changes.removed)
            conflicts = SyncConflict.find(root: writer.root, ids: signature?.paths ?? []) { id in
                read[id] ?? (touched.contains(id) ? nil : state.index.task(id: id)?.task.title)
            }
        }
        guard !changes.isEmpty || conflicts != state.conflicts || perspectivesCopy || !listed.isEmpty else { return nil }
        var perspectives: ([Perspective], String?)?
        if changes.perspectivesChanged {
            store.load()
            perspectives = (store.all, store.shownProblem)
        }
        var touched = Set(changes.changed).union(changes.removed).union(listed.map(\.id))
        let notesRead = readProjectNotesAgain(changes, fresh: fresh)
        if let notesRead {
            touched.insert(ProjectNotes.problemID)
            problems += notesRead
        }
        let change = VaultChange(fresh: fresh, touched: touched, problems: problems, perspectives: perspectives, conflicts: conflicts,
                                 projects: perspectives == nil && notesRead == nil ? nil : projects)
        return .effect(.changed(Shared(change)))
    }

    /// In a vault whose projects are notes (TaskNotes), a project note's `sequential` is read
    /// again when a file that is no task changed, came or went (it may be a project's note), or a
    /// task read again names another project; `noteProjects` then holds what they say now.
    /// Returns the notes' problems when they were read (nil: nothing could have changed).
    private func readProjectNotesAgain(_ changes: VaultSignature.Changes, fresh: [TaskItem]) -> [VaultProblem]? {
        guard writer.profile.projectsAsLinks else { return nil }
        let index = state.index
        let freshIDs = Set(fresh.map(\.id))
        let noteTouched = changes.changed.contains { !freshIDs.contains($0) }
            || changes.removed.contains { index.task(id: $0) == nil }
        let projectMoved = fresh.contains { index.task(id: $0.id)?.task.project != $0.project }
        guard noteTouched || projectMoved else { return nil }
        let gone = Set(changes.removed)
        let kept = index.tasks.lazy.filter { !freshIDs.contains($0.id) && !gone.contains($0.id) }.map(\.task)
        let (found, said) = ProjectNotes.sequential(root: writer.root, files: signature?.paths ?? [], tasks: [AnySequence(kept), AnySequence(fresh)].joined())
        noteProjects = found
        return said.map { VaultProblem(id: ProjectNotes.problemID, kind: .warning, reason: $0) }
    }
}
