import Foundation

/// Time worked per group per day over a range of days (`todomd report`):
/// each entry's seconds fall on the local days they were worked (an entry
/// across midnight counts on both days; a day of a daylight-saving change
/// has its 23 or 25 hours), a running entry counts to `now`. Entries are
/// summed as written (closed and live, tasknotes-spec §3.11.5 `live_minutes`):
/// two that overlap both count, as two people's sessions would.
public struct TimeReport: Sendable, Equatable {
    public enum Grouping: String, CaseIterable, Sendable { case project, area, tag, day }

    public struct Row: Sendable, Equatable {
        public var group: String
        /// Seconds on each day of `days`, in order.
        public var seconds: [Int]
        public var total: Int { seconds.reduce(0, +) }
    }

    public var days: [Day]
    public var rows: [Row]
    /// Seconds on each day, every task's once (a task of two tags is in two rows, once here).
    public var dayTotals: [Int]
    public var total: Int { dayTotals.reduce(0, +) }

    /// Most days one report spans: past it the range is refused by the caller, not walked.
    public static let maxDays = 3660

    /// The report over `from...to` (local days in `timeZone`; at most `maxDays`).
    public static func make(_ tasks: [TaskItem], from: Day, to: Day, by grouping: Grouping, now: Date, timeZone: TimeZone) -> TimeReport {
        let last = Day(ordinal: min(to.ordinal, from.ordinal + maxDays - 1))
        let days = from.ordinal <= last.ordinal ? (from.ordinal...last.ordinal).map(Day.init(ordinal:)) : []
        // Each day's first instant, and the one after the last day.
        let cal = ReminderTrigger.calendar(timeZone)
        let bounds: [Int] = (days + [Day(ordinal: last.ordinal + 1)]).map { d in
            let (y, m, dd) = d.components
            return Int(cal.date(from: DateComponents(year: y, month: m, day: dd))?.timeIntervalSince1970 ?? Double(d.ordinal * 86_400))
        }
        var byGroup: [String: [Int]] = [:]
        var dayTotals = [Int](repeating: 0, count: days.count)
        let nowSeconds = Int(now.timeIntervalSince1970)
        guard !days.isEmpty else { return TimeReport(days: [], rows: [], dayTotals: []) }
        for task in tasks where !task.timeEntries.isEmpty {
            var perDay = [Int](repeating: 0, count: days.count)
            var any = false
            for e in task.timeEntries {
                let s = max(Int(e.start.timeIntervalSince1970), bounds[0])
                let end = min(e.end.map { Int($0.timeIntervalSince1970) } ?? max(nowSeconds, Int(e.start.timeIntervalSince1970)), bounds[days.count])
                guard end > s else { continue }
                // The day `s` falls on, then each day to `end`.
                var i = Self.dayIndex(of: s, bounds)
                while i < days.count, bounds[i] < end {
                    let part = min(end, bounds[i + 1]) - max(s, bounds[i])
                    if part > 0 {
                        perDay[i] += part
                        any = true
                    }
                    i += 1
                }
            }
            guard any else { continue }
            for (i, n) in perDay.enumerated() { dayTotals[i] += n }
            if grouping == .day {
                for (i, n) in perDay.enumerated() where n > 0 { byGroup[days[i].iso, default: [Int](repeating: 0, count: days.count)][i] += n }
                continue
            }
            for group in groups(task, grouping) {
                var row = byGroup[group] ?? [Int](repeating: 0, count: days.count)
                for (i, n) in perDay.enumerated() { row[i] += n }
                byGroup[group] = row
            }
        }
        // Largest first (by day: in date order); ties by name.
        let rows = byGroup.map { Row(group: $0.key, seconds: $0.value) }.sorted { a, b in
            if grouping == .day { return a.group < b.group }
            return a.total != b.total ? a.total > b.total : a.group < b.group
        }
        return TimeReport(days: days, rows: rows, dayTotals: dayTotals)
    }

    /// The last `bounds` index at or before `s` (binary search: a report may span years).
    static func dayIndex(of s: Int, _ bounds: [Int]) -> Int {
        var lo = 0, hi = bounds.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if bounds[mid] <= s { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    public static let none: [Grouping: String] = [.project: "(no project)", .area: "(no area)", .tag: "(no tag)"]

    static func groups(_ t: TaskItem, _ g: Grouping) -> [String] {
        switch g {
        case .project: return [t.project ?? none[.project]!]
        case .area: return [t.area ?? none[.area]!]
        case .tag:
            var seen = Set<String>()
            let tags = t.tags.filter { seen.insert($0.lowercased()).inserted }
            return tags.isEmpty ? [none[.tag]!] : tags
        case .day: return []
        }
    }
}
