import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Serializes the writes of every todomd process (TUI, CLI) on one vault: an
/// advisory `flock` on the vault folder itself, so no lock file is added to
/// the user's folder. "Check that the file is unchanged, then rename" runs
/// inside it, so two todomd processes can never both pass the check on the
/// same version of a file. (Other programs do not take the lock; for them the
/// writer compares the file's bytes again right before the rename.)
public enum VaultLock {
    /// Runs `body` holding the vault's lock. Waits for another todomd's write
    /// (they take milliseconds); a folder that cannot be locked (a file system
    /// without `flock`) still gets the byte comparison.
    public static func withLock<T>(root: String, _ body: () throws -> T) rethrows -> T {
        // Re-entered on the same thread (an undo step that writes several
        // files): the lock is already held, and a second flock would wait on itself.
        let key = "todomd.vaultlock." + root
        let thread = Thread.current.threadDictionary
        if thread[key] != nil { return try body() }
        thread[key] = true
        defer { thread[key] = nil }
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { return try body() }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
