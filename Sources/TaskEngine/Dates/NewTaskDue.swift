extension TaskDate {
    /// Whether the date has passed: a day before `today`, or a time on `today`
    /// already gone. `nowMinute` is the clock on the `sortKey` scale
    /// (`TaskDate.nowMinute()`); nil when the day is pinned (`--today`), and
    /// then only days count.
    public func hasPassed(today: Day, nowMinute: Int64?) -> Bool {
        if day < today { return true }
        guard hasTime, day == today, let now = nowMinute else { return false }
        return sortKey / 60 < now
    }

    /// The local day, and the local time when it has one: "2026-11-22 09:00".
    public var localText: String {
        guard hasTime else { return day.iso }
        let minute = Int(((sortKey % 86_400) + 86_400) % 86_400) / 60
        let hh = minute / 60, mm = minute % 60
        return day.iso + " " + (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "") + "\(mm)"
    }
}

/// A new task cannot be due in the past (a task already late when made is a
/// typo: "fri" meant next Friday, "9am" meant tomorrow). Quick add, the form
/// and `todomd add` all ask this one rule; changing an existing task's due
/// date to a past one stays possible.
public enum NewTaskDue {
    /// Why a new task cannot be due at `due`, or nil when it may.
    public static func refusal(_ due: TaskDate, today: Day, nowMinute: Int64?) -> String? {
        due.hasPassed(today: today, nowMinute: nowMinute) ? "A new task cannot be due in the past (\(due.localText))." : nil
    }
}
