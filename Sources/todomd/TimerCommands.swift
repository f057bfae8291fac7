import ArgumentParser
import Foundation
import TaskEngine

/// `--at`: the instant a timer command takes as now (scripts, tests, and a
/// timer started or stopped late: `--at 2026-11-23T09:00:00+01:00`).
struct NowOption: ParsableArguments {
    @Option(name: .customLong("at"), help: "Take this date and time (2026-11-23T09:00:00Z or with an offset) as now.")
    var at: String?

    var now: Date {
        get throws {
            guard let at else { return Date() }
            guard let d = try? TimeEntry.instant(at, key: "--at") else { throw CLIError("--at: '\(at)' is not a date and time with a zone (like 2026-11-23T09:00:00Z)") }
            return d
        }
    }
}

struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a timer on a task (stopping any other running timer in the vault).",
        discussion: "The timer is a time entry in the task's file (time_entries, TaskNotes' timeEntries): another todomd, or TaskNotes, sees it running.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var clock: NowOption
    @Argument(help: "The task id.") var id: String
    @Option(name: .long, help: "What the session is (the entry's description).") var note: String?

    func run() throws {
        let now = try clock.now
        let (root, found) = try findTasks(global, [id])
        let writer = VaultWriter(root: root)
        // The files are the truth: every other running timer in the vault stops first, all under the
        // vault's lock (`TimerSwitch`), so a second todomd starting one at the same moment cannot leave two.
        let running = try TimerCommands.running(global, root: root).map(\.task.id)
        let outcome: TimerSwitch.Outcome
        do {
            outcome = try TimerSwitch.start(found[0].id, writer: writer, running: running, ledger: TimerCommands.ledger(root), now: now,
                                            description: note)
        } catch let refused as TimerSwitch.Refused {
            throw CLIError(refused.description)
        }
        for stopped in outcome.stopped {
            print("Stopped: \(stopped.saved.title) (\(stopped.saved.id)) · \(TimerCommands.elapsed(stopped.entry, now: now))")
        }
        guard let saved = outcome.started?.saved else { throw CLIError("\(found[0].id): the timer could not be started") }
        // Time on a closed task is kept (work logged after the fact), and said, as the app says it.
        let closed = saved.status.isClosed ? " · on a \(saved.status == .done ? "done" : "cancelled") task (it stays so)" : ""
        print("Started: \(saved.title) (\(saved.id))" + closed)
    }
}

struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the running timer (or the one on a task).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var clock: NowOption
    @Argument(help: "The task id (default: every task whose timer runs).") var id: String?

    func run() throws {
        let now = try clock.now
        let root = try global.vaultRoot()
        let writer = VaultWriter(root: root)
        let targets: [(task: TaskItem, entry: TimeEntry)]
        if let id {
            let task = try findTasks(global, [id]).tasks[0]
            guard let entry = task.timeEntries.last(where: \.isRunning) else { throw CLIError("\(task.id): \(TimeTracking.Refusal.noActive.description)") }
            targets = [(task, entry)]
        } else {
            targets = try TimerCommands.running(global, root: root)
            if targets.isEmpty { return print("No timer is running.") }
        }
        let outcome: TimerSwitch.Outcome
        do {
            outcome = try TimerSwitch.stop(targets.map(\.task.id), writer: writer, ledger: TimerCommands.ledger(root), now: now)
        } catch let refused as TimerSwitch.Refused {
            throw CLIError(refused.description)
        }
        for stopped in outcome.stopped {
            print("Stopped: \(stopped.saved.title) (\(stopped.saved.id)) · \(TimerCommands.elapsed(stopped.entry, now: now))")
        }
    }
}

struct RunningCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "running", abstract: "Print the task whose timer runs and for how long (nothing when none runs).",
        discussion: "One line a running timer, for a shell prompt or a status bar: `Write report (work/report.md) · 1h 05m`.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var clock: NowOption
    @Flag(name: .long, help: "Print a JSON array: id, title, start, seconds.") var json = false

    func run() throws {
        let now = try clock.now
        let running = try TimerCommands.runningMemoised(global, root: try global.vaultRoot())
        if json {
            let items = running.map { r -> JSONValue in
                .object([("id", .string(r.task.id)), ("title", .string(r.task.title)), ("start", .string(TimeEntry.canonical(r.entry.start))),
                         ("seconds", .int(r.entry.seconds(until: now)))])
            }
            finish(JSONText.render(.array(items)).trimmingCharacters(in: .newlines))
        }
        finish(running.isEmpty ? nil : running.map { "\($0.task.title) (\($0.task.id)) · \(TimerCommands.elapsed($0.entry, now: now))" }.joined(separator: "\n"))
    }
}

enum TimerCommands {
    /// The vault's running timers, read through the cache as `list` reads the vault.
    static func running(_ global: GlobalOptions, root: String) throws -> [(task: TaskItem, entry: TimeEntry)] {
        let (_, snapshot) = try loadVault(global, reportProblems: false, root: root)
        return TimeTracking.running(snapshot.index.tasks.map(\.task))
    }

    /// The same, answered from the cache when no file changed since it was last asked (as `count`
    /// is: a prompt may ask every few seconds). The answer kept is each timer's task and start;
    /// the elapsed time is reckoned when printed. A vault with a file it cannot read is never memoised.
    static func runningMemoised(_ global: GlobalOptions, root: String) throws -> [(task: TaskItem, entry: TimeEntry)] {
        let opening = TaskCache.Opening(vaultRoot: root, directory: PerspectiveStore.defaultCacheDirectory())
        let cache = opening.isNew ? nil : opening.wait()
        let key = "running " + RunningProgram.stamp
        if let listing = try LoadedVault.listingForCache(cache, root: root), listing.problems.isEmpty,
           let text = cache?.memo(key, listing: listing.hash), let answer = decode(text) {
            return answer
        }
        let (_, snapshot) = try loadVault(global, reportProblems: false, root: root, cache: cache, opening: cache == nil ? opening : nil)
        let running = TimeTracking.running(snapshot.index.tasks.map(\.task))
        let plain = running.allSatisfy { !($0.task.id + $0.task.title).contains { $0 == "\t" || $0 == "\n" || $0 == "\r\n" } }
        if plain, snapshot.unreadable.isEmpty, let stored = cache ?? opening.wait(), let hash = snapshot.listingHash {
            stored.storeMemo(key, encode(running), listing: hash)
        }
        return running
    }

    /// One timer a line: start seconds, id, title (tab-separated; an id or title holding a tab or
    /// a line break is not memoised).
    static func encode(_ running: [(task: TaskItem, entry: TimeEntry)]) -> String {
        running.map { "\(Int($0.entry.start.timeIntervalSince1970))\t\($0.task.id)\t\($0.task.title)" }.joined(separator: "\n")
    }

    static func decode(_ text: String) -> [(task: TaskItem, entry: TimeEntry)]? {
        guard !text.isEmpty else { return [] }
        var out: [(task: TaskItem, entry: TimeEntry)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let start = Int(parts[0]) else { return nil }
            out.append((TaskItem(id: String(parts[1]), title: String(parts[2])), TimeEntry(start: Date(timeIntervalSince1970: TimeInterval(start)))))
        }
        return out
    }

    /// Where the ids todomd started timers on are noted (`TimerSwitch`).
    static func ledger(_ root: String) -> String? {
        TimerSwitch.ledgerPath(vaultRoot: root, cacheDirectory: PerspectiveStore.defaultCacheDirectory())
    }

    static func elapsed(_ e: TimeEntry, now: Date) -> String { duration(e.seconds(until: now)) }

    /// `1h 05m`, `25m`, `0m`.
    static func duration(_ seconds: Int) -> String { TimeTracking.duration(seconds) }
}
