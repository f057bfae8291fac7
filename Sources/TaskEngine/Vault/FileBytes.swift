import Foundation

/// A whole file's bytes through `open` and `read`, straight into the array a
/// parse reads: a cold start reads every file of the vault, and Foundation's
/// `contents(atPath:)` costs a `Data` and a copy each.
enum FileBytes {
    /// Bytes read at once: a task file is nearly always smaller, so one
    /// `read` gets it whole and says (by coming back short) that it ended.
    static let firstRead = 16 * 1024

    /// A folder held open, so that files are opened by their path below it:
    /// the kernel then looks up only that (every component of the vault's own
    /// path looked up again for each file would be a noticeable part of a cold load).
    final class Folder: Sendable {
        let fd: Int32

        init?(_ path: String) {
            fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
        }

        deinit { close(fd) }
    }

    /// The folders of one run of files (one thread's), each opened once below
    /// the vault's: files in listing order come folder by folder, and a file
    /// opened by its name in its own folder costs the kernel one lookup where
    /// its whole path below the vault costs one for each folder on the way
    /// (a noticeable part of a cold load's CPU), and threads do not share one
    /// descriptor.
    final class FolderRun {
        let vault: Folder
        /// The folder held open (its path's bytes below the vault), and its descriptor.
        private var path: [UInt8] = []
        private var fd: Int32 = -1

        init(_ vault: Folder) { self.vault = vault }

        deinit { if fd >= 0 { close(fd) } }

        /// The bytes of the file `id` (a path below the vault), as `read(_:in:stamp:)` reads them.
        func read(_ id: String, stamp: UnsafeMutablePointer<(size: Int, mtime: Int64)>?) -> [UInt8]? {
            id.withCString { whole in
                let bytes = UnsafeRawPointer(whole).assumingMemoryBound(to: UInt8.self)
                var slash = strlen(whole)
                repeat { slash -= 1 } while slash >= 0 && bytes[slash] != 0x2F
                guard slash > 0 else { return FileBytes.read(name: whole, at: vault.fd, stamp: stamp) }
                if slash != path.count || memcmp(path, bytes, slash) != 0 {
                    if fd >= 0 { close(fd) }
                    path = Array(UnsafeBufferPointer(start: bytes, count: slash))
                    fd = (path + [0]).withUnsafeBufferPointer { openat(vault.fd, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self),
                                                                      O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
                }
                // (A folder that cannot be opened: the whole path, which then fails as it would have.)
                return FileBytes.read(name: fd >= 0 ? whole + slash + 1 : whole, at: fd >= 0 ? fd : vault.fd, stamp: stamp)
            }
        }
    }

    /// The file's bytes, or nil when it cannot be opened or read (a folder, no permission, gone);
    /// with `stamp`, its size and change stamp as below.
    static func read(_ path: String, stamp: UnsafeMutablePointer<(size: Int, mtime: Int64)>? = nil) -> [UInt8]? {
        read(path, at: AT_FDCWD, stamp: stamp)
    }

    /// The bytes of the file at `path` below `folder`; with `stamp`, also its
    /// size and change stamp (`VaultListing.changeStamp`) as the open file
    /// had them before it was read (left as they were when it cannot be opened).
    static func read(_ path: String, in folder: Folder, stamp: UnsafeMutablePointer<(size: Int, mtime: Int64)>? = nil) -> [UInt8]? {
        withExtendedLifetime(folder) { read(path, at: folder.fd, stamp: stamp) }
    }

    private static func read(_ path: String, at folder: Int32, stamp: UnsafeMutablePointer<(size: Int, mtime: Int64)>? = nil) -> [UInt8]? {
        path.withCString { read(name: $0, at: folder, stamp: stamp) }
    }

    private static func read(name path: UnsafePointer<CChar>, at folder: Int32, stamp: UnsafeMutablePointer<(size: Int, mtime: Int64)>?) -> [UInt8]? {
        // Non-blocking: a FIFO put where a task file was listed does not hang the load (a regular file ignores the flag).
        let fd = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var known: Int?
        if let stamp {
            // Before the read: a change made while it reads leaves a stamp that differs from the next one.
            var st = stat()
            if fstat(fd, &st) == 0 {
                stamp.pointee = (Int(st.st_size), VaultListing.changeStamp(st))
                if (st.st_mode & S_IFMT) == S_IFREG, st.st_size < 1 << 30 { known = Int(st.st_size) }
            }
        }
        if let size = known {
            // Its size known: read straight into the bytes, one byte more to see the end (no
            // buffer in between: 16 KB taken from malloc and given back for every file of a load).
            var failed = false
            var out = [UInt8](unsafeUninitializedCapacity: size + 1) { room, count in
                let n = fill(fd, room.baseAddress!, size + 1)
                (count, failed) = (n ?? 0, n == nil)
            }
            if failed { return nil }
            return out.count <= size ? out : readOn(fd, &out)  // (grown since the stat)
        }
        // A regular file's `read` comes back short only at its end: no `fstat` and no
        // second `read` for a small file. (A folder fails with EISDIR.)
        return withUnsafeTemporaryAllocation(byteCount: firstRead, alignment: 16) { first -> [UInt8]? in
            guard let n = fill(fd, first.baseAddress!, first.count) else { return nil }
            if n < first.count { return Array(UnsafeRawBufferPointer(rebasing: first[0..<n])) }
            // A large file: read on until it ends.
            var out = Array(UnsafeRawBufferPointer(first))
            return readOn(fd, &out)
        }
    }

    /// `out` (the file's first bytes) with the rest of the file after it; nil on an error.
    private static func readOn(_ fd: Int32, _ out: inout [UInt8]) -> [UInt8]? {
        // Each step reads into a buffer of its own and appends it (a copy of
        // contiguous bytes): filling `out` with zeros first goes element by
        // element in a debug build, slower than a script appending to the file.
        while true {
            let room = max(firstRead, out.count)
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                let n = fill(fd, buffer.baseAddress!, room)
                (count, failed) = (n ?? 0, n == nil)
            }
            if failed { return nil }
            if chunk.isEmpty { return out }
            out.append(contentsOf: chunk)
        }
    }

    /// One `read` of up to `count` bytes (again when interrupted); nil on an error.
    private static func fill(_ fd: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int? {
        while true {
            let n = Glibc.read(fd, base, count)
            if n >= 0 { return n }
            if errno != EINTR { return nil }
        }
    }
}
