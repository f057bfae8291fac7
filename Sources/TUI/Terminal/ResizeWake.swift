import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor that becomes readable when the terminal is resized, for the
/// idle app's sleep (`IdleWait`): SIGWINCH may be delivered to any of the
/// process's threads, so it cannot be counted on to interrupt the main
/// thread's `poll`. Our handler writes a byte to a pipe, then hands the signal
/// on to ncurses' own handler, which is what makes the next read a resize key.
enum ResizeWake {
    // The handler reads these: set once, before it is installed, and never again.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var previous = sigaction()
    nonisolated(unsafe) private static var readEnd: Int32?

    /// Installs the handler (after ncurses installed its own) once; the pipe's read end, or nil.
    static func install() -> Int32? {
        if let readEnd { return readEnd }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        writeEnd = fds[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { sig in
            var byte: UInt8 = 1
            _ = write(ResizeWake.writeEnd, &byte, 1)
            let before = ResizeWake.previous
            if before.sa_flags & SA_SIGINFO != 0 {
                before.__sigaction_handler.sa_sigaction?(sig, nil, nil)
            } else if let handler = before.__sigaction_handler.sa_handler,
                      unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_DFL, to: Int.self),
                      unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
                handler(sig)
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        guard sigaction(SIGWINCH, &action, &previous) == 0 else {
            close(fds[0]); close(fds[1])
            return nil
        }
        readEnd = fds[0]
        return fds[0]
    }

    /// Empties the pipe (its bytes only said "resized").
    static func drain() {
        guard let readEnd else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
