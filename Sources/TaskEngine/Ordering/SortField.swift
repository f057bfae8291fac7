/// Every `sort.field` of the spec, and the three modes of the quick filter's
/// sort menu (task creation; project order as selected; recently modified
/// projects first — each then by priority and newest).
public enum SortField: String, CaseIterable, Sendable {
    case due, scheduled, `defer`, priority
    case estimatedMinutes = "estimated_minutes"
    case title, created, modified, completed, flagged, tags, manual
    case taskCreation = "task_creation"
    case projectOrder = "project_order"
    case projectModified = "project_modified"
    /// The first assignee, A–Z (the unassigned last).
    case assignee
    /// Time tracked in finished sessions (`TrackedTime`), most first; a task never tracked last.
    case tracked

    /// due/scheduled/defer, estimate and title ascend; priority, dates of
    /// record and tag count descend.
    public var defaultAscending: Bool {
        switch self {
        case .due, .scheduled, .defer, .estimatedMinutes, .title, .flagged, .manual, .projectOrder, .projectModified, .assignee: return true
        case .priority, .created, .modified, .completed, .tags, .taskCreation, .tracked: return false
        }
    }

    public var label: String {
        switch self {
        case .due: return "Due date"
        case .scheduled: return "Scheduled date"
        case .defer: return "Defer date"
        case .priority: return "Priority"
        case .estimatedMinutes: return "Estimated time"
        case .title: return "Title"
        case .created: return "Created"
        case .modified: return "Modified"
        case .completed: return "Completed"
        case .flagged: return "Flagged"
        case .tags: return "Number of tags"
        case .assignee: return "Assignee"
        case .tracked: return "Tracked time"
        case .manual: return "Manual"
        case .taskCreation: return "Task creation"
        case .projectOrder: return "Project order as selected"
        case .projectModified: return "Recently modified projects"
        }
    }
}

public enum GroupBy: String, CaseIterable, Sendable {
    case none, area, project, tag, tags, priority, due, scheduled, `defer`, flagged, source
    /// Under each of its assignees (as `tag`).
    case assignee
    /// By time tracked in finished sessions: 4h or more, 1h to 4h, under 1h, none (`TrackedTime.group`).
    case tracked
}
