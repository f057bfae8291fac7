import Foundation

/// Where the files todomd removes from a vault go (a deleted task, the side
/// of a sync conflict not kept): never away, always to a trash the user can
/// restore from. An Obsidian vault whose settings say so
/// (`.obsidian/app.json` `"trashOption": "local"`) keeps them in its own
/// `.trash/` folder, as Obsidian does; every other vault uses the
/// freedesktop.org trash (`$XDG_DATA_HOME/Trash`, else
/// `~/.local/share/Trash`), with a `.trashinfo` file per entry. Obsidian's
/// "none" (delete for good) is not followed: todomd still uses the system
/// trash, as removing a file it cannot give back is never its call.
public struct VaultTrash: Hashable, Sendable {
    public enum Place: Hashable, Sendable {
        /// The vault's `.trash/` folder (Obsidian's local trash).
        case obsidian(folder: String)
        /// A freedesktop.org trash folder (its `files/` and `info/`).
        case freedesktop(home: String)
    }

    /// One trashed file: where it is now, and its `.trashinfo` (none in Obsidian's `.trash/`).
    public struct Entry: Hashable, Sendable {
        public var file: String
        public var info: String?
    }

    public let place: Place
    let timeZone: TimeZone

    public init(place: Place, timeZone: TimeZone = .current) {
        self.place = place
        self.timeZone = timeZone
    }

    /// The trash for the vault at `root`, from its Obsidian settings and the environment.
    public init(root: String, environment: [String: String] = ProcessInfo.processInfo.environment, timeZone: TimeZone = .current) {
        self.timeZone = timeZone
        if Self.obsidianTrashOption(root: root) == "local" {
            place = .obsidian(folder: root + "/.trash")
        } else {
            place = .freedesktop(home: Self.homeTrash(environment))
        }
    }

    /// Obsidian's "Deleted files" setting of the vault (nil: not Obsidian's, or not set, which means "system").
    static func obsidianTrashOption(root: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root + "/.obsidian/app.json"),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return json["trashOption"] as? String
    }

    /// `$XDG_DATA_HOME/Trash`, else `$HOME/.local/share/Trash` (an empty or relative `XDG_DATA_HOME` is ignored, as the XDG spec says).
    static func homeTrash(_ environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/Trash" }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return home + "/.local/share/Trash"
    }

    /// Moves the file at `path` (an absolute path) to the trash.
    @discardableResult
    public func put(_ path: String, now: Date = Date()) throws -> Entry {
        try store(path, now: now) { destination in
            if rename(path, destination) == 0 { return }
            guard errno == EXDEV else { throw VaultError.write("cannot move \(path) to the trash: \(AtomicFile.errnoText())") }
            // Another file system: copied, then removed (the copy is whole before the original goes).
            guard let data = FileManager.default.contents(atPath: path) else { throw VaultError.write("cannot read \(path) to move it to the trash") }
            try AtomicFile.create([UInt8](data), at: destination)
            guard unlink(path) == 0 else {
                let reason = AtomicFile.errnoText()
                unlink(destination)
                throw VaultError.write("cannot remove \(path) after copying it to the trash: \(reason)")
            }
        }
    }

    /// Keeps `bytes`, the content of `path` about to be written over, in the trash as that file.
    @discardableResult
    public func keep(_ bytes: [UInt8], of path: String, now: Date = Date()) throws -> Entry {
        try store(path, now: now) { try AtomicFile.create(bytes, at: $0) }
    }

    /// Takes an entry out of the trash when its file still holds `bytes`
    /// (undo put the file back from those bytes); anything else is left.
    public static func forget(_ entry: Entry, holding bytes: [UInt8]) {
        guard FileManager.default.contents(atPath: entry.file).map({ [UInt8]($0) }) == bytes else { return }
        unlink(entry.file)
        if let info = entry.info { unlink(info) }
    }

    /// Finds a free name for `path` in the trash, records it (the `.trashinfo`
    /// is made first, with O_EXCL, so two deletions never take one name), and
    /// lets `move` put the file at its place.
    func store(_ path: String, now: Date, _ move: (String) throws -> Void) throws -> Entry {
        let name = (path as NSString).lastPathComponent
        switch place {
        case .obsidian(let folder):
            try makeFolder(folder)
            for n in 1...10_000 {
                let destination = folder + "/" + TrashInfo.candidate(name, n, separator: " ")
                var st = stat()
                if lstat(destination, &st) == 0 { continue }
                do {
                    try move(destination)
                    return Entry(file: destination, info: nil)
                } catch FileWriteError.alreadyExists { continue }
            }
            throw VaultError.write("no free name for \(name) in \(folder)")
        case .freedesktop(let homeTrash):
            let (home, infoPath) = Self.freedesktopTrash(for: path, home: homeTrash)
            try makeFolder(home + "/files")
            try makeFolder(home + "/info")
            let text = Array(TrashInfo.text(path: infoPath, deletedAt: now, timeZone: timeZone).utf8)
            for n in 1...10_000 {
                let trashName = TrashInfo.candidate(name, n)
                let info = home + "/info/" + trashName + ".trashinfo"
                let destination = home + "/files/" + trashName
                do { try AtomicFile.create(text, at: info) } catch FileWriteError.alreadyExists { continue }
                var st = stat()
                if lstat(destination, &st) == 0 {  // a file without its info (left by another tool): not ours to reuse
                    unlink(info)
                    continue
                }
                do {
                    try move(destination)
                    return Entry(file: destination, info: info)
                } catch {
                    unlink(info)
                    if case FileWriteError.alreadyExists = error { continue }
                    throw error
                }
            }
            throw VaultError.write("no free name for \(name) in \(home)")
        }
    }

    /// The freedesktop trash for the file at `path`, and the path its
    /// `.trashinfo` gives: the home trash when the file is on its file system;
    /// otherwise, as the Trash spec says, the trash at the top of the file's
    /// own file system (an administrator's sticky `.Trash/$uid`, else
    /// `.Trash-$uid`, made 0700), with the path relative to that top; the home
    /// trash again (the file copied there) when neither can be used.
    static func freedesktopTrash(for path: String, home: String) -> (folder: String, infoPath: String) {
        let folder = (path as NSString).deletingLastPathComponent
        guard let fileDevice = device(folder), let homeDevice = device(nearestExisting(home)), fileDevice != homeDevice else { return (home, path) }
        let top = mountTop(of: folder, device: fileDevice)
        let uid = getuid()
        let relative = String(path.dropFirst(top == "/" ? 1 : top.count + 1))
        var st = stat()
        // `$topdir/.Trash`: only a real folder with the sticky bit (not a link someone planted).
        if lstat(top + "/.Trash", &st) == 0, st.st_mode & S_IFMT == S_IFDIR, st.st_mode & S_ISVTX != 0 {
            let mine = top + "/.Trash/\(uid)"
            if ownFolder(mine, uid: uid) { return (mine, relative) }
        }
        let mine = top + "/.Trash-\(uid)"
        if ownFolder(mine, uid: uid) { return (mine, relative) }
        return (home, path)
    }

    /// Whether `path` is (or could now be made) a folder of the user's own, not a link.
    static func ownFolder(_ path: String, uid: uid_t) -> Bool {
        var st = stat()
        if lstat(path, &st) != 0 {
            guard mkdir(path, 0o700) == 0 || errno == EEXIST, lstat(path, &st) == 0 else { return false }
        }
        return st.st_mode & S_IFMT == S_IFDIR && st.st_uid == uid && access(path, W_OK) == 0
    }

    static func device(_ path: String) -> dev_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_dev : nil
    }

    /// `path`, or its nearest folder that exists (the home trash may not be made yet).
    static func nearestExisting(_ path: String) -> String {
        var p = path
        while !p.isEmpty, p != "/", device(p) == nil { p = (p as NSString).deletingLastPathComponent }
        return p.isEmpty ? "/" : p
    }

    /// The top folder of the file system `folder` is on (its mount point).
    static func mountTop(of folder: String, device: dev_t) -> String {
        var top = folder
        while top != "/" {
            let parent = (top as NSString).deletingLastPathComponent
            guard let d = Self.device(parent.isEmpty ? "/" : parent), d == device else { break }
            top = parent.isEmpty ? "/" : parent
        }
        return top
    }

    func makeFolder(_ path: String) throws {
        do {
            // The Trash spec: the user's own, 0700.
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw VaultError.write("cannot make the trash folder \(path): \(error.localizedDescription)")
        }
    }

    /// Where a removed file is said to go, for messages.
    public var description: String {
        switch place {
        case .obsidian: return "the vault's .trash folder"
        case .freedesktop(let home): return home
        }
    }
}
