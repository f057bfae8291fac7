import Foundation

/// Conflict copies that sync tools leave next to a file edited in two places:
/// Syncthing `x.sync-conflict-20261122-101500-ABCDEFG.md`, Dropbox
/// `x (Ann's conflicted copy 2026-11-22).md`, Nextcloud
/// `x (conflicted copy 2026-11-22 101500).md`, iCloud `x 2.md`.
public struct SyncConflict: Hashable, Sendable {
    /// The file the copy belongs to (relative to the vault).
    public var original: String
    /// The conflict copy.
    public var copy: String

    /// A cheap first look (no pattern matching) that rules out nearly every file.
    public static func mayBeACopy(_ id: String) -> Bool {
        // (Through the id's bytes where they lie: asked of every file of the vault at a start.)
        id.utf8.withContiguousStorageIfAvailable { mayBeACopy($0) } ?? Array(id.utf8).withUnsafeBufferPointer { mayBeACopy($0) }
    }

    static func mayBeACopy(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        // " 2.md" and its kin.
        if u.count >= 5, u[u.count - 5] == 0x20, (0x32...0x39).contains(u[u.count - 4]) { return true }
        // "conflict" anywhere: its eight bytes compared as one number at each place.
        guard u.count >= 8, let base = UnsafeRawPointer(u.baseAddress) else { return false }
        for i in 0...(u.count - 8) where base.loadUnaligned(fromByteOffset: i, as: UInt64.self) == conflictWord { return true }
        return false
    }

    private static let conflictWord = Array("conflict".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }

    /// The original's path for a conflict copy's path, or nil when it is not one.
    /// iCloud-style `x 2.md` counts only when `x.md` exists (`exists`).
    public static func original(of path: String, exists: (String) -> Bool) -> String? {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        func join(_ base: String) -> String {
            let file = ext.isEmpty ? base : base + "." + ext
            return dir.isEmpty ? file : dir + "/" + file
        }
        if let r = stem.range(of: ".sync-conflict-") { return join(String(stem[..<r.lowerBound])) }
        if let r = stem.range(of: #" \([^()]*conflicted copy[^()]*\)$"#, options: .regularExpression) {
            return join(String(stem[..<r.lowerBound]))
        }
        if let r = stem.range(of: #" [2-9]$"#, options: .regularExpression) {
            let candidate = join(String(stem[..<r.lowerBound]))
            return exists(candidate) ? candidate : nil
        }
        return nil
    }

    /// Every conflict copy among a vault's task files and its perspectives file.
    public static func find(root: String) -> [SyncConflict] {
        find(root: root, ids: (try? VaultListing.listing(root: root))?.files.map(\.id) ?? [])
    }

    /// The same, for task files already listed (`ids`, as the loader lists them).
    public static func find(root: String, ids: [String]) -> [SyncConflict] {
        var all: Set<String>? = nil
        return find(root: root, mayBeCopies: ids.filter { mayBeACopy($0) }) { id in
            if all == nil { all = Set(ids) }
            return all!.contains(id)
        }
    }

    /// The same, for the task files `mayBeCopies` (those of the vault that
    /// `mayBeACopy` says yes to), with `exists` saying whether a file is in the vault.
    public static func find(root: String, mayBeCopies: [String], exists: (String) -> Bool) -> [SyncConflict] {
        let fm = FileManager.default
        var out: [SyncConflict] = []
        for id in mayBeCopies {
            if let o = original(of: id, exists: exists), o != id { out.append(SyncConflict(original: o, copy: id)) }
        }
        // .perspectives.json's copies are hidden files: look for them by name.
        for name in namesInFolder(root, startingWith: ".perspectives") where name != PerspectiveStore.fileName {
            if original(of: name, exists: { fm.fileExists(atPath: root + "/" + $0) }) == PerspectiveStore.fileName {
                out.append(SyncConflict(original: PerspectiveStore.fileName, copy: name))
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

    public enum Resolution: Sendable { case keepOriginal, keepCopy, keepBoth }

    /// Resolves on disk: keep the original (remove the copy), keep the copy
    /// (it replaces the original, atomically), or keep both (the copy gets a
    /// plain name of its own, `x-conflict.md`, so it becomes a task of its own).
    /// Returns the paths it touched.
    @discardableResult
    public func resolve(_ r: Resolution, root: String) throws -> [String] {
        try VaultLock.withLock(root: root) { try resolveLocked(r, root: root) }
    }

    func resolveLocked(_ r: Resolution, root: String) throws -> [String] {
        let o = root + "/" + original, c = root + "/" + copy
        switch r {
        case .keepOriginal:
            guard unlink(c) == 0 else { throw VaultError.write("cannot remove \(copy): \(AtomicFile.errnoText())") }
            return [c]
        case .keepCopy:
            guard let bytes = FileManager.default.contents(atPath: c) else { throw VaultError.unknownTask(copy) }
            // Through a link to its target; a read-only original is refused.
            let target = try WriteTarget.resolve(o, id: original, root: root)
            guard let current = FileManager.default.contents(atPath: target),
                  try AtomicFile.replace(target, expected: [UInt8](current), with: [UInt8](bytes)) else { throw VaultError.changedOnDisk(original) }
            unlink(c)
            return [o, c]
        case .keepBoth:
            let dir = (copy as NSString).deletingLastPathComponent
            let stem = ((original as NSString).lastPathComponent as NSString).deletingPathExtension
            let name = Slug.fileName(for: stem + " conflict") { FileManager.default.fileExists(atPath: root + "/" + (dir.isEmpty ? $0 : dir + "/" + $0)) }
            let target = root + "/" + (dir.isEmpty ? name : dir + "/" + name)
            guard original != PerspectiveStore.fileName else { throw VaultError.write("the perspectives file has one version only: keep one of them") }
            guard rename(c, target) == 0 else { throw VaultError.write("cannot rename \(copy): \(AtomicFile.errnoText())") }
            return [c, target]
        }
    }
}

extension Array where Element == SyncConflict {
    /// Whether `id` is the original of one of these conflicts.
    public func contains(original id: String) -> Bool { contains { $0.original == id } }
}
