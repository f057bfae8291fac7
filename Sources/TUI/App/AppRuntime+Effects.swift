import Foundation
import TaskEngine

/// The effects: the only place the app writes or reads files after start.
/// Each returns what happened, as actions for the reducer.
extension AppRuntime {
    func run(_ effect: Effect) -> [Action] {
        switch effect {
        case .undo, .redo:
            do {
                let step = effect == .undo ? try history.undo() : try history.redo()
                // The files put back are read again, as a change made outside is: no listing, no reload.
                return reread(step.changes.map(\.path)) + [.effect(.undone(label: step.label, redo: effect == .redo))]
            } catch let f as UndoHistory.Failure {
                return [.effect(.failed(f.description))]
            } catch {
                return [.effect(.failed("Could not undo: \(error)"))]
            }
        case .applyTheme(let name):
            let (theme, problem) = ThemeLoader.load(name, paths: themePaths)
            onTheme?(theme)
            return problem.map { [.effect(.notice($0))] } ?? []
        case .saveSession, .saveQuickFilter, .saveSettings, .saveAddHistory:
            return saveConfig(effect).map { [.effect(.notice($0))] } ?? []
        case .readConflict(let c):
            return [.effect(.conflictRead(c, c.read(root: writer.root)))]
        case .openNote(let path): return openNote(path)
        case .alertReminder(let titles): return alert(titles: titles)
        case .snoozeReminder(let firing, let length): return snooze(firing, length)
        case .toggleTimer(let t, let running, let stops): return toggleTimer(t, running: running, stops: stops)
        default:
            return write(effect)
        }
    }

    /// A write, recorded for undo; a file changed on disk meanwhile is never overwritten.
    func write(_ effect: Effect) -> [Action] {
        do {
            var written = paths(effect)
            var results: [Action] = []
            try history.record(label(effect), paths: written) {
                let (done, created) = try perform(effect)
                results = done
                written += created
                return ((), created)
            }
            if signature != nil { for path in written { seenSignature?.note(path: path, root: writer.root) } }
            return results
        } catch VaultError.changedOnDisk(let id) {
            let reloaded = reread([writer.path(of: id)])  // shown as it now is on disk
            if case .resolveConflict(let c, _, _) = effect {
                // The view shows the new state: both versions read again.
                return reloaded + [.effect(.failed("Changed on disk since shown, not resolved (look again): \(id)"))] + run(.readConflict(c))
            }
            if case .writeTask(let mine) = effect { return reloaded + [.effect(.changedOnDisk(id: id, attempted: mine))] }
            if case .writeChecklist = effect { return reloaded + [.effect(.failed("\(id) changed on disk; nothing was ticked (reloaded: look again)."))] }
            return reloaded + [.effect(.failed("\(id) changed on disk since it was loaded; nothing was overwritten (reloaded)."))]
        } catch {
            if case .resolveConflict = effect { return [.effect(.failed("Not resolved: \(error)"))] }
            return [.effect(.failed("Could not save: \(error)"))]
        }
    }

    /// Writes each task on its own: one that cannot be written (changed on
    /// disk since it was read, unwritable) is skipped and named; the others
    /// are written. `one` returns the task as saved (nil: it is gone).
    /// `followRenames`: a task saved under a new file name (its title is its file name) has the other
    /// files that named the old name follow, in the order written (`VaultWriter.followRenames`).
    func bulk(_ tasks: [TaskItem], label: String, followRenames: Bool = false, _ one: (TaskItem) throws -> TaskItem?) -> ([Action], [String]) {
        var saved: [TaskItem] = [], removed: [String] = [], created: [String] = [], skipped: [(id: String, why: String)] = []
        var renames: [(from: String, to: String)] = [], written: [String: TaskItem] = [:]
        for t in tasks {
            do {
                if let s = try one(t) {
                    saved.append(s)
                    written[t.id] = s
                    if s.id != t.id {
                        removed.append(t.id)
                        created.append(writer.path(of: s.id))
                        renames.append((t.id, s.id))
                    }
                } else {
                    removed.append(t.id)
                }
            } catch VaultError.changedOnDisk(let id) {
                skipped.append((id, "changed on disk"))
            } catch {
                skipped.append((t.id, "\(error)"))
            }
        }
        let done = saved.count + removed.count - created.count
        var message = "Done: \(label)" + keymap.clause(" (", "undo", "undoes", ")")
        var followed = FollowedRename()
        if followRenames, !renames.isEmpty {
            followed = writer.followRenames(renames, before: state.index, written: written)
            // A task the follow rewrote is shown as it now is.
            var at = Dictionary(saved.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            for u in followed.updated {
                if let i = at[u.id] { saved[i] = u } else { at[u.id] = saved.count; saved.append(u) }
            }
            let own = Set(written.values.map(\.id))
            let files = followed.updated.count { !own.contains($0.id) } + followed.notes.count
            if !writer.profile.followsRenames {
                message += "; " + FollowedRename.notFollowed(writer.profile.followsRenamesSource ?? "the vault's settings")
                    .replacingOccurrences(of: "the old name", with: "the old names")
            } else if files > 0 || followed.links > 0 {
                message += "; \(followed.links == 1 ? "1 link" : "\(followed.links) links") to the old names now name the new ones"
                    + (files == 0 ? "" : " (\(files == 1 ? "1 other file" : "\(files) other files"))")
            }
            if !followed.skipped.isEmpty {
                message += "; not updated: " + followed.skipped.map { "\($0.id) (\($0.why))" }.joined(separator: ", ")
            }
        }
        if !skipped.isEmpty {
            // The count and where to see them all first: the status line is cut to its width.
            message = "\(done) of \(tasks.count) written; skipped \(skipped.count)" + keymap.clause(" (", "problems", "lists them", ")") + ": "
                + skipped.map { "\($0.id) (\($0.why))" }.joined(separator: ", ") + keymap.clause("; ", "undo", "undoes the rest")
        }
        let listed = skipped.map { VaultProblem(id: $0.id, kind: .warning, reason: "not written by the last change of several tasks: \($0.why)") }
            + followed.skipped.map { VaultProblem(id: $0.id, kind: .warning, reason: "still names a renamed task's old name (not updated to its new name): \($0.why)") }
        // What was skipped is shown as it now is on disk.
        let out = reread((skipped.map(\.id) + followed.skipped.map(\.id)).map(writer.path(of:)))
            + [.effect(.bulkWritten(saved: saved, removed: removed, skipped: listed, message: message))]
        return (out, created)
    }

    /// The files an effect may change (a created task's file is returned by `perform`).
    func paths(_ effect: Effect) -> [String] {
        switch effect {
        case .writeTask(let t): return [writer.path(of: t.id)] + followedPaths([t])
        case .deleteTask(let t), .openInEditor(let t), .writeChecklist(let t): return [writer.path(of: t.id)]
        case .writeTasks(let ts, _): return ts.map { writer.path(of: $0.id) } + followedPaths(ts)
        case .deleteTasks(let ts): return ts.map { writer.path(of: $0.id) }
        case .savePerspective, .createPerspective, .duplicatePerspective, .deletePerspective, .movePerspective, .adoptPerspective,
             .replacePerspectivesFile, .setSequential, .saveProjectOrder: return [store.path]
        case .resolveConflict(let c, _, _): return [writer.root + "/" + c.original, writer.root + "/" + c.copy]
        default: return []
        }
    }

    /// A new title that renames a file rewrites the other files naming the old name too (where the
    /// vault's settings let it): those files are in the same undo step as the tasks written.
    func followedPaths(_ tasks: [TaskItem]) -> [String] {
        guard writer.profile.titleFromFilename, writer.profile.followsRenames else { return [] }
        let renamed = tasks.filter { t in state.task(id: t.id).map { $0.title != t.title } == true }
        guard !renamed.isEmpty else { return [] }
        let ids = Set(state.index.tasks.map(\.task.id))
        var seen = Set(tasks.map(\.id)), out: [String] = []
        for t in renamed {
            for id in state.index.mayName(t.id).map(\.id) + writer.notesNaming(t.id, taskIDs: ids) where seen.insert(id).inserted {
                out.append(writer.path(of: id))
            }
        }
        return out
    }

    func label(_ effect: Effect) -> String {
        switch effect {
        case .writeTask(let t): return "change to '\(t.title)'"
        case .createTask(let t, _): return "add '\(t.title)'"
        case .deleteTask(let t): return "delete '\(t.title)'"
        case .writeTasks(_, let label): return label
        case .writeChecklist(let t): return "checklist of '\(t.title)'"
        case .deleteTasks(let ts): return "delete \(ts.count) tasks"
        case .openInEditor(let t): return "edit of '\(t.title)' in the editor"
        case .savePerspective(let p): return "change to perspective '\(p.name)'"
        case .createPerspective: return "new perspective"
        case .duplicatePerspective: return "duplicate perspective"
        case .adoptPerspective(let p): return "perspective from \(p.name)"
        case .deletePerspective: return "delete perspective"
        case .movePerspective: return "perspective move"
        case .setSequential(let name, let on): return "\(name) made \(on ? "sequential" : "parallel")"
        case .saveProjectOrder(let name, _): return "order of \(name)"
        case .replacePerspectivesFile: return "replacement of the unreadable .perspectives.json"
        case .resolveConflict(let c, _, _): return "conflict resolution of \(c.original)"
        default: return "change"
        }
    }

    /// Does the work of a write; returns its results and the files it created.
    func perform(_ effect: Effect) throws -> ([Action], [String]) {
        func perspectives() -> Action { .effect(.perspectives(store.all, problem: store.shownProblem, projects: projects)) }
        switch effect {
        case .writeTask(let t):
            let (saved, moves) = try writer.save(t)
            // A value read from an alias key is now under the vault's own key: the status line says so.
            let moved = AliasMove.describe(moves).map { [Action.effect(.notice("Saved; \($0)"))] } ?? []
            if saved.id != t.id, !writer.profile.followsRenames {
                // The vault's settings leave the other files as they were: the message says so.
                return ([.effect(.moved(from: t.id, saved, unfollowed: writer.profile.followsRenamesSource ?? "the vault's settings"))] + moved,
                        [writer.path(of: saved.id)])
            }
            if saved.id != t.id {
                // The other files that named the old name follow, in the same undo step (`paths` names them).
                let ids = state.index.tasks.map(\.task.id)
                let followed = writer.followRename(from: t.id, to: saved.id, candidates: state.index.mayName(t.id), ids: ids,
                                                   notes: writer.notesNaming(t.id, taskIDs: Set(ids)))
                let skipped = followed.skipped.map { VaultProblem(id: $0.id, kind: .warning, reason: FollowedRename.skipReason(t.id) + $0.why) }
                return (reread(followed.skipped.map { writer.path(of: $0.id) })
                        + [.effect(.moved(from: t.id, saved, updated: followed.updated, notes: followed.notes, skipped: skipped))] + moved, [writer.path(of: saved.id)])
            }
            return ([.effect(.saved(saved))] + moved, [])
        case .createTask(let t, let folder):
            let saved = try writer.create(t, in: folder)
            return ([.effect(.created(saved))], [writer.path(of: saved.id)])
        case .openInEditor(let t): return (try openInEditor(t), [])
        case .deleteTask(let t):
            history.noteTrashed(try writer.delete(t), for: writer.path(of: t.id))
            return ([.effect(.deleted(t))], [])
        case .writeTasks(let ts, let label): return bulk(ts, label: label, followRenames: true) { try writer.update($0) }
        case .writeChecklist(let t): return ([.effect(.saved(try writer.update(t, stampModified: false)))], [])
        case .deleteTasks(let ts):
            return bulk(ts, label: "delete \(ts.count) tasks") {
                history.noteTrashed(try writer.delete($0), for: writer.path(of: $0.id))
                return nil
            }
        case .savePerspective(let p):
            try store.update(p)
            return ([perspectives()], [])
        case .createPerspective:
            let p = try store.create()
            return ([perspectives(), .effect(.perspectiveCreated(id: p.id, message: "Created '\(p.name)'"))], [])
        case .adoptPerspective(let from):
            let p = try store.adopt(from)
            return ([perspectives(), .effect(.perspectiveCreated(id: p.id, message: "Created '\(p.name)' from the sidebar (its rules are yours to edit)"))], [])
        case .duplicatePerspective(let id):
            let p = try store.duplicate(id: id)
            return ([perspectives(), .effect(.perspectiveCreated(id: p.id, message: "Duplicated as '\(p.name)'"))], [])
        case .deletePerspective(let id):
            let name = store.perspective(id: id)?.name ?? id
            try store.delete(id: id)
            return ([perspectives(), .effect(.perspectiveDeleted(name: name))], [])
        case .movePerspective(let id, let direction):
            try store.move(id: id, direction)
            return ([perspectives()], [])
        case .setSequential(let name, let on):
            try store.setSequential(name, on)
            return ([perspectives()], [])
        case .saveProjectOrder(let name, let order):
            try store.setProjectOrder(name, order)
            return ([perspectives()], [])
        case .replacePerspectivesFile:
            try store.replaceUnreadable()
            return ([perspectives(), .effect(.perspectivesReplaced)], [])
        case .resolveConflict(let c, let choice, let shown):
            let r: SyncConflict.Resolution = choice == .keepOriginal ? .keepOriginal : choice == .keepCopy ? .keepCopy : .keepBoth
            let outcome = try c.resolve(r, root: writer.root, shown: shown, trash: writer.trash)
            for (path, entry) in outcome.trashed { history.noteTrashed(entry, for: path) }
            return (reread([c.original, c.copy].map(writer.path(of:)) + outcome.touched) + [.effect(.conflictResolved(c.original))], outcome.touched)
        default: return ([], [])
        }
    }

    /// Saves the settings an effect changed, editing config.yaml in place.
    /// A config that could not be read is never written over: the user is
    /// told. Returns what to tell the user, if anything.
    func saveConfig(_ effect: Effect) -> String? {
        if effect != .saveSettings, let sessionPath { return saveSession(effect, to: sessionPath) }
        guard effect != .saveAddHistory else { return nil }  // kept for this run only: no state folder
        guard let path = configPath else { return nil }
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
        guard updated != config else { return nil }
        if let problem { return effect == .saveSession ? nil : "Not saved: \(problem). Fix or remove \(path) to save settings." }
        do { try updated.save(over: config, to: path) } catch { return "Settings not saved to \(path): \(error)" }
        return effect == .saveSettings ? "Settings saved to \(path)" : nil
    }

    /// The last perspective and the quick filter, in this vault's session file.
    func saveSession(_ effect: Effect, to path: String) -> String? {
        let (loaded, problem) = VaultSession.load(from: path)
        guard problem == nil else { return nil }  // never written over (said at start)
        let session = loaded ?? VaultSession()
        var updated = session
        switch effect {
        case .saveSession: updated.lastPerspective = state.selectedPerspectiveID
        case .saveAddHistory: updated.addHistory = state.addHistory
        default: updated.quickFilter = state.quickFilter
        }
        // A first session file only when there is something to remember.
        if loaded == nil, updated.lastPerspective == BuiltinPerspectives.all[0].id, updated.quickFilter == nil, updated.addHistory == nil { return nil }
        guard updated != session else { return nil }
        do { try updated.save(over: session, to: path) } catch { return "Not saved to \(path): \(error)" }
        return nil
    }

    /// `$VISUAL`, else `$EDITOR`, else `vi`.
    static func editor() -> String {
        let env = ProcessInfo.processInfo.environment
        return [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    }

    /// Runs `$VISUAL` / `$EDITOR` (else `vi`) on the task's file, then reads it again.
    func openInEditor(_ t: TaskItem) throws -> [Action] {
        let editor = Self.editor()
        let path = writer.path(of: t.id)
        // A task file that is a symbolic link out of the vault is read, but never written or opened (as links are not).
        guard VaultContainment(root: writer.root).contains(t.id) else {
            return [.effect(.notice("\(t.id) was not opened: it is a symbolic link leading outside the vault"))]
        }
        let status = runExternal?(editor.split(separator: " ").map(String.init) + [path]) ?? -1
        var out: [Action] = status != 0 ? [.effect(.notice("\(editor) exited with status \(status)"))] : []
        guard let data = FileManager.default.contents(atPath: path) else {
            return reread([path]) + [.effect(.notice("\(t.id) is gone after editing"))]
        }
        do {
            let fresh = try TaskFileCodec.parse([UInt8](data), id: t.id, profile: writer.profile).task
            if fresh != state.task(id: t.id) { out.insert(.effect(.saved(fresh)), at: 0) }
            return out
        } catch {
            return reread([path]) + [.effect(.notice("\(t.id) cannot be read after editing: \(error)"))]
        }
    }
}
