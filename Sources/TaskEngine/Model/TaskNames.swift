import Foundation

/// An area, project or source name with its folded key (`TextFold.key`),
/// made once and shared by the tasks that name it (those one thread of a
/// load reads, see `SharedNamesPool`): one reference in each task instead of
/// the name and its key in every task. Compared and hashed by its text, as
/// the name itself would be.
public final class TaskName: Hashable, Sendable {
    public let text: String
    public let key: String

    public init(_ text: String) {
        self.text = text
        let key = TextFold.key(text)
        self.key = key.utf8.elementsEqual(text.utf8) ? text : key  // (one copy when already folded)
    }

    public static func == (a: TaskName, b: TaskName) -> Bool { a === b || a.text == b.text }
    public func hash(into h: inout Hasher) { h.combine(text) }
}

/// A task's tags with their folded keys, shared as `TaskName` is (nil in
/// a task: no tags).
public final class TaskTags: Hashable, Sendable {
    public let tags: [String]
    public let keys: [String]

    public init(_ tags: [String]) {
        self.tags = tags
        let keys = tags.map(TextFold.key)
        self.keys = keys == tags ? tags : keys  // (the task's own array when already folded)
    }

    public static func == (a: TaskTags, b: TaskTags) -> Bool { a === b || a.tags == b.tags }
    public func hash(into h: inout Hasher) { h.combine(tags) }
}

/// Makes one `TaskName` / `TaskTags` of each name and tag list met (byte
/// for byte: a name written in another Unicode form than an equal one keeps
/// its own bytes), for the tasks of one batch or one thread's runs.
public final class SharedNames {
    // (Keyed byte for byte: Swift's `==` finds `é` and `e` + U+0301 equal.)
    private var names: [ExactID: TaskName] = [:]
    private var lists: [[ExactID]: TaskTags] = [:]
    /// The last area, project, source and tag list handed out: files read
    /// one after another (a folder's) mostly name the same ones, found so
    /// without hashing.
    private var lastArea: TaskName?, lastProject: TaskName?, lastSource: TaskName?, lastName: TaskName?, lastTags: TaskTags?

    public init() {}

    public func name(_ s: String?) -> TaskName? { name(s, last: &lastName) }

    private func name(_ s: String?, last: inout TaskName?) -> TaskName? {
        guard let s else { return nil }
        if let last, IDOrder.same(last.text, s) { return last }
        last = Self.kept(&names, ExactID(s)) { TaskName(s) }
        return last
    }

    public func tags(_ l: [String]) -> TaskTags? {
        guard !l.isEmpty else { return nil }
        if let last = lastTags, last.tags.count == l.count, zip(last.tags, l).allSatisfy({ IDOrder.same($0, $1) }) { return last }
        lastTags = Self.kept(&lists, l.map(ExactID.init)) { TaskTags(l) }
        return lastTags
    }

    /// The value kept for `key`, made and kept when there is none.
    private static func kept<Key: Hashable, Value>(_ table: inout [Key: Value], _ key: Key, _ make: () -> Value) -> Value {
        if let value = table[key] { return value }
        let made = make()
        table[key] = made
        return made
    }

    /// A task's area, project, source and tags, shared (each compared first with the last one of its kind).
    public func names(area: String?, project: String?, source: String?, tags list: [String])
        -> (area: TaskName?, project: TaskName?, source: TaskName?, tags: TaskTags?) {
        (name(area, last: &lastArea), name(project, last: &lastProject), name(source, last: &lastSource), tags(list))
    }

    /// `t`'s names and tags shared with the batch's other tasks, in place.
    public func share(_ t: inout TaskItem) {
        (t.areaName, t.projectName, t.sourceName, t.tagList) = names(area: t.area, project: t.project, source: t.source, tags: t.tags)
    }
}

/// `SharedNames` for runs of work spread over threads: each run borrows one
/// no other run is using, so a load makes each name and tag list once per
/// thread (and its fold once), not once per run of 64 files.
// @unchecked: `idle` is touched only holding `lock`, and a `SharedNames` is lent to one thread at a time.
final class SharedNamesPool: @unchecked Sendable {
    private var idle: [SharedNames] = []
    private let lock = NSLock()

    func with<R>(_ body: (SharedNames) -> R) -> R {
        lock.lock()
        let shared = idle.popLast() ?? SharedNames()
        lock.unlock()
        defer {
            lock.lock()
            idle.append(shared)
            lock.unlock()
        }
        return body(shared)
    }
}
