/// An area, project or source name with its folded key (`TextFold.key`),
/// made once and shared by the tasks that name it (those of a chunk of the
/// cache, of a batch of parsed files): one reference in each task, where the
/// name and its key were 32 bytes in every task (`IndexedTask` kept the key).
/// Compared and hashed by its text, as the name itself was.
public final class TaskName: Hashable, @unchecked Sendable {
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
public final class TaskTags: Hashable, @unchecked Sendable {
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
/// its own bytes), for the tasks of one batch.
public final class SharedNames {
    private var names: [String: TaskName] = [:]
    private var lists: [[String]: TaskTags] = [:]

    public init() {}

    public func name(_ s: String?) -> TaskName? {
        guard let s else { return nil }
        if let kept = names[s], kept.text.utf8.elementsEqual(s.utf8) { return kept }
        let made = TaskName(s)
        if names[s] == nil { names[s] = made }
        return made
    }

    public func tags(_ l: [String]) -> TaskTags? {
        guard !l.isEmpty else { return nil }
        if let kept = lists[l], zip(kept.tags, l).allSatisfy({ $0.utf8.elementsEqual($1.utf8) }) { return kept }
        let made = TaskTags(l)
        if lists[l] == nil { lists[l] = made }
        return made
    }

    /// `task` with its names and tags shared with the batch's other tasks.
    public func sharing(_ task: TaskItem) -> TaskItem {
        var t = task
        (t.areaName, t.projectName, t.sourceName) = (name(t.area), name(t.project), name(t.source))
        t.tagList = tags(t.tags)
        return t
    }
}
