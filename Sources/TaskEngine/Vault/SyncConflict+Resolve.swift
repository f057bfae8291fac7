import Foundation

/// Resolving a sync conflict on disk. Like every other write it acts only on
/// what the user was shown: both files must still hold the bytes the
/// conflict view read, and the side not kept goes to the trash.
extension SyncConflict {
    public enum Resolution: Sendable { case keepOriginal, keepCopy, keepBoth }

    /// Both files' bytes as they were shown (nil: the file was missing).
    public struct Shown: Hashable, Sendable {
        public var original: [UInt8]?
        public var copy: [UInt8]?

        public init(original: [UInt8]?, copy: [UInt8]?) {
            (self.original, self.copy) = (original, copy)
        }
    }

    /// What a resolution did: the paths it touched, and what went to the trash (by the path it had).
    public struct Outcome: Sendable {
        public var touched: [String] = []
        public var trashed: [(path: String, entry: VaultTrash.Entry)] = []
    }

    /// Both files as they are now.
    public func read(root: String) -> Shown {
        func bytes(_ id: String) -> [UInt8]? { FileManager.default.contents(atPath: root + "/" + id).map { [UInt8]($0) } }
        return Shown(original: bytes(original), copy: bytes(copy))
    }

    /// Resolves on disk: keep the original (the copy goes to the trash), keep
    /// the copy (it replaces the original, whose old text goes to the trash),
    /// or keep both (the copy gets a plain name of its own, `x conflict.md`'s
    /// slug, so it becomes a task of its own). `shown`: what the user saw;
    /// a file that differs now refuses the resolution (`VaultError.changedOnDisk`).
    @discardableResult
    public func resolve(_ r: Resolution, root: String, shown: Shown?, trash: VaultTrash) throws -> Outcome {
        try VaultLock.withLock(root: root) { try resolveLocked(r, root: root, shown: shown, trash: trash) }
    }

    func resolveLocked(_ r: Resolution, root: String, shown: Shown?, trash: VaultTrash) throws -> Outcome {
        let o = root + "/" + original, c = root + "/" + copy
        let now = read(root: root)
        if let shown {
            if now.original != shown.original { throw VaultError.changedOnDisk(original) }
            if now.copy != shown.copy { throw VaultError.changedOnDisk(copy) }
        }
        guard let copyBytes = now.copy else { throw VaultError.unknownTask(copy) }
        guard now.original != nil else { throw VaultError.unknownTask(original) }
        var out = Outcome()
        switch r {
        case .keepOriginal:
            out.trashed.append((c, try trash.put(c)))
            out.touched = [c]
        case .keepCopy:
            if original == PerspectiveStore.fileName, let why = Self.perspectivesRefusal(copyBytes) {
                throw VaultError.write("the copy is not a perspectives file todomd can read (\(why)); \(original) is kept as it is")
            }
            // Through a link to its target; a read-only original is refused.
            let target = try WriteTarget.resolve(o, id: original, root: root)
            guard let current = FileManager.default.contents(atPath: target).map({ [UInt8]($0) }) else { throw VaultError.changedOnDisk(original) }
            let kept = try trash.keep(current, of: o)
            guard try AtomicFile.replace(target, expected: current, with: copyBytes) else {
                VaultTrash.forget(kept, holding: current)
                throw VaultError.changedOnDisk(original)
            }
            out.trashed.append((o, kept))
            unlink(c)  // (its text is the original's now)
            out.touched = [o, c]
        case .keepBoth:
            guard original != PerspectiveStore.fileName else { throw VaultError.write("the perspectives file has one version only: keep one of them") }
            let dir = (copy as NSString).deletingLastPathComponent
            let stem = ((original as NSString).lastPathComponent as NSString).deletingPathExtension
            let name = Slug.fileName(for: stem + " conflict") { FileManager.default.fileExists(atPath: root + "/" + (dir.isEmpty ? $0 : dir + "/" + $0)) }
            let target = root + "/" + (dir.isEmpty ? name : dir + "/" + name)
            // link() never replaces a file: a name taken meanwhile refuses.
            guard link(c, target) == 0 else { throw VaultError.write("cannot rename \(copy): \(AtomicFile.errnoText())") }
            unlink(c)
            out.touched = [c, target]
        }
        return out
    }

    /// Why `bytes` cannot be the vault's perspectives file (nil: it can).
    static func perspectivesRefusal(_ bytes: [UInt8]) -> String? {
        do {
            let json = try JSONText.parse(Data(bytes))
            if let first = PerspectivesSchema.problems(in: json).first { return "it does not fit the format: \(first)" }
            _ = try PerspectivesDocument(json: json)
            return nil
        } catch {
            return bytes.isEmpty ? "it is empty" : "\(error)"
        }
    }
}
