import Foundation

/// Decides when the app looks at the vault again. With inotify: once a burst
/// of events has been quiet for `settle` (or has gone on for `maxDelay`), so a
/// `git pull` touching a thousand files is one reload. Without it (or when
/// `TODOMD_POLL` is set): every `interval`, comparing sizes and times.
public final class VaultChangeMonitor {
    public enum Mode: String, Sendable { case inotify, polling }
    public private(set) var mode: Mode
    private var watch: InotifyWatch?
    /// What the events since the last look said changed.
    private var pending = InotifyWatch.Report()
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

    /// What to sleep on until something changes (inotify's descriptor); nil while polling.
    public var descriptor: Int32? { watch?.descriptor }

    /// The instant a look is due without any new event: a burst's settle (or its longest
    /// delay) with inotify, the next comparison while polling; nil when only an event can make one due.
    public func nextLook() -> Date? {
        guard watch != nil else { return lastPoll.addingTimeInterval(interval) }
        guard let first = firstEvent, let last = lastEvent else { return nil }
        return min(last.addingTimeInterval(settle), first.addingTimeInterval(maxDelay))
    }

    /// True when the vault should be compared with what the app holds now.
    public func isDue(now: Date = Date()) -> Bool { dueChanges(now: now) != nil }

    /// What to look at again, when it is time to: the files and folders inotify
    /// reported, or (polling, a lost event queue, a vault folder that moved)
    /// the whole vault. Nil when nothing is due.
    public func dueChanges(now: Date = Date()) -> InotifyWatch.Report? {
        if let w = watch {
            let report = w.drainReport()
            if !report.isEmpty {
                pending.merge(report)
                firstEvent = firstEvent ?? now
                lastEvent = now
            }
            if !w.isHealthy {
                // The vault folder itself went away or could not be watched whole: poll from now on.
                watch = nil
                mode = .polling
                pending = InotifyWatch.Report()
                return InotifyWatch.Report(everything: true)
            }
            guard let first = firstEvent, let last = lastEvent else { return nil }
            guard now.timeIntervalSince(last) >= settle || now.timeIntervalSince(first) >= maxDelay else { return nil }
            firstEvent = nil
            lastEvent = nil
            defer { pending = InotifyWatch.Report() }
            return pending
        }
        guard now.timeIntervalSince(lastPoll) >= interval else { return nil }
        lastPoll = now
        return InotifyWatch.Report(everything: true)
    }
}
