import Foundation
import TaskEngine

/// What the runtime keeps to fire reminders: the watch (last look, snoozes,
/// saved in the vault's reminder state file), the schedule made for the
/// index it was made from, and what config.yaml says to do on a firing.
final class ReminderRunner {
    /// Where the watch is saved (nil: kept for this run only).
    let statePath: String?
    let bell: Bool
    let command: [String]?
    /// Why the command or the state file is not used as written (said at start).
    var problems: [String] = []
    /// Nil until the first look (made once the vault is read: that look is what came due while closed).
    var watch: ReminderWatch?
    var schedule: (generation: UInt64, schedule: ReminderSchedule)?
    /// Nothing new since the watch was saved (a look that found nothing is not written).
    var saved = true

    /// Longest `reminder_command` taken: past it, a clear refusal at start.
    static let maxArguments = 64, maxArgumentBytes = 4096
    /// Most commands run for reminders that came due at once (many missed while closed would be as many
    /// processes): the rest are counted on the banner only.
    static let maxCommandsAtOnce = 10

    init(config: AppConfig, statePath: String?) {
        self.statePath = statePath
        bell = config.reminderBell ?? true
        var command = config.reminderCommand
        if let c = command {
            if c.isEmpty || c[0].isEmpty {
                problems.append("reminder_command is empty; nothing is run")
                command = nil
            } else if c.count > Self.maxArguments || c.contains(where: { $0.utf8.count > Self.maxArgumentBytes || $0.utf8.contains(0) }) {
                problems.append("reminder_command is too long (at most \(Self.maxArguments) arguments of \(Self.maxArgumentBytes) bytes); nothing is run")
                command = nil
            }
        }
        self.command = command
    }

    /// The ids of the tasks that have firings in `schedule`.
    var idsWithFirings: Set<String> = []

    /// The schedule of `index` (made again only when the index changed). After one edit
    /// (`TaskIndex.lastChange`) the last schedule, less the firings of the tasks it replaced or
    /// removed, is merged with those of the entries it made: no pass over every task, and no sort
    /// of every firing. Anything else makes it afresh.
    func schedule(for index: TaskIndex) -> ReminderSchedule {
        if let s = schedule, s.generation == index.generation { return s.schedule }
        let made: ReminderSchedule
        if let last = schedule, let change = index.lastChange, change.from == last.generation {
            var added: [ReminderFiring] = []
            for entry in change.entries where !entry.task.reminders.isEmpty {
                added += ReminderSchedule.firings(of: entry.task, timeZone: .current)
            }
            let gone = change.gone.intersection(idsWithFirings)
            if gone.isEmpty && added.isEmpty {
                made = last.schedule
            } else {
                let kept = gone.isEmpty ? last.schedule.firings : last.schedule.firings.filter { !gone.contains($0.taskID) }
                made = ReminderSchedule(merging: kept, with: added)
                idsWithFirings.subtract(gone)
                for f in added { idsWithFirings.insert(f.taskID) }
            }
        } else {
            var all: [ReminderFiring] = []
            for entry in index.tasks where !entry.task.reminders.isEmpty {
                all += ReminderSchedule.firings(of: entry.task, timeZone: .current)
            }
            made = ReminderSchedule(firings: all)
            idsWithFirings = Set(all.map(\.taskID))
        }
        schedule = (index.generation, made)
        return made
    }

    func save() {
        guard let statePath, let watch, !saved else { return }
        do {
            try ReminderStateFile.save(watch, to: statePath)
            saved = true
        } catch {
            // (Not said each time: the reminders still fire; what is lost is only the next start's memory.)
            saved = true
        }
    }

    /// Runs `command` with `title` added, without a shell, its output away from the screen; never waited for
    /// here (a thread reaps it). Returns why it could not start, or nil.
    static func spawn(_ command: [String], title: String) -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let args = command + [title]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, args[0], &actions, nil, &argv, environ)
        guard rc == 0 else { return "reminder_command: could not run '\(BoundedQuote.prefix(args[0]))' (\(String(cString: strerror(rc))))" }
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        return nil
    }
}

extension AppRuntime {
    /// Looks at the clock for reminders: the first call of a run finds what
    /// came due while todomd was closed (since the last look saved), later
    /// ones what came due since the one before. Cheap when nothing is due (one
    /// comparison with the next instant); returns whether the banner changed.
    @discardableResult
    public func checkReminders(now: Date? = nil) -> Bool {
        // Drawn from the cache, the tasks may not hold what changed while todomd was closed
        // (a reminder added then): a look now would pass its instant by. It waits for the vault.
        if startCheckPending { return false }
        let now = now ?? clock()
        let runner = reminderRunner
        let schedule = runner.schedule(for: state.index)
        guard let watch = runner.watch else {
            let (loaded, problem) = ReminderStateFile.load(from: runner.statePath)
            if let problem { dispatch(.notice(problem)) }
            return look(loaded ?? ReminderWatch(lastLook: now), at: now, schedule, missed: true)
        }
        guard let wake = watch.nextWake(schedule), wake < now else {
            // (Kept in memory only: saved with the next firing, a snooze or at quit.)
            if now > watch.lastLook { runner.watch?.lastLook = now; runner.saved = false }
            return false
        }
        return look(watch, at: now, schedule, missed: false)
    }

    /// Takes what came due by `now`, saves the watch, and shows the banner when something did.
    private func look(_ watch: ReminderWatch, at now: Date, _ schedule: ReminderSchedule, missed: Bool) -> Bool {
        var watch = watch
        let found = watch.look(at: now, schedule)
        reminderRunner.watch = watch
        reminderRunner.saved = false
        reminderRunner.save()
        if !found.firings.isEmpty { dispatch(.remindersDue(found, missed: missed)) }
        return !found.firings.isEmpty
    }

    /// The earliest instant the terminal loop must wake at, whatever key comes
    /// or not: the next reminder or the end of a snooze (nil: nothing due).
    public var nextWake: Date? {
        guard let watch = reminderRunner.watch else { return nil }
        return watch.nextWake(reminderRunner.schedule(for: state.index))
    }

    /// The alert of reminders that came due together: the bell once (unless config.yaml turns it off),
    /// and the command once for each, with its task's title.
    func alert(titles: [String]) -> [Action] {
        if reminderRunner.bell { onBell?() }
        guard let command = reminderRunner.command else { return [] }
        let failed = titles.compactMap { ReminderRunner.spawn(command, title: $0) }.first
        return failed.map { [.effect(.notice($0))] } ?? []
    }

    /// Saves when the app last looked (at quit: the next start shows only what came due after).
    /// (Not the time of quitting: what came due since the last look is the next start's to show.)
    public func saveReminders() { reminderRunner.save() }

    func snooze(_ firing: ReminderFiring, _ length: SnoozeLength) -> [Action] {
        let now = clock()
        guard reminderRunner.watch != nil else { return [] }
        let until = length.until(from: now)
        reminderRunner.watch?.snooze(firing, until: until)
        reminderRunner.saved = false
        reminderRunner.save()
        return [.effect(.notice(length.said(firing.title, until: until, today: state.today)))]
    }
}
