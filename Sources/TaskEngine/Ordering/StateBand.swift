/// Every list is split into state bands, top to bottom: active
/// (`in-progress`), not started (`todo`, `someday`), completed (`done`,
/// `cancelled`). Reordering never moves a task out of its band.
public enum StateBand: Int, CaseIterable, Comparable, Sendable {
    case active = 0, notStarted = 1, completed = 2

    public init(_ status: TaskStatus) {
        switch status {
        case .inProgress: self = .active
        case .todo, .someday: self = .notStarted
        case .done, .cancelled: self = .completed
        }
    }

    public var title: String {
        switch self {
        case .active: return "Active"
        case .notStarted: return "Not started"
        case .completed: return "Completed"
        }
    }

    public static func < (a: StateBand, b: StateBand) -> Bool { a.rawValue < b.rawValue }
}
