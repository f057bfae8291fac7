/// One key a write changes, with its new value as a meaning (not yet text):
/// the block editor renders it as a YAML line, the JSON editor as a JSON
/// value, so each frontmatter style is written in its own syntax.
struct FrontmatterEdit: Equatable {
    enum Value: Equatable {
        case text(String)
        case bool(Bool)
        case int(Int)
        case date(String)
        case list([String])
        /// Days, written plain (`[2026-11-23, 2026-11-30]`) as people write them.
        case dayList([String])
        /// A task's dependency list, written in the vault's words over the file's entries (`DependencyListWriter`).
        case dependencies([TaskDependency])
        /// A list of maps of text, each map's keys in order (time entries, reminders).
        case maps([[MapItem]])
    }

    /// One key of a map in a `.maps` value; `date`: written plain, as dates are.
    struct MapItem: Equatable {
        var key: String
        var value: String
        var date = false
    }

    var key: String
    /// Nil removes the key.
    var value: Value?
    /// A list field's key (projects, tags, contexts): one value is written in the shape
    /// the file had, a scalar as a scalar and a list as a list.
    var keepsShape = false
    /// A time-entry list's entries (its value is their maps): the block editor writes them over
    /// the file's list, keeping each entry it does not change as written (`TimeEntryListWriter`).
    var timeEntries: [TimeEntry]?
    /// A reminder list's entries, written over the file's list in the same way (`ReminderListWriter`).
    var reminders: [Reminder]?
    /// Entries of the list todomd cannot read that the write must keep: a write that cannot keep them is refused.
    var unreadKept = 0

    /// The keys whose value differs between the file as read and `edited`,
    /// named as the profile writes them. A field the file holds under one
    /// alias alone is written under the profile's key and the alias line goes
    /// in the same write (tasknotes-spec §2.4.3: writers write only canonical
    /// keys); where several aliases hold it, the one read is edited in place.
    /// A field read as a `BadValue` that `edited` has settled (set or cleared)
    /// is written too, even when it is absent on both sides.
    static func changes(from old: TaskItem, to edited: TaskItem, profile: VaultProfile = .todomd,
                        present: Set<String> = []) -> [FrontmatterEdit] {
        var edits: [FrontmatterEdit] = []
        func set(_ field: TaskField, _ value: Value?) {
            let names = profile.keys[field] ?? [field.key]
            let canonical = profile.key(field)
            let aliases = names.filter { $0 != canonical && present.contains($0) }
            let shaped = field == .project || field == .tags || field == .contexts || field == .assignees
            if present.contains(canonical) || aliases.isEmpty {
                edits.append(FrontmatterEdit(key: canonical, value: value, keepsShape: shaped))
            } else if aliases.count == 1 {
                edits.append(FrontmatterEdit(key: canonical, value: value, keepsShape: shaped))
                edits.append(FrontmatterEdit(key: aliases[0], value: nil))
            } else {
                edits.append(FrontmatterEdit(key: aliases[0], value: value, keepsShape: shaped))
            }
        }
        /// Whether `field` changed, or was a bad value `edited` settled.
        func differs(_ field: TaskField, _ changed: Bool) -> Bool {
            changed || (old.badValue(field) != nil && edited.badValue(field) == nil)
        }
        // Where the file name is the title, the title key is left as it is (a rename carries the change).
        if differs(.title, edited.title != old.title), !profile.titleFromFilename { set(.title, .text(edited.title)) }
        if differs(.status, edited.statusText != old.statusText) { set(.status, edited.statusText.map(Value.text)) }
        if differs(.priority, edited.priorityText != old.priorityText) { set(.priority, edited.priorityText.map(Value.text)) }
        if differs(.flagged, edited.flagged != old.flagged) { set(.flagged, .bool(edited.flagged)) }
        for field in TaskField.dateFields where differs(field, edited.date(field) != old.date(field)) {
            if field == .completed && profile.completedFromModified { continue }  // (no such key: the last change is it)
            set(field, edited.date(field).map { .date($0.raw) })
        }
        if differs(.area, edited.area != old.area) { set(.area, edited.area.map(Value.text)) }
        if differs(.project, edited.project != old.project || edited.otherProjects != old.otherProjects) {
            // The first project as this vault writes one; the others as the file had them.
            let items = edited.projectItems(asLinks: profile.projectsAsLinks)
            set(.project, items.isEmpty ? nil : profile.projectsAsLinks || items.count > 1 ? .list(items) : .text(items[0]))
        }
        if differs(.tags, edited.tags != old.tags) { set(.tags, edited.tags.isEmpty ? nil : .list(edited.tags)) }
        if differs(.contexts, edited.contexts != old.contexts) {
            // TaskNotes writes a context with its `@` (`contexts: ["@office"]`); todomd's format without.
            let items = profile.kind == .tasknotes ? edited.contexts.map { "@" + $0 } : edited.contexts
            set(.contexts, items.isEmpty ? nil : .list(items))
        }
        // (Backlog.md writes `assignee: []` for none.)
        if differs(.assignees, edited.assignees != old.assignees) {
            set(.assignees, edited.assignees.isEmpty && profile.kind != .backlog ? nil : .list(edited.assignees))
        }
        if differs(.estimatedMinutes, edited.estimatedMinutes != old.estimatedMinutes) { set(.estimatedMinutes, edited.estimatedMinutes.map(Value.int)) }
        if differs(.recurrence, edited.recurrence != old.recurrence) { set(.recurrence, edited.recurrence.map(Value.text)) }
        if differs(.recurrenceAnchor, edited.recurrenceAnchor != old.recurrenceAnchor) { set(.recurrenceAnchor, edited.recurrenceAnchor.map(Value.text)) }
        if differs(.completeInstances, edited.completeInstances != old.completeInstances) { set(.completeInstances, .dayList(edited.completeInstances)) }
        if differs(.skippedInstances, edited.skippedInstances != old.skippedInstances) { set(.skippedInstances, .dayList(edited.skippedInstances)) }
        if differs(.source, edited.source != old.source) { set(.source, edited.source.map(Value.text)) }
        // (One key, no aliases: the writer removes it when no entry is left.)
        if edited.dependencies != old.dependencies { edits.append(FrontmatterEdit(key: profile.dependencyKey, value: .dependencies(edited.dependencies))) }
        edits += trackingChanges(from: old, to: edited, profile: profile)
        return edits
    }
}
