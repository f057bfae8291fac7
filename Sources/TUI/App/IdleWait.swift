import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How an idle app sleeps: until a key, a change in the vault (inotify's
/// descriptor) or the next instant something on screen changes (a running
/// timer's minute, the clock's minute for "in 3h"), and not a moment before.
/// Waking ten times a second to look took about half a percent of a core.
enum IdleWait {
    /// Milliseconds until the next instant the app must wake on its own: the state's `wakeAt`, and
    /// (unless today is pinned) the clock's next minute, which "in 40m" and a new day wait for.
    static func milliseconds(now: Date, wakeAt: Int64?, minuteMatters: Bool) -> Int32 {
        let nowMs = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        var until: Int64 = 60_000
        if minuteMatters { until = 60_000 - nowMs % 60_000 + 5 }
        if let wakeAt { until = min(until, max(0, wakeAt * 1000 - nowMs + 5)) }
        return Int32(max(0, until))
    }

    /// Sleeps until one of `descriptors` is readable or `milliseconds` pass (a signal, such as
    /// the terminal's resize, ends it early).
    static func wait(_ descriptors: [Int32], milliseconds: Int32) {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
    }
}
