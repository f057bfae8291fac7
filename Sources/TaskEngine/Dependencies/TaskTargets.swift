/// The task a dependency names, among a vault's task files (tasknotes-spec
/// §11.4 with the `blocked_by` scope: task files only). A uid written as a
/// link is resolved as the link it is; one written bare (`Prepare metrics`,
/// `task-12`) is a wikilink's target, as TaskNotes' plugin reads it, and may
/// be a Backlog.md id (`task-12` names `backlog/tasks/task-12 - Title.md`).
/// File names are matched as written first, then ignoring case (Obsidian's way).
struct TaskTargets {
    let position: [String: Int]
    let byName: [String: [Int]]
    let byFoldedName: [String: [Int]]
    let byBacklogID: [String: [Int]]
    let ids: [String]

    init(ids: [String]) {
        self.ids = ids
        var position: [String: Int] = [:], byName: [String: [Int]] = [:], folded: [String: [Int]] = [:], backlog: [String: [Int]] = [:]
        position.reserveCapacity(ids.count)
        for (i, id) in ids.enumerated() {
            position[id] = i
            let name = id.split(separator: "/").last.map(String.init) ?? id
            byName[name, default: []].append(i)
            folded[name.lowercased(), default: []].append(i)
            if let backlogID = Self.backlogID(name) { backlog[backlogID, default: []].append(i) }
        }
        self.position = position
        self.byName = byName
        byFoldedName = folded
        byBacklogID = backlog
    }

    /// `task-12 - Title.md` → `task-12` (lowercased): Backlog.md's file names begin with the task's id.
    static func backlogID(_ name: String) -> String? {
        guard let dash = name.range(of: " - ") else { return nil }
        let head = name[..<dash.lowerBound]
        guard let hyphen = head.firstIndex(of: "-"), hyphen > head.startIndex,
              head[..<hyphen].allSatisfy({ $0.isASCII && $0.isLetter }),
              !head[head.index(after: hyphen)...].isEmpty,
              head[head.index(after: hyphen)...].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return head.lowercased()
    }

    /// The task `uid` names, from the task file at `source`, or why none.
    func resolve(_ uid: String, from source: String) -> Result<Int, ResolveFailure> {
        let text = uid.trimmedSpaces()
        let link: LinkReference
        if text.hasPrefix("[") {
            do { link = try LinkReference.parse(text) } catch { return .failure(ResolveFailure(error.description)) }
        } else {
            link = LinkReference(raw: text, target: text, format: .wikilink)
        }
        let resolver = LinkResolver(
            exists: { position[$0] != nil },
            named: { name in
                if let exact = byName[name] { return exact.map { ids[$0] } }
                return (byFoldedName[name.lowercased()] ?? []).map { ids[$0] }
            },
            withID: { name in (byBacklogID[name.lowercased()] ?? []).map { ids[$0] } })
        let outcome: LinkResolver.Outcome
        do { outcome = try resolver.resolve(link, from: source) } catch { return .failure(ResolveFailure(error.description)) }
        switch outcome {
        case .found(let path):
            guard let i = position[path] else { return .failure(ResolveFailure("unresolved_dependency_target: \(BoundedQuote.prefix(text)) names no task")) }
            return .success(i)
        case .missing(let path):
            return .failure(ResolveFailure("unresolved_dependency_target: \(BoundedQuote.prefix(text)) names no task (no file \(BoundedQuote.prefix(path)))"))
        case .unresolved:
            return .failure(ResolveFailure("unresolved_dependency_target: \(BoundedQuote.prefix(text)) names no task"))
        case .ambiguous(let paths):
            return .failure(ResolveFailure("ambiguous_link: \(BoundedQuote.prefix(text)) could be any of \(paths.prefix(5).joined(separator: ", "))"
                                           + (paths.count > 5 ? " and \(paths.count - 5) more" : "")))
        }
    }

    struct ResolveFailure: Error, Hashable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
