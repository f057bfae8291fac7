import Foundation

/// Starting and stopping a timer in the vault's files, as `todomd start`,
/// `todomd stop` and the app's timer key do it: starting one stops every
/// other running timer first, so at most one runs in the vault.
///
/// Every step runs holding the vault's lock (`VaultLock`), on the files as
/// they are then (never a task as some process read it earlier). Two todomd
/// processes starting timers at the same moment take turns; the second then
/// needs to know of the timer the first just started, which its own reading
/// of the vault may be too old to hold: the ids todomd started timers on are
/// kept in a small ledger in the cache folder, read and written only under
/// the lock, and each id it names is read again from its file (the ledger is
/// a hint; the file is the truth). A timer another program started (TaskNotes)
/// is known from the caller's reading of the vault (`running`).
public enum TimerSwitch {
    /// One task's timer started or stopped: the task before, as saved, and the entry.
    public struct Change: Sendable, Hashable {
        public var before: TaskItem
        public var saved: TaskItem
        /// The entry started (running) or stopped (with its end).
        public var entry: TimeEntry
    }

    public struct Outcome: Sendable, Hashable {
        /// The other timers stopped first (or, by `toggle` and `stop`, the one stopped).
        public var stopped: [Change] = []
        public var started: Change?

        public init(stopped: [Change] = [], started: Change? = nil) {
            self.stopped = stopped
            self.started = started
        }
    }

    /// Most ids the ledger holds (more is damage, not read past).
    static let ledgerLimit = 256

    /// The ledger of vault `root` in `cacheDirectory` (nil: none kept).
    public static func ledgerPath(vaultRoot: String, cacheDirectory: String?) -> String? {
        cacheDirectory.map { $0 + "/timers-" + String(FileFingerprint(bytes: Array(vaultRoot.utf8)).hash, radix: 16) + ".txt" }
    }

    /// `record` is handed every file the step may change before any is written (the app's undo
    /// history reads them there), and runs the writes.
    public typealias Recording = (_ paths: [String], _ write: () throws -> Outcome) throws -> Outcome

    /// Starts `id`'s timer at `now`, first stopping every other running one (those in `running`,
    /// the ids the caller's reading of the vault found running, and those the ledger names).
    /// Refused (nothing written) when `id`'s timer already runs or a file to change cannot be.
    public static func start(_ id: String, writer: VaultWriter, running: [String], ledger: String?, now: Date,
                             description: String? = nil, record: Recording = { try $1() }) throws -> Outcome {
        try VaultLock.withLock(root: writer.root) {
            let task = try fresh(id, writer)
            _ = try refusing(task) { try TimeTracking.started($0, at: now, profile: writer.profile, description: description) }
            return try startLocked(task, writer: writer, running: running, ledger: ledger, now: now, description: description, record: record)
        }
    }

    /// Stops `id`'s timer when it runs, else starts it (stopping every other): the app's timer key.
    public static func toggle(_ id: String, writer: VaultWriter, running: [String], ledger: String?, now: Date,
                              record: Recording = { try $1() }) throws -> Outcome {
        try VaultLock.withLock(root: writer.root) {
            let task = try fresh(id, writer)
            if task.timeEntries.contains(where: \.isRunning) { return try stopLocked([task], writer: writer, ledger: ledger, now: now, record: record) }
            _ = try refusing(task) { try TimeTracking.started($0, at: now, profile: writer.profile) }
            return try startLocked(task, writer: writer, running: running, ledger: ledger, now: now, description: nil, record: record)
        }
    }

    /// Stops the timers of `ids` (each read again from its file; refused when one does not run).
    public static func stop(_ ids: [String], writer: VaultWriter, ledger: String?, now: Date, record: Recording = { try $1() }) throws -> Outcome {
        try VaultLock.withLock(root: writer.root) {
            let tasks = try ids.map { try fresh($0, writer) }
            return try stopLocked(tasks, writer: writer, ledger: ledger, now: now, record: record)
        }
    }

    /// Why a timer could not be started or stopped, naming the task.
    public struct Refused: Error, CustomStringConvertible, Equatable {
        public let id: String
        public let refusal: TimeTracking.Refusal
        public var description: String { "\(id): \(refusal.description)" }
    }

    private static func startLocked(_ task: TaskItem, writer: VaultWriter, running: [String], ledger: String?, now: Date,
                                    description: String?, record: Recording) throws -> Outcome {
        var seen: Set<String> = [task.id]
        let others = (running + readLedger(ledger)).filter { seen.insert($0).inserted }
        // Each other one as its file is now: one no longer there, or no longer running, is left alone.
        var stops: [(TaskItem, TaskItem)] = []
        for id in others {
            guard case .success(let t) = VaultLoader.loadOne(root: writer.root, id: id, timeZone: writer.timeZone, profile: writer.profile),
                  t.timeEntries.contains(where: \.isRunning) else { continue }
            stops.append((t, try refusing(t) { try TimeTracking.stopped($0, at: now, profile: writer.profile) }))
        }
        let started = try refusing(task) { try TimeTracking.started($0, at: now, profile: writer.profile, description: description) }
        let paths = ([task] + stops.map(\.0)).map { writer.path(of: $0.id) }
        return try record(paths) {
            var outcome = Outcome()
            for (before, edited) in stops {
                let saved = try writer.update(edited, now: now)
                outcome.stopped.append(Change(before: before, saved: saved, entry: lastStopped(saved, before)))
            }
            let saved = try writer.update(started, now: now)
            guard let entry = saved.timeEntries.last(where: \.isRunning) else { throw Refused(id: task.id, refusal: .noActive) }
            outcome.started = Change(before: task, saved: saved, entry: entry)
            writeLedger(ledger, [saved.id])
            return outcome
        }
    }

    private static func stopLocked(_ tasks: [TaskItem], writer: VaultWriter, ledger: String?, now: Date, record: Recording) throws -> Outcome {
        let edits = try tasks.map { t in (t, try refusing(t) { try TimeTracking.stopped($0, at: now, profile: writer.profile) }) }
        return try record(tasks.map { writer.path(of: $0.id) }) {
            var outcome = Outcome()
            for (before, edited) in edits {
                let saved = try writer.update(edited, now: now)
                outcome.stopped.append(Change(before: before, saved: saved, entry: lastStopped(saved, before)))
            }
            let gone = Set(tasks.map(\.id))
            writeLedger(ledger, readLedger(ledger).filter { !gone.contains($0) })
            return outcome
        }
    }

    /// The entry the stop ended: the last one that ran before.
    private static func lastStopped(_ saved: TaskItem, _ before: TaskItem) -> TimeEntry {
        guard let i = before.timeEntries.lastIndex(where: \.isRunning), saved.timeEntries.indices.contains(i) else {
            return saved.timeEntries.last ?? TimeEntry(start: Date())
        }
        return saved.timeEntries[i]
    }

    private static func fresh(_ id: String, _ writer: VaultWriter) throws -> TaskItem {
        switch VaultLoader.loadOne(root: writer.root, id: id, timeZone: writer.timeZone, profile: writer.profile) {
        case .success(let t): return t
        case .failure(let p): throw VaultError.unreadableTask(id: p.id, reason: p.reason)
        }
    }

    private static func refusing(_ t: TaskItem, _ body: (TaskItem) throws -> TaskItem) throws -> TaskItem {
        do { return try body(t) } catch let refusal as TimeTracking.Refusal { throw Refused(id: t.id, refusal: refusal) }
    }

    /// The ids the ledger names (none when it is missing or cannot be read).
    static func readLedger(_ path: String?) -> [String] {
        guard let path, let bytes = RegularFile.bytes(path, limit: 64 * 1024) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(ledgerLimit).map(String.init)
    }

    /// Best effort: a ledger that cannot be written only loses the hint (the caller's reading still holds).
    static func writeLedger(_ path: String?, _ ids: [String]) {
        guard let path else { return }
        if ids.isEmpty { unlink(path); return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = ids.filter { !$0.contains("\n") }.joined(separator: "\n") + "\n"
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
