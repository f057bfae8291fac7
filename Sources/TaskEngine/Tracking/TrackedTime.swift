import Foundation

/// Time tracked on a task as a sort, a group, a rule and the detailed
/// layout's line read it: the seconds of its finished sessions. A running
/// session counts once it is stopped, so a list does not reorder itself while
/// a timer runs, nor does starting one move a row (its row shows the running
/// time). `tracked this week` also counts a session still running.
public enum TrackedTime {
    /// Seconds of the finished sessions (nil: the task has no finished session, so a task
    /// whose only session is running is still "No time tracked" and `tracked is_nil`).
    public static func closedSeconds(_ t: TaskItem) -> Int? {
        var sum: Int?
        for e in t.timeEntries where !e.isRunning { sum = (sum ?? 0) + e.seconds(until: e.start) }
        return sum
    }

    /// The week holding `day`, Monday to Sunday (as `todomd report --week`), as the instants of its
    /// first and of the next week's first local midnight (a daylight-saving week has its 167 or 169 hours).
    public static func week(of day: Day, timeZone: TimeZone) -> (from: Int64, to: Int64) {
        let monday = day.adding(days: -(day.isoWeekday - 1))
        return (midnight(monday, timeZone), midnight(monday.adding(days: 7), timeZone))
    }

    static func midnight(_ d: Day, _ timeZone: TimeZone) -> Int64 {
        let (y, m, dd) = d.components
        let date = ReminderTrigger.calendar(timeZone).date(from: DateComponents(year: y, month: m, day: dd))
        return Int64(date?.timeIntervalSince1970 ?? Double(d.ordinal * 86_400))
    }

    /// A task's time as its detail pane says it: every session's seconds (a running one up to
    /// `now`), those inside `week` (each session's part that overlaps it), and the running one's.
    public static func summary(_ entries: [TimeEntry], now: Int64, week: (from: Int64, to: Int64)) -> (total: Int, week: Int, running: Int?) {
        var total = 0, inWeek = 0
        var running: Int?
        for e in entries {
            let start = Int64(e.start.timeIntervalSince1970.rounded(.down))
            let end = max(start, e.end.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? now)
            total += Int(end - start)
            inWeek += Int(max(0, min(end, week.to) - max(start, week.from)))
            if e.isRunning { running = Int(end - start) }
        }
        return (total, inWeek, running)
    }

    /// The group of a task grouped by tracked time (key, title, rank).
    public static func group(_ seconds: Int?) -> (key: String, title: String, rank: Int) {
        guard let seconds else { return ("none", "No time tracked", 3) }
        switch seconds {
        case ..<3600: return ("under-1h", "Under 1h", 2)
        case ..<14_400: return ("1h-4h", "1h to 4h", 1)
        default: return ("over-4h", "4h or more", 0)
        }
    }

    /// Minutes as rules as text write them: `2h`, `1h30m`, `45m`.
    public static func written(minutes: Int) -> String {
        guard minutes >= 60 else { return "\(minutes)m" }
        return "\(minutes / 60)h" + (minutes % 60 == 0 ? "" : "\(minutes % 60)m")
    }

    /// `2h`, `30m`, `1h30m`, or a bare number of minutes; nil for anything else (or past a bound).
    public static func minutes(_ text: String) -> Int? {
        let s = text.lowercased()
        if let n = Int(s), n >= 0, n <= 1_000_000 { return n }
        var total = 0, digits = "", sawUnit = false
        for ch in s {
            if ch.isASCII, ch.isNumber { digits.append(ch); continue }
            guard let n = Int(digits), digits.count <= 7, ch == "h" || ch == "m" else { return nil }
            total += ch == "h" ? n * 60 : n
            digits = ""
            sawUnit = true
        }
        return sawUnit && digits.isEmpty ? total : nil
    }
}
