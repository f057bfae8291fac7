/// The task a dependency names, among a vault's task files (tasknotes-spec
/// §11.4 with the `blocked_by` scope: task files only). A uid written as a
/// link is resolved as the link it is; one written bare (`Prepare metrics`,
/// `task-12`) is a wikilink's target, as TaskNotes' plugin reads it, and may
/// be a Backlog.md id (`task-12` names `backlog/tasks/task-12 - Title.md`).
/// File names are matched as written first, then ignoring case (Obsidian's way).
final class TaskTargets {
    let ids: [String]
    let position: [String: Int]
    let byName: [String: [Int]]
    /// Built on first use: most vaults' links name files as they are spelled, and only Backlog.md's name ids.
    private(set) lazy var byFoldedName: [String: [Int]] = {
        var folded: [String: [Int]] = [:]
        for (name, rows) in byName { folded[name.lowercased(), default: []] += rows }
        return folded
    }()
    private(set) lazy var byBacklogID: [String: [Int]] = {
        var backlog: [String: [Int]] = [:]
        for (name, rows) in byName { if let id = Self.backlogID(name) { backlog[id, default: []] += rows } }
        return backlog
    }()

    init(ids: [String]) {
        self.ids = ids
        var position: [String: Int] = [:], byName: [String: [Int]] = [:]
        position.reserveCapacity(ids.count)
        byName.reserveCapacity(ids.count)
        for (i, id) in ids.enumerated() {
            position[id] = i
            // (The file name found from the end, byte by byte: no list of parts made for each of 100,000 ids.)
            let name = id.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(id[id.index(after: $0)...]) } ?? id
            byName[name, default: []].append(i)
        }
        self.position = position
        self.byName = byName
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

    /// The name in `[[Name]]`, `[[Name|alias]]` or a bare `Name`: no folder, anchor, extension or
    /// markdown link (those take the full resolution); nil for any other uid.
    static func simpleName(_ text: String) -> String? {
        var u = Substring(text)
        if u.hasPrefix("[[") {
            guard u.hasSuffix("]]") else { return nil }
            u = u.dropFirst(2).dropLast(2)
            if let bar = u.firstIndex(of: "|") { u = u[..<bar] }
        } else if u.hasPrefix("[") {
            return nil
        }
        guard !u.isEmpty, !u.contains("/"), !u.contains("#"), !u.contains("["), !u.contains("]"), u.first != ".", u.first != " ", u.last != " ",
              !LinkResolver.hasExtension(String(u)) else { return nil }
        return String(u)
    }

    /// `letters-digits` (`task-12`, `TASK-3.1`): a name that may be a Backlog.md id.
    static func looksLikeID(_ name: String) -> Bool {
        guard let hyphen = name.firstIndex(of: "-"), hyphen > name.startIndex else { return false }
        let digits = name[name.index(after: hyphen)...]
        return name[..<hyphen].allSatisfy { $0.isASCII && $0.isLetter } && !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// The task `uid` names, from the task file at `source`, or why none.
    func resolve(_ uid: String, from source: String) -> Result<Int, ResolveFailure> {
        let text = uid.trimmedSpaces()
        // The usual uid, `[[Name]]` (or `Name`) naming one file as spelled: found at once.
        if let name = Self.simpleName(text), !Self.looksLikeID(name), let rows = byName[name + ".md"], rows.count == 1 { return .success(rows[0]) }
        let link: LinkReference
        if text.hasPrefix("[") {
            do { link = try LinkReference.parse(text) } catch { return .failure(ResolveFailure(error.description)) }
        } else {
            link = LinkReference(raw: text, target: text, format: .wikilink)
        }
        let (ids, position, byName) = (self.ids, self.position, self.byName)
        let resolver = LinkResolver(
            exists: { position[$0] != nil },
            named: { name in
                if let exact = byName[name] { return exact.map { ids[$0] } }
                return (self.byFoldedName[name.lowercased()] ?? []).map { ids[$0] }
            },
            withID: { name in Self.looksLikeID(name) ? (self.byBacklogID[name.lowercased()] ?? []).map { ids[$0] } : [] })
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
