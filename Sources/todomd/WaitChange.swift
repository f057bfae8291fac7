import TaskEngine

/// `modify --blocked-by OTHER` and `--unblock OTHER|all`: checked against the
/// whole vault before anything is written (a task waiting for itself, a task
/// not there, an edge closing a cycle: exit 2, nothing written), then applied
/// to each task as it is when written.
struct WaitChange {
    var root: String
    var tasks: [TaskItem]
    var index: TaskIndex
    var kind: VaultProfile.Kind
    /// Ids to wait for, and ids no longer waited for (nil: all).
    var waitFor: [String] = []
    var release: [String?] = []

    static func plan(_ c: ModifyCommand) throws -> WaitChange {
        let (root, snapshot) = try loadVault(c.global, reportProblems: false)
        var out = WaitChange(root: root, tasks: try c.ids.map { try findTask($0, in: snapshot) }, index: snapshot.index,
                             kind: VaultWriter(root: root).profile.kind)
        out.release = try c.unblock.map { $0.lowercased() == "all" ? nil : try other($0, snapshot, option: "unblock") }
        out.waitFor = try c.blockedBy.map { try other($0, snapshot, option: "blocked-by") }
        // Every edge checked, with the ones before it in this change counted for cycles.
        var planned: [(String, String)] = []
        for var t in out.tasks {
            for r in out.release { t = snapshot.index.released(t, from: r) }
            for target in out.waitFor {
                do { t = try snapshot.index.waiting(t, for: target, kind: out.kind, planned: planned) } catch { throw CLIError("--blocked-by: \(error)") }
                planned.append((t.id, target))
            }
        }
        return out
    }

    static func other(_ id: String, _ snapshot: VaultSnapshot, option: String) throws -> String {
        do { return try findTask(id, in: snapshot).id } catch { throw CLIError("--\(option): \(error)") }
    }

    /// The releases, then the waits (so `--unblock all --blocked-by X` leaves X alone).
    func apply(to t: inout TaskItem) {
        for r in release { t = index.released(t, from: r) }
        // (Checked in `plan`; a file changed meanwhile into a cycle keeps what it has.)
        for target in waitFor { t = (try? index.waiting(t, for: target, kind: kind)) ?? t }
    }
}
