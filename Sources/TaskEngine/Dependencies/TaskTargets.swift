/// The task a dependency names, among a vault's task files (tasknotes-spec
/// §11.4 with the `blocked_by` scope: task files only). A uid written as a
/// link is resolved as the link it is; one written bare (`Prepare metrics`,
/// `task-12`) is a wikilink's target, as TaskNotes' plugin reads it, and may
/// be a Backlog.md id (`task-12` names `backlog/tasks/task-12 - Title.md`).
/// File names are matched as written first, then ignoring case (Obsidian's way).
///
/// Kept by the dependency graph's memo from one index generation to the next and
/// patched when tasks are added or removed (`apply`), so that a quick add does not
/// hash 100,000 names again. (Mutable, so held by one memo at a time, through a lock: `TargetsHandoff`.) Each resolution says which names it looked at (`Watch`):
/// a file added or removed changes what a dependency names only when its name is one of them.
final class TaskTargets {
    private(set) var ids: [String]
    /// Whether `ids` are in `IDOrder` (an index's rows): then a path is found by binary search.
    private let sorted: Bool
    /// Rows by path, only for ids given in another order (a test's or a command's list of tasks).
    private var position: [String: Int] = [:]
    private var byName: RowTable
    /// Built on first use: most vaults' links name files as they are spelled, and only Backlog.md's name ids.
    private var byFoldedName: RowTable?
    private var byBacklogID: RowTable?

    /// `inIDOrder`: whether the caller knows `ids` are in `IDOrder` (an index's rows); nil: looked at.
    init(ids: [String], inIDOrder: Bool? = nil) {
        self.ids = ids
        sorted = inIDOrder ?? zip(ids, ids.dropFirst()).allSatisfy { IDOrder.less($0, $1) }
        byName = RowTable(capacity: ids.count)
        if !sorted {
            position.reserveCapacity(ids.count)
            for (i, id) in ids.enumerated() { position[id] = i }
        }
        for (i, id) in ids.enumerated() { byName.insert(Self.name(id).hashValue, i) }
    }

    /// The file name of a path, found from the end byte by byte (no list of parts made for each of 100,000 ids).
    static func name(_ id: String) -> Substring {
        id.utf8.lastIndex(of: UInt8(ascii: "/")).map { id[id.index(after: $0)...] } ?? id[...]
    }

    func row(ofPath path: String) -> Int? {
        guard sorted else { return position[path] }
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if IDOrder.less(ids[mid], path) { lo = mid + 1 } else { hi = mid }
        }
        return lo < ids.count && IDOrder.same(ids[lo], path) ? lo : nil
    }

    private func rows(named name: String) -> [Int] {
        byName.rows(Substring(name).hashValue).filter { Self.name(ids[$0]) == name }
    }

    func rows(foldedName folded: String) -> [Int] {
        if byFoldedName == nil {
            var table = RowTable(capacity: ids.count)
            for (i, id) in ids.enumerated() { table.insert(Self.name(id).lowercased().hashValue, i) }
            byFoldedName = table
        }
        return byFoldedName!.rows(folded.hashValue).filter { Self.name(ids[$0]).lowercased() == folded }
    }

    /// The files whose Backlog.md id is `id` as Backlog.md compares ids (`TASK-01` is `task-1`; a bare
    /// number, `1`, is the task of that number whatever its prefix). Kept by number.
    private func rows(backlogID id: String) -> [Int] {
        guard let asked = Self.idParts(id) else { return [] }
        if byBacklogID == nil {
            var table = RowTable()
            for (i, path) in ids.enumerated() { if let b = Self.backlogParts(Self.name(path)) { table.insert(b.number.hashValue, i) } }
            byBacklogID = table
        }
        return byBacklogID!.rows(asked.number.hashValue).filter { row in
            guard let b = Self.backlogParts(Self.name(ids[row])) else { return false }
            return b.number == asked.number && (asked.prefix == nil || asked.prefix == b.prefix)
        }
    }

    /// The targets after the index's rows moved (`map`): the rows it removed gone, those it
    /// inserted taken from `newIDs` (the new index's ids, in `IDOrder`).
    func apply(_ map: RowMap, ids newIDs: [String]) -> Bool {
        guard sorted, map.count == ids.count else { return false }
        for r in map.removed {
            let name = Self.name(ids[r])
            byName.remove(name.hashValue, r)
            byFoldedName?.remove(name.lowercased().hashValue, r)
            if let b = Self.backlogParts(name) { byBacklogID?.remove(b.number.hashValue, r) }
        }
        byName.remap(map)
        byFoldedName?.remap(map)
        byBacklogID?.remap(map)
        ids = newIDs
        for r in map.inserted {
            let name = Self.name(ids[r])
            byName.insert(name.hashValue, r)
            byFoldedName?.insert(name.lowercased().hashValue, r)
            if let b = Self.backlogParts(name) { byBacklogID?.insert(b.number.hashValue, r) }
        }
        return true
    }

    /// What a resolution looked at, so that a graph knows which dependencies a file added or
    /// removed may name otherwise: the key (`key(_:)`) of every name it asked for, `none` when it
    /// asked for none (a link refused as written), `any` when it asked for several.
    struct Watch: Hashable, Sendable {
        let raw: Int
        static let none = Watch(raw: 0)
        static let any = Watch(raw: 1)
        init(raw: Int) { self.raw = raw }

        /// Whether a file of key `k` (`key(_:)` of its name) may change the resolution.
        func sees(_ keys: Set<Int>) -> Bool { self == .any || (self != .none && keys.contains(raw)) }

        /// Another name asked for.
        func adding(_ k: Int) -> Watch { self == .none || self == Watch(raw: k) ? Watch(raw: k) : .any }
    }

    /// A name's key: in lower case, up to its first dot or space, hashed (never `none` or `any`).
    /// Names that match exactly, ignoring case, or by their Backlog.md id (`task-12` and
    /// `task-12 - Title.md`, `task-3.1` and `task-3.1 - Other.md`) have one key.
    static func key(_ name: some StringProtocol) -> Int {
        let lower = name.lowercased()
        let cut = lower.utf8.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: " ") }.map { lower[..<$0] } ?? lower[...]
        // (`task-001` and `task-1` are one Backlog.md id: one key.)
        let h = (cut.first?.isLetter == true ? idParts(String(cut)) : nil).flatMap { p in p.prefix.map { "\($0)-\(p.number)".hashValue } } ?? cut.hashValue
        return h == 0 || h == 1 ? h + 2 : h
    }

    /// The key of a file's name (`key(_:)`), for the watches a file added or removed touches.
    static func key(ofPath id: String) -> Int { key(name(id)) }

    /// `task-12 - Title.md` → `task-12` (lowercased): Backlog.md's file names begin with the task's id.
    static func backlogID(_ name: some StringProtocol) -> String? {
        guard let dash = name.range(of: " - ") else { return nil }
        let head = name[..<dash.lowerBound]
        guard let hyphen = head.firstIndex(of: "-"), hyphen > head.startIndex,
              head[..<hyphen].allSatisfy({ $0.isASCII && $0.isLetter }),
              !head[head.index(after: hyphen)...].isEmpty,
              head[head.index(after: hyphen)...].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return head.lowercased()
    }

    /// A file name's Backlog.md id as Backlog.md compares ids: its prefix lowercased, and its
    /// number with each part's leading zeros dropped (`task-01.2` → `task`, `1.2`).
    static func backlogParts(_ name: some StringProtocol) -> (prefix: String, number: String)? {
        backlogID(name).flatMap { idParts($0) }.flatMap { p in p.prefix.map { ($0, p.number) } }
    }

    /// An id as a dependency writes it, `TASK-01`, `task-3.1` or a bare `12`: its prefix (nil for
    /// a bare number) and its number, each part without leading zeros (nil: not such an id, or
    /// parts past 18 digits).
    static func idParts(_ id: String) -> (prefix: String?, number: String)? {
        var prefix: String?, digits = Substring(id)
        if let hyphen = id.firstIndex(of: "-") {
            let head = id[..<hyphen]
            guard !head.isEmpty, head.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            prefix = head.lowercased()
            digits = id[id.index(after: hyphen)...]
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return (prefix, parts.map { String(Int($0)!) }.joined(separator: "."))
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
        var watch = Watch.none
        return resolve(uid, from: source, watch: &watch)
    }

    /// `resolve`, and the names it asked for (`Watch`).
    func resolve(_ uid: String, from source: String, watch: inout Watch) -> Result<Int, ResolveFailure> {
        let text = uid.trimmedSpaces()
        // The usual uid, `[[Name]]` (or `Name`) naming one file as spelled: found at once.
        if let name = Self.simpleName(text), !Self.looksLikeID(name) {
            let file = name + ".md"
            let rows = rows(named: file)
            if rows.count == 1 {
                watch = watch.adding(Self.key(file))
                return .success(rows[0])
            }
        }
        let link: LinkReference
        // (`<Task.md>` too: TaskNotes reads what is inside the brackets as a link's path.)
        if text.hasPrefix("[") || text.hasPrefix("<") {
            do { link = try LinkReference.parse(text) } catch { return .failure(ResolveFailure(error.description)) }
        } else {
            link = LinkReference(raw: text, target: text, format: .wikilink)
        }
        var asked = watch
        let resolver = LinkResolver(
            exists: { path in
                asked = asked.adding(Self.key(Self.name(path)))
                return self.row(ofPath: path) != nil
            },
            named: { name in
                asked = asked.adding(Self.key(name))
                let exact = self.rows(named: name)
                return (exact.isEmpty ? self.rows(foldedName: name.lowercased()) : exact).map { self.ids[$0] }
            },
            withID: { name in
                guard let parts = Self.idParts(name) else { return [] }
                // (A bare number names a task of any prefix: any file added may be it.)
                asked = parts.prefix == nil ? .any : asked.adding(Self.key(name))
                return self.rows(backlogID: name).map { self.ids[$0] }
            })
        let outcome: LinkResolver.Outcome
        do { outcome = try resolver.resolve(link, from: source) } catch {
            watch = asked
            return .failure(ResolveFailure(error.description))
        }
        watch = asked
        switch outcome {
        case .found(let path):
            guard let i = row(ofPath: path) else { return .failure(ResolveFailure("unresolved_dependency_target: \(BoundedQuote.prefix(text)) names no task")) }
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
