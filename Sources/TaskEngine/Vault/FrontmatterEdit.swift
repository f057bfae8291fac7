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
    }

    var key: String
    /// Nil removes the key.
    var value: Value?

    /// The keys whose value differs between the file as read and `edited`,
    /// named as the profile writes them (or as the file already has them:
    /// a field the file holds under one of its aliases is edited there).
    static func changes(from old: TaskItem, to edited: TaskItem, profile: VaultProfile = .todomd,
                        present: Set<String> = []) -> [FrontmatterEdit] {
        var edits: [FrontmatterEdit] = []
        func set(_ field: TaskField, _ value: Value?) {
            let names = profile.keys[field] ?? [field.key]
            let key = names.first { present.contains($0) } ?? profile.key(field)
            edits.append(FrontmatterEdit(key: key, value: value))
        }
        // Where the file name is the title, the title key is left as it is (a rename carries the change).
        if edited.title != old.title, !profile.titleFromFilename { set(.title, .text(edited.title)) }
        if edited.statusText != old.statusText { set(.status, edited.statusText.map(Value.text)) }
        if edited.priorityText != old.priorityText { set(.priority, edited.priorityText.map(Value.text)) }
        if edited.flagged != old.flagged { set(.flagged, .bool(edited.flagged)) }
        for field in TaskField.dateFields where edited.date(field) != old.date(field) {
            if field == .completed && profile.completedFromModified { continue }  // (no such key: the last change is it)
            set(field, edited.date(field).map { .date($0.raw) })
        }
        if edited.area != old.area { set(.area, edited.area.map(Value.text)) }
        if edited.project != old.project {
            set(.project, edited.project.map { profile.projectsAsLinks ? .list(["[[\($0)]]"]) : .text($0) })
        }
        if edited.tags != old.tags { set(.tags, edited.tags.isEmpty ? nil : .list(edited.tags)) }
        if edited.contexts != old.contexts { set(.contexts, edited.contexts.isEmpty ? nil : .list(edited.contexts)) }
        // (Backlog.md writes `assignee: []` for none.)
        if edited.assignees != old.assignees {
            set(.assignees, edited.assignees.isEmpty && profile.kind != .backlog ? nil : .list(edited.assignees))
        }
        if edited.estimatedMinutes != old.estimatedMinutes { set(.estimatedMinutes, edited.estimatedMinutes.map(Value.int)) }
        if edited.recurrence != old.recurrence { set(.recurrence, edited.recurrence.map(Value.text)) }
        if edited.recurrenceAnchor != old.recurrenceAnchor { set(.recurrenceAnchor, edited.recurrenceAnchor.map(Value.text)) }
        if edited.completeInstances != old.completeInstances { set(.completeInstances, .dayList(edited.completeInstances)) }
        if edited.skippedInstances != old.skippedInstances { set(.skippedInstances, .dayList(edited.skippedInstances)) }
        if edited.source != old.source { set(.source, edited.source.map(Value.text)) }
        return edits
    }
}
