/// The order of "all tasks" (no perspective): state bands, then due date
/// ascending with undated tasks last, then id.
public enum DefaultOrder {
    public static func sorted(_ tasks: [TaskItem]) -> [TaskItem] {
        tasks.sorted { a, b in
            let ba = StateBand(a.status), bb = StateBand(b.status)
            if ba != bb { return ba < bb }
            switch (a.due?.sortKey, b.due?.sortKey) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.id < b.id
            }
        }
    }
}
