import ArgumentParser
import Foundation
import TaskEngine

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a task, written in the quick-add syntax.",
        discussion: """
        TEXT is read as in the app's quick add: `todomd add "Call Anna tomorrow 3pm #phone !high +Clients"`.
        #tag, +Project, @Area (quotes for spaces: +"Q4 Report"), ! !! !!! or !high, * flags, dates in words \
        (today, fri, next week, in 3 days, 25 Nov, 2026-11-25) with an optional time (3pm, 15:30; sched … and defer … \
        name the other dates), ~1h30m, every 2 weeks on mon, after:"Write docs" (waits for the task of that title). \\word keeps a word as it is; --literal keeps all of TEXT.
        The options below win over what TEXT says.
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The task in the quick-add syntax (or, with --literal, just the title).") var text: String
    @Flag(name: .long, help: "Take TEXT as the title, reading nothing in it.") var literal = false
    @Option(name: .long, help: "Due date: 2026-11-25, today, tomorrow, fri, +3d.") var due: String?
    @Option(name: .long, help: "none, low, medium or high.") var priority: String?
    @Option(name: .long, help: "Area (`/` nests: Work/Clients).") var area: String?
    @Option(name: .long, help: "Project.") var project: String?
    @Option(name: .long, help: "A tag (repeat for more).") var tag: [String] = []
    @Option(name: .long, help: "Who it is assigned to (repeat for more).") var assignee: [String] = []
    @Flag(name: .long, help: "Flag the task.") var flag = false
    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: "Add a reminder: -1h (before due), scheduled-30m, 9am (on the due day), 2026-11-25T09:00 (repeat for more).") var remind: [String] = []
    @Flag(name: .long, help: "Print what TEXT was read as, and write nothing.") var dryRun = false

    func run() throws {
        let today = global.todayDay
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // (In a Backlog.md project, which has no areas, @name assigns.)
        let assigns = (try? global.vaultRoot()).map { ProfileDetection.detect(root: $0).profile.kind == .backlog } ?? false
        var line = literal ? QuickAdd(title: trimmed) : QuickAdd.parse(trimmed, today: today, atAssigns: assigns)
        // (Before the title: a word meant as a reminder is refused, as `modify --remind` refuses it, never made title.)
        if let refusal = line.reminderRefusal { throw CLIError("remind: " + refusal) }
        guard !line.title.isEmpty else {
            throw CLIError(trimmed.isEmpty ? "the title cannot be empty" : "'\(trimmed)' has no title left once read (\\word keeps a word, or use --literal)")
        }
        if let d = due {
            guard let day = DateInput.parse(d, today: today) else {
                throw CLIError("--due: '\(d)' is not a date (try 2026-11-25, today, tomorrow, fri, +3d)")
            }
            line.due = TaskDate(day: day)
        }
        // (With --today pinned no clock is read: only the day counts.)
        if let due = line.due, let refusal = NewTaskDue.refusal(due, today: today, nowMinute: global.today == nil ? TaskDate.nowMinute() : nil) {
            throw CLIError(refusal.prefix(1).lowercased() + refusal.dropFirst().dropLast())  // (as the other errors: no capital, no full stop)
        }
        if let p = priority {
            guard let value = Priority(rawValue: p.lowercased()) else {
                throw CLIError("--priority must be none, low, medium or high, not '\(p)'")
            }
            line.priority = value
        }
        if let a = nonEmpty(area) { line.area = a }
        if let p = nonEmpty(project) { line.project = p }
        for t in tag.compactMap(nonEmpty) where !line.tags.contains(t) { line.tags.append(t) }
        if flag { line.flagged = true }
        // (After TEXT's: `--remind none` takes away those TEXT named.)
        line.reminders += try ReminderOption.parse(remind)
        func addReminders(to task: inout TaskItem, localTimes: Bool = false) throws {
            do { try line.addReminders(to: &task, now: Date(), localTimes: localTimes) } catch {
                throw CLIError("remind: " + error.said { $0 == .due ? "give it a due date first: fri 10am in the text, or --due" : "give it a scheduled date first: sched fri in the text" })
            }
        }
        if dryRun {
            // (What the add would refuse, the dry run refuses: a reminder from a date the task lacks, a duplicate.)
            var probe = line.task()
            if !line.reminders.isEmpty { try addReminders(to: &probe) }
            print(VisibleText.escape(line.summary(today: today)))
            return
        }
        let root = try global.vaultRoot()
        let (profile, problems) = ProfileDetection.detect(root: root)
        let writer = VaultWriter(root: root, profile: profile)
        var task = line.task()
        try AssigneeChange.parse(assignee.compactMap(nonEmpty).map { "+" + $0 }).apply(to: &task, profile: writer.profile)
        if !line.reminders.isEmpty {
            guard writer.profile.remindersKey != nil else { throw CLIError("remind: this vault's format keeps no reminders (name a key for them in .todomd-profile.yaml)") }
            try addReminders(to: &task, localTimes: writer.profile.reminderTimesLocal)
        }
        if !line.after.isEmpty {
            // Which task each title names takes the whole vault (read only for a line that names one).
            let (_, snapshot) = try loadVault(global, reportProblems: false, root: root)
            do { task = try snapshot.index.waiting(task, forTitles: line.after, kind: writer.profile.kind) } catch { throw CLIError("after: \(error)") }
        }
        let saved = try writer.create(task)
        print("Added \(VisibleText.escape(saved.id))")
        for w in ReminderFireCheck.warnings(before: nil, after: saved, now: Date(), timeZone: .current) { warn("\(saved.id): \(w)") }
        // Where it went is not where the settings said: say why (a folder outside the vault, say).
        for problem in problems where problem.hasSuffix(ProfileDetection.rootFallback) { warn(problem) }
    }

    func nonEmpty(_ s: String?) -> String? {
        guard let t = s?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty else { return nil }
        return t
    }
}
