import Foundation

/// inotify on every folder of a vault (hidden folders skipped, as the loader
/// skips them), so a change outside the app is noticed at once instead of by
/// walking the vault. Folders created later are watched as they appear.
/// `init` fails when the kernel has no inotify or the watch limit is reached;
/// the caller then polls.
public final class InotifyWatch {
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private let root: String
    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                             | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    /// Whether the watch still covers the vault (false after the root itself was moved or deleted,
    /// or events were lost with no way to re-add a folder).
    public private(set) var isHealthy = true

    public init?(root: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.root = root
        guard watchTree("") else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Readable when events wait: the app's input loop sleeps on it beside the terminal.
    public var descriptor: Int32 { fd }

    /// Adds watches on `rel` and every folder below it; false when the limit is reached.
    private func watchTree(_ rel: String) -> Bool {
        var pending = [rel]
        while let dir = pending.popLast() {
            let path = dir.isEmpty ? root : root + "/" + dir
            let wd = inotify_add_watch(fd, path, Self.mask)
            if wd < 0 {
                if errno == ENOSPC || errno == ENOMEM { return false }
                continue  // gone meanwhile, or unreadable: the loader reports it
            }
            folders[wd] = dir
            for name in VaultListing.subfolders(of: path) { pending.append(dir.isEmpty ? name : dir + "/" + name) }
        }
        return true
    }

    /// Whether a change to `name` can change what the app shows: task files,
    /// folders and the perspectives file (and its conflict copies); not
    /// hidden files (editor swap files, the app's own temporaries) nor other files.
    static func matters(_ name: String, isDir: Bool) -> Bool {
        if name.hasPrefix(".") { return name.hasPrefix(".perspectives") }
        return isDir || VaultListing.hasMarkdownSuffix(name)
    }

    /// What the events said changed, relative to the vault: files, folders
    /// (created, moved or deleted: to be walked), or everything (the kernel's
    /// queue overflowed, or the vault folder itself went away).
    public struct Report: Equatable, Sendable {
        public var files: Set<String> = []
        public var folders: Set<String> = []
        public var everything = false
        public var isEmpty: Bool { files.isEmpty && folders.isEmpty && !everything }

        public init(files: Set<String> = [], folders: Set<String> = [], everything: Bool = false) {
            self.files = files
            self.folders = folders
            self.everything = everything
        }

        public mutating func merge(_ other: Report) {
            for f in other.files { addFile(f) }
            for f in other.folders { addFolder(f) }
            everything = everything || other.everything
        }

        /// Adds a changed file. A set of strings holds one of two paths alike
        /// but for their Unicode form (`café.md` written both ways: two files):
        /// when both changed, their folder is walked instead.
        public mutating func addFile(_ path: String) {
            let (inserted, member) = files.insert(path)
            if !inserted, !IDOrder.same(member, path) { addFolder(Self.folder(of: path)) }
        }

        /// Adds a folder to walk (the vault's own: everything).
        public mutating func addFolder(_ path: String) {
            if path.isEmpty { everything = true; return }
            let (inserted, member) = folders.insert(path)
            if !inserted, !IDOrder.same(member, path) { addFolder(Self.folder(of: path)) }
        }

        static func folder(of path: String) -> String {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return String(path[..<slash])
        }
    }

    /// Reads every waiting event without blocking; true when any of them
    /// may change what the app shows (see `matters`).
    public func drain() -> Bool { !drainReport().isEmpty }

    /// Reads every waiting event without blocking: what they may have changed.
    public func drainReport() -> Report {
        var report = Report()
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, size)
            guard n > 0 else { break }
            var offset = 0
            while offset < n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { report.everything = true; continue }
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    if folders.removeValue(forKey: event.wd) == "" { isHealthy = false }
                    continue
                }
                if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0, folders[event.wd] == "" {
                    isHealthy = false
                    report.everything = true
                    continue
                }
                let isDir = event.mask & UInt32(IN_ISDIR) != 0
                guard Self.matters(name, isDir: isDir), let parent = folders[event.wd], !name.isEmpty else { continue }
                let path = parent.isEmpty ? name : parent + "/" + name
                if !isDir {
                    report.addFile(path)
                } else if event.mask & UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE) != 0 {
                    report.addFolder(path)
                    if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !watchTree(path) { isHealthy = false }
                }
            }
        }
        return report
    }
}
