/// Changes to a task's dependency list (tasknotes-spec §10.2.9): add checks
/// the entry and keeps every other one (a second entry for the same task is
/// kept too, as the spec's fixtures ask); remove takes every entry naming
/// that task (by `TaskDependency.key`) and does nothing when none does;
/// replace checks each new entry and is a separate operation, never a patch's default.
public enum DependencyEdits {
    public static func adding(_ entry: TaskDependency, to list: [TaskDependency]) throws(TaskDependency.Refusal) -> [TaskDependency] {
        let checked = try TaskDependency.validated(uid: entry.uid, reltype: entry.relation.rawValue, gap: entry.gap)
        guard list.count < TaskDependency.maxEntries else { throw .tooMany(list.count + 1) }
        return list + [checked]
    }

    public static func removing(uid: String, from list: [TaskDependency]) -> [TaskDependency] {
        let key = TaskDependency.key(uid)
        return list.filter { $0.key != key }
    }

    public static func replacing(with entries: [TaskDependency]) throws(TaskDependency.Refusal) -> [TaskDependency] {
        guard entries.count <= TaskDependency.maxEntries else { throw .tooMany(entries.count) }
        return try entries.map { e throws(TaskDependency.Refusal) in try TaskDependency.validated(uid: e.uid, reltype: e.relation.rawValue, gap: e.gap) }
    }
}
