/// The frontmatter edits of a task's time entries and reminders, under the
/// profile's key, when they changed. A time-entry list is never written while
/// it holds an entry that could not be read (the operations that change it
/// refuse first, `TimeTracking`); a reminder list keeps such entries as
/// written (`ReminderListWriter`), or the write is refused.
extension FrontmatterEdit {
    static func trackingChanges(from old: TaskItem, to edited: TaskItem, profile: VaultProfile) -> [FrontmatterEdit] {
        var edits: [FrontmatterEdit] = []
        if let key = profile.timeEntriesKey, edited.timeEntries != old.timeEntries, old.badTimeEntries == 0 {
            edits.append(FrontmatterEdit(key: key, value: .maps(edited.timeEntries.map { entry in
                entry.writtenPairs.map { MapItem(key: $0.key, value: $0.value, date: $0.key != "description") }
            }), timeEntries: edited.timeEntries))
        }
        // Reminders: written over the file's list, keeping its entries as written and those todomd cannot read
        // (`none` alone removes them too: `badReminders` gone to 0).
        let unreadDropped = old.badReminders > 0 && edited.badReminders == 0
        if let key = profile.remindersKey, edited.reminders != old.reminders || unreadDropped {
            // The last reminder removed removes the key, as TaskNotes' plugin writes no empty list of them.
            let gone = edited.reminders.isEmpty && edited.badReminders == 0
            edits.append(FrontmatterEdit(key: key, value: gone ? nil : .maps(edited.reminders.map { r in
                r.writtenPairs.map { MapItem(key: $0.key, value: $0.value, date: $0.key == "absoluteTime") }
            }), reminders: gone || unreadDropped ? nil : edited.reminders, unreadKept: edited.badReminders))
        }
        return edits
    }
}
