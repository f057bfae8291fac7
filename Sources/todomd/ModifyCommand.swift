import ArgumentParser
import Foundation
import TaskEngine

/// `todomd modify ID… [options]`: changes fields of several tasks through the
/// same safe writer as the app. Every value is checked before anything is
/// written (a bad one: exit 2, nothing written); each task then prints one
/// line. A task that cannot be written (changed meanwhile, read-only, …) is
/// reported and left as it was, the others are changed, and the exit status is 2.
struct ModifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modify", abstract: "Change fields of one or more tasks.",
        discussion: """
        Dates, --estimate, --area, --project and --assignee take `none` to clear them. --tag +t adds t, --tag -t removes it. \
        --project X replaces the first project (the one shown) and keeps the others; --project +X adds one, \
        --project -X removes one; --context and --assignee the same. \
        --blocked-by OTHER makes the tasks wait for OTHER (repeat for more); --unblock OTHER undoes it, --unblock all \
        removes every dependency todomd can read. A task waiting for itself, a task not there, or an edge that would \
        close a cycle is refused before anything is written.
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Task ids: paths in the vault, e.g. work/draft-q4.md.") var ids: [String]
    @Option(name: .long, help: "todo, in-progress, done, cancelled or someday.") var status: String?
    @Option(name: .long, help: "none, low, medium or high.") var priority: String?
    @Flag(inversion: .prefixedNo, help: "Flag or unflag.") var flag: Bool?
    @Option(name: .long, help: "Area (`/` nests), or none.") var area: String?
    @Option(name: .long, parsing: .unconditionalSingleValue, help: "X replaces the first project, +X adds, -X removes, none clears.") var project: [String] = []
    @Option(name: .long, parsing: .unconditionalSingleValue, help: "X replaces the first context, +X adds, -X removes, none clears.") var context: [String] = []
    @Option(name: .long, parsing: .unconditionalSingleValue, help: "+tag adds, -tag removes (repeat for more).") var tag: [String] = []
    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: "+name adds, -name removes, name replaces the first assignee, none clears (repeat for more).") var assignee: [String] = []
    @Option(name: .long, help: "2026-11-25, today, tomorrow, fri, +3d, or none.") var due: String?
    @Option(name: .long, help: "Scheduled date, or none.") var scheduled: String?
    @Option(name: .long, help: "Defer date, or none.") var `defer`: String?
    @Option(name: .long, help: "Estimated minutes, or none.") var estimate: String?
    @Option(name: .long, help: "A new title.") var title: String?
    @Option(name: .customLong("blocked-by"), parsing: .unconditionalSingleValue,
            help: "Make the tasks wait for this task (an id; repeat for more).") var blockedBy: [String] = []
    @Option(name: .long, parsing: .unconditionalSingleValue, help: "No longer wait for this task (an id; a name of no task as its entry writes it), or all.") var unblock: [String] = []
    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: "Add a reminder: -1h (before due), scheduled-30m, 9am (on the due day), 2026-11-25T09:00, or none to clear.") var remind: [String] = []

    func validate() throws {
        if ids.isEmpty { throw ValidationError("name at least one task id") }
    }

    func run() throws {
        let waits = blockedBy.isEmpty && unblock.isEmpty ? nil : try WaitChange.plan(self)
        let (root, tasks) = try waits.map { ($0.root, $0.tasks) } ?? findTasks(global, ids)
        let writer = VaultWriter(root: root)
        // (After the vault is found: a status may be given in the vault's own words, TaskNotes' `open`.)
        let change = try TaskChange.parse(self, today: global.todayDay, profile: writer.profile)
        var failed = 0
        for original in tasks {
            do {
                try change.checkReminders(original, profile: writer.profile)
                // A repeating task set done completes its occurrence and rolls on, as `done` and the app
                // do (tasknotes-spec §5.7: a recurring completion is not a status rewrite); the rule is
                // read first, so one that cannot be is said before anything is written.
                let occurrence = change.completesOccurrence(of: original)
                var rolled: RecurringTask.Result?
                if occurrence { rolled = try RecurringTask.complete(original, today: global.todayDay) }
                let (before, saved, moves) = try writeFresh(writer, original) {
                    let read = $0
                    var rest = change
                    if occurrence { rest.status = nil }
                    rest.apply(to: &$0, profile: writer.profile)
                    waits?.apply(to: &$0)
                    if occurrence, read.recurrence != nil, let r = try? RecurringTask.complete($0, today: global.todayDay) {
                        rolled = r
                        $0 = r.task
                    }
                }
                var what = TaskChange.describe(from: before, to: saved)
                // (Said as `done` says it: which occurrence, and the next; the dates that moved follow.)
                if occurrence, let rolled { what = "done \(RecurringTask.message(rolled))" + (what.isEmpty ? "" : ", " + what) }
                // A value read from an alias key now stands under the vault's own key: say so.
                if !what.isEmpty, let said = AliasMove.describe(moves) { what += " (\(said))" }
                print(what.isEmpty ? "unchanged: \(saved.id)" : "changed: \(saved.id): \(what)")
                // Kept as asked, but a reminder that will stay silent is said (a cleared due date, a past time).
                for w in ReminderFireCheck.warnings(before: before, after: saved, now: Date(), timeZone: .current) { warn("\(saved.id): \(w)") }
                // A reminder added beside entries todomd cannot read leaves them as written: said, as they stay silent.
                if saved.badReminders > 0, !change.reminders.isEmpty { 
                    warn("\(saved.id): " + ReminderFireCheck.unreadKept(saved.badReminders) + " (todomd problems names them; --remind none removes every reminder)")
                }
                if saved.id != original.id, !followRename(from: original.id, to: saved.id, writer: writer) { failed += 1 }
            } catch {
                failed += 1
                printError("\(error)")
            }
        }
        if failed > 0 { throw ExitCode(2) }
    }

    /// After a rename took `old`'s name away (the title is the file name in a TaskNotes vault): the
    /// other task files that named it (dependencies, projects, links in the notes) name the new one
    /// (`VaultWriter.followRename`), and the output says how many; a file that could not be updated
    /// is named on stderr (false), as are open tasks still waiting for the old name.
    func followRename(from old: String, to new: String, writer: VaultWriter) -> Bool {
        guard let (_, snapshot) = try? loadVault(global, reportProblems: false) else {
            printError("note: the vault could not be read again: files naming \(old) were not updated to \(new)")
            return false
        }
        let index = snapshot.index
        // (Where links led is asked of the vault as it was before the rename.)
        let ids = index.tasks.map(\.task.id).filter { $0 != new } + [old]
        var followed = FollowedRename()
        if writer.profile.followsRenames {
            followed = writer.followRename(from: old, to: new, candidates: index.mayName(old), ids: ids,
                                           notes: writer.notesNaming(old, taskIDs: Set(ids)))
        } else {
            printError("note: " + FollowedRename.notFollowed(writer.profile.followsRenamesSource ?? "the vault's settings")
                .replacingOccurrences(of: "the old name", with: old))
        }
        let files = followed.updated.map(\.id) + followed.notes
        if !files.isEmpty {
            print("updated: \(files.count == 1 ? "1 other file now names" : "\(files.count) other files now name") \(new): " + files.joined(separator: ", "))
        }
        for s in followed.skipped { printError("not updated: \(s.id) (\(s.why)): it still names \(old)") }
        let updated = Set(followed.updated.map(\.id))
        let names: Set<String> = [TaskDependency.key(old), TaskDependency.key(String(old.split(separator: "/").last ?? ""))]
        let waiting = index.tasks.count { t in
            !updated.contains(t.task.id) && !t.task.status.isClosed && t.task.dependencies.contains { names.contains($0.key) }
        }
        if waiting > 0 {
            printError("note: \(waiting == 1 ? "1 task waits" : "\(waiting) tasks wait") for \(old) by its old name and now name no task (todomd problems lists them)")
        }
        return followed.skipped.isEmpty
    }
}

/// The changes `modify` asked for, checked once and applied to each task.
struct TaskChange {
    /// Whether this change sets `task` done while it repeats: its occurrence is completed instead.
    func completesOccurrence(of task: TaskItem) -> Bool {
        RecurringTask.completesOccurrence(task, settingStatus: status)
    }

    var status: TaskStatus?
    var priority: Priority?
    var flag: Bool?
    var area: String??
    var projects: [ListEdit] = []
    var contexts: [ListEdit] = []
    var addTags: [String] = []
    var removeTags: [String] = []
    var assignees = AssigneeChange()
    var due: TaskDate??
    var scheduled: TaskDate??
    var defer_: TaskDate??
    var estimate: Int??
    var title: String?
    var reminders: [ReminderRequest] = []

    static func parse(_ c: ModifyCommand, today: Day, profile: VaultProfile) throws -> TaskChange {
        var out = TaskChange()
        if let s = c.status {
            guard let v = TaskStatus(rawValue: s.lowercased()) ?? profile.status(for: s) else {
                throw CLIError("--status must be todo, in-progress, done, cancelled or someday (or a status word of this vault: todomd profile lists them), not '\(s)'")
            }
            out.status = v
        }
        if let p = c.priority {
            guard let v = Priority(rawValue: p.lowercased()) else { throw CLIError("--priority must be none, low, medium or high, not '\(p)'") }
            out.priority = v
        }
        out.flag = c.flag
        out.area = c.area.map(clearable)
        func listEdits(_ values: [String], _ option: String) throws -> [ListEdit] {
            try values.map {
                guard let e = ListEdit($0) else { throw CLIError("--\(option) needs a name: X replaces the first, +X adds, -X removes, none clears") }
                return e
            }
        }
        out.projects = try listEdits(c.project, "project")
        out.contexts = try listEdits(c.context, "context")
        for t in c.tag {
            let name = String(t.drop(while: { $0 == "+" || $0 == "-" })).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CLIError("--tag needs a name: +name adds it, -name removes it") }
            if t.hasPrefix("-") { out.removeTags.append(name) } else { out.addTags.append(name) }
        }
        out.assignees = try AssigneeChange.parse(c.assignee)
        func date(_ value: String?, _ option: String) throws -> TaskDate?? {
            guard let value else { return nil }
            if clearable(value) == nil { return .some(nil) }
            guard let day = DateInput.parse(value, today: today) else {
                throw CLIError("--\(option): '\(value)' is not a date (try 2026-11-25, today, tomorrow, fri, +3d, none)")
            }
            return .some(TaskDate(day: day))
        }
        out.due = try date(c.due, "due")
        out.scheduled = try date(c.scheduled, "scheduled")
        out.defer_ = try date(c.defer, "defer")
        if let e = c.estimate {
            if clearable(e) == nil {
                out.estimate = .some(nil)
            } else {
                guard let n = Int(e), n >= 0 else { throw CLIError("--estimate must be a whole number of minutes or none, not '\(e)'") }
                out.estimate = .some(n)
            }
        }
        out.reminders = try ReminderOption.parse(c.remind)
        if let t = c.title {
            let trimmed = t.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw CLIError("--title cannot be empty") }
            out.title = trimmed
        }
        return out
    }

    /// Nil for `none` or an empty value.
    static func clearable(_ s: String) -> String? {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty || t.lowercased() == "none" ? nil : t
    }

    /// `profile`: the vault's words (TaskNotes writes projects as wiki links, Backlog.md assignees with `@`).
    func apply(to t: inout TaskItem, profile: VaultProfile = .todomd) {
        let asLinks = profile.projectsAsLinks
        assignees.apply(to: &t, profile: profile)
        // A field named here is set or cleared on purpose: a value the file held that could not be read goes.
        if status != nil { t.settle(.status) }
        if priority != nil { t.settle(.priority) }
        if flag != nil { t.settle(.flagged) }
        if area != nil { t.settle(.area) }
        if !projects.isEmpty { t.settle(.project) }
        if !contexts.isEmpty { t.settle(.contexts) }
        if due != nil { t.settle(.due) }
        if scheduled != nil { t.settle(.scheduled) }
        if defer_ != nil { t.settle(.defer) }
        if estimate != nil { t.settle(.estimatedMinutes) }
        if title != nil { t.settle(.title) }
        if let status, status != t.status || t.statusText != status.rawValue || t.statusText == nil { t.setStatus(status) }
        if let priority, priority != t.priority { t.setPriority(priority) }
        if let flag { t.flagged = flag }
        if let area { t.area = area }
        for e in projects { t.editProjects(e, asLinks: asLinks) }
        for e in contexts { t.editContexts(e) }
        for tag in addTags where !t.tags.contains(where: { $0.lowercased() == tag.lowercased() }) { t.tags.append(tag) }
        t.tags.removeAll { tag in removeTags.contains { $0.lowercased() == tag.lowercased() } }
        if let due { t.due = due }
        if let scheduled { t.scheduled = scheduled }
        if let defer_ { t.defer_ = defer_ }
        if let estimate { t.estimatedMinutes = estimate }
        if let title { t.title = title }
        for r in reminders { try? r.apply(to: &t, now: Date(), timeZone: .current, localTimes: profile.reminderTimesLocal) }
    }

    /// Reminders can be added to `t` (its base date set, its list readable, the vault keeping them).
    func checkReminders(_ t: TaskItem, profile: VaultProfile) throws {
        guard !reminders.isEmpty else { return }
        guard profile.remindersKey != nil else { throw CLIError("\(t.id): this vault's format keeps no reminders (name a key for them in .todomd-profile.yaml)") }
        // (The other changes first: a --due given beside it is the date it counts from.)
        var rest = self
        rest.reminders = []
        var probe = t
        rest.apply(to: &probe, profile: profile)
        for r in reminders {
            do { try r.apply(to: &probe, now: Date(), timeZone: .current, localTimes: profile.reminderTimesLocal) } catch {
                throw CLIError("\(t.id): --remind: " + error.said { "set --\($0.rawValue) first" })
            }
        }
    }

    /// A reminder in the change line: its offset as typed (`-1h`, `scheduled-1d`), its time as
    /// `todomd reminders` lists times (`at 2026-11-24 09:00`, local).
    static func shown(_ r: Reminder) -> String {
        let base = r.relatedTo == Reminder.Base.scheduled.rawValue ? "scheduled" : ""
        if let offset = r.offset, r.kind == .relative { return base + (ReminderRequest.shortOffset(offset) ?? offset) }
        if let at = ReminderTrigger.instant(r, due: nil, scheduled: nil, timeZone: .current) {
            let (day, clock) = ReminderListing.local(at, timeZone: .current)
            return "at \(day.iso) \(clock)"
        }
        return r.absoluteTime ?? r.id
    }

    /// `status done, priority high, tags +a -b`: what changed, for the output line.
    static func describe(from a: TaskItem, to b: TaskItem) -> String {
        var parts: [String] = []
        if a.title != b.title { parts.append("title \"\(b.title)\"") }
        if a.statusText != b.statusText { parts.append("status \(b.displayStatus)") }
        if a.priority != b.priority { parts.append("priority \(b.priority.rawValue)") }
        if a.flagged != b.flagged { parts.append(b.flagged ? "flagged" : "unflagged") }
        if a.area != b.area { parts.append("area \(b.area ?? "none")") }
        if a.projects != b.projects {
            parts.append(b.projects.count > 1 ? "projects \(b.projects.joined(separator: ", "))" : "project \(b.project ?? "none")")
        }
        if a.contexts != b.contexts { parts.append("contexts \(b.contexts.isEmpty ? "none" : b.contexts.map { "@" + $0 }.joined(separator: " "))") }
        if a.tags != b.tags { parts.append("tags \(b.tags.isEmpty ? "none" : b.tags.joined(separator: ", "))") }
        if a.assignees != b.assignees { parts.append("assignees \(b.assignees.isEmpty ? "none" : Assignee.shown(b.assignees))") }
        for f in [TaskField.due, .scheduled, .defer] where a.date(f)?.raw != b.date(f)?.raw {
            parts.append("\(f.key) \(b.date(f)?.raw ?? "none")")
        }
        if a.estimatedMinutes != b.estimatedMinutes { parts.append("estimate \(b.estimatedMinutes.map { "\($0) min" } ?? "none")") }
        if a.dependencies != b.dependencies {
            parts.append(b.dependencies.isEmpty ? "waits for nothing" : "waits for \(b.dependencies.map(\.uid).joined(separator: ", "))")
        }
        // (Entries todomd could not read hold no value to compare: their going is said on its own.)
        if a.badReminders > 0, b.badReminders == 0 {
            parts.append(a.badReminders == 1 ? "an unreadable reminder entry removed" : "\(a.badReminders) unreadable reminder entries removed")
        }
        if a.reminders != b.reminders { parts.append("reminders \(b.reminders.isEmpty ? "none" : b.reminders.map(shown).joined(separator: ", "))") }
        return parts.joined(separator: ", ")
    }
}
