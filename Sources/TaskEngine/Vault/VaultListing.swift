import Foundation

/// The task files of a vault with the size and change stamp `stat` saw:
/// every `*.md` below the root, folders and files whose name starts with `.`
/// skipped, links to folders not followed (no loops). Read with
/// `readdir`/`fstatat`, which at 50,000 files is several times faster than
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
    }

    /// What a walk of the vault found.
    public struct Listing: Sendable {
        /// Every task file, in id order (`IDOrder`).
        public var files: [File]
        public var problems: [VaultProblem]
        /// Temporary files of atomic writes a crash left behind (`.todomd-….tmp`, relative paths).
        public var leftovers: [String]

        /// Changes with any file's path, size or modification time (see `CacheSnapshot.listingHash`).
        public var hash: String { CacheSnapshot.listingHash(files) }
    }

    /// Every task file of the vault or, with `folder`, of that folder of it
    /// and the folders below (a folder that is gone has none).
    public static func listing(root: String, folder: String = "") throws -> Listing {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else { throw VaultError.notFound(root) }
        guard isDir.boolValue else { throw VaultError.notADirectory(root) }
        VaultIOCounters.shared.count(folder.isEmpty ? \.listings : \.folderListings)
        var files: [File] = []
        var problems: [VaultProblem] = []
        var leftovers: [String] = []
        var pending: [String] = [folder]
        while let rel = pending.popLast() {
            guard let dir = opendir(rel.isEmpty ? root : root + "/" + rel) else {
                if rel == folder && !rel.isEmpty && errno == ENOENT { continue }
                problems.append(VaultProblem(id: rel.isEmpty ? "." : rel, kind: .warning, reason: "folder cannot be read"))
                continue
            }
            defer { closedir(dir) }
            var names: [(name: String, type: UInt8)] = []
            while let entry = readdir(dir) {
                let type = entry.pointee.d_type
                let name: String
                switch entryName(entry) {
                case .success(let n): name = n
                case .failure(let bad):
                    let shown = bad.shown
                    // Not UTF-8: no id can name it, so it is reported instead of read.
                    if hasMarkdownSuffix(shown) || type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                        problems.append(VaultProblem(id: rel.isEmpty ? shown : rel + "/" + shown, kind: .unreadable,
                                                     reason: "the name is not UTF-8 text; rename it to read it"))
                    }
                    continue
                }
                guard !name.hasPrefix(".") else {
                    if AtomicFile.isTemporary(name) { leftovers.append(rel.isEmpty ? name : rel + "/" + name) }
                    continue
                }
                if type == UInt8(DT_REG), !hasMarkdownSuffix(name) { continue }  // no stat for other files
                names.append((name, type))
            }
            // A stat per file is most of a warm start: done on all cores.
            let fd = dirfd(dir)
            let stats = Parallel.map(names.count, chunk: 512) { i -> Result<stat, Errno> in
                var st = stat()
                return fstatat(fd, names[i].name, &st, 0) == 0 ? .success(st) : .failure(Errno(code: errno))
            }
            for (i, (name, type)) in names.enumerated() {
                let id = rel.isEmpty ? name : rel + "/" + name
                guard case .success(let st) = stats[i] else {
                    if case .failure(let e) = stats[i], hasMarkdownSuffix(name) || e.code == ELOOP {
                        problems.append(VaultProblem(id: id, kind: .unreadable, reason: e.linkReason))
                    }
                    continue
                }
                let isMarkdown = hasMarkdownSuffix(name)
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    if isMarkdown {
                        problems.append(VaultProblem(id: id, kind: .warning, reason: "is a folder, not a task file; tasks inside it are read"))
                    }
                    if type == UInt8(DT_LNK) { continue }  // no link loops
                    var lst = stat()
                    if type != UInt8(DT_DIR), fstatat(fd, name, &lst, AT_SYMLINK_NOFOLLOW) == 0, (lst.st_mode & S_IFMT) == S_IFLNK { continue }
                    pending.append(id)
                } else if isMarkdown {
                    if (st.st_mode & S_IFMT) == S_IFREG {
                        files.append(File(id: id, size: Int(st.st_size), mtime: changeStamp(st)))
                    } else {
                        problems.append(VaultProblem(id: id, kind: .unreadable, reason: "not a regular file"))
                    }
                }
            }
        }
        // Sort positions, then place the files: moving 50,000 small structs
        // through a merge sort cost more than comparing their paths.
        var order = Array(files.indices)
        order.sort { IDOrder.less(files[$0].id, files[$1].id) }
        return Listing(files: order.map { files[$0] }, problems: problems, leftovers: leftovers)
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

    /// An entry's name, or (when it is not UTF-8) the name with its bad bytes shown as `\xFF`.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> Result<String, NameNotUTF8> {
        let bytes = withUnsafePointer(to: &entry.pointee.d_name) {
            Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
        }
        if let s = String(validating: bytes, as: UTF8.self) { return .success(s) }
        return .failure(NameNotUTF8(shown: bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()))
    }

    struct NameNotUTF8: Error {
        var shown: String
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
    static func hasMarkdownSuffix(_ name: String) -> Bool {
        let u = name.utf8
        guard u.count >= 3 else { return false }
        var i = u.index(u.endIndex, offsetBy: -3)
        guard u[i] == 0x2E else { return false }
        i = u.index(after: i)
        guard u[i] | 0x20 == 0x6D else { return false }
        return u[u.index(after: i)] | 0x20 == 0x64
    }
}
