/// Orders tasks: state bands first (active, not started, completed), then the
/// perspective's sort; ties go to the manual order position, then the id.
/// Tasks without a value for the sort field come last in both directions;
/// `direction` reverses the field's comparison only.
public struct TaskSorter {
    public var spec: SortSpec
    public var manualOrder: [String]?
    /// For `project_order`: project names in the order the user selected.
    public var projectOrder: [String]

    public init(spec: SortSpec, manualOrder: [String]? = nil, projectOrder: [String] = []) {
        self.spec = spec
        self.manualOrder = manualOrder
        self.projectOrder = projectOrder
    }

    /// A task's precomputed keys; comparing two rows compares integers.
    struct Row {
        var band: Int8
        var missing: Bool
        var k1: Int64
        var k2: Int64
        var k3: Int64
        var manual: Int32
        var idRank: Int32
        var index: Int32
    }

    public func sorted(_ tasks: [IndexedTask]) -> [IndexedTask] {
        order(tasks).map { tasks[Int($0)] }
    }

    /// The positions of `tasks` in sorted order.
    func order(_ tasks: [IndexedTask]) -> [Int32] {
        let keys = SortKeys(self, tasks)
        var columns = SortKeyColumns(capacity: tasks.count)
        for (i, t) in tasks.enumerated() { columns.append(keys.row(t, index: Int32(i))) }
        let titles = keys.byTitle ? TitleSortKeys(tasks) : nil
        return columns.order { keys.less($0, $1, titles) }
    }

    /// Whether every task sorted once, then a subset kept in that order, is
    /// that subset sorted: true but for `project_modified`, whose project
    /// order depends on which tasks are shown.
    var sortsSubsets: Bool { spec.sortField != .projectModified }

    /// A task's keys under this sort, for comparing it with others (`SortKeys.less`).
    struct SortKeys {
        let field: SortField
        let sign: Int64
        let manualPos: [String: Int32]
        let projectRank: [String: Int64]
        var byTitle: Bool { field == .title }

        init(_ sorter: TaskSorter, _ tasks: [IndexedTask]) {
            field = sorter.spec.sortField ?? .due
            sign = sorter.spec.ascending ? 1 : -1
            var manual: [String: Int32] = [:]
            if let m = sorter.manualOrder { for (i, id) in m.enumerated() where manual[id] == nil { manual[id] = Int32(i) } }
            manualPos = manual
            projectRank = sorter.projectRanks(tasks, field: field)
        }

        func row(_ t: IndexedTask, index: Int32) -> Row {
            var row = Row(band: Int8(t.band.rawValue), missing: false, k1: 0, k2: 0, k3: 0,
                          manual: manualPos.isEmpty ? Int32.max : manualPos[t.task.id] ?? Int32.max, idRank: t.idRank, index: index)
            func set(_ v: Int64?) {
                if let v { row.k1 = v * sign } else { row.missing = true }
            }
            switch field {
            case .due: set(t.task.due?.sortKey)
            case .scheduled: set(t.task.scheduled?.sortKey)
            case .defer: set(t.task.defer_?.sortKey)
            case .created: set(t.task.created?.sortKey)
            case .modified: set(t.task.modified?.sortKey)
            case .completed: set(t.task.completed?.sortKey)
            case .priority: set(Int64(t.task.priority.rank))
            case .estimatedMinutes: set(t.task.estimatedMinutes.map(Int64.init))
            case .tags: set(Int64(t.task.tags.count))
            case .tracked: set(TrackedTime.closedSeconds(t.task).map(Int64.init))
            case .assignee: set(t.task.assignees.first.flatMap { projectRank[Assignee.key($0)] })
            case .title: break  // compared by text
            case .flagged:
                row.k1 = (t.task.flagged ? 0 : 1) * sign
                row.k2 = t.task.due?.sortKey ?? Int64.max
            case .manual:
                if let p = manualPos[t.task.id] {
                    row.k1 = Int64(p) * sign
                } else {
                    row.missing = true  // not in manual_order: after it, newest created first
                    row.k2 = -(t.task.created?.sortKey ?? Int64.min / 2)
                }
            case .taskCreation: set(t.task.created?.sortKey)
            case .projectOrder, .projectModified:
                if let key = t.projectKey, let rank = projectRank[key] {
                    row.k1 = rank * sign
                } else {
                    row.missing = true
                }
                row.k2 = -Int64(t.task.priority.rank)
                row.k3 = -(t.task.created?.sortKey ?? Int64.min / 2)
            }
            return row
        }

        /// `titles` holds each row's title at `row.index` (for a title sort).
        func less(_ a: Row, _ b: Row, _ titles: TitleSortKeys?) -> Bool {
            if a.band != b.band { return a.band < b.band }
            if a.missing != b.missing { return !a.missing }
            if byTitle && !a.missing, let titles {
                let c = titles.compare(Int(a.index), Int(b.index))
                if c != 0 { return (c < 0) == (sign > 0) }
            }
            if a.k1 != b.k1 { return a.k1 < b.k1 }
            if a.k2 != b.k2 { return a.k2 < b.k2 }
            if a.k3 != b.k3 { return a.k3 < b.k3 }
            if a.manual != b.manual { return a.manual < b.manual }
            return a.idRank < b.idRank
        }

        /// Whether task `a` sorts before task `b`.
        func less(_ a: IndexedTask, _ b: IndexedTask) -> Bool {
            less(row(a, index: 0), row(b, index: 1), byTitle ? TitleSortKeys([a, b]) : nil)
        }
    }

    /// Project positions for the two project sort modes (smaller first).
    func projectRanks(_ tasks: [IndexedTask], field: SortField) -> [String: Int64] {
        switch field {
        case .projectOrder:
            var ranks: [String: Int64] = [:]
            for (i, p) in projectOrder.enumerated() where ranks[TextFold.key(p)] == nil { ranks[TextFold.key(p)] = Int64(i) }
            // Projects the user has not placed follow, A–Z.
            let rest = Set(tasks.compactMap(\.projectKey)).subtracting(ranks.keys).sorted()
            for (i, p) in rest.enumerated() { ranks[p] = Int64(projectOrder.count + i) }
            return ranks
        case .projectModified:
            var latest: [String: Int64] = [:]
            for t in tasks {
                guard let key = t.projectKey else { continue }
                let stamp = max(t.task.modified?.sortKey ?? Int64.min, t.task.created?.sortKey ?? Int64.min)
                latest[key] = max(latest[key] ?? Int64.min, stamp)
            }
            // Most recent first; equal stamps A–Z, so projects never interleave.
            let ordered = latest.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            var ranks: [String: Int64] = [:]
            for (i, (key, _)) in ordered.enumerated() { ranks[key] = Int64(i) }
            return ranks
        case .assignee:
            // (The first assignees' ranks A–Z, kept where the projects' would be.)
            let names = Set(tasks.compactMap { $0.task.assignees.first.map(Assignee.key) }).sorted()
            return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, Int64($0)) })
        default:
            return [:]
        }
    }
}
