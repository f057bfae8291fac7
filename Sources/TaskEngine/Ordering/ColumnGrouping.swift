/// Grouping read from the index's columns, for the groupings where a task is
/// in exactly one group: a row's group is a number in an array, so a list of
/// thousands is split without touching a task. The header of a group is made
/// once, from its first task (`TaskGrouper.memberships`), so the groups and
/// their order are the same as `TaskGrouper.group`'s.
enum ColumnGrouping {
    static func group(_ rows: [Int32], by g: GroupBy, today: Day, columns c: TaskColumns, tasks: [IndexedTask]) -> [TaskGroup]? {
        switch g {
        case .area: return byNumber(rows, g, today, tasks) { Int(c.area.rows[$0]) }
        case .project: return byNumber(rows, g, today, tasks) { Int(c.project.rows[$0]) }
        case .source: return byNumber(rows, g, today, tasks) { Int(c.source.rows[$0]) }
        case .priority: return byNumber(rows, g, today, tasks) { Int(c.priority[$0]) }
        case .flagged: return byNumber(rows, g, today, tasks) { c.flagged[$0] ? 1 : 0 }
        case .due, .scheduled, .defer:
            let days = c.days[TaskField.dateFields.firstIndex(of: g == .due ? .due : g == .scheduled ? .scheduled : .defer)!]
            let closed = Forecast.statusBit(.done) | Forecast.statusBit(.cancelled), now = Int32(clamping: today.ordinal)
            return byNumber(rows, g, today, tasks) { row in
                let d = days[row]
                guard d != TaskColumns.noDay else { return Int.max }
                guard g == .due else { return Int(d) }
                // (A closed task's passed date: "Earlier", as `TaskGrouper.memberships` says.)
                return d < now && c.status[row] & closed != 0 ? DueBucket.earlierRank : DueBucket.rank(ordinal: Int(d), today: today)
            }
        case .tracked:
            let column = c.tracked
            return column.bounds.withUnsafeBufferPointer { pairs in
                byNumber(rows, g, today, tasks) { row in
                    TrackedTime.group(TrackedColumn.closedSeconds(pairs, Int(column.starts[row]), Int(column.starts[row + 1]))).rank
                }
            }
        case .none, .tag, .tags, .assignee: return nil
        }
    }

    private static func byNumber(_ rows: [Int32], _ g: GroupBy, _ today: Day, _ tasks: [IndexedTask], slot: (Int) -> Int) -> [TaskGroup] {
        var position: [Int: Int] = [:]
        var members: [[Int32]] = []
        for r in rows {
            let s = slot(Int(r))
            if let i = position[s] {
                members[i].append(r)
            } else {
                position[s] = members.count
                members.append([r])
            }
        }
        var groups: [TaskGroup] = []
        var sortKeys: [TaskGrouper.GroupSortKey] = []
        for m in members {
            let (key, title, sortKey) = TaskGrouper.memberships(tasks[Int(m[0])], g, today: today)[0]
            groups.append(TaskGroup(key: key, title: title, tasks: m.map { tasks[Int($0)] }))
            sortKeys.append(sortKey)
        }
        return groups.indices.sorted { sortKeys[$0] < sortKeys[$1] }.map { groups[$0] }
    }
}
