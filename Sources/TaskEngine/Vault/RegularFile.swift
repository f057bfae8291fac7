import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole settings, state or cache file that another program (or a
/// mistake) may have replaced with a FIFO, a device, a folder or a link to
/// one of them. The file is opened without blocking and read only when it is
/// a regular file of at most `limit` bytes: a FIFO never hangs the read and
/// `/dev/zero` never fills the memory.
public enum RegularFile {
    public enum Contents: Equatable, Sendable {
        case bytes([UInt8])
        case missing
        /// There is something at the path, but not a file todomd reads; why.
        case refused(String)
    }

    /// Far above any settings file, perspectives file or state file todomd writes.
    public static let defaultLimit = 16 << 20

    public static func read(_ path: String, limit: Int = defaultLimit) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .refused(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .refused(String(cString: strerror(errno))) }
        if let why = notAFile(st.st_mode) { return .refused(why) }
        guard Int(st.st_size) <= limit else { return .refused("it is larger than \(describe(limit))") }
        var out = [UInt8](repeating: 0, count: Int(st.st_size) + 1)
        var count = 0
        while true {
            if count == out.count {
                // Grown since the stat: on, up to the limit.
                guard count <= limit else { return .refused("it is larger than \(describe(limit))") }
                out += repeatElement(0, count: min(out.count * 2, limit + 1) - out.count)
            }
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                return .refused(String(cString: strerror(errno)))
            }
            count += n
        }
        out.removeLast(out.count - count)
        return .bytes(out)
    }

    /// The bytes, or nil when there is none or it is not a file todomd reads.
    public static func bytes(_ path: String, limit: Int = defaultLimit) -> [UInt8]? {
        if case .bytes(let b) = read(path, limit: limit) { return b }
        return nil
    }

    static func describe(_ size: Int) -> String { size >= 1 << 20 && size % (1 << 20) == 0 ? "\(size >> 20) MB" : "\(size) bytes" }

    /// Why a file of this mode is not read; nil for a regular file.
    public static func notAFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder, not a file"
        case S_IFIFO: return "it is a named pipe (FIFO), not a file"
        case S_IFCHR, S_IFBLK: return "it is a device, not a file"
        case S_IFSOCK: return "it is a socket, not a file"
        default: return "it is not a regular file"
        }
    }
}
