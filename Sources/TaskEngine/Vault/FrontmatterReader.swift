import Foundation

/// Turns the frontmatter's key/value nodes into a `TaskItem`, checking each
/// known key's type. Unknown keys are ignored here (the file keeps them).
enum FrontmatterReader {
    /// With `names`, the task's area, project, source and tags are the ones
    /// `names` keeps (each made and folded once, not once for every file).
    static func task(id: String, pairs: [FrontPair], body bodyText: String, timeZone: TimeZone,
                     profile: VaultProfile = .todomd, names: SharedNames? = nil) throws -> TaskItem {
        var task = TaskItem(id: id, title: "")
        task.body = bodyText
        var title: String?
        var area: String?, project: String?, source: String?, tagWords: [String] = []
        // A field's written key wins over its aliases, wherever each stands in the file.
        var fromCanonical: UInt32 = 0  // (each field's bit)
        // (`{ profile.plain($0) }`, not `profile.plain`: a method taken as a value copies the whole profile, twice a file.)
        for pair in pairs {
            let key = pair.key, node = pair.value
            // (Only a vault that tells tasks by a property asks; todomd's format never does.)
            if let property = profile.detection.property, key == property, profile.detection.propertyMarks(node) { task.hasTaskProperty = true }
            guard let entry = profile.keyIndex[key] else {
                // (Only a key no field has is compared: a file without dependencies pays nothing more.)
                if key == profile.dependencyKey {
                    let read = DependencyList.read(node, key: key)
                    task.dependencies = read.entries
                    if !read.problems.isEmpty { task.warnings += read.problems }
                } else if key == profile.timeEntriesKey {
                    let read = TrackingLists.timeEntries(node, key: key)
                    (task.timeEntries, task.badTimeEntries) = (read.entries, read.bad)
                    if !read.problems.isEmpty { task.warnings += read.problems }
                } else if key == profile.remindersKey {
                    let read = TrackingLists.reminders(node, key: key, zonelessTimes: profile.reminderTimesLocal)
                    (task.reminders, task.badReminders) = (read.entries, read.bad)
                    if !read.problems.isEmpty { task.warnings += read.problems }
                }
                continue
            }
            if fromCanonical & entry.bit != 0 { continue }
            if entry.canonical { fromCanonical |= entry.bit }
            // A value the field cannot hold leaves the field absent and is kept as written: the file is still a task.
            do {
                switch entry.field {
                case .title:
                    title = try text(node, key)
                case .status:
                    if let s = try text(node, key) {
                        task.statusText = s
                        if let status = profile.status(for: s) ?? TaskStatus(written: s) {
                            task.status = status
                        } else {
                            task.warnings.append("unknown status \"\(s)\" counts as todo")
                        }
                    }
                case .priority:
                    if let p = try text(node, key) {
                        task.priorityText = p
                        if let priority = profile.priority(for: p) ?? Priority(written: p) {
                            task.priority = priority
                        } else {
                            task.warnings.append("unknown priority \"\(p)\" counts as none")
                        }
                    }
                case .flagged:
                    task.flagged = try bool(node, key) ?? false
                case .due: task.due = try date(node, key, timeZone)
                case .scheduled: task.scheduled = try date(node, key, timeZone)
                case .defer: task.defer_ = try date(node, key, timeZone)
                case .created: task.created = try date(node, key, timeZone)
                case .modified: task.modified = try date(node, key, timeZone)
                case .completed: if !profile.completedFromModified { task.completed = try date(node, key, timeZone) }
                case .area: area = try text(node, key).map { profile.plain($0) }
                case .project:
                    project = try firstText(node, key).map { profile.plain($0) }
                    // A list of several: the first is the project shown, the others are kept as written.
                    if case .sequence(let items) = node, items.count > 1 {
                        task.otherProjects = Array(try items.compactMap { try text($0, key) }.dropFirst())
                    }
                case .source: source = try text(node, key)
                case .recurrence: task.recurrence = try text(node, key)
                case .recurrenceAnchor: task.recurrenceAnchor = try text(node, key)
                case .completeInstances: task.completeInstances = try dayList(node, key)
                case .skippedInstances: task.skippedInstances = try dayList(node, key)
                case .contexts: task.contexts = try tags(node).map(contextWord).filter { !$0.isEmpty }
                case .assignees: task.assignees = try tags(node).filter { !Assignee.key($0).isEmpty }
                case .tags: tagWords = try tags(node).map { profile.plain($0) }.filter { !$0.isEmpty }
                case .estimatedMinutes: task.estimatedMinutes = try minutes(node)
                }
            } catch TaskFileError.wrongType(_, let expected) {
                let bad = BadValue(field: entry.field, key: key, raw: node.writtenText, expected: expected)
                task.badValues.append(bad)
                task.warnings.append(bad.problem)
            }
        }
        if let names {
            (task.areaName, task.projectName, task.sourceName, task.tagList) = names.names(area: area, project: project, source: source, tags: tagWords)
        } else {
            (task.area, task.project, task.source, task.tags) = (area, project, source, tagWords)
        }
        task.hasTitleKey = title != nil
        // Backlog.md keeps no completion date: a closed task's is its last change.
        if profile.completedFromModified { task.completed = task.status.isClosed ? task.modified : nil }
        task.title = profile.titleFromFilename ? (profile.titleKeyOverFilename ? title : nil) ?? fileStem(id) : title ?? headingTitle(bodyText) ?? fileStem(id)
        return task
    }

    /// A scalar as text; nil for null or an empty string.
    static func text(_ node: FrontValue, _ key: String) throws -> String? {
        guard case .scalar(let t, let plain) = node else { throw TaskFileError.wrongType(key: key, expected: "a single value") }
        if FrontValue.isNull(t, plain: plain) { return nil }
        return t.isBlank ? nil : t
    }

    /// A scalar, or the first item of a list (TaskNotes' `projects: ["[[Home]]"]`).
    static func firstText(_ node: FrontValue, _ key: String) throws -> String? {
        if case .sequence(let seq) = node {
            for item in seq { if let t = try text(item, key) { return t } }
            return nil
        }
        return try text(node, key)
    }

    /// `@home` → `home` (the `@` is how contexts are shown, not part of them).
    static func contextWord(_ s: String) -> String {
        var w = VaultProfile.plain(s)
        if w.hasPrefix("@") { w.removeFirst() }
        return w
    }

    static let trueWords: Set<String> = ["true", "yes", "on", "y"]
    static let falseWords: Set<String> = ["false", "no", "off", "n"]

    static func bool(_ node: FrontValue, _ key: String) throws -> Bool? {
        guard let t = try text(node, key) else { return nil }
        let w = t.lowercased()
        if trueWords.contains(w) { return true }
        if falseWords.contains(w) { return false }
        throw TaskFileError.wrongType(key: key, expected: "true or false")
    }

    static func date(_ node: FrontValue, _ key: String, _ tz: TimeZone) throws -> TaskDate? {
        guard let t = try text(node, key) else { return nil }
        guard let d = TaskDate(parsing: t, timeZone: tz) else {
            throw TaskFileError.wrongType(key: key, expected: "a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM)")
        }
        return d
    }

    static func tags(_ node: FrontValue) throws -> [String] {
        switch node {
        case .scalar:
            return try text(node, "tags").map { [$0] } ?? []
        case .sequence(let seq):
            var out: [String] = []
            for item in seq {
                guard case .scalar = item else { throw TaskFileError.wrongType(key: "tags", expected: "a list of words") }
                if let t = try text(item, "tags") { out.append(t) }
            }
            return out
        default:
            throw TaskFileError.wrongType(key: "tags", expected: "a list of words")
        }
    }

    /// A list of days (`[2026-11-23, …]`; a single day is a one-day list).
    static func dayList(_ node: FrontValue, _ key: String) throws -> [String] {
        let items: [FrontValue]
        switch node {
        case .scalar: items = [node]
        case .sequence(let seq): items = Array(seq)
        default: throw TaskFileError.wrongType(key: key, expected: "a list of dates")
        }
        return try items.compactMap { item in
            guard case .scalar = item else { throw TaskFileError.wrongType(key: key, expected: "a list of dates") }
            guard let t = try text(item, key) else { return nil }
            guard Day.parseISO(t.prefix(10)) != nil else { throw TaskFileError.wrongType(key: key, expected: "a list of dates") }
            return t
        }
    }

    static func minutes(_ node: FrontValue) throws -> Int? {
        guard let t = try text(node, "estimated_minutes") else { return nil }
        guard let n = Int(t.trimmedSpaces()), n >= 0 else {
            throw TaskFileError.wrongType(key: "estimated_minutes", expected: "a whole number of minutes")
        }
        return n
    }

    /// The first `# ` heading of the body.
    static func headingTitle(_ body: String) -> String? {
        var scanned = 0
        for line in body.split(separator: "\n", omittingEmptySubsequences: true) {
            scanned += 1
            if scanned > 200 { break }
            if line.hasPrefix("# ") {
                let t = line.dropFirst(2).trimmingCharacters(in: .whitespacesAndNewlines)
                if !t.isEmpty { return t }
            }
        }
        return nil
    }

    static func fileStem(_ id: String) -> String {
        let name = id.split(separator: "/").last.map(String.init) ?? id
        return name.lowercased().hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}
