import Foundation

/// What following a rename into the other task files did.
public struct FollowedRename: Sendable {
    /// The tasks whose files now name the new name, as now on disk.
    public var updated: [TaskItem] = []
    /// The notes (markdown files that are no task) whose links now name the new name.
    public var notes: [String] = []
    /// How many links and names were rewritten in them.
    public var links = 0
    /// The files that named the old name and were left as they were, and why.
    public var skipped: [(id: String, why: String)] = []

    public init() {}

    /// How a skipped file is listed among problems, before its reason.
    public static func skipReason(_ old: String) -> String { "still names \(old) (not updated to its new name): " }

    /// What a rename says where the vault's settings (`source`) leave the other files as they were.
    public static func notFollowed(_ source: String) -> String {
        "links to the old name were left as they were (off in \(source))"
    }
}

extension VaultWriter {
    /// After `oldID` was renamed to `newID`: every other task file among `candidates` (as they
    /// were read) that named it by its file name now names the new one (`ReferenceRewrite`).
    /// `ids`: every task of the vault before the rename, which decides where a link led.
    /// Each file is written atomically, holding the vault's lock, only if it is still the
    /// version read, and only if it reads back the same but for the names rewritten; one that
    /// cannot be is skipped with the reason (the caller says which), the others are written.
    /// No `modified` stamp: the task did not change, a name it holds did (as Obsidian updates links).
    /// `notes`: the vault's notes to look at too (`notesNaming`).
    /// Nothing is rewritten where the vault's settings turn this off (`VaultProfile.followsRenames`).
    public func followRename(from oldID: String, to newID: String, candidates: [TaskItem], ids: [String], notes: [String] = []) -> FollowedRename {
        follow(from: oldID, to: newID, candidates: candidates.filter { $0.id != oldID && $0.id != newID }, ids: ids, notes: notes)
    }

    /// `followRename` over `candidates` as given: the renamed task's own file is the caller's to leave out
    /// (after several renames, another task's file may have the old name by now).
    func follow(from oldID: String, to newID: String, candidates: [TaskItem], ids: [String], notes: [String]) -> FollowedRename {
        var out = FollowedRename()
        let targets = TaskTargets(ids: ids)
        guard profile.followsRenames, oldID != newID, let oldRow = targets.row(ofPath: oldID) else { return out }
        let newName = VaultLinks.name(newID).lowercased()
        // The new simple name is another file's too: links are written with the folder (tasknotes-spec §11.6).
        let qualify = targets.rows(foldedName: newName).contains { ids[$0] != oldID }
        let rewrite = ReferenceRewrite(oldPath: oldID, newPath: newID, qualify: qualify) { link, source in
            if case .success(let row) = targets.resolve(link, from: source) { return row == oldRow }
            return false
        }
        let projectKeys = Set(profile.keys[.project] ?? [TaskField.project.key])
        VaultLock.withLock(root: root) {
            for task in candidates {
                do {
                    if let (saved, n) = try follow(task, rewrite, projectKeys: projectKeys) {
                        out.updated.append(saved)
                        out.links += n
                    }
                } catch VaultError.changedOnDisk {
                    out.skipped.append((task.id, "changed on disk"))
                } catch {
                    out.skipped.append((task.id, "\(error)"))
                }
            }
            for note in notes where note != oldID && note != newID {
                do {
                    if let n = try followInNote(note, rewrite) {
                        out.notes.append(note)
                        out.links += n
                    }
                } catch VaultError.changedOnDisk {
                    out.skipped.append((note, "changed on disk"))
                } catch {
                    out.skipped.append((note, "\(error)"))
                }
            }
        }
        return out
    }

    /// One file's names rewritten and written; nil when it names the old file nowhere.
    func follow(_ task: TaskItem, _ rewrite: ReferenceRewrite, projectKeys: Set<String>) throws -> (TaskItem, Int)? {
        let target = try WriteTarget.resolve(path(of: task.id), id: task.id, root: root)
        let (parsed, original) = try readCurrent(task, at: target)
        let split = parsed.split
        let first = split.openingLine == nil ? 0 : 1
        let notes = first + split.frontmatterLines.count + (split.closingLine == nil ? 0 : 1)
        var linkLines = Set<Int>(), bareLines = Set<Int>()
        for span in parsed.keySpans {
            let dependency = span.key == profile.dependencyKey, project = projectKeys.contains(span.key)
            guard dependency || project else { continue }
            let lines = span.lines.map { $0 + first }
            linkLines.formUnion(lines)
            // A bare project name is a file's name only where projects are links.
            if dependency || profile.projectsAsLinks { bareLines.formUnion(lines) }
        }
        guard let (bytes, count) = rewrite.rewrite(original, source: task.id, notes: notes, linkLines: linkLines, bareLines: bareLines) else {
            return nil
        }
        let saved = try Self.checkFollowed(parsed, bytes, id: task.id, timeZone: timeZone, profile: profile)
        let replaced: Bool
        do { replaced = try AtomicFile.replace(target, expected: original, with: bytes) } catch { throw VaultError.write("\(error)") }
        guard replaced else { throw VaultError.changedOnDisk(task.id) }
        return (saved, count)
    }

    /// The rewritten file must read as the old one but for the names: the same keys, each key
    /// with no changed line the same value, the same number of dependencies with the same
    /// relations and gaps, the same number of projects, every other field the same.
    static func checkFollowed(_ old: ParsedTaskFile, _ bytes: [UInt8], id: String, timeZone: TimeZone, profile: VaultProfile) throws -> TaskItem {
        let new: ParsedTaskFile
        do { new = try TaskFileCodec.parse(bytes, id: id, timeZone: timeZone, profile: profile) } catch {
            throw WriteRefusal.notFaithful(id: id, reason: "\(error)")
        }
        let changedLines = Set(zip(old.split.frontmatterLines, new.split.frontmatterLines).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset))
        let changedKeys = Set(old.keySpans.filter { $0.lines.contains(where: changedLines.contains) }.map(\.key))
        let before = try WriteCheck.values(old.split, profile: profile), after = try WriteCheck.values(new.split, profile: profile)
        guard before.map(\.key) == after.map(\.key), old.split.frontmatterLines.count == new.split.frontmatterLines.count else {
            throw WriteRefusal.notFaithful(id: id, reason: "the keys would change")
        }
        for (a, b) in zip(before, after) where a.value != b.value && !changedKeys.contains(a.key) {
            throw WriteRefusal.notFaithful(id: id, reason: "`\(a.key)` would change")
        }
        let (o, n) = (old.task, new.task)
        guard o.dependencies.map(\.relation) == n.dependencies.map(\.relation), o.dependencies.map(\.gap) == n.dependencies.map(\.gap) else {
            throw WriteRefusal.notFaithful(id: id, reason: "`\(profile.dependencyKey)` would read back differently")
        }
        guard (o.project == nil) == (n.project == nil), o.otherProjects.count == n.otherProjects.count else {
            throw WriteRefusal.notFaithful(id: id, reason: "`project` would read back differently")
        }
        var same = n
        (same.dependencies, same.project, same.otherProjects, same.body) = (o.dependencies, o.project, o.otherProjects, o.body)
        if let field = WriteCheck.differingField(same, o) { throw WriteRefusal.notFaithful(id: id, reason: "`\(field)` would read back differently") }
        return n
    }
}
