import ArgumentParser
// (glibc's `stdout` is a C global Swift 6 cannot prove constant; the C runtime sets it once before main.)
@preconcurrency import Glibc
import Foundation
import TaskEngine

/// Loads the vault for a read-only command. Unreadable files are reported on
/// stderr (they are not tasks) but do not stop the command.
/// With an `opening` of a new cache, the vault is read while the cache is made.
/// `store`: the vault's perspectives file, whose sequential projects join the index's waits (read here when nil).
func loadVault(_ global: any VaultChoice, reportProblems: Bool = true, root: String? = nil, cache: TaskCache? = nil,
               opening: TaskCache.Opening? = nil, listing: VaultListing.Listing? = nil, store: PerspectiveStore? = nil) throws -> (root: String, snapshot: VaultSnapshot) {
    let root = try root ?? global.vaultRoot()
    PhaseTrace.mark("start")
    let cache = cache ?? (opening == nil ? TaskCache.open(vaultRoot: root, directory: PerspectiveStore.defaultCacheDirectory()) : nil)
    PhaseTrace.mark("open cache")
    var snapshot = try VaultLoader.load(root: root, cache: cache, opening: opening, listing: listing)
    snapshot.index.addSequentialProjects(from: store ?? PerspectiveStore.loaded(root))
    if reportProblems, !snapshot.unreadable.isEmpty {
        let n = snapshot.unreadable.count
        let first = snapshot.unreadable[0]
        let more = n > 1 ? " (and \(n - 1) more; `todomd problems` lists them)" : ""
        printError("warning: \(n) unreadable file\(n == 1 ? "" : "s"): \(first)\(more)")
    }
    return (root, snapshot)
}

/// Prints the result and ends the process without tearing down the loaded
/// vault piece by piece (on a big vault that takes longer than the count).
/// The cache is written after the answer is out (stdout closed, so a pipe reads on),
/// and so is what `then` stores.
func finish(_ output: String? = nil, then: () -> Void = {}) -> Never {
    if let output { print(output) }
    fflush(stdout)
    fclose(stdout)
    PhaseTrace.mark("answer out")
    then()
    VaultLoader.waitForCacheWrites()
    PhaseTrace.mark("cache stored")
    exit(0)
}

/// The tasks named by `ids` (each with or without the `.md` suffix), read
/// from their own files; the whole vault is loaded only when one of them is
/// something only a full load describes right (see `NamedRead`).
func findTasks(_ global: GlobalOptions, _ ids: [String]) throws -> (root: String, tasks: [TaskItem]) {
    let root = try global.vaultRoot()
    var tasks: [TaskItem] = []
    for id in ids {
        let trimmed = id.hasPrefix("./") ? String(id.dropFirst(2)) : id
        var found: TaskItem?, unreadable: VaultProblem?, unsure = false
        for read in [trimmed, trimmed + ".md"].map({ VaultLoader.readNamed($0, root: root) }) {
            switch read {
            case .found(let t): found = found ?? t
            case .unreadable(let p): unreadable = unreadable ?? p
            case .unsure: unsure = true
            case .absent: break
            }
        }
        if let found {
            tasks.append(found)
        } else if unsure {
            let (_, snapshot) = try loadVault(global, reportProblems: false, root: root)
            return (root, try ids.map { try findTask($0, in: snapshot) })
        } else if let p = unreadable {
            throw CLIError("\(p.id) cannot be read: \(p.reason)")
        } else {
            throw noTask(id)
        }
    }
    return (root, tasks)
}

func noTask(_ id: String) -> CLIError {
    CLIError("no task with id '\(id)' (ids are paths like work/draft-q4.md; `todomd list` shows them)")
}

/// Finds a task by id, with or without the `.md` suffix.
func findTask(_ id: String, in snapshot: VaultSnapshot) throws -> TaskItem {
    let trimmed = id.hasPrefix("./") ? String(id.dropFirst(2)) : id
    if let t = snapshot.task(id: trimmed) ?? snapshot.task(id: trimmed + ".md") { return t }
    if let p = snapshot.unreadable.first(where: { $0.id == trimmed || $0.id == trimmed + ".md" }) {
        throw CLIError("\(p.id) cannot be read: \(p.reason)")
    }
    throw noTask(id)
}

struct ProblemsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "problems", abstract: "List files that cannot be read, and other warnings.",
        discussion: "Exit status: 0 when there is no problem, 1 when any is listed (so a script or a hook can stop on one), 2 when the vault cannot be read.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let (root, snapshot) = try loadVault(global, reportProblems: false)
        let store = PerspectiveStore(vaultRoot: root)
        store.load()
        var lines = snapshot.problems.map { "\($0.kind == .unreadable ? "unreadable" : "warning"): \($0.id): \($0.reason)" }
        if let p = store.problem { lines.append("unreadable: \(PerspectiveStore.fileName): \(p)") }
        if store.schemaProblems.count > 1 {
            lines += store.schemaProblems.map { "unreadable: \(PerspectiveStore.fileName): \($0)" }
        }
        if let r = store.readOnlyReason { lines.append("warning: \(PerspectiveStore.fileName): \(r)") }
        lines += store.warnings.map { "warning: \(PerspectiveStore.fileName): \($0)" }
        lines += SyncConflict.find(root: root, snapshot: snapshot).map(\.problemText)
        lines += DependencyOutput.problemLines(snapshot)
        if lines.isEmpty { print("No problems.") }
        for l in lines { print(l) }
        // (1, as `diff` and `grep` answer "found some": 2 stays the status of an error.)
        if !lines.isEmpty { throw ExitCode(1) }
    }
}

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one task's fields and notes.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The task id: its path in the vault, e.g. work/draft-q4.md.") var id: String
    @OptionGroup var clock: NowOption

    func run() throws {
        let now = try clock.now
        let task = try findTasks(global, [id]).tasks[0]
        var extra = ""
        // Where its dependencies and links lead, and who waits for it, take the vault: read only for a
        // task that has some, or that the cache cannot tell no task waits for (it decodes only the tasks
        // that have dependencies, which most have not).
        // In another tool's vault the cache holds no tasks: what a full read found is remembered for the next.
        let root = try global.vaultRoot()
        let store = PerspectiveStore.loaded(root)
        let profile = VaultWriter(root: root).profile
        var cache: TaskCache?, listing: VaultListing.Listing?
        var needed = DependencyOutput.needsVault(task, store: store, kind: profile.kind)
        if !needed || !profile.isDefault {
            cache = TaskCache.open(vaultRoot: root, directory: PerspectiveStore.defaultCacheDirectory())
            listing = profile.isDefault ? try LoadedVault.listingForCache(cache, root: root) : try cache.map { _ in try VaultListing.listing(root: root) }
        }
        if !needed {
            needed = listing.flatMap {
                profile.isDefault ? VaultLoader.mayBeWaitedFor(task.id, root: root, cache: cache, listing: $0)
                    : VaultLoader.mayBeWaitedFor(remembered: task.id, root: root, cache: cache, listing: $0)
            } ?? true
        }
        var remember: (() -> Void)?
        if needed {
            // (Another tool's vault is read as its tool's folders say, not from this listing of every file.)
            let (root, snapshot) = try loadVault(global, reportProblems: false, root: root, cache: cache,
                                                 listing: profile.isDefault ? listing : nil, store: store)
            extra = DependencyOutput.lines(snapshot.task(id: task.id) ?? task, root: root, snapshot: snapshot)
            if !profile.isDefault, let cache, let listing { remember = { VaultLoader.rememberWaits(snapshot, root: root, cache: cache, listing: listing) } }
        }
        // (Reminders and time entries after the fields, before what it waits for.)
        print(TaskOutput.detail(task, extra: TrackingOutput.lines(task, now: now, today: global.todayDay) + extra), terminator: "")
        remember?()
    }
}

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Mark a task done (a repeating task: complete one occurrence).",
        discussion: "A repeating task stays open: the occurrence is recorded in complete_instances and scheduled (and due) move to the next one.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The task id.") var id: String
    @Option(name: .long, help: "The occurrence of a repeating task to complete (default: its scheduled day, else due, else today).") var on: String?

    func run() throws {
        try OccurrenceCommand.run(global, id: id, on: on, verb: "Done", recurring: RecurringTask.complete) {
            $0.status == .done ? nil : { $0.setStatus(.done) }
        }
    }
}

struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "skip", abstract: "Skip one occurrence of a repeating task.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The task id.") var id: String
    @Option(name: .long, help: "The occurrence to skip (default: its scheduled day, else due, else today).") var on: String?

    func run() throws {
        try OccurrenceCommand.run(global, id: id, on: on, verb: "Skipped", recurring: RecurringTask.skip) { t in
            if t.recurrence != nil { throw CLIError("\(t.id) is done: its series has ended") }
            throw CLIError("\(t.id) does not repeat: only an occurrence of a repeating task can be skipped")
        }
    }
}

/// `done` and `skip`: a repeating task's occurrence, or (for `done`) the task itself.
enum OccurrenceCommand {
    typealias Step = (TaskItem, Day?, Day, TimeZone) throws -> RecurringTask.Result

    static func run(_ global: GlobalOptions, id: String, on: String?, verb: String, recurring: Step,
                    plain: (TaskItem) throws -> ((inout TaskItem) -> Void)?) throws {
        let today = global.todayDay
        var explicit: Day?
        if let on {
            guard let d = DateInput.parse(on, today: today) else { throw CLIError("--on: '\(on)' is not a date (try 2026-11-25, today, fri)") }
            explicit = d
        }
        let (root, found) = try findTasks(global, [id])
        let task = found[0]
        let writer = VaultWriter(root: root)
        guard task.recurrence != nil, task.status != .done else {
            guard let change = try plain(task) else { return print("\(task.id) is already done") }
            let (_, saved, moves) = try writeFresh(writer, task, change)
            return print("\(verb): \(saved.title) (\(saved.id))" + moved(moves))
        }
        // A rule that cannot be read is said at once, and nothing is written.
        var result = try recurring(task, explicit, today, .current)
        let (_, saved, moves) = try writeFresh(writer, task) { t in
            // (Again on the file as it is now, should it have changed since it was read.)
            if let r = try? recurring(t, explicit, today, .current) {
                result = r
                t = r.task
            }
        }
        print("\(verb): \(saved.title) (\(saved.id)) · \(RecurringTask.message(result))" + moved(moves))
    }

    /// A value read from an alias key now stands under the vault's own key: said as `modify` says it.
    static func moved(_ moves: [AliasMove]) -> String { AliasMove.describe(moves).map { " (\($0))" } ?? "" }
}

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "Write a realistic demo vault into DIR.")
    @Option(name: .long, help: "Pin today's date (YYYY-MM-DD).") var today: String?
    @Argument(help: "The folder to write (created when missing).") var dir: String
    @Option(name: .long, help: "How many tasks.") var count = 200
    @Option(name: .long, help: "The random seed: the same seed writes the same files.") var seed: UInt64 = 1
    @Flag(name: .long, help: "No task waits for another (no dependencies, no sequential project).") var noDependencies = false
    @Flag(name: .long, help: "No time worked and no reminders.") var noTracking = false

    func validate() throws {
        guard count >= 0 && count <= 1_000_000 else { throw ValidationError("--count must be between 0 and 1000000") }
        if let t = today, Day.parseISO(t) == nil { throw ValidationError("--today must be a date like 2026-11-21") }
    }

    func run() throws {
        let day = today.flatMap { Day.parseISO($0) } ?? Day.today()
        let path = VaultLocation.expand(dir)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
            throw CLIError("\(path) exists and is not a folder")
        }
        let n = try DemoVaultGenerator(count: count, seed: seed, today: day, dependencies: !noDependencies, tracking: !noTracking).write(to: path)
        print("Wrote \(n) tasks to \(path)")
    }
}
