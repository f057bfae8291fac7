import Foundation

/// Creates, changes and deletes task files. Every write is atomic, checks
/// that the file on disk is still the one the task was read from, and keeps
/// `created`, `modified` and `completed` as the spec says.
public struct VaultWriter: Sendable {
    public let root: String
    public let timeZone: TimeZone
    /// How this vault names keys and words (detected from the vault when not given).
    public let profile: VaultProfile
    /// Where deleted task files go.
    public let trash: VaultTrash

    public init(root: String, timeZone: TimeZone = .current, profile: VaultProfile? = nil, trash: VaultTrash? = nil) {
        self.root = root
        self.timeZone = timeZone
        self.profile = profile ?? ProfileDetection.detect(root: root).profile
        self.trash = trash ?? VaultTrash(root: root)
    }

    /// The status and priority in this vault's words (a word that already
    /// means the task's status is kept).
    func inVaultWords(_ t: TaskItem, comparedTo before: TaskItem?) -> TaskItem {
        var t = t
        if t.statusText != before?.statusText || before == nil { t.statusText = profile.statusWord(t.status, current: t.statusText) }
        if t.priorityText != before?.priorityText, t.priorityText != nil || t.priority == .none {
            t.priorityText = profile.priorityWord(t.priority, current: t.priorityText)
        }
        return t
    }

    public func path(of id: String) -> String { root + "/" + id }

    /// Writes a new task file named after the title (`-2`, `-3`, … on a clash)
    /// in `folder` (relative to the vault; "" is the root). Returns the task as
    /// read back from the new file.
    public func create(_ draft: TaskItem, in folder: String = "", now: Date = Date()) throws -> TaskItem {
        var task = draft
        task.title = profile.storedTitle(draft.title.trimmingCharacters(in: .whitespacesAndNewlines))
        let stamp = profile.stamp(now, timeZone: timeZone)
        task.created = task.created ?? stamp
        task.modified = stamp
        if task.status == .done, task.completed == nil { task.completed = profile.stamp(now, timeZone: timeZone, asDay: profile.completedAsDay) }
        // A task that names no status or priority gets the vault's defaults, as its tool would write them.
        if task.statusText == nil, task.status == .todo, let d = profile.defaultStatus, let s = profile.status(for: d) {
            (task.statusText, task.status) = (d, s)
        }
        if task.priorityText == nil, task.priority == .none, let d = profile.defaultPriority, let p = profile.priority(for: d), p != .none {
            (task.priorityText, task.priority) = (d, p)
        }
        if profile.completedFromModified {
            // (Backlog.md writes no updated_date on a new task; a closed one needs it for its completion.)
            task.modified = task.status.isClosed ? stamp : nil
            task.completed = task.modified
        }
        if task.statusText == nil { task.statusText = task.status.rawValue }
        task = inVaultWords(task, comparedTo: nil)
        task.linkOtherProjects(profile.projectsAsLinks)
        // Where and how the vault's own tool creates tasks: its folder, its task tag.
        let wanted = folder.isEmpty ? profile.detection.newTaskFolder : folder
        // Never outside the vault, whoever named the folder (a settings file, a link on the way); a folder
        // set as `Tasks/` resolves to `Tasks`, so the id never holds `//`.
        let folder: String
        switch VaultRelativePath.resolve(wanted, root: root) {
        case .inside(let inside): folder = inside
        case .refused(let why):
            throw VaultError.write("new tasks' folder '\(VaultRelativePath.shown(wanted))' is refused: \(why); nothing was written")
        }
        if let tag = profile.detection.tag, !task.tags.contains(where: { TaskDetection.bare($0) == TaskDetection.bare(tag) }) {
            task.tags.append(tag)
        }
        let dir = folder.isEmpty ? root : root + "/" + folder
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return try VaultLock.withLock(root: root) {
            for _ in 0..<5 {
                // lstat: a dangling link holds its name too.
                var (name, extra) = profile.newFileName(for: task.title, root: root) { var st = stat(); return lstat(dir + "/" + $0, &st) == 0 }
                // A vault that tells tasks by a property gets it, as its plugin writes it.
                if let property = profile.detection.property {
                    extra.append(FrontmatterEdit(key: property, value: .text(profile.detection.propertyValue.isEmpty ? "true" : profile.detection.propertyValue)))
                }
                task.id = folder.isEmpty ? name : folder + "/" + name
                // Where the name is the title, a taken name's number (` 2`) is part of the title.
                if profile.titleFromFilename { task.title = String(name.dropLast(3)) }
                let bytes = try TaskFileCodec.renderNew(task, profile: profile, extra: extra)
                let saved: TaskItem
                do { saved = try TaskFileCodec.parse(bytes, id: task.id, timeZone: timeZone, profile: profile).task } catch {
                    throw WriteRefusal.notFaithful(id: task.id, reason: "\(error)")
                }
                if let field = WriteCheck.differingField(saved, task) {
                    throw WriteRefusal.notFaithful(id: task.id, reason: "`\(field)` would read back differently")
                }
                do {
                    try AtomicFile.create(bytes, at: path(of: task.id))
                    return saved
                } catch FileWriteError.alreadyExists {
                    continue  // another writer took the name meanwhile: pick the next
                } catch let e as FileWriteError {
                    throw VaultError.write(e.description)
                }
            }
            throw VaultError.write("could not find a free file name for \"\(task.title)\"")
        }
    }

    /// Writes the fields of `edited` that differ from the file as it was read.
    /// Returns the task as now on disk; a task with no change writes nothing.
    ///
    /// Holding the vault's lock: the file must still be the version `edited`
    /// came from; the new text must read back as meant with every other key
    /// unchanged (`WriteCheck`); and the bytes are compared once more right
    /// before the rename. Any failure leaves the file byte for byte as it was.
    @discardableResult
    /// `stampModified: false` leaves `modified` as it was (a ticked checklist
    /// item changes only its own line of the file).
    public func update(_ edited: TaskItem, now: Date = Date(), stampModified: Bool = true) throws -> TaskItem {
        try save(edited, now: now, stampModified: stampModified).saved
    }

    /// `update`, also telling which alias keys the write moved to the vault's own keys
    /// (`project` → `projects`), for the line that reports the write.
    public func save(_ edited: TaskItem, now: Date = Date(), stampModified: Bool = true) throws -> (saved: TaskItem, moves: [AliasMove]) {
        try VaultLock.withLock(root: root) {
            let target = try WriteTarget.resolve(path(of: edited.id), id: edited.id, root: root)
            let (parsed, original) = try readCurrent(edited, at: target)
            let before = parsed.task
            var task = inVaultWords(edited, comparedTo: before)
            task.linkOtherProjects(profile.projectsAsLinks)
            task.title = task.title == before.title ? task.title : profile.storedTitle(task.title)
            // Where the file name is the title, a new title is a new name.
            let newID = profile.titleFromFilename && task.title != before.title ? renamedID(edited.id, title: task.title) : nil
            let renamed = newID == edited.id ? nil : newID
            // A taken name gets a number, and the title is the name it got (also when that is the name it has).
            if let newID { task.title = String(((newID as NSString).lastPathComponent as NSString).deletingPathExtension) }
            if task.status == .done && before.status != .done {
                task.completed = profile.stamp(now, timeZone: timeZone, asDay: profile.completedAsDay)
            } else if task.status != .done && before.status == .done {
                task.completed = nil
            }
            let present = Set(parsed.keySpans.map(\.key))
            task.modified = before.modified
            if renamed == nil, FrontmatterEdit.changes(from: before, to: task, profile: profile, present: present).isEmpty,
               task.body == before.body { return (before, []) }
            if stampModified { task.modified = profile.stamp(now, timeZone: timeZone) }
            if profile.completedFromModified { task.completed = task.status.isClosed ? task.modified : nil }
            var edits = FrontmatterEdit.changes(from: before, to: task, profile: profile, present: present)
            // A title kept in the frontmatter beside a title-in-the-file-name follows the rename (tasknotes-spec §5.4.4).
            if profile.titleFromFilename, task.title != before.title,
               let mirror = (profile.keys[.title] ?? [TaskField.title.key]).first(where: present.contains) {
                edits.append(FrontmatterEdit(key: mirror, value: .text(task.title)))
            }
            let bytes = try FrontmatterEditor.render(parsed, edited: task, edits: edits, profile: profile)
            let changed = Set(edits.map(\.key))
            var expected = task
            expected.id = renamed ?? edited.id
            var saved = try WriteCheck.verify(old: parsed, newBytes: bytes, changedKeys: changed, expected: expected, timeZone: timeZone,
                                              profile: profile)
            saved.id = expected.id
            let replaced: Bool
            do { replaced = try AtomicFile.replace(target, expected: original, with: bytes) } catch { throw VaultError.write("\(error)") }
            guard replaced else { throw VaultError.changedOnDisk(edited.id) }
            if let newID = renamed {
                // link() never replaces a file: a name taken meanwhile refuses the rename, and the content stays written.
                guard link(target, path(of: newID)) == 0 else {
                    throw VaultError.write("saved, but could not rename \(edited.id) to \(newID): \(AtomicFile.errnoText())")
                }
                unlink(target)
            }
            return (saved, Self.aliasMoves(edits, present: present, profile: profile))
        }
    }

    /// The id a title gives a task whose file name is its title (same folder;
    /// `-2`, `-3`, … on a clash: never ` 2`, which is how iCloud names a
    /// conflict copy and Obsidian a duplicate).
    func renamedID(_ id: String, title: String) -> String {
        let dir = (id as NSString).deletingLastPathComponent
        let stem = VaultProfile.titleFileStem(title)
        var name = stem + ".md"
        var n = 2
        while (dir.isEmpty ? name : dir + "/" + name) != id, FileManager.default.fileExists(atPath: path(of: dir.isEmpty ? name : dir + "/" + name)) {
            name = "\(stem)-\(n).md"
            n += 1
        }
        return dir.isEmpty ? name : dir + "/" + name
    }

    /// Moves the task's file to the trash, if it is still the one that was
    /// read (a link is moved itself; its target is left alone). Returns where it went.
    @discardableResult
    public func delete(_ task: TaskItem) throws -> VaultTrash.Entry {
        try VaultLock.withLock(root: root) {
            let p = path(of: task.id)
            try WriteTarget.checkDeletable(p, id: task.id)
            _ = try readCurrent(task, at: p)
            return try trash.put(p)
        }
    }

    /// The file as on disk now, refusing when it is not the version `task` came from.
    func readCurrent(_ task: TaskItem, at path: String) throws -> (ParsedTaskFile, [UInt8]) {
        guard let data = FileManager.default.contents(atPath: path) else { throw VaultError.unknownTask(task.id) }
        let bytes = [UInt8](data)
        let parsed: ParsedTaskFile
        do { parsed = try TaskFileCodec.parse(bytes, id: task.id, timeZone: timeZone, profile: profile) } catch {
            if let expected = task.fingerprint, expected != FileFingerprint(contents: bytes) { throw VaultError.changedOnDisk(task.id) }
            throw VaultError.unreadableTask(id: task.id, reason: "\(error)")
        }
        // (The parse fingerprints the bytes it read.)
        if let expected = task.fingerprint, expected != parsed.task.fingerprint { throw VaultError.changedOnDisk(task.id) }
        return (parsed, bytes)
    }
}

extension TaskFileCodec {
    /// The bytes of a new task file: the task's non-default keys, then the body.
    public static func renderNew(_ task: TaskItem, profile: VaultProfile = .todomd) throws -> [UInt8] {
        try renderNew(task, profile: profile, extra: [])
    }

    /// `extra`: keys written first (Backlog.md's `id`).
    static func renderNew(_ task: TaskItem, profile: VaultProfile, extra: [FrontmatterEdit]) throws -> [UInt8] {
        let empty = SplitTaskFile(bom: false, openingLine: nil, frontmatterLines: [], closingLine: nil, body: [])
        let blank = ParsedTaskFile(task: TaskItem(id: task.id, title: ""), split: empty, keySpans: [], blockListKeys: [])
        var edits = extra + FrontmatterEdit.changes(from: blank.task, to: task, profile: profile)
        if profile.kind == .backlog { edits = BacklogFrontmatter.newTaskKeys(edits, profile: profile) }
        return try FrontmatterEditor.render(blank, edited: task, edits: edits, profile: profile)
    }
}

/// A value read from an alias key, written under the vault's own key.
public struct AliasMove: Equatable, Sendable {
    public var alias: String
    public var key: String

    /// "`project` is now `projects`", for the lines that report a write.
    public static func describe(_ moves: [AliasMove]) -> String? {
        moves.isEmpty ? nil : moves.map { "`\($0.alias)` is now `\($0.key)`" }.joined(separator: ", ")
    }
}

extension VaultWriter {
    /// The alias lines `edits` remove while writing their field under the profile's key.
    static func aliasMoves(_ edits: [FrontmatterEdit], present: Set<String>, profile: VaultProfile) -> [AliasMove] {
        let written = Set(edits.filter { $0.value != nil }.map(\.key))
        return edits.compactMap { edit in
            guard edit.value == nil, present.contains(edit.key), let (field, canonical) = profile.field(forKey: edit.key), !canonical,
                  written.contains(profile.key(field)) else { return nil }
            return AliasMove(alias: edit.key, key: profile.key(field))
        }
    }
}
