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

    /// Every file with its stamp, in id order (`IDOrder`): the listing's own
    /// array when taken from one (no copy), found by binary search. (A
    /// dictionary of the paths would take several times the memory.)
    public private(set) var entries: [VaultListing.File]
    public var perspectives: Stamp?
    /// The stamp each path had before its first change since this record was
    /// made (nil: it was not there): what a journal relative to the files
    /// first seen needs, without a second copy of every stamp.
    public private(set) var before: [ExactID: Stamp?] = [:]

    /// The same files and perspectives stamp (whatever changes led there).
    public static func == (a: VaultSignature, b: VaultSignature) -> Bool {
        a.entries == b.entries && a.perspectives == b.perspectives
    }

    /// Keeps `stamp` as the one `id` had first, unless it changed before.
    private mutating func remember(_ id: String, _ stamp: Stamp?) {
        if before.index(forKey: ExactID(id)) == nil { before[ExactID(id)] = .some(stamp) }
    }

    /// How many files.
    public var count: Int { entries.count }
    /// Every file's path, in id order.
    public var paths: [String] { entries.map(\.id) }

    /// A file's stamp (nil: not there). Setting nil removes it.
    public subscript(id: String) -> Stamp? {
        get {
            let i = Self.lowerBound(id, in: entries)
            return i < entries.count && IDOrder.same(entries[i].id, id) ? Self.stamp(entries[i]) : nil
        }
        set {
            let i = Self.lowerBound(id, in: entries)
            let found = i < entries.count && IDOrder.same(entries[i].id, id)
            if found || newValue != nil { remember(id, found ? Self.stamp(entries[i]) : nil) }
            switch (newValue, found) {
            case (let s?, true): entries[i] = Self.file(id, s)
            case (let s?, false): entries.insert(Self.file(id, s), at: i)
            case (nil, true): entries.remove(at: i)
            case (nil, false): break
            }
        }
    }

    /// The position of the first entry not before `id`.
    static func lowerBound(_ id: String, in entries: [VaultListing.File]) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if IDOrder.less(entries[mid].id, id) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

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
        let ordered = zip(listed, listed.dropFirst()).allSatisfy { IDOrder.less($0.id, $1.id) }
        entries = ordered ? listed : listed.sorted { IDOrder.less($0.id, $1.id) }
        self.perspectives = perspectives
    }

    public init(files: [String: Stamp], perspectives: Stamp?) {
        self.init(listed: files.map { Self.file($0.key, $0.value) }, perspectives: perspectives)
    }

    /// Takes the current stamp of a file the app itself just wrote or removed,
    /// so its own writes are not mistaken for changes made outside.
    public mutating func note(path: String, root: String) {
        let rel = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        if rel == PerspectiveStore.fileName {
            perspectives = Self.stamp(path)
        } else if VaultListing.hasMarkdownSuffix(rel) {
            self[rel] = Self.stamp(path)
        }
    }

    public struct Changes: Equatable, Sendable {
        public var changed: [String]
        public var removed: [String]
        public var perspectivesChanged: Bool
        public var isEmpty: Bool { changed.isEmpty && removed.isEmpty && !perspectivesChanged }
    }

    /// Like `update`, for files the app knows it has just rewritten (undo,
    /// redo, a file found changed when about to write it): each is reported
    /// changed (or removed, when gone) even when its stamp did not move, as a
    /// rewrite to the same size within the clock's resolution would not.
    public mutating func rewritten(files paths: Set<String>, root: String) -> Changes {
        var out = update(files: paths, folders: [], root: root)
        for path in paths.sorted() where VaultListing.hasMarkdownSuffix(path) && !out.changed.contains(path) && !out.removed.contains(path) {
            if self[path] != nil { out.changed.append(path) } else { out.removed.append(path) }
        }
        if paths.contains(PerspectiveStore.fileName) { out.perspectivesChanged = true }
        out.changed.sort()
        out.removed.sort()
        return out
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
            // The folder's entries are one run in id order (every path in it begins with `prefix`).
            let start = Self.lowerBound(prefix, in: entries)
            var end = start
            while end < entries.count, entries[end].id.hasPrefix(prefix) { end += 1 }
            var merged: [VaultListing.File] = []
            var old = start
            func gone() {
                out.removed.append(entries[old].id)
                remember(entries[old].id, Self.stamp(entries[old]))
                old += 1
            }
            for f in listed {
                while old < end, IDOrder.less(entries[old].id, f.id) { gone() }
                if old < end, IDOrder.same(entries[old].id, f.id) {
                    if entries[old] != f {
                        out.changed.append(f.id)
                        remember(f.id, Self.stamp(entries[old]))
                    }
                    old += 1
                } else {
                    out.changed.append(f.id)
                    remember(f.id, nil)
                }
                merged.append(f)
            }
            while old < end { gone() }
            entries.replaceSubrange(start..<end, with: merged)
        }
        for path in paths.sorted() where !walked.contains(where: { path.hasPrefix($0 + "/") }) {
            if path == PerspectiveStore.fileName {
                let stamp = Self.stamp(root + "/" + path)
                if stamp != perspectives { perspectives = stamp; out.perspectivesChanged = true }
                continue
            }
            guard VaultListing.hasMarkdownSuffix(path) else { continue }
            let stamp = Self.stamp(root + "/" + path)
            guard stamp != self[path] else { continue }
            self[path] = stamp
            if stamp == nil { out.removed.append(path) } else { out.changed.append(path) }
        }
        out.changed.sort()
        out.removed.sort()
        return out
    }

    /// Becomes `now`, a new look at the whole vault, still knowing what each
    /// path had before its first change. Returns what differs.
    public mutating func adopt(_ now: VaultSignature) -> Changes {
        let (changed, removed) = Self.compare(now.entries, entries)
        for id in changed.map(\.id) + removed { remember(id, self[id]) }
        let out = Changes(changed: changed.map(\.id), removed: removed, perspectivesChanged: now.perspectives != perspectives)
        (entries, perspectives) = (now.entries, now.perspectives)
        return out
    }

    /// What differs from `old` (added files count as changed).
    public func changes(since old: VaultSignature) -> Changes {
        let (changed, removed) = Self.compare(entries, old.entries)
        return Changes(changed: changed.map(\.id), removed: removed, perspectivesChanged: perspectives != old.perspectives)
    }

    /// The files of `now` new or changed since `before`, and the paths of `before` gone from `now`, in id order.
    static func compare(_ now: [VaultListing.File], _ before: [VaultListing.File]) -> (changed: [VaultListing.File], removed: [String]) {
        var changed: [VaultListing.File] = [], removed: [String] = []
        var i = 0, j = 0
        while i < now.count || j < before.count {
            if j == before.count || (i < now.count && IDOrder.less(now[i].id, before[j].id)) {
                changed.append(now[i]); i += 1
            } else if i == now.count || IDOrder.less(before[j].id, now[i].id) {
                removed.append(before[j].id); j += 1
            } else {
                if now[i] != before[j] { changed.append(now[i]) }
                i += 1; j += 1
            }
        }
        return (changed, removed)
    }
}
