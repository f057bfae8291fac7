import Foundation

/// A conflict copy that a sync tool left next to a file edited in two places
/// (the shapes are in `SyncConflictName`). It counts only when both files are
/// tasks, the original exists, and what the shape needs besides is there: an
/// ordinary note named like a duplicate (`OKR 2.md` beside `OKR.md`) is never
/// one, so resolving a conflict never touches a note.
public struct SyncConflict: Hashable, Sendable {
    /// The file the copy belongs to (relative to the vault).
    public var original: String
    /// The conflict copy.
    public var copy: String

    public init(original: String, copy: String) {
        (self.original, self.copy) = (original, copy)
    }

    /// A cheap first look (no pattern matching) that rules out nearly every file.
    public static func mayBeACopy(_ id: String) -> Bool {
        // (Through the id's bytes where they lie: asked of every file of the vault at a start.)
        id.utf8.withContiguousStorageIfAvailable { SyncConflictName.mayMatch($0) }
            ?? Array(id.utf8).withUnsafeBufferPointer { SyncConflictName.mayMatch($0) }
    }

    /// The original's path for a task file's path when it is a conflict copy,
    /// or nil. `title` gives a task's title (nil: no such task, or a note).
    public static func original(of path: String, obsidian: Bool, title: (String) -> String?) -> String? {
        guard let (original, evidence, _) = SyncConflictName.match(path), original != path,
              let copyTitle = title(path), let originalTitle = title(original) else { return nil }
        switch evidence {
        case .name: return original
        case .sameTitle: return copyTitle == originalTitle ? original : nil
        case .sameTitleOutsideObsidian: return !obsidian && copyTitle == originalTitle ? original : nil
        }
    }

    /// The original of a copy of the perspectives file (`name`, in the vault's
    /// top folder), or nil. The file is no task: its copies count by name,
    /// the weaker shapes only outside Obsidian vaults.
    static func perspectivesOriginal(of name: String, obsidian: Bool) -> String? {
        guard let (original, evidence, _) = SyncConflictName.match(name), original == PerspectiveStore.fileName else { return nil }
        return evidence == .name || !obsidian ? original : nil
    }

    /// Every conflict copy among the vault's task files (`ids`, as the loader
    /// lists them; `title` gives a task's title, nil for a note or a file that
    /// is not read) and its perspectives file.
    public static func find(root: String, ids: [String], title: (String) -> String?) -> [SyncConflict] {
        find(root: root, mayBeCopies: ids.filter { mayBeACopy($0) }, title: title)
    }

    /// The same, for a vault as loaded.
    public static func find(root: String, snapshot: VaultSnapshot) -> [SyncConflict] {
        find(root: root, ids: snapshot.files.map(\.id)) { snapshot.task(id: $0)?.title }
    }

    /// What `todomd problems` says of an unresolved copy.
    public var problemText: String {
        "conflict: \(copy): a sync tool's conflict copy of \(original), not resolved (C in todomd shows both and keeps one or both)"
    }

    /// The same, for the task files `mayBeCopies` (those of the vault that `mayBeACopy` says yes to).
    public static func find(root: String, mayBeCopies: [String], title: (String) -> String?) -> [SyncConflict] {
        let obsidian = SyncConflictName.isObsidianVault(root)
        var out: [SyncConflict] = []
        for id in mayBeCopies {
            if let o = original(of: id, obsidian: obsidian, title: title) { out.append(SyncConflict(original: o, copy: id)) }
        }
        // .perspectives.json's copies are hidden files: look for them by name.
        if FileManager.default.fileExists(atPath: root + "/" + PerspectiveStore.fileName) {
            for name in namesInFolder(root, startingWith: ".perspectives") where name != PerspectiveStore.fileName {
                if perspectivesOriginal(of: name, obsidian: obsidian) != nil { out.append(SyncConflict(original: PerspectiveStore.fileName, copy: name)) }
            }
        }
        return out.sorted { $0.copy < $1.copy }
    }

    /// The names in the folder `path` that start with `prefix`, without a
    /// string made for any other (a vault's top folder can hold most of its files).
    static func namesInFolder(_ path: String, startingWith prefix: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        let wanted = Array(prefix.utf8CString.dropLast())
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) { name in
                    strncmp(name, wanted, wanted.count) == 0 ? String(cString: name) : nil
                }
            }
            if let name { out.append(name) }
        }
        return out
    }
}

extension Array where Element == SyncConflict {
    /// Whether `id` is the original of one of these conflicts.
    public func contains(original id: String) -> Bool { contains { $0.original == id } }
}
