import Foundation
import TaskEngine

/// The detail pane's links, looked up on disk here (a view does no I/O):
/// whenever the pane shows a task whose links are not known for its notes
/// and the index as it is, and a note that is no task opened in `$EDITOR`.
extension AppRuntime {
    /// The links of the task the pane shows, when not known yet (nil: known, or no pane).
    func detailLinksUpdate() -> Action? {
        guard state.detailShown, let t = state.selectedTask else { return nil }
        let generation = state.index.generation
        let epoch = linkLookup.epoch
        if let known = state.detailLinks, known.taskID == t.id, known.generation == generation, known.epoch == epoch, known.body == t.body { return nil }
        let targets = linkLookup.targets(t, index: state.index, root: writer.root)
        return .effect(.detailLinks(DetailLinks(taskID: t.id, body: t.body, generation: generation, epoch: epoch, targets: targets)))
    }

    /// Runs the editor on a file of the vault that is no task (a TaskNotes note).
    func openNote(_ path: String) -> [Action] {
        let editor = Self.editor()
        let full = writer.root + "/" + path
        guard DetailLinkLookup.isFile(full) else { return [.effect(.notice("\(path) is not there any more"))] }
        // Asked again now: a link made since the pane looked must not take the editor out of the vault.
        guard VaultContainment(root: writer.root).contains(path) else {
            return [.effect(.notice("\(path) was not opened: it leads outside the vault (a symbolic link)"))]
        }
        let status = runExternal?(editor.split(separator: " ").map(String.init) + [full]) ?? -1
        linkLookup.forget()  // (the note may have been renamed or saved as another file)
        return status != 0 ? [.effect(.notice("\(editor) exited with status \(status)"))] : []
    }
}

/// What resolving a task's links needs from the vault: the task files by
/// file name (made once for an index generation, and only for a link naming
/// a file by name) and every other file by name (walked once, on the first
/// name no task has, and again after the vault changed outside the app);
/// each also by the name's lower case, made on the first name that no file
/// has as written.
final class DetailLinkLookup {
    private var taskNames: (generation: UInt64, names: [String: [String]])?
    private var foldedTaskNames: (generation: UInt64, names: [String: [String]])?
    private var files: [String: [String]]?
    private var foldedFiles: [String: [String]]?

    /// Counts `forget`s: links found before one are looked up again.
    private(set) var epoch = 0

    /// The files may have changed (a note edited): walked again when next needed.
    func forget() {
        files = nil
        foldedFiles = nil
        epoch += 1
    }

    /// Files changed or removed outside the app (vault paths): the walk, if made, is kept
    /// up to date file by file (walking a big vault again on every change would be slow).
    func note(changed: [String], removed: [String], root: String) {
        epoch += 1
        guard var known = files else { return }
        for path in removed {
            let name = VaultLinks.name(path)
            known[name]?.removeAll { $0 == path }
            if known[name]?.isEmpty == true { known[name] = nil }
        }
        for path in changed where Self.isFile(root + "/" + path) {
            let name = VaultLinks.name(path)
            if known[name]?.contains(path) != true { known[name, default: []].append(path) }
        }
        files = known
        foldedFiles = nil
    }

    func targets(_ t: TaskItem, index: TaskIndex, root: String) -> [LinkTarget] {
        guard t.body.contains("[") else { return [] }
        let links = LinkScan.links(in: t.body)
        guard !links.isEmpty else { return [] }
        let containment = VaultContainment(root: root)
        let resolver = LinkResolver(
            exists: { path in index.task(id: path) != nil || Self.isFile(root + "/" + path) },
            named: { [self] name in names(index)[name] ?? walked(root)[name] ?? [] },
            namedIgnoringCase: { [self] folded in foldedNames(index)[folded] ?? foldedWalk(root)[folded] ?? [] },
            // A task is one the vault's walk read; any other file must not lead out of the vault.
            inside: { path in index.task(id: path) != nil || containment.contains(path) })
        return links.map { LinkTarget.locate($0, from: t.id, resolver: resolver, isTask: { index.task(id: $0) != nil }) }
    }

    private func names(_ index: TaskIndex) -> [String: [String]] {
        if let kept = taskNames, kept.generation == index.generation { return kept.names }
        var names: [String: [String]] = [:]
        for entry in index.tasks {
            let id = entry.task.id
            names[id.split(separator: "/").last.map(String.init) ?? id, default: []].append(id)
        }
        taskNames = (index.generation, names)
        return names
    }

    private func foldedNames(_ index: TaskIndex) -> [String: [String]] {
        if let kept = foldedTaskNames, kept.generation == index.generation { return kept.names }
        let names = VaultLinks.folded(names(index))
        foldedTaskNames = (index.generation, names)
        return names
    }

    private func foldedWalk(_ root: String) -> [String: [String]] {
        if let foldedFiles { return foldedFiles }
        let found = VaultLinks.folded(walked(root))
        foldedFiles = found
        return found
    }

    private func walked(_ root: String) -> [String: [String]] {
        if let files { return files }
        let found = VaultLinks.files(root: root)
        files = found
        return found
    }

    static func isFile(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
    }
}
