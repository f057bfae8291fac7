import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum FileWriteError: Error, CustomStringConvertible, Equatable {
    case cannotWrite(path: String, reason: String)
    case alreadyExists(path: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .alreadyExists(let path): return "\(path) already exists"
        }
    }
}

/// Atomic writes: the bytes go to a temporary file in the same folder, are
/// flushed to disk, then renamed over the target, so a crash leaves either
/// the old file or the new one, never a torn one.
public enum AtomicFile {
    /// Replaces (or creates) `path`. An existing file keeps its permissions.
    /// Not `synced`: the bytes are not flushed to disk before the rename (a
    /// cache's copy, which a power cut may leave empty or torn: its reader
    /// then finds nothing it can read; a crash of the program alone cannot).
    public static func write(_ bytes: [UInt8], to path: String, synced: Bool = true) throws {
        let temp = try writeTemporary(bytes, besides: path, synced: synced)
        if rename(temp, path) != 0 {
            let reason = errnoText()
            unlink(temp)
            throw FileWriteError.cannotWrite(path: path, reason: reason)
        }
    }

    /// Replaces `path` only if it still holds `expected`: the new bytes are
    /// written and flushed first, then the file is read again right before the
    /// rename, so a change made meanwhile (even one of the same size with its
    /// old modification time put back) is never overwritten. Returns false,
    /// writing nothing, when the file changed.
    public static func replace(_ path: String, expected: [UInt8], with bytes: [UInt8]) throws -> Bool {
        let temp = try writeTemporary(bytes, besides: path)
        // The file is held open across the rename: a program that opened it
        // just before (a script appending with `>>`) and writes just after
        // would otherwise write into a file nobody sees again. (Without
        // blocking: a FIFO put there meanwhile is not a file that was read.)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            unlink(temp)
            return false
        }
        defer { close(fd) }
        var before = stat()
        guard fstat(fd, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG, readAll(fd) == expected else {
            unlink(temp)
            return false
        }
        if rename(temp, path) != 0 {
            let reason = errnoText()
            unlink(temp)
            throw FileWriteError.cannotWrite(path: path, reason: reason)
        }
        // (Size and modification time: the rename itself moves the old file's change time.)
        func changed() -> Bool {
            var after = stat()
            return fstat(fd, &after) == 0 && (after.st_size != before.st_size || after.st_mtim.tv_sec != before.st_mtim.tv_sec
                || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec)
        }
        // Looked at twice, the second time after letting a writer that had the old file open
        // and was about to write (a `>>` between its open and its write) run first.
        var written = changed()
        if !written { sched_yield(); written = changed() }
        if written {
            // Written to in that instant: put it back, with what was written, and refuse.
            putBack(readAll(fd, from: 0), over: path, ours: bytes)
            return false
        }
        return true
    }

    /// Puts `theirs` (the old file, written to during a replace) back at `path`, which holds
    /// `ours`, keeping what another program appended to `ours` meanwhile (a `>>` that opened
    /// the new file). A file that is no longer `ours` plus appended lines was replaced by
    /// someone else: it is left as it is.
    static func putBack(_ theirs: [UInt8], over path: String, ours: [UInt8]) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, readAll(fd, from: 0).starts(with: ours),
              let back = try? writeTemporary(theirs, besides: path) else { return }
        // What was appended is read last, after the slow flush, right before the rename; what
        // comes after that read is appended as `>>` does, never renamed over.
        let now = readAll(fd, from: 0)
        guard now.starts(with: ours), append(now[ours.count...], to: back), rename(back, path) == 0 else {
            unlink(back)
            return
        }
        var taken = now.count
        for _ in 0..<3 {
            sched_yield()
            let later = readAll(fd, from: taken)
            if later.isEmpty || !append(later[...], to: path) { return }
            taken += later.count
        }
    }

    /// Appends `bytes` to `path` (as `>>`: at its end whatever others append).
    static func append(_ bytes: ArraySlice<UInt8>, to path: String) -> Bool {
        guard !bytes.isEmpty else { return true }
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    /// The whole file behind `fd`, from `offset` (default: where it stands).
    static func readAll(_ fd: Int32, from offset: Int? = nil) -> [UInt8] {
        if let offset { lseek(fd, off_t(offset), SEEK_SET) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    /// Creates `path`, failing (and writing nothing) when it already exists.
    public static func create(_ bytes: [UInt8], at path: String) throws {
        let temp = try writeTemporary(bytes, besides: path)
        defer { unlink(temp) }
        if link(temp, path) != 0 {
            if errno == EEXIST { throw FileWriteError.alreadyExists(path: path) }
            throw FileWriteError.cannotWrite(path: path, reason: errnoText())
        }
    }

    static func writeTemporary(_ bytes: [UInt8], besides path: String, synced: Bool = true) throws -> String {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        // The prefix and suffix add up to 20 bytes: the target's own name is cut so the
        // temporary one stays within 255 bytes too (a 250-byte name is a valid target).
        let tail = "." + String(UInt32.random(in: 0...UInt32.max), radix: 36) + ".tmp"
        let room = FileNameLength.maxBytes - temporaryPrefix.utf8.count - tail.utf8.count
        let temp = dir + "/" + temporaryPrefix + FileNameLength.prefix(url.lastPathComponent, bytes: room) + tail
        var mode: mode_t = 0o644
        var st = stat()
        let exists = stat(path, &st) == 0
        if exists { mode = st.st_mode & 0o7777 }
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileWriteError.cannotWrite(path: path, reason: errnoText()) }
        // The replaced file keeps its owner where we may set it (as root).
        if exists { _ = fchown(fd, st.st_uid, st.st_gid) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 {
                let reason = errnoText()
                close(fd)
                unlink(temp)
                throw FileWriteError.cannotWrite(path: path, reason: reason)
            }
            offset += n
        }
        fchmod(fd, mode)
        if (synced && fsync(fd) != 0) || close(fd) != 0 {
            let reason = errnoText()
            unlink(temp)
            throw FileWriteError.cannotWrite(path: path, reason: reason)
        }
        return temp
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    static let temporaryPrefix = ".todomd-"

    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(temporaryPrefix) && name.hasSuffix(".tmp") }

    /// Removes temporary files a crash left in the middle of a save (the file
    /// they were for is intact: old or new). Only those older than `age`
    /// seconds, so another todomd's save in progress is never touched.
    /// Returns how many were removed.
    @discardableResult
    public static func removeLeftovers(_ ids: [String], root: String, olderThan age: TimeInterval = 60, now: Date = Date()) -> Int {
        var removed = 0
        for id in ids {
            let path = root + "/" + id
            var st = stat()
            guard stat(path, &st) == 0, now.timeIntervalSince1970 - Double(st.st_mtim.tv_sec) >= age, unlink(path) == 0 else { continue }
            removed += 1
        }
        return removed
    }
}
