/// The formats of the tools whose vaults todomd reads and writes in their
/// own words: TaskNotes (its plugin's defaults) and Backlog.md.
extension VaultProfile {
    /// TaskNotes' defaults: camelCase dates, `projects` as links, `contexts`,
    /// `timeEstimate`, statuses `open` / `in-progress` / `done`, priorities
    /// `low` / `normal` / `high`.
    public static let tasknotes: VaultProfile = {
        var p = VaultProfile.todomd
        p.kind = .tasknotes
        p.keys[.created] = ["dateCreated", "date_created", "created"]
        p.keys[.modified] = ["dateModified", "date_modified", "modified"]
        p.keys[.completed] = ["completedDate", "completed_date", "completed"]
        p.keys[.estimatedMinutes] = ["timeEstimate", "time_estimate", "estimated_minutes"]
        p.keys[.project] = ["projects", "project"]
        p.statusWords.merge(["open": .todo, "in-progress": .inProgress, "done": .done, "none": .todo]) { $1 }
        p.statusWrite = [.todo: "open", .inProgress: "in-progress", .done: "done", .cancelled: "cancelled", .someday: "someday"]
        p.priorityWords.merge(["none": .none, "low": .low, "normal": .medium, "high": .high]) { $1 }
        p.priorityWrite = [.none: "none", .low: "low", .medium: "normal", .high: "high"]
        p.ownStatusWords = ["open", "in-progress", "done", "cancelled", "someday", "none"]
        p.ownPriorityWords = ["none", "low", "normal", "high"]
        p.completedAsDay = true
        p.stampStyle = .localOffset
        p.projectsAsLinks = true
        p.dependencyKey = "blockedBy"
        p.timeEntriesKey = "timeEntries"
        p.reminderTimesLocal = true
        p.detection = TaskDetection(tag: "task", newTaskFolder: "TaskNotes/Tasks")
        p.titleFromFilename = true
        // The plugin's defaultTaskStatus and defaultTaskPriority when its settings name none.
        p.defaultStatus = "open"
        p.defaultPriority = "normal"
        p.origins = [("keys, words", "TaskNotes' defaults")]
        return p
    }()

    /// Backlog.md: `labels` as tags, `created_date` / `updated_date` written
    /// `YYYY-MM-DD HH:mm`, statuses `To Do` / `In Progress` / `Done`.
    public static let backlog: VaultProfile = {
        var p = VaultProfile.todomd
        p.kind = .backlog
        p.dependencyKey = "dependencies"
        (p.timeEntriesKey, p.remindersKey) = (nil, nil)
        p.keys[.tags] = ["labels", "tags"]
        p.keys[.due] = ["due_date", "due"]
        p.keys[.created] = ["created_date", "created"]
        p.keys[.modified] = ["updated_date", "modified"]
        p.keys[.completed] = ["completed_date", "completed"]
        p.keys[.assignees] = ["assignee", "assignees"]
        p.stampStyle = .minutes
        p.completedFromModified = true
        p.dateQuote = "'"
        p.detection = TaskDetection(folders: ["backlog/tasks", "backlog/completed", "backlog/drafts"], newTaskFolder: "backlog/tasks")
        p.setBacklogPrefix("task")
        p.setStatuses(["To Do", "In Progress", "Done"])
        p.origins = [("keys, words", "Backlog.md's defaults")]
        return p
    }()

    /// Backlog.md's task files: `<prefix>-*.md` right in `backlog/tasks` and
    /// `backlog/completed` (its glob takes the prefix in lowercase), drafts
    /// `draft-*.md` right in `backlog/drafts`.
    mutating func setBacklogPrefix(_ prefix: String) {
        idPrefix = prefix
        let name = prefix.lowercased() + "-"
        detection.namePrefixes = ["backlog/tasks": name, "backlog/completed": name, "backlog/drafts": "draft-"]
    }

    /// Takes a tool's list of status words: each read as the status its word
    /// means (a word of todomd's synonym table), else the first as todo, the
    /// last as done and the others as in progress; each status written as
    /// the first word that means it. `completed` marks words that count as done.
    mutating func setStatuses(_ words: [String], completed: Set<String> = []) {
        guard !words.isEmpty else { return }
        var write: [TaskStatus: String] = [:]
        for (i, word) in words.enumerated() {
            let key = word.trimmingCharacters(in: .whitespaces).lowercased()
            let meaning: TaskStatus
            if completed.contains(word) {
                meaning = key.contains("cancel") || key.contains("won't") || key.contains("wont") ? .cancelled : .done
            } else if let known = TaskStatus(written: key.replacingOccurrences(of: " ", with: "-")) ?? TaskStatus(written: key) {
                meaning = known
            } else if key.contains("won't") || key.contains("wont") || key.contains("cancel") {
                meaning = .cancelled
            } else if i == words.count - 1 && completed.isEmpty {
                meaning = .done
            } else if i == 0 {
                meaning = .todo
            } else if key.contains("archiv") {
                meaning = .done
            } else {
                meaning = .inProgress
            }
            statusWords[key] = meaning
            if write[meaning] == nil { write[meaning] = word }
        }
        ownStatusWords = Set(words.map { $0.trimmingCharacters(in: .whitespaces) })
        for s in TaskStatus.allCases where write[s] == nil { write[s] = statusWrite[s] }
        statusWrite = write
    }

    /// Takes a tool's priorities from lowest to highest: the lowest is low
    /// (or none when it is called so), the highest high, the middle ones medium.
    mutating func setPriorities(_ lowToHigh: [String]) {
        guard !lowToHigh.isEmpty else { return }
        var write: [Priority: String] = [:]
        let ranked = lowToHigh.filter { $0.lowercased() != "none" }
        for word in lowToHigh where word.lowercased() == "none" {
            priorityWords["none"] = Priority.none
            write[Priority.none] = word
        }
        for (i, word) in ranked.enumerated() {
            let meaning: Priority = Priority(written: word) ?? (i == 0 ? .low : i == ranked.count - 1 ? .high : .medium)
            priorityWords[word.lowercased()] = meaning
            if write[meaning] == nil { write[meaning] = word }
        }
        ownPriorityWords = Set(lowToHigh)
        for p in [Priority.low, .medium, .high] where write[p] == nil { write[p] = priorityWrite[p] }
        priorityWrite = write
    }
}
