import Foundation

/// A task's time entries and reminders in its cache record (`TaskRecord`):
/// a count of each, then their parts; instants as whole seconds. Most tasks
/// have none and pay four bytes.
enum TrackingRecord {
    static func encode(_ t: TaskItem, into w: inout TaskRecord.Writer) {
        let entries = t.timeEntries, reminders = t.reminders
        w.varint(UInt64(entries.count))
        for e in entries {
            w.optionalInt(Int(e.start.timeIntervalSince1970))
            w.optionalInt(e.end.map { Int($0.timeIntervalSince1970) })
            w.optional(e.description)
        }
        w.varint(UInt64(reminders.count))
        for r in reminders {
            w.string(r.id)
            w.bool(r.kind == .relative)
            w.optional(r.relatedTo); w.optional(r.offset); w.optional(r.absoluteTime); w.optional(r.description)
        }
        w.varint(UInt64(t.badTimeEntries))
        w.varint(UInt64(t.badReminders))
    }

    /// False when the bytes are damaged (the file is then read again).
    static func decode(_ r: inout TaskRecord.Reader, into t: inout TaskItem) -> Bool {
        // (Each entry takes at least three bytes, each reminder seven: a count past what is left is damage.)
        guard let n = r.varint(), n <= UInt64(r.bytes.count - r.at) / 3 else { return false }
        if n > 0 {
            var entries: [TimeEntry] = []
            entries.reserveCapacity(Int(n))
            for _ in 0..<n {
                guard let start = r.optionalInt(), let s = start, let end = r.optionalInt(), let description = r.optional() else { return false }
                entries.append(TimeEntry(start: Date(timeIntervalSince1970: TimeInterval(s)), end: end.map { Date(timeIntervalSince1970: TimeInterval($0)) },
                                         description: description))
            }
            t.timeEntries = entries
        }
        guard let m = r.varint(), m <= UInt64(r.bytes.count - r.at) / 7 else { return false }
        if m > 0 {
            var reminders: [Reminder] = []
            reminders.reserveCapacity(Int(m))
            for _ in 0..<m {
                guard let id = r.string(), let relative = r.bool(), let relatedTo = r.optional(), let offset = r.optional(),
                      let absoluteTime = r.optional(), let description = r.optional() else { return false }
                reminders.append(Reminder(id: id, kind: relative ? .relative : .absolute, relatedTo: relatedTo, offset: offset,
                                          absoluteTime: absoluteTime, description: description))
            }
            t.reminders = reminders
        }
        guard let badTime = r.varint(), let badReminders = r.varint(), badTime <= UInt64(Int32.max), badReminders <= UInt64(Int32.max) else { return false }
        if badTime > 0 { t.badTimeEntries = Int(badTime) }
        if badReminders > 0 { t.badReminders = Int(badReminders) }
        return true
    }
}
