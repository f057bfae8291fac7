/// How a dependency ties two tasks (tasknotes-spec §10.2.1). In this version
/// of the spec (v0.1 blocking) the relation and the gap are kept and checked
/// but do not change whether a task is blocked: any one of them waits for the
/// other task to be done.
public enum DependencyRelation: String, CaseIterable, Sendable {
    case finishToStart = "FINISHTOSTART"
    case startToStart = "STARTTOSTART"
    case finishToFinish = "FINISHTOFINISH"
    case startToFinish = "STARTTOFINISH"
}

/// One entry of a task's `blocked_by` list: the task it waits for (a link or
/// a name, as written), the relation, and an optional gap.
public struct TaskDependency: Hashable, Sendable {
    /// The other task as the file writes it: `[[Prepare metrics]]`, `task-12`, `[a](a.md)`.
    public var uid: String
    public var relation: DependencyRelation
    /// The gap as written (`PT4H`, `-P1D`), checked to be an ISO 8601 duration.
    public var gap: String?

    public init(uid: String, relation: DependencyRelation = .finishToStart, gap: String? = nil) {
        self.uid = uid
        self.relation = relation
        self.gap = gap
    }

    /// Longest `uid` read, in bytes, and most entries one task's list holds: past them
    /// the entry (or the rest of the list) is refused with a reason, not read.
    public static let maxUIDLength = LinkReference.maxLength
    public static let maxEntries = 1000

    /// Why an entry is not a dependency (tasknotes-spec §10.2: `invalid_dependency_entry` and kin).
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case notAnEntry
        case missingUID
        case uidTooLong(Int)
        case badUID(String)
        case missingRelation
        case badRelation(String)
        case badGap(String)
        case selfDependency(String)
        case duplicate(String)
        case tooMany(Int)

        /// The spec's error code.
        public var code: String {
            switch self {
            case .notAnEntry, .missingUID, .uidTooLong, .badUID, .tooMany: return "invalid_dependency_entry"
            case .missingRelation, .badRelation: return "invalid_dependency_reltype"
            case .badGap: return "invalid_dependency_gap"
            case .selfDependency: return "self_dependency"
            case .duplicate: return "duplicate_dependency_uid"
            }
        }

        public var description: String {
            switch self {
            case .notAnEntry: return "\(code): an entry must be a link or a {uid, reltype, gap} map"
            case .missingUID: return "\(code): an entry has no uid"
            case .uidTooLong(let n): return "\(code): a uid of \(n) bytes (at most \(TaskDependency.maxUIDLength))"
            case .badUID(let s): return "\(code): uid '\(s)' is not a link or a task name"
            case .missingRelation: return "\(code): an entry has no reltype"
            case .badRelation(let s):
                return "\(code): reltype '\(s)' is not one of \(DependencyRelation.allCases.map(\.rawValue).joined(separator: ", "))"
            case .badGap(let why): return "\(code): gap: \(why)"
            case .selfDependency(let s): return "\(code): the task depends on itself (\(s))"
            case .duplicate(let s): return "\(code): \(s) is listed twice"
            case .tooMany(let n): return "\(code): \(n) dependencies (at most \(TaskDependency.maxEntries))"
            }
        }
    }

    /// An entry as the spec writes it, checked strictly: a uid, a reltype, and a gap if any.
    public static func validated(uid: String?, reltype: String?, gap: String?) throws(Refusal) -> TaskDependency {
        let uid = try checkedUID(uid)
        guard let reltype else { throw .missingRelation }
        guard let relation = DependencyRelation(rawValue: reltype.trimmedSpaces()) else { throw .badRelation(BoundedQuote.prefix(reltype)) }
        return TaskDependency(uid: uid, relation: relation, gap: try checkedGap(gap))
    }

    static func checkedUID(_ uid: String?) throws(Refusal) -> String {
        guard let uid else { throw .missingUID }
        guard uid.utf8.count <= maxUIDLength else { throw .uidTooLong(uid.utf8.count) }
        let trimmed = uid.trimmedSpaces()
        guard !trimmed.isEmpty else { throw .missingUID }
        // A uid that starts like a link must be one (`[bad](`); any other text is a task's name.
        if trimmed.hasPrefix("[") || trimmed.contains("](") {
            guard (try? LinkReference.parse(trimmed)) != nil else { throw .badUID(BoundedQuote.prefix(trimmed)) }
        }
        return trimmed
    }

    static func checkedGap(_ gap: String?) throws(Refusal) -> String? {
        guard let gap else { return nil }
        do { _ = try ISODuration.parse(gap.trimmedSpaces()) } catch { throw .badGap(error.description) }
        return gap.trimmedSpaces()
    }

    /// The uid as the spec compares them (§10.2.3): the file named, without the link's
    /// brackets, alias, anchor, a leading `./` or `/`, and `.md`. `[[task-b|B]]` and `task-b` are one.
    public var key: String { Self.key(uid) }

    public static func key(_ uid: String) -> String {
        var t = uid.trimmedSpaces()
        if let link = try? LinkReference.parse(t) { t = link.target }
        if t.hasPrefix("./") { t.removeFirst(2) }
        while t.hasPrefix("/") { t.removeFirst() }
        if t.lowercased().hasSuffix(".md") { t.removeLast(3) }
        return t
    }

    /// A whole list checked as the spec's `validate_set` does: each entry, then no
    /// uid twice and none naming the task itself (`task`: its own name, as a uid would write it).
    public static func validateSet(_ entries: [TaskDependency], task: String) throws(Refusal) {
        let own = key(task)
        var seen = Set<String>()
        for e in entries {
            let k = e.key
            if !own.isEmpty, k == own { throw .selfDependency(BoundedQuote.prefix(e.uid)) }
            guard seen.insert(k).inserted else { throw .duplicate(BoundedQuote.prefix(e.uid)) }
        }
    }
}
