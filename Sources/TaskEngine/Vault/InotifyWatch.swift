import Foundation

/// inotify on every folder of a vault (hidden folders skipped, as the loader
/// skips them), so a change outside the app is noticed at once instead of by
/// walking the vault. Folders created later are watched as they appear.
/// `init` fails when the kernel has no inotify or the watch limit is reached;
/// the caller then polls.
public final class InotifyWatch {
    public let fd: Int32
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

    /// Reads every waiting event without blocking; true when any of them
    /// may change what the app shows (its own temporary files do not).
    public func drain() -> Bool {
        var relevant = false
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
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { relevant = true; continue }
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    if folders.removeValue(forKey: event.wd) == "" { isHealthy = false }
                    continue
                }
                if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0, folders[event.wd] == "" {
                    isHealthy = false
                    relevant = true
                    continue
                }
                if name.hasPrefix(".todomd-") { continue }  // our own atomic-write temporaries
                relevant = true
                let isDir = event.mask & UInt32(IN_ISDIR) != 0
                if isDir, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix("."), let parent = folders[event.wd] {
                    if !watchTree(parent.isEmpty ? name : parent + "/" + name) { isHealthy = false }
                }
            }
        }
        return relevant
    }
}

/// Decides when the app looks at the vault again. With inotify: once a burst
/// of events has been quiet for `settle` (or has gone on for `maxDelay`), so a
/// `git pull` touching a thousand files is one reload. Without it (or when
/// `TODOMD_POLL` is set): every `interval`, comparing sizes and times.
public final class VaultChangeMonitor {
    public enum Mode: String, Sendable { case inotify, polling }
    public private(set) var mode: Mode
    private var watch: InotifyWatch?
    private var firstEvent: Date?
    private var lastEvent: Date?
    private var lastPoll: Date
    public var settle: TimeInterval = 0.2
    public var maxDelay: TimeInterval = 1.0
    public var interval: TimeInterval = 1.0

    public init(root: String, environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()) {
        watch = environment["TODOMD_POLL"] == nil ? InotifyWatch(root: root) : nil
        mode = watch == nil ? .polling : .inotify
        lastPoll = now
    }

    /// How long the input loop may sleep before asking again.
    public var wakeInterval: TimeInterval { mode == .inotify ? 0.1 : interval }

    /// True when the vault should be compared with what the app holds now.
    public func isDue(now: Date = Date()) -> Bool {
        if let w = watch {
            if w.drain() {
                firstEvent = firstEvent ?? now
                lastEvent = now
            }
            if !w.isHealthy {
                // The vault folder itself went away or could not be watched whole: poll from now on.
                watch = nil
                mode = .polling
                return true
            }
            guard let first = firstEvent, let last = lastEvent else { return false }
            guard now.timeIntervalSince(last) >= settle || now.timeIntervalSince(first) >= maxDelay else { return false }
            firstEvent = nil
            lastEvent = nil
            return true
        }
        guard now.timeIntervalSince(lastPoll) >= interval else { return false }
        lastPoll = now
        return true
    }
}
