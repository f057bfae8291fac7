import Foundation

/// Notices files created, changed, renamed or deleted outside the app by
/// comparing each file's size and change stamp (`VaultListing.changeStamp`) between two looks
/// (a polling watcher; a burst of changes between two looks is one reload).
public struct VaultSignature: Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    public var files: [String: Stamp]
    public var perspectives: Stamp?

    /// A regular file's stamp (nil: missing, or not a file).
    public static func stamp(_ path: String) -> Stamp? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let stamp = VaultListing.changeStamp(st)
        return Stamp(seconds: Int(stamp / 1_000_000_000), nanoseconds: Int(stamp % 1_000_000_000), size: Int(st.st_size))
    }

    /// The vault as it is now (the same files `VaultLoader` reads).
    public static func take(root: String) throws -> VaultSignature {
        VaultSignature(listed: try VaultListing.listing(root: root).files, root: root)
    }

    /// The signature of a listing just made (a start lists the vault once).
    public init(listed: [VaultListing.File], root: String) {
        self.init(listed: listed, perspectives: Self.stamp(root + "/" + PerspectiveStore.fileName))
    }

    /// The same, with the perspectives file's stamp taken when the listing was made.
    public init(listed: [VaultListing.File], perspectives: Stamp?) {
        var files: [String: Stamp] = [:]
        files.reserveCapacity(listed.count)
        for f in listed {
            files[f.id] = Self.stamp(f)
        }
        self.init(files: files, perspectives: perspectives)
    }

    public init(files: [String: Stamp], perspectives: Stamp?) {
        self.files = files
        self.perspectives = perspectives
    }

    /// Takes the current stamp of a file the app itself just wrote or removed,
    /// so its own writes are not mistaken for changes made outside.
    public mutating func note(path: String, root: String) {
        let rel = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        if rel == PerspectiveStore.fileName {
            perspectives = Self.stamp(path)
        } else if VaultListing.hasMarkdownSuffix(rel) {
            files[rel] = Self.stamp(path)
        }
    }

    public struct Changes: Equatable, Sendable {
        public var changed: [String]
        public var removed: [String]
        public var perspectivesChanged: Bool
        public var isEmpty: Bool { changed.isEmpty && removed.isEmpty && !perspectivesChanged }
    }

    /// Looks again at the files and folders a watcher reported (paths relative
    /// to the vault), and only at those: a folder is walked (it was created,
    /// moved or deleted), a file is stat'ed. Returns what differs.
    public mutating func update(files paths: Set<String>, folders: Set<String>, root: String) -> Changes {
        var out = Changes(changed: [], removed: [], perspectivesChanged: false)
        let walked = folders.filter { f in !folders.contains { f.hasPrefix($0 + "/") } }
        for folder in walked.sorted() {
            let prefix = folder + "/"
            let listed = (try? VaultListing.listing(root: root, folder: folder))?.files ?? []
            var seen = Set<String>()
            for f in listed {
                seen.insert(f.id)
                let stamp = Self.stamp(f)
                if files[f.id] != stamp {
                    files[f.id] = stamp
                    out.changed.append(f.id)
                }
            }
            for id in files.keys where id.hasPrefix(prefix) && !seen.contains(id) { out.removed.append(id) }
        }
        for id in out.removed { files[id] = nil }
        for path in paths.sorted() where !walked.contains(where: { path.hasPrefix($0 + "/") }) {
            if path == PerspectiveStore.fileName {
                let stamp = Self.stamp(root + "/" + path)
                if stamp != perspectives { perspectives = stamp; out.perspectivesChanged = true }
                continue
            }
            guard VaultListing.hasMarkdownSuffix(path) else { continue }
            let stamp = Self.stamp(root + "/" + path)
            guard stamp != files[path] else { continue }
            files[path] = stamp
            if stamp == nil { out.removed.append(path) } else { out.changed.append(path) }
        }
        out.changed.sort()
        out.removed.sort()
        return out
    }

    /// What differs from `old` (added files count as changed).
    public func changes(since old: VaultSignature) -> Changes {
        Changes(changed: files.filter { old.files[$0.key] != $0.value }.map(\.key).sorted(),
                removed: old.files.keys.filter { files[$0] == nil }.sorted(),
                perspectivesChanged: perspectives != old.perspectives)
    }
}
