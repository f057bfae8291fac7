import Foundation

/// Starting and stopping a task's timer (tasknotes-spec §5.19), on its list
/// of entries and on a task as read from its file.
public enum TimeTracking {
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case alreadyActive
        case noActive
        /// The task's list holds entries that could not be read: rewriting it would lose them.
        case unreadableEntries(Int)
        /// The vault's format keeps no time entries (Backlog.md).
        case noKey
        case tooMany

        public var code: String {
            switch self {
            case .alreadyActive: return "time_tracking_already_active"
            case .noActive: return "no_active_time_entry"
            case .unreadableEntries, .tooMany: return "invalid_time_entry"
            case .noKey: return "unsupported_field"
            }
        }

        public var description: String {
            switch self {
            case .alreadyActive: return "\(code): the timer is already running on this task"
            case .noActive: return "\(code): no timer is running on this task"
            case .unreadableEntries(let n):
                return "\(code): its time entries hold \(n) that cannot be read; fix them in the file first (todomd problems names them)"
            case .noKey: return "\(code): this vault's format keeps no time entries (name a key for them in .todomd-profile.yaml)"
            case .tooMany: return "\(code): the task has \(TimeEntry.maxEntries) time entries already"
            }
        }
    }

    /// The entries with a running one added at `now` (§5.19.1).
    public static func start(_ entries: [TimeEntry], at now: Date, description: String? = nil) throws(Refusal) -> [TimeEntry] {
        guard !entries.contains(where: \.isRunning) else { throw .alreadyActive }
        guard entries.count < TimeEntry.maxEntries else { throw .tooMany }
        return entries + [TimeEntry(start: whole(now), description: description)]
    }

    /// The entries with every running one ended at `now` (§5.19.2; a file with two
    /// running, which §2.6.1 forbids, is made whole again). An entry started after
    /// `now` (a clock set back) ends where it started.
    public static func stop(_ entries: [TimeEntry], at now: Date) throws(Refusal) -> [TimeEntry] {
        guard entries.contains(where: \.isRunning) else { throw .noActive }
        let end = whole(now)
        return entries.map { e in
            var e = e
            if e.isRunning { e.end = max(e.start, end) }
            return e
        }
    }

    /// §3.11.5: minutes of the closed entries, and with the running ones to `now` (nil when none runs).
    public static func totals(_ entries: [TimeEntry], now: Date) -> (closed: Int, live: Int?) {
        let closed = entries.filter { !$0.isRunning }.reduce(0) { $0 + $1.seconds(until: now) }
        guard entries.contains(where: \.isRunning) else { return (closed / 60, nil) }
        return (closed / 60, entries.reduce(0) { $0 + $1.seconds(until: now) } / 60)
    }

    /// Time worked in words: `1h 05m`, `25m`, `0m` (negative counts as none).
    public static func duration(_ seconds: Int) -> String {
        let minutes = max(0, seconds) / 60
        guard minutes >= 60 else { return "\(minutes)m" }
        let m = minutes % 60
        return "\(minutes / 60)h \(m < 10 ? "0" : "")\(m)m"
    }

    /// Whole seconds, as the spec's canonical datetime keeps them.
    static func whole(_ d: Date) -> Date { Date(timeIntervalSince1970: d.timeIntervalSince1970.rounded(.down)) }

    /// Checks that `task`'s list may be rewritten in `profile`.
    public static func checkWritable(_ task: TaskItem, profile: VaultProfile) throws(Refusal) {
        guard profile.timeEntriesKey != nil else { throw .noKey }
        guard task.badTimeEntries == 0 else { throw .unreadableEntries(task.badTimeEntries) }
    }

    /// `task` with its timer started (§5.19.1).
    public static func started(_ task: TaskItem, at now: Date, profile: VaultProfile, description: String? = nil) throws(Refusal) -> TaskItem {
        try checkWritable(task, profile: profile)
        var t = task
        t.timeEntries = try start(task.timeEntries, at: now, description: description)
        return t
    }

    /// `task` with its timer stopped (§5.19.2).
    public static func stopped(_ task: TaskItem, at now: Date, profile: VaultProfile) throws(Refusal) -> TaskItem {
        try checkWritable(task, profile: profile)
        var t = task
        t.timeEntries = try stop(task.timeEntries, at: now)
        return t
    }

    /// The running entries of a vault's tasks, earliest start first: (task, its running entry).
    public static func running(_ tasks: [TaskItem]) -> [(task: TaskItem, entry: TimeEntry)] {
        tasks.compactMap { t in t.timeEntries.last(where: \.isRunning).map { (t, $0) } }
            .sorted { $0.entry.start != $1.entry.start ? $0.entry.start < $1.entry.start : $0.task.id < $1.task.id }
    }
}
