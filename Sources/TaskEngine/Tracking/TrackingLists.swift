/// A task's time entries and reminders read from their frontmatter values,
/// leniently as TaskNotes' plugin reads them: what cannot be read is said in
/// a problem, counted, and left in the file as written (a list holding such
/// an entry is not rewritten: `TaskItem.badTimeEntries`, `badReminders`).
enum TrackingLists {
    struct Reading<Entry: Equatable>: Equatable {
        var entries: [Entry] = []
        var problems: [String] = []
        /// Entries left as written (and, past the bound, every entry not read).
        var bad = 0
    }

    static func timeEntries(_ value: FrontValue, key: String) -> Reading<TimeEntry> {
        var reading = read(value, key: key, limit: TimeEntry.maxEntries, entry: timeEntry)
        let running = reading.entries.count { $0.isRunning }
        if running > 1 { reading.problems.append("\(key): \(TimeEntry.Refusal.multipleActive(running).description)") }
        return reading
    }

    /// One entry of a time-entry list.
    static func timeEntry(_ item: FrontValue) throws(TimeEntry.Refusal) -> TimeEntry {
        guard case .mapping = item else { throw .notAnEntry }
        // (`duration` is derived from the two times: read past, as §2.6.1 allows; a write keeps it where it stands.)
        let description = try text(item, "description", else: TimeEntry.Refusal.badDescription)
        return try TimeEntry.validated(start: try text(item, "startTime", else: TimeEntry.Refusal.missingStart),
                                       end: try text(item, "endTime", else: TimeEntry.Refusal.badTime(key: "endTime", text: "a list")),
                                       description: description)
    }

    /// `zonelessTimes`: as `Reminder.validated` (TaskNotes' vaults).
    static func reminders(_ value: FrontValue, key: String, zonelessTimes: Bool = false) -> Reading<Reminder> {
        var reading = read(value, key: key, limit: Reminder.maxEntries) { (item) throws(Reminder.Refusal) in try reminder(item, zonelessTimes: zonelessTimes) }
        var seen = Set<String>()
        for r in reading.entries where !seen.insert(r.id).inserted {
            reading.problems.append("\(key): \(Reminder.Refusal.duplicateID(BoundedQuote.prefix(r.id)).description)")
        }
        return reading
    }

    /// One entry of a reminder list.
    static func reminder(_ item: FrontValue, zonelessTimes: Bool = false) throws(Reminder.Refusal) -> Reminder {
        guard case .mapping = item else { throw .notAnEntry }
        func part(_ k: String) throws(Reminder.Refusal) -> String? { try text(item, k, else: Reminder.Refusal.notAnEntry) }
        return try Reminder.validated(id: try part("id"), type: try part("type"), relatedTo: try part("relatedTo"), offset: try part("offset"),
                                      absoluteTime: try part("absoluteTime"), description: try part("description"), zonelessTimes: zonelessTimes)
    }

    /// A map's scalar under `key` (nil when absent or null); `refusal` for a list or map there.
    private static func text<E: Error>(_ item: FrontValue, _ key: String, else refusal: E) throws(E) -> String? {
        guard let v = item.value(key) else { return nil }
        guard case .scalar = v else { throw refusal }
        return v.text
    }

    private static func read<Entry: Equatable, Refusal: Error & CustomStringConvertible>(_ value: FrontValue, key: String, limit: Int,
                                                                             entry: (FrontValue) throws(Refusal) -> Entry) -> Reading<Entry> {
        var reading = Reading<Entry>()
        let items = value.listItems
        for (n, item) in items.enumerated() {
            guard n < limit else {
                reading.problems.append("\(key): more than \(limit) entries; the rest (\(items.count - n)) are not read and the list is left as written")
                reading.bad += items.count - n
                break
            }
            if case .scalar(let t, let plain) = item, FrontValue.isNull(t, plain: plain) { continue }
            do { reading.entries.append(try entry(item)) } catch {
                reading.bad += 1
                reading.problems.append("\(items.count > 1 ? "\(key) entry \(n + 1)" : key): \(error.description) (left as written)")
            }
        }
        return reading
    }
}
