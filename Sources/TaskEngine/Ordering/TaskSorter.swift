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
        let field = spec.sortField ?? .due
        let sign: Int64 = spec.ascending ? 1 : -1
        var manualPos: [String: Int32] = [:]
        if let m = manualOrder { for (i, id) in m.enumerated() where manualPos[id] == nil { manualPos[id] = Int32(i) } }
        let projectRank = projectRanks(tasks, field: field)
        var rows: [Row] = []
        rows.reserveCapacity(tasks.count)
        for (i, t) in tasks.enumerated() {
            var row = Row(band: Int8(t.band.rawValue), missing: false, k1: 0, k2: 0, k3: 0,
                          manual: manualPos.isEmpty ? Int32.max : manualPos[t.task.id] ?? Int32.max, idRank: t.idRank, index: Int32(i))
            let task = t.task
            func set(_ v: Int64?) {
                if let v { row.k1 = v * sign } else { row.missing = true }
            }
            switch field {
            case .due: set(task.due?.sortKey)
            case .scheduled: set(task.scheduled?.sortKey)
            case .defer: set(task.defer_?.sortKey)
            case .created: set(task.created?.sortKey)
            case .modified: set(task.modified?.sortKey)
            case .completed: set(task.completed?.sortKey)
            case .priority: set(Int64(task.priority.rank))
            case .estimatedMinutes: set(task.estimatedMinutes.map(Int64.init))
            case .tags: set(Int64(task.tags.count))
            case .title: break  // compared by text below
            case .flagged:
                row.k1 = (task.flagged ? 0 : 1) * sign
                row.k2 = task.due?.sortKey ?? Int64.max
            case .manual:
                if let p = manualPos[task.id] {
                    row.k1 = Int64(p) * sign
                } else {
                    row.missing = true  // not in manual_order: after it, newest created first
                    row.k2 = -(task.created?.sortKey ?? Int64.min / 2)
                }
            case .taskCreation: set(task.created?.sortKey)
            case .projectOrder, .projectModified:
                if let key = t.projectKey, let rank = projectRank[key] {
                    row.k1 = rank * sign
                } else {
                    row.missing = true
                }
                row.k2 = -Int64(task.priority.rank)
                row.k3 = -(task.created?.sortKey ?? Int64.min / 2)
            }
            rows.append(row)
        }
        let byTitle = field == .title
        let titleSign = sign
        // Titles as scalar arrays for natural order, made only for a title sort.
        let titleKeys = byTitle ? tasks.map { $0.titleSearch.unicodeScalars.map(\.value) } : []
        rows.sort { a, b in
            if a.band != b.band { return a.band < b.band }
            if a.missing != b.missing { return !a.missing }
            if byTitle && !a.missing {
                let c = NaturalOrder.compare(titleKeys[Int(a.index)], titleKeys[Int(b.index)])
                if c != 0 { return (c < 0) == (titleSign > 0) }
            }
            if a.k1 != b.k1 { return a.k1 < b.k1 }
            if a.k2 != b.k2 { return a.k2 < b.k2 }
            if a.k3 != b.k3 { return a.k3 < b.k3 }
            if a.manual != b.manual { return a.manual < b.manual }
            return a.idRank < b.idRank
        }
        return rows.map { tasks[Int($0.index)] }
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
        default:
            return [:]
        }
    }
}
