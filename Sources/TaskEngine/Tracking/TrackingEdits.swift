/// The frontmatter edits of a task's time entries and reminders: a list is
/// written whole when it changed, under the profile's key, and never while
/// it holds an entry that could not be read (that entry would be lost; the
/// operations that change these lists refuse first, `TimeTracking`).
extension FrontmatterEdit {
    static func trackingChanges(from old: TaskItem, to edited: TaskItem, profile: VaultProfile) -> [FrontmatterEdit] {
        var edits: [FrontmatterEdit] = []
        if let key = profile.timeEntriesKey, edited.timeEntries != old.timeEntries, old.badTimeEntries == 0 {
            edits.append(FrontmatterEdit(key: key, value: .maps(edited.timeEntries.map { entry in
                entry.writtenPairs.map { MapItem(key: $0.key, value: $0.value, date: $0.key != "description") }
            }), timeEntries: edited.timeEntries))
        }
        if let key = profile.remindersKey, edited.reminders != old.reminders, old.badReminders == 0 {
            // The last reminder removed removes the key, as TaskNotes' plugin writes no empty list of them.
            edits.append(FrontmatterEdit(key: key, value: edited.reminders.isEmpty ? nil : .maps(edited.reminders.map { r in
                r.writtenPairs.map { MapItem(key: $0.key, value: $0.value, date: $0.key == "absoluteTime") }
            })))
        }
        return edits
    }
}
