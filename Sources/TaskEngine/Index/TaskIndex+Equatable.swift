/// Equality of the index and of a perspective's result, so that the app's
/// whole state can be compared (tests state the state they expect).
///
/// An entry is an `IndexedTask`, a shared reference: two entries are the
/// same when they are one object or hold equal tasks. Two indexes of one
/// `generation` are one index (a generation is never shared), so comparing
/// an index with itself or an unchanged copy costs nothing; otherwise the
/// comparison walks every entry (O(n)): for tests and checks, not for a
/// path taken on each key.
extension TaskIndex: Equatable {
    public static func == (a: TaskIndex, b: TaskIndex) -> Bool {
        a.generation == b.generation || (a.sequentialProjects == b.sequentialProjects && IndexedTask.same(a.tasks, b.tasks))
    }
}

extension TaskGroup: Equatable {
    public static func == (a: TaskGroup, b: TaskGroup) -> Bool {
        a.key == b.key && a.title == b.title && IndexedTask.same(a.tasks, b.tasks)
    }
}

extension PerspectiveResult: Equatable {
    public static func == (a: PerspectiveResult, b: PerspectiveResult) -> Bool {
        a.count == b.count && a.warnings == b.warnings && a.groups == b.groups
    }
}

extension IndexedTask {
    /// The same tasks in the same order (by identity first, then by value).
    static func same(_ a: [IndexedTask], _ b: [IndexedTask]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 || $0.task == $1.task }
    }
}
