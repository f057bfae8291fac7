import TaskEngine

/// Applies a command's change to a task and writes it. When the file changed
/// after the command read it (another todomd, an editor, a sync), the same
/// change is applied to the file as it is now and written again: a command's
/// change names fields, not a whole stale task, so both edits survive. The
/// writer's checks (under the vault's lock) make each attempt all or nothing.
func writeFresh(_ writer: VaultWriter, _ task: TaskItem, _ change: (inout TaskItem) -> Void) throws
    -> (before: TaskItem, saved: TaskItem, moves: [AliasMove]) {
    var current = task
    for attempt in 1...5 {
        var edited = current
        change(&edited)
        do {
            let (saved, moves) = try writer.save(edited)
            return (current, saved, moves)
        } catch VaultError.changedOnDisk(let id) where attempt < 5 {
            switch VaultLoader.loadOne(root: writer.root, id: id, timeZone: writer.timeZone, profile: writer.profile) {
            case .success(let fresh): current = fresh
            case .failure(let p): throw VaultError.unreadableTask(id: p.id, reason: p.reason)
            }
        }
    }
    throw VaultError.changedOnDisk(task.id)
}
