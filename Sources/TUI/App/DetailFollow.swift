import TaskEngine

/// A place a dependency or link was followed from: the view and the task selected.
public struct FollowedFrom: Hashable, Sendable {
    public var perspectiveID: String
    public var taskID: String
}

/// Enter on a dependency or link of the detail pane, and the key back:
/// a task is selected in the list (in a view that shows it, said when the
/// view changes), a note that is no task opens in the editor, a name of
/// nothing says so.
enum DetailFollow {
    /// How many places back the back key remembers.
    static let trailLimit = 50

    static func follow(_ s: inout AppState, _ reference: DetailReference) -> [Effect] {
        switch reference.target {
        case .nowhere(let why):
            s.message = why
            return []
        case .note(let path):
            s.message = "Opened \(path) in the editor (a note, not a task)"
            return [.openNote(path)]
        case .task(let id):
            guard let from = s.selectedTask, let to = s.task(id: id) else {
                s.message = "No such task: \(id)"
                return []
            }
            let before = s.selectedPerspectiveID, beforeName = s.perspective?.name ?? "this view"
            FinderReducer.jump(&s, to: id)
            guard s.selectedTask?.id == id else { return [] }  // (jump said why it is not shown)
            s.followedFrom.append(FollowedFrom(perspectiveID: before, taskID: from.id))
            if s.followedFrom.count > trailLimit { s.followedFrom.removeFirst(s.followedFrom.count - trailLimit) }
            s.focus = .detail
            let back = s.keymap.clause(" (", "follow-back", "goes back", ")")
            s.message = s.selectedPerspectiveID == before
                ? "Went to '\(to.title)'\(back)"
                : "'\(to.title)' is not in \(beforeName): showing it in \(s.perspective?.name ?? "another view")\(back)"
            return []
        }
    }

    static func back(_ s: inout AppState) {
        guard let last = s.followedFrom.popLast() else {
            s.message = "Nothing to go back to" + (s.keymap.phrase("detail-follow", "on a dependency or link in the detail pane goes there", in: [.detail])
                .map { ": " + $0 } ?? "") + "."
            return
        }
        let focus = s.focus
        if s.selectedPerspectiveID != last.perspectiveID, s.sidebarEntries.contains(where: { $0.id == last.perspectiveID })
            || s.vaultTree.contains(where: { $0.perspective.id == last.perspectiveID }) {
            if VaultTree.isTreeID(last.perspectiveID) { s.vaultTreeCollapsed = false }
            s.selectedPerspectiveID = last.perspectiveID
            s.refresh(recount: false)
        }
        guard let task = s.task(id: last.taskID) else {
            s.message = "Back in \(s.perspective?.name ?? "this view"); the task is gone"
            return
        }
        if let row = s.row(ofTask: last.taskID) {
            s.selectedRow = row
            s.focus = focus == .detail && s.detailShown ? .detail : .list
            s.message = "Back to '\(task.title)' in \(s.perspective?.name ?? "this view")"
        } else {
            FinderReducer.jump(&s, to: last.taskID)
        }
    }
}
