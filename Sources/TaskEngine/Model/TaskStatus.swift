/// The five statuses of the spec. Other tools' words map onto them
/// (`doing` counts as in-progress); see `init(written:)`.
public enum TaskStatus: String, CaseIterable, Sendable, Codable {
    case todo, inProgress = "in-progress", done, cancelled, someday

    /// Words other tools write, as the spec's table maps them (any case).
    static let aliases: [String: TaskStatus] = [
        "open": .todo, "none": .todo, "not-started": .todo, "backlog": .todo, "next": .todo,
        "in progress": .inProgress, "doing": .inProgress, "active": .inProgress, "started": .inProgress,
        "completed": .done, "complete": .done, "closed": .done, "x": .done,
        "canceled": .cancelled, "dropped": .cancelled,
        "waiting": .someday, "later": .someday, "maybe": .someday, "deferred": .someday,
    ]

    /// The status a written value counts as; nil for a word nobody maps.
    public init?(written: String) {
        let key = written.trimmedSpaces().lowercased()
        if let s = TaskStatus(rawValue: key) { self = s; return }
        guard let s = TaskStatus.aliases[key] else { return nil }
        self = s
    }

    /// The next state for `Space`: todo → in-progress → done → todo
    /// (someday and cancelled go to todo).
    public var cycled: TaskStatus {
        switch self {
        case .todo: return .inProgress
        case .inProgress: return .done
        case .done, .cancelled, .someday: return .todo
        }
    }

    public var isClosed: Bool { self == .done || self == .cancelled }
}

public enum Priority: String, CaseIterable, Sendable, Codable, Comparable {
    case none, low, medium, high

    static let aliases: [String: Priority] = [
        "urgent": .high, "critical": .high, "highest": .high,
        "normal": .medium,
        "lowest": .low, "minor": .low,
    ]

    public init?(written: String) {
        let key = written.trimmedSpaces().lowercased()
        if let p = Priority(rawValue: key) { self = p; return }
        guard let p = Priority.aliases[key] else { return nil }
        self = p
    }

    /// none 0, low 1, medium 2, high 3.
    public var rank: Int {
        switch self {
        case .none: return 0
        case .low: return 1
        case .medium: return 2
        case .high: return 3
        }
    }

    /// The next value for `p`: none → low → medium → high → none.
    public var cycled: Priority {
        switch self {
        case .none: return .low
        case .low: return .medium
        case .medium: return .high
        case .high: return .none
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }
}
