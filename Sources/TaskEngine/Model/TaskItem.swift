/// One task: one markdown file in the vault. (Named `TaskItem` so it does not
/// shadow Swift's own `Task`.)
///
/// Values are kept as the file wrote them where the spec asks for it: a status
/// of `doing` stays `statusText == "doing"` and counts as `.inProgress`.
public struct TaskItem: Hashable, Sendable, Identifiable {
    /// The path relative to the vault, `/`-separated: `work/draft-q4.md`.
    public var id: String
    /// The resolved title: the `title` key, else the body's first `# ` heading,
    /// else the file name without `.md`.
    public var title: String
    /// `status` as written (nil when missing); `status` is what it counts as.
    public var statusText: String? {
        get { Self.word(statusWord, rare?.fields.statusText) }
        set { statusWord = setWord(statusWord, newValue, in: \.statusText) }
    }
    public var priorityText: String? {
        get { Self.word(priorityWord, rare?.fields.priorityText) }
        set { priorityWord = setWord(priorityWord, newValue, in: \.priorityText) }
    }
    // (The one-byte fields side by side: no padding between them.)
    public var status: TaskStatus
    public var priority: Priority
    public var flagged: Bool
    /// Whether the file has a non-empty `title` key.
    public var hasTitleKey: Bool
    /// `statusText` and `priorityText` as a place in `commonWords` (plus
    /// one; 0: none), or `wordInBox` for another word (kept with the rare fields).
    private var statusWord: UInt8 = 0, priorityWord: UInt8 = 0
    /// `estimatedMinutes` when it fits here (beside the one-byte fields, in
    /// what would be padding); `noEstimate`, or `estimateInBox` for one that
    /// does not fit (kept with the rare fields).
    private var estimate: Int32 = TaskItem.noEstimate
    private static let noEstimate = Int32.min, estimateInBox = Int32.min + 1
    /// `fingerprint`'s size beside it, in the rest of that word: -1 for no
    /// fingerprint, `sizeInBox` for a file of 2 GiB or more (kept with the
    /// rare fields). (In that word, so the task's object does not grow into malloc's next size class.)
    private var readSize: Int32 = -1
    private static let sizeInBox = Int32.min

    /// The six dates, one word each (`TaskDates`).
    private var dates = TaskDates()
    public var due: TaskDate? {
        get { dates[slot: 0] }
        set { dates[slot: 0] = newValue }
    }
    public var scheduled: TaskDate? {
        get { dates[slot: 1] }
        set { dates[slot: 1] = newValue }
    }
    public var defer_: TaskDate? {
        get { dates[slot: 2] }
        set { dates[slot: 2] = newValue }
    }
    public var created: TaskDate? {
        get { dates[slot: 3] }
        set { dates[slot: 3] = newValue }
    }
    public var modified: TaskDate? {
        get { dates[slot: 4] }
        set { dates[slot: 4] = newValue }
    }
    public var completed: TaskDate? {
        get { dates[slot: 5] }
        set { dates[slot: 5] = newValue }
    }

    public var area: String? {
        get { areaName?.text }
        set { areaName = newValue.map(TaskName.init) }
    }
    public var project: String? {
        get { projectName?.text }
        set { projectName = newValue.map(TaskName.init) }
    }
    public var source: String? {
        get { sourceName?.text }
        set { sourceName = newValue.map(TaskName.init) }
    }
    public var tags: [String] {
        get { tagList?.tags ?? [] }
        set { tagList = newValue.isEmpty ? nil : TaskTags(newValue) }
    }
    /// The names and tags with their folded keys, shared between tasks (`SharedNames`).
    var areaName: TaskName?, projectName: TaskName?, sourceName: TaskName?
    var tagList: TaskTags?

    /// The markdown after the frontmatter, byte for byte.
    public var body: String

    public var estimatedMinutes: Int? {
        get {
            switch estimate {
            case Self.noEstimate: return nil
            case Self.estimateInBox: return rare?.fields.estimatedMinutes
            default: return Int(estimate)
            }
        }
        set {
            if estimate == Self.estimateInBox { setRare(\.estimatedMinutes, nil) }
            guard let v = newValue else { return estimate = Self.noEstimate }
            if v > Int(Self.estimateInBox), v <= Int(Int32.max) { return estimate = Int32(v) }
            estimate = Self.estimateInBox
            setRare(\.estimatedMinutes, v)
        }
    }

    // Fields most tasks leave out, kept in one box made when one is set: a
    // reference instead of seventy-two bytes in every task.
    /// Where or with what a task can be done (`@home`, `@phone`), written without the `@`.
    public var contexts: [String] {
        get { rare?.fields.contexts ?? [] }
        set { setRare(\.contexts, newValue) }
    }
    /// The projects after the first, as the file writes them (`[[pixel glitch]]`): `project`
    /// is the first, the one shown; a write keeps these (`projects`, `TaskItem+Lists`).
    public var otherProjects: [String] {
        get { rare?.fields.otherProjects ?? [] }
        set { setRare(\.otherProjects, newValue) }
    }
    /// Who the task is assigned to, as written (Backlog.md writes `@alice`;
    /// `Assignee.key` compares them without the `@`).
    public var assignees: [String] {
        get { rare?.fields.assignees ?? [] }
        set { setRare(\.assignees, newValue) }
    }
    public var recurrence: String? {
        get { rare?.fields.recurrence }
        set { setRare(\.recurrence, newValue) }
    }
    /// `scheduled` (the default) or `completion`: what the next occurrence counts from (tasknotes-spec §4.4).
    public var recurrenceAnchor: String? {
        get { rare?.fields.recurrenceAnchor }
        set { setRare(\.recurrenceAnchor, newValue) }
    }
    /// Days (`YYYY-MM-DD`, as written) of a repeating task's completed and skipped occurrences.
    public var completeInstances: [String] {
        get { rare?.fields.completeInstances ?? [] }
        set { setRare(\.completeInstances, newValue) }
    }
    public var skippedInstances: [String] {
        get { rare?.fields.skippedInstances ?? [] }
        set { setRare(\.skippedInstances, newValue) }
    }

    /// The tasks this one waits for (`blocked_by`, tasknotes-spec §10), as the file writes them;
    /// `DependencyGraph` says which are done and which name no task.
    public var dependencies: [TaskDependency] {
        get { rare?.fields.dependencies ?? [] }
        set { setRare(\.dependencies, newValue) }
    }

    /// Sessions of work on the task (`time_entries`, tasknotes-spec §2.6.1), as read.
    public var timeEntries: [TimeEntry] {
        get { rare?.fields.timeEntries ?? [] }
        set { setRare(\.timeEntries, newValue) }
    }
    /// The task's reminders (`reminders`, tasknotes-spec §10.3), as read.
    public var reminders: [Reminder] {
        get { rare?.fields.reminders ?? [] }
        set { setRare(\.reminders, newValue) }
    }
    /// Entries of those lists that could not be read: they stay in the file as written,
    /// and the list is not rewritten while it holds any (`TimeTracking`, `Reminders` refuse).
    public var badTimeEntries: Int {
        get { rare?.fields.badTimeEntries ?? 0 }
        set { setRare(\.badTimeEntries, newValue) }
    }
    public var badReminders: Int {
        get { rare?.fields.badReminders ?? 0 }
        set { setRare(\.badReminders, newValue) }
    }

    /// Non-fatal notes about the file (an unknown status word, …).
    public var warnings: [String] {
        get { rare?.fields.warnings ?? [] }
        set { setRare(\.warnings, newValue) }
    }
    /// Fields whose value in the file could not be read as that field (`BadValue`): absent to
    /// everything else, their lines left as written until the field is set or cleared.
    public var badValues: [BadValue] {
        get { rare?.fields.badValues ?? [] }
        set { setRare(\.badValues, newValue) }
    }
    /// The file's frontmatter has the property a vault tells tasks by (`TaskDetection.property`).
    public var hasTaskProperty: Bool {
        get { rare?.fields.hasTaskProperty ?? false }
        set { setRare(\.hasTaskProperty, newValue) }
    }
    public func badValue(_ field: TaskField) -> BadValue? { rare?.fields.badValues.first { $0.field == field } }
    /// The field is now set or cleared on purpose: its old text goes with the next write.
    public mutating func settle(_ field: TaskField) {
        if badValue(field) != nil { badValues.removeAll { $0.field == field } }
    }

    /// FNV-1a hash and size of the bytes this task was read from; a write
    /// checks them so it never overwrites a change made on disk meanwhile.
    public var fingerprint: FileFingerprint? {
        get {
            switch readSize {
            case -1: return nil
            case Self.sizeInBox: return rare?.fields.readSize.map { FileFingerprint(size: $0, hash: readHash) }
            default: return FileFingerprint(size: Int(readSize), hash: readHash)
            }
        }
        set {
            if readSize == Self.sizeInBox { setRare(\.readSize, nil) }
            readHash = newValue?.hash ?? 0
            guard let size = newValue?.size else { return readSize = -1 }
            if size >= 0, size <= Int(Int32.max) { return readSize = Int32(size) }
            readSize = Self.sizeInBox
            setRare(\.readSize, size)
        }
    }
    /// `fingerprint`'s hash (its size is `readSize`): two fields, where an
    /// optional pair would take a third word for its flag.
    private var readHash: UInt64 = 0

    /// The fields most tasks leave out (nil: all of them).
    private var rare: RareBox?

    public init(id: String, title: String) {
        self.id = id
        self.title = title
        hasTitleKey = false
        status = .todo
        priority = .none
        flagged = false
        body = ""
    }

    /// The status and priority words most files use, kept as a code in each
    /// task instead of two strings.
    static let commonWords = ["todo", "in-progress", "done", "cancelled", "someday", "open", "doing", "waiting", "backlog", "none",
                              "To Do", "In Progress", "Done", "low", "medium", "high", "normal", "urgent", "Low", "Medium", "High"]
    private static let wordInBox = UInt8.max
    /// Each common word's length and bytes as numbers (none is longer than `PackedWord.longest`).
    private static let packedCommonWords = commonWords.map { PackedWord($0)! }

    /// `text`'s place in `commonWords` plus one, byte for byte (a word Swift finds
    /// equal to a common one but written otherwise keeps its bytes); nil for none.
    /// Compared as numbers, not hashed: every task's status and priority are set so.
    static func commonWordCode(_ text: String) -> UInt8? {
        PackedWord(text).flatMap { packedCommonWords.firstIndex(of: $0) }.map { UInt8($0 + 1) }
    }

    private static func word(_ code: UInt8, _ boxed: @autoclosure () -> String?) -> String? {
        switch code {
        case 0: return nil
        case wordInBox: return boxed()
        default: return commonWords[Int(code) - 1]
        }
    }

    /// The code for `text`, which goes into the box's `field` when it is not a common word.
    /// (`field` is formed only when the box is touched: a key path formed for every
    /// status and priority set would be retained and released for each file a load reads.)
    private mutating func setWord(_ old: UInt8, _ text: String?, in field: @autoclosure () -> WritableKeyPath<RareFields, String?>) -> UInt8 {
        let code = text.map { Self.commonWordCode($0) ?? Self.wordInBox } ?? 0
        if code == Self.wordInBox || old == Self.wordInBox { setRare(field(), code == Self.wordInBox ? text : nil) }
        return code
    }

    /// Sets one of the rare fields: the box is copied when shared (a task is a
    /// value), made when first needed and let go when every field is empty again.
    private mutating func setRare<V>(_ field: WritableKeyPath<RareFields, V>, _ value: V) {
        var fields = rare?.fields ?? RareFields()
        fields[keyPath: field] = value
        if fields == RareFields() {
            rare = nil
        } else if rare != nil, isKnownUniquelyReferenced(&rare) {
            rare!.fields = fields
        } else {
            rare = RareBox(fields)
        }
    }

    /// Shown status text: as written when the file used another tool's word.
    public var displayStatus: String { statusText ?? status.rawValue }

    /// True when the task has no area and no project (the Inbox).
    public var isInbox: Bool { area == nil && project == nil }
    /// A Backlog.md draft (`backlog/drafts/draft-*.md`): shown only where a rule asks for drafts.
    public var isDraft: Bool { TaskDetection.isBacklogDraft(id) }

    public func date(_ field: TaskField) -> TaskDate? {
        switch field {
        case .due: return due
        case .scheduled: return scheduled
        case .defer: return defer_
        case .created: return created
        case .modified: return modified
        case .completed: return completed
        default: return nil
        }
    }

    public mutating func setStatus(_ s: TaskStatus) {
        status = s
        statusText = s.rawValue
    }

    public mutating func setPriority(_ p: Priority) {
        priority = p
        priorityText = p == .none ? nil : p.rawValue
    }
}

/// `TaskItem`'s rare fields, as a value.
struct RareFields: Hashable, Sendable {
    /// `statusText` and `priorityText` when not one of `TaskItem.commonWords`.
    var statusText: String?
    var priorityText: String?
    var contexts: [String] = []
    var otherProjects: [String] = []
    var assignees: [String] = []
    var estimatedMinutes: Int?
    var recurrence: String?
    var recurrenceAnchor: String?
    var completeInstances: [String] = []
    var skippedInstances: [String] = []
    var dependencies: [TaskDependency] = []
    var timeEntries: [TimeEntry] = []
    var reminders: [Reminder] = []
    var badTimeEntries = 0, badReminders = 0
    var warnings: [String] = []
    var badValues: [BadValue] = []
    var hasTaskProperty = false
    /// `TaskItem.fingerprint`'s size when it does not fit in 32 bits.
    var readSize: Int?
}

/// The rare fields held by reference, so a task without them holds one
/// optional reference; compared and hashed by value.
// @unchecked: `fields` changes only while the box is uniquely referenced (`TaskItem.setRare` copies a shared one).
final class RareBox: Hashable, @unchecked Sendable {
    var fields: RareFields

    init(_ fields: RareFields = RareFields()) { self.fields = fields }

    static func == (a: RareBox, b: RareBox) -> Bool { a === b || a.fields == b.fields }
    func hash(into h: inout Hasher) { h.combine(fields) }
}

public struct FileFingerprint: Hashable, Sendable {
    public let size: Int
    public let hash: UInt64

    public init(size: Int, hash: UInt64) {
        self.size = size
        self.hash = hash
    }

    /// A hash of `bytes` a byte at a time (FNV-1a): it names files kept
    /// outside the vault after the vault's path (the cache, the session), so
    /// it never changes.
    public init(bytes: [UInt8]) {
        size = bytes.count
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        hash = h
    }

    /// A file's contents as read, to see before a write that the file is
    /// still what was read: its size and its bytes hashed eight at a time, as
    /// a listing's paths are (`ListingHash.Lanes`; a first load fingerprints
    /// every file it reads, and a byte at a time would show in its CPU time).
    /// Stored in the cache (`TaskCache.schemaVersion` changes with it).
    public init(contents bytes: [UInt8]) {
        size = bytes.count
        var lanes = ListingHash.Lanes()
        bytes.withUnsafeBytes { lanes.path($0) }
        hash = lanes.folded
    }
}

/// The frontmatter keys of the spec, in the order a new file writes them.
public enum TaskField: String, CaseIterable, Sendable {
    case title, status, priority, flagged, due, scheduled
    case `defer`
    case area, project, tags, contexts
    /// Who a task is assigned to (Backlog.md's `assignee`).
    case assignees
    case estimatedMinutes = "estimated_minutes"
    case recurrence
    case recurrenceAnchor = "recurrence_anchor"
    case completeInstances = "complete_instances"
    case skippedInstances = "skipped_instances"
    case source, created, modified, completed

    public var key: String { rawValue }

    public static let dateFields: [TaskField] = [.due, .scheduled, .defer, .created, .modified, .completed]
}
