/// Why a task cannot be made to wait for another.
public enum WaitRefusal: Error, Equatable, CustomStringConvertible {
    case itself(String)
    case unknownTask(String)
    /// The tasks of the cycle the new edge would close, the waiting task first and last.
    case cycle([String])
    /// No link names the task without also naming another.
    case unnameable(String)
    /// No task has this title, or several have (how many).
    case noTitle(String)
    case severalTitled(String, Int)

    public var description: String {
        switch self {
        case .itself(let id): return "\(id) cannot wait for itself"
        case .unknownTask(let id): return "no task with id '\(id)' to wait for (`todomd list` shows the ids)"
        case .cycle(let ids):
            return "\(ids[0]) cannot wait for \(ids[1]): that would close a cycle (\(ids.joined(separator: " → ")); each would wait for the next)"
        case .unnameable(let id):
            return "no link leads to \(id) alone (a file name holding | # [ or ] cannot be linked to); rename the file to wait for it"
        case .noTitle(let t): return "No task is titled '\(t)' to wait for."
        case .severalTitled(let t, let n): return "\(n) tasks are titled '\(t)'; give the one to wait for a title of its own."
        }
    }
}

/// Making a task wait for another, and no longer wait, in the words the
/// vault's tool reads: checked against the whole vault (the task itself, a
/// task that is not there, a cycle), so what is written never blocks forever.
extension TaskIndex {
    /// `task` waiting also for `targetID` (unchanged when it waits for it already);
    /// `planned`: edges already decided in the same change (source id, target id), counted for cycles.
    public func waiting(_ task: TaskItem, for targetID: String, kind: VaultProfile.Kind,
                        planned: [(String, String)] = []) throws(WaitRefusal) -> TaskItem {
        guard targetID != task.id else { throw .itself(task.id) }
        guard self.task(id: targetID) != nil else { throw .unknownTask(targetID) }
        let targets = TaskTargets(ids: tasks.map(\.task.id))
        if task.dependencies.contains(where: { resolvesTo(targets, $0.uid, from: task.id) == targetID }) { return task }
        if let path = path(from: targetID, to: task.id, planned: planned) { throw .cycle([task.id] + path) }
        let uid = try uid(naming: targetID, from: task.id, kind: kind, targets: targets)
        var out = task
        out.dependencies.append(TaskDependency(uid: uid))
        return out
    }

    /// `task` waiting also for the tasks of these titles (`after:` in quick add and the change line, the form's
    /// "Waits for"): each title names one task, ignoring case; where several have it, the one not done.
    public func waiting(_ task: TaskItem, forTitles titles: [String], kind: VaultProfile.Kind) throws(WaitRefusal) -> TaskItem {
        var out = task
        for title in titles { out = try waiting(out, for: try id(titled: title), kind: kind) }
        return out
    }

    /// The id of the one task titled `title` (ignoring case; among several, the one not done).
    public func id(titled title: String) throws(WaitRefusal) -> String {
        let key = TextFold.search(title.trimmedSpaces())
        let all = tasks.filter { $0.titleSearch == key }
        let open = all.count > 1 ? all.filter { !$0.task.status.isClosed } : all
        guard let first = open.first ?? all.first else { throw .noTitle(title) }
        guard open.count <= 1 else { throw .severalTitled(title, open.count) }
        return first.task.id
    }

    /// The title of an open task that starts with `typed` (ignoring case), for completion: the
    /// shortest such title, then A–Z; nil when none is longer than what is typed. The tasks of
    /// `excluding` (the ones being made to wait) are not offered: none can wait for itself.
    public func title(completing typed: String, excluding: Set<String> = []) -> String? {
        let key = TextFold.search(typed)
        guard !key.isEmpty else { return nil }
        var best: String?
        for t in tasks where !t.task.status.isClosed && t.titleSearch.hasPrefix(key) && t.task.title.count > typed.count && !excluding.contains(t.task.id) {
            let title = t.task.title
            if let b = best, (b.count, b) <= (title.count, title) { continue }
            best = title
        }
        return best
    }

    /// `task` no longer waiting for `targetID` (every entry naming it), or for any task when nil.
    /// Entries todomd cannot read are not the task's dependencies, so they stay in the file.
    public func released(_ task: TaskItem, from targetID: String?) -> TaskItem {
        var out = task
        guard let targetID else {
            out.dependencies = []
            return out
        }
        let targets = TaskTargets(ids: tasks.map(\.task.id))
        out.dependencies.removeAll { resolvesTo(targets, $0.uid, from: task.id) == targetID }
        return out
    }

    /// `task` waiting for none of its tasks but `keep` (an entry naming no task stays: it is not one of its tasks).
    public func released(_ task: TaskItem, except keep: Set<String>) -> TaskItem {
        guard !task.dependencies.isEmpty else { return task }
        let targets = TaskTargets(ids: tasks.map(\.task.id))
        var out = task
        out.dependencies.removeAll { resolvesTo(targets, $0.uid, from: task.id).map { !keep.contains($0) } ?? false }
        return out
    }

    /// The ids of the tasks `task` waits for, as this vault resolves its entries.
    public func waitTargets(of task: TaskItem) -> [String] {
        guard !task.dependencies.isEmpty else { return [] }
        let targets = TaskTargets(ids: tasks.map(\.task.id))
        return task.dependencies.compactMap { resolvesTo(targets, $0.uid, from: task.id) }
    }

    func resolvesTo(_ targets: TaskTargets, _ uid: String, from source: String) -> String? {
        if case .success(let i) = targets.resolve(uid, from: source) { return targets.ids[i] }
        return nil
    }

    /// How `source` names `target`: Backlog.md by its id (`task-12`), other vaults by a wiki
    /// link to the file's name (`[[write-docs]]`), or to its path where the name is not unique;
    /// a file at the vault's root whose name another file shares, by its path from the root
    /// (`[[/write-docs]]`: tasknotes-spec §11.4 step 2 resolves a leading `/` from the root, as Obsidian does).
    func uid(naming target: String, from source: String, kind: VaultProfile.Kind, targets: TaskTargets) throws(WaitRefusal) -> String {
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let stem = name.lowercased().hasSuffix(".md") ? String(name.dropLast(3)) : name
        let path = target.lowercased().hasSuffix(".md") ? String(target.dropLast(3)) : target
        var candidates = ["[[\(stem)]]", "[[\(path)]]", "[[/\(path)]]"]
        if kind == .backlog, let dash = name.range(of: " - "), TaskTargets.backlogID(name) != nil {
            candidates.insert(String(name[..<dash.lowerBound]), at: 0)
        }
        for uid in candidates where resolvesTo(targets, uid, from: source) == target { return uid }
        throw .unnameable(target)
    }

    /// The tasks from `start` to `goal` following what each waits for (`start` first), if `goal` can be reached.
    func path(from start: String, to goal: String, planned: [(String, String)]) -> [String]? {
        let graph = dependencies
        var extra: [String: [String]] = [:]
        for (s, t) in planned { extra[s, default: []].append(t) }
        var cameFrom: [String: String] = [start: start]
        var queue = [start], head = 0
        while head < queue.count {
            let id = queue[head]
            head += 1
            if id == goal {
                var path = [id], at = id
                while at != start, let prev = cameFrom[at] { path.append(prev); at = prev }
                return path.reversed()
            }
            var next = extra[id] ?? []
            let (row, found) = position(of: id)
            if found { next += graph.waitsFor(row).map { tasks[$0].task.id } }
            for n in next where cameFrom[n] == nil {
                cameFrom[n] = id
                queue.append(n)
            }
        }
        return nil
    }
}
