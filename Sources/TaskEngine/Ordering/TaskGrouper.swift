import Foundation

/// One group of a list: a header (nil when the perspective does not group)
/// and its tasks in display order.
public struct TaskGroup: Sendable {
    public var key: String
    public var title: String?
    public var tasks: [IndexedTask]

    public var count: Int { tasks.count }
}

/// Splits an ordered list into groups, keeping the order inside each group.
/// Under `tag`, a task with several tags appears under each of them.
public enum TaskGrouper {
    public static func group(_ ordered: [IndexedTask], by groupBy: GroupBy, today: Day) -> [TaskGroup] {
        if groupBy == .none { return [TaskGroup(key: "", title: nil, tasks: ordered)] }
        var groups: [String: TaskGroup] = [:]
        var sortKeys: [String: GroupSortKey] = [:]
        for t in ordered {
            for (key, title, sortKey) in memberships(t, groupBy, today: today) {
                if groups[key] == nil {
                    groups[key] = TaskGroup(key: key, title: title, tasks: [])
                    sortKeys[key] = sortKey
                }
                groups[key]!.tasks.append(t)
            }
        }
        return groups.values.sorted { sortKeys[$0.key]! < sortKeys[$1.key]! }
    }

    /// How groups are ordered: a rank, then text (A–Z ignoring case).
    struct GroupSortKey: Comparable {
        var rank: Int
        var text: String
        static func < (a: GroupSortKey, b: GroupSortKey) -> Bool { a.rank != b.rank ? a.rank < b.rank : a.text < b.text }
    }

    static let lastRank = Int.max

    static func memberships(_ t: IndexedTask, _ g: GroupBy, today: Day) -> [(String, String, GroupSortKey)] {
        let task = t.task
        func named(_ key: String?, _ value: String?, none: String) -> [(String, String, GroupSortKey)] {
            guard let key, let value else { return [("\u{0}none", none, GroupSortKey(rank: lastRank, text: ""))] }
            return [(key, value, GroupSortKey(rank: 0, text: key))]
        }
        switch g {
        case .none: return [("", "", GroupSortKey(rank: 0, text: ""))]
        case .area: return named(t.areaKey, task.area, none: "No area")
        case .tracked:
            let g = TrackedTime.group(TrackedTime.closedSeconds(task))
            return [(g.key, g.title, GroupSortKey(rank: g.rank, text: ""))]
        case .project: return named(t.projectKey, task.project, none: "No project")
        case .source: return named(t.sourceKey, task.source, none: "No source")
        case .tag:
            if task.tags.isEmpty { return named(nil, nil, none: "No tags") }
            var seen = Set<String>()
            return zip(t.tagKeys, task.tags).compactMap { key, tag in
                seen.insert(key).inserted ? (key, tag, GroupSortKey(rank: 0, text: key)) : nil
            }
        case .assignee:
            if task.assignees.isEmpty { return named(nil, nil, none: "Unassigned") }
            var seen = Set<String>()
            return zip(t.assigneeKeys, task.assignees).compactMap { key, who in
                seen.insert(key).inserted ? (key, Assignee.shown(who), GroupSortKey(rank: 0, text: key)) : nil
            }
        case .tags:
            if task.tags.isEmpty { return named(nil, nil, none: "No tags") }
            var unique: [String: String] = [:]
            for (k, tag) in zip(t.tagKeys, task.tags) where unique[k] == nil { unique[k] = tag }
            let keys = unique.keys.sorted()
            return [(keys.joined(separator: ", "), keys.map { unique[$0]! }.joined(separator: ", "), GroupSortKey(rank: 0, text: keys.joined(separator: ", ")))]
        case .priority:
            let p = task.priority
            return [(p.rawValue, p.rawValue.capitalized, GroupSortKey(rank: 3 - p.rank, text: ""))]
        case .flagged:
            return task.flagged ? [("flagged", "Flagged", GroupSortKey(rank: 0, text: ""))] : [("not-flagged", "Not flagged", GroupSortKey(rank: 1, text: ""))]
        case .due:
            guard let d = task.due?.day else { return named(nil, nil, none: "No due date") }
            // A done or cancelled task is never overdue: a passed date of one is "Earlier", right after Overdue.
            if task.status.isClosed, d < today { return [(DueBucket.earlierKey, "Earlier", GroupSortKey(rank: DueBucket.earlierRank, text: ""))] }
            let b = DueBucket(d, today: today)
            return [(b.key, b.title, GroupSortKey(rank: b.rank, text: ""))]
        case .scheduled, .defer:
            let date = g == .scheduled ? task.scheduled : task.defer_
            guard let d = date?.day else { return named(nil, nil, none: g == .scheduled ? "No scheduled date" : "No defer date") }
            return [(d.iso, DayLabel.long(d, today: today), GroupSortKey(rank: d.ordinal, text: ""))]
        }
    }
}

/// Due-date buckets, finer near today: Overdue; Today; Tomorrow; one per day
/// for the next 2–6 days; Next week (7–13 days); Later this month; one per
/// month for a year; Later.
struct DueBucket {
    var key: String
    var title: String
    var rank: Int

    /// The bucket of a done or cancelled task's passed due date (it is not overdue), between Overdue and Today.
    static let earlierKey = "earlier", earlierRank = Int.min + 1

    /// The bucket's rank alone (one per bucket), without its texts.
    static func rank(ordinal: Int, today: Day) -> Int {
        let n = ordinal - today.ordinal
        if n < 14 { return n < 0 ? Int.min : n < 7 ? n : 7 }
        return rank(of: Day(ordinal: ordinal), today: today)
    }

    static func rank(of d: Day, today: Day) -> Int {
        let n = d.ordinal - today.ordinal
        switch n {
        case ..<0: return Int.min
        case 0...6: return n
        case 7...13: return 7
        default:
            let months = (d.year - today.year) * 12 + (d.month - today.month)
            return months == 0 ? 14 : months <= 12 ? 100 + months : 1000
        }
    }

    init(_ d: Day, today: Day) {
        let n = d.ordinal - today.ordinal
        switch n {
        case ..<0: (key, title, rank) = ("overdue", "Overdue", Int.min)
        case 0: (key, title, rank) = ("today", "Today", 0)
        case 1: (key, title, rank) = ("tomorrow", "Tomorrow", 1)
        case 2...6: (key, title, rank) = (d.iso, DayLabel.long(d, today: today), n)
        case 7...13: (key, title, rank) = ("next-week", "Next week", 7)
        default:
            let months = (d.year - today.year) * 12 + (d.month - today.month)
            if months == 0 {
                (key, title, rank) = ("later-this-month", "Later this month", 14)
            } else if months <= 12 {
                let name = DayLabel.monthNames[d.month - 1] + (d.year == today.year ? "" : " \(d.year)")
                (key, title, rank) = ("month-\(d.year)-\(d.month)", name, 100 + months)
            } else {
                (key, title, rank) = ("later", "Later", 1000)
            }
        }
    }
}

/// Day names for headers and descriptions ("Wed 25 Nov", "21 Nov").
public enum DayLabel {
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// "21 Nov", with the year when it is not today's year.
    public static func short(_ d: Day, today: Day) -> String {
        "\(d.dayOfMonth) \(monthNames[d.month - 1].prefix(3))" + (d.year == today.year ? "" : " \(d.year)")
    }

    /// "Wed 25 Nov".
    public static func long(_ d: Day, today: Day) -> String {
        weekdayNames[d.isoWeekday - 1] + " " + short(d, today: today)
    }
}
