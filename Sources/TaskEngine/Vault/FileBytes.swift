import Foundation

/// A whole file's bytes through `open`/`fstat`/`read`, straight into the
/// array a parse reads: a cold start reads 100,000 files, and Foundation's
/// `contents(atPath:)` cost a `Data` and a copy each.
enum FileBytes {
    /// The file's bytes, or nil when it cannot be opened or read (a folder, no permission, gone).
    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        // One byte more than the size, so a file that grew meanwhile is noticed and read on.
        var out = [UInt8](repeating: 0, count: Int(st.st_size) + 1)
        var filled = 0
        while true {
            if filled == out.count { out.append(contentsOf: repeatElement(0, count: max(4_096, out.count))) }
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            filled += n
        }
        out.removeLast(out.count - filled)
        return out
    }
}
