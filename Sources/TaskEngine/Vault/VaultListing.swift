import Foundation

/// The task files of a vault with the size and change stamp `stat` saw:
/// every `*.md` below the root, folders and files whose name starts with `.`
/// skipped, links to folders not followed (no loops). Read with
/// `readdir`/`fstatat`, which on a big vault is much faster than
/// Foundation's directory listing.
public enum VaultListing {
    public struct File: Equatable, Sendable {
        public var id: String
        public var size: Int
        /// Nanoseconds since 1970: the later of the modification and change
        /// times (`changeStamp`), so an edit that puts the old mtime back still counts.
        public var mtime: Int64

        public init(id: String, size: Int, mtime: Int64) {
            self.id = id
            self.size = size
            self.mtime = mtime
        }

        /// `size` of a file listed without its stamp (`VaultListing.unstamped`).
        static let unstamped = -1
    }

    /// What a walk of the vault found.
    public struct Listing: Sendable {
        /// Every task file, in id order (`IDOrder`).
        public let files: [File]
        public var problems: [VaultProblem]
        /// Temporary files of atomic writes a crash left behind (`.todomd-….tmp`, relative paths).
        public var leftovers: [String]

        /// Changes with any file's path, size or modification time (see `CacheSnapshot.listingHash`).
        public let hash: String

        init(files: [File], problems: [VaultProblem], leftovers: [String]) {
            self.files = files
            self.problems = problems
            self.leftovers = leftovers
            hash = CacheSnapshot.listingHash(files)
        }
    }

    /// Every task file of the vault or, with `folder`, of that folder of it
    /// and the folders below (a folder that is gone has none).
    public static func listing(root: String, folder: String = "") throws -> Listing {
        try walkable(root)
        VaultIOCounters.shared.count(folder.isEmpty ? \.listings : \.folderListings)
        var walk = VaultWalk(root: root)
        walk.walk(folder)
        return Listing(files: walk.files, problems: walk.problems, leftovers: walk.leftovers)
    }

    /// Every task file of the vault as `listing` finds them, but a file
    /// `readdir` named as a regular file without its stamp (`size` is
    /// `File.unstamped`): for a load with nothing to compare stamps with,
    /// which reads every file and takes its stamp from the open file
    /// (`FileBytes.read(_:in:stamp:)`), a `stat` by path fewer per file.
    static func unstamped(root: String) throws -> (files: [File], problems: [VaultProblem], leftovers: [String]) {
        try walkable(root)
        var files: [File] = []
        let (problems, leftovers) = unstamped(root: root) { files.append($0) }
        return (files, problems, leftovers)
    }

    /// `unstamped`, each file handed to `each` in order as the walk comes to
    /// it (the root checked with `walkable` before). The walk reads a folder
    /// when it comes to it (once `entriesPerScan` entries are read ahead), so
    /// the first files come out after the first folder is read, not the whole vault.
    static func unstamped(root: String, entriesPerScan: Int = 2048,
                          each: @escaping (File) -> Void) -> (problems: [VaultProblem], leftovers: [String]) {
        VaultIOCounters.shared.count(\.listings)
        var walk = VaultWalk(root: root, entriesPerScan: entriesPerScan, stampsFiles: false)
        walk.onFile = each
        walk.walk("")
        return (walk.problems, walk.leftovers)
    }

    /// The stamp of the file `id` below `root` by a `stat` of its path
    /// (following a link, as the listing does); nil when it cannot be had.
    static func stamp(root: String, id: String) -> (size: Int, mtime: Int64)? {
        var st = stat()
        guard stat(root + "/" + id, &st) == 0 else { return nil }
        return (Int(st.st_size), changeStamp(st))
    }

    /// Throws unless `root` is a folder.
    static func walkable(_ root: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else { throw VaultError.notFound(root) }
        guard isDir.boolValue else { throw VaultError.notADirectory(root) }
    }

    /// The names of the folders directly in `path` that a vault walk enters
    /// (not hidden, not links), read from `readdir`'s types without a stat
    /// per file.
    public static func subfolders(of path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let type = entry.pointee.d_type
            guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard !name.hasPrefix(".") else { continue }
            if type == UInt8(DT_UNKNOWN) {
                var st = stat()
                guard fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { continue }
            }
            out.append(name)
        }
        return out
    }

    /// The later of the file's modification and status-change times, in
    /// nanoseconds. A program can put an old modification time back after a
    /// same-size edit; it cannot do that to the change time, so such an edit
    /// is still noticed (by the watcher and the cache).
    public static func changeStamp(_ st: stat) -> Int64 {
        let m = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        let c = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
        return max(m, c)
    }

    struct Errno: Error {
        var code: Int32
        /// Why a listed entry cannot be followed.
        var linkReason: String {
            switch code {
            case ELOOP: return "a link that loops back on itself"
            case ENOENT: return "a link whose target is missing"
            default: return "cannot be read: " + String(cString: strerror(code))
            }
        }
    }

    /// `.md` in any case.
    static func hasMarkdownSuffix(_ name: String) -> Bool { hasMarkdownSuffix(bytes: name.utf8) }

    static func hasMarkdownSuffix(bytes u: some BidirectionalCollection<UInt8>) -> Bool {
        guard u.count >= 3 else { return false }
        var i = u.index(u.endIndex, offsetBy: -3)
        guard u[i] == 0x2E else { return false }
        i = u.index(after: i)
        guard u[i] | 0x20 == 0x6D else { return false }
        return u[u.index(after: i)] | 0x20 == 0x64
    }
}
