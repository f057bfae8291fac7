import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a write to a task's path may land. A task that is a link is written
/// through to its target when that target is inside the vault (so the link
/// stays a link and the two never diverge), and refused otherwise; a
/// read-only file is refused, since todomd never changes a file's mode.
public enum WriteTarget {
    public static func resolve(_ path: String, id: String, root: String?) throws -> String {
        var lst = stat()
        guard lstat(path, &lst) == 0 else { throw VaultError.unknownTask(id) }
        var target = path
        if (lst.st_mode & S_IFMT) == S_IFLNK {
            guard let real = realPath(path) else { throw WriteRefusal.brokenLink(id: id) }
            if let root {
                let base = realPath(root) ?? root
                guard real.hasPrefix(base + "/") else {
                    throw WriteRefusal.linkOutsideVault(id: id, target: (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? real)
                }
            }
            target = real
        }
        var st = stat()
        guard stat(target, &st) == 0 else { throw VaultError.unknownTask(id) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw WriteRefusal.notARegularFile(id: id) }
        try checkWritable(st, path: target, id: id)
        return target
    }

    /// Refuses a file without write permission. (As root `access` says yes to
    /// anything, so the mode's write bits are checked too.)
    static func checkWritable(_ st: stat, path: String, id: String) throws {
        if (st.st_mode & 0o222) == 0 || access(path, W_OK) != 0 {
            throw WriteRefusal.readOnly(id: id, mode: String(format: "%04o", Int(st.st_mode & 0o7777)))
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Refuses to delete a read-only file (a link is removed itself, its target left alone).
    public static func checkDeletable(_ path: String, id: String) throws {
        var lst = stat()
        guard lstat(path, &lst) == 0 else { throw VaultError.unknownTask(id) }
        if (lst.st_mode & S_IFMT) == S_IFREG { try checkWritable(lst, path: path, id: id) }
    }
}
