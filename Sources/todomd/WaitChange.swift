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
    /// Ids to wait for, and what is no longer waited for (nil: all).
    var waitFor: [String] = []
    var release: [Release?] = []

    enum Release {
        /// A task of the vault, however its entries name it.
        case task(String)
        /// Entries naming no task, by `TaskDependency.key`.
        case entry(String)

        func apply(_ t: TaskItem, _ index: TaskIndex) -> TaskItem {
            switch self {
            case .task(let id): return index.released(t, from: id)
            case .entry(let key):
                var out = t
                out.dependencies.removeAll { $0.key == key }
                return out
            }
        }
    }

    static func plan(_ c: ModifyCommand) throws -> WaitChange {
        let (root, snapshot) = try loadVault(c.global, reportProblems: false)
        var out = WaitChange(root: root, tasks: try c.ids.map { try findTask($0, in: snapshot) }, index: snapshot.index,
                             kind: VaultWriter(root: root).profile.kind)
        out.release = try c.unblock.map { $0.lowercased() == "all" ? nil : try released($0, out.tasks, snapshot) }
        out.waitFor = try c.blockedBy.map { try other($0, snapshot, option: "blocked-by") }
        // Every edge checked, with the ones before it in this change counted for cycles.
        var planned: [(String, String)] = []
        for var t in out.tasks {
            for r in out.release { t = r.map { $0.apply(t, snapshot.index) } ?? snapshot.index.released(t, from: nil) }
            for target in out.waitFor {
                do { t = try snapshot.index.waiting(t, for: target, kind: out.kind, planned: planned) } catch { throw CLIError("--blocked-by: \(error)") }
                planned.append((t.id, target))
            }
        }
        return out
    }

    /// What `--unblock X` releases: the task X, or, where X is no task (one deleted, or a
    /// name that never was one), the entries that name X as written (`Nobody`, `[[Nobody]]`).
    static func released(_ x: String, _ tasks: [TaskItem], _ snapshot: VaultSnapshot) throws -> Release {
        if let id = (try? findTask(x, in: snapshot).id) ?? (try? snapshot.index.id(titled: x)) { return .task(id) }
        let key = TaskDependency.key(x)
        guard tasks.contains(where: { $0.dependencies.contains { $0.key == key } }) else {
            throw CLIError("--unblock: \(x) is no task, and no entry of \(tasks.count == 1 ? "the task" : "these tasks") names it")
        }
        return .entry(key)
    }

    /// The task `id` names: its id (the path), else its title (one open task, as quick add's `after:` reads it).
    static func other(_ id: String, _ snapshot: VaultSnapshot, option: String) throws -> String {
        do { return try findTask(id, in: snapshot).id } catch let byID {
            do { return try snapshot.index.id(titled: id) } catch WaitRefusal.noTitle { throw CLIError("--\(option): \(byID), nor a title") } catch {
                throw CLIError("--\(option): \(error)")
            }
        }
    }

    /// The releases, then the waits (so `--unblock all --blocked-by X` leaves X alone).
    func apply(to t: inout TaskItem) {
        for r in release { t = r.map { $0.apply(t, index) } ?? index.released(t, from: nil) }
        // (Checked in `plan`; a file changed meanwhile into a cycle keeps what it has.)
        for target in waitFor { t = (try? index.waiting(t, for: target, kind: kind)) ?? t }
    }
}
