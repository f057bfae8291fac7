import Foundation

/// How a vault stores tasks: for each field the key written (then the
/// aliases read), the words that mean each status and priority (and the word
/// written for each), where the title lives, and how timestamps are written.
/// todomd's own format is the default; TaskNotes and Backlog.md vaults get
/// theirs (see `ProfileDetection`), so files are read in that tool's words
/// and written back in them.
public struct VaultProfile: Sendable, Equatable {
    public enum Kind: String, Sendable { case todomd, tasknotes, backlog }
    /// How a written timestamp looks.
    public enum StampStyle: String, Sendable {
        /// `2026-11-23T14:30:00+01:00`
        case iso
        /// `2026-11-23 14:30` in UTC (Backlog.md stores its times so)
        case minutes
        /// `2026-11-23T14:30:00+01:00`: local time with its offset (TaskNotes)
        case localOffset
    }

    public var kind: Kind
    /// Per field: the key written first, then the keys also read.
    public var keys: [TaskField: [String]] {
        didSet { keyIndex = FrontmatterKeys(keys) }
    }
    /// Each key read → its field (made when `keys` is set: asked for every key of every file).
    private(set) var keyIndex: FrontmatterKeys
    /// Lowercased word → status, and the word written for each status.
    public var statusWords: [String: TaskStatus]
    public var statusWrite: [TaskStatus: String]
    public var priorityWords: [String: Priority]
    public var priorityWrite: [Priority: String]
    /// The vault's own words, as it spells them: a task already holding one of
    /// these for its status keeps it; any other word (todomd's, a synonym)
    /// is replaced by the vault's word when the status is written.
    public var ownStatusWords: Set<String> = []
    public var ownPriorityWords: Set<String> = []
    /// The file name is the title (TaskNotes' "store title in filename").
    public var titleFromFilename = false
    /// With `titleFromFilename`, a rename rewrites what named the old name in the other files
    /// (tasknotes-spec §11.9): off where the vault's settings say so (`links.update_references_on_rename`
    /// in tasknotes.yaml; Obsidian's "Automatically update internal links", `alwaysUpdateLinks` in
    /// .obsidian/app.json, which TaskNotes' renames go through).
    public var followsRenames = true
    /// Where `followsRenames` was read from. Nil: no setting, and on (with no setting, Obsidian asks at
    /// each rename whether to update the links; todomd cannot ask a command line, and does as "yes" does).
    public var followsRenamesSource: String?
    /// With `titleFromFilename`, a `title` key still in the file is the title shown (TaskNotes'
    /// plugin reads it first; the spec's `title.storage: filename` does not).
    public var titleKeyOverFilename = false
    /// `completed` is written as a day, not a timestamp (TaskNotes' `completedDate`).
    public var completedAsDay = false
    public var stampStyle = StampStyle.iso
    /// Projects are a list of wiki links (`projects: ["[[Home]]"]`), and
    /// links and `#` are taken off values for display and rules.
    public var projectsAsLinks = false
    /// Which files are tasks, and where new ones go.
    public var detection = TaskDetection()
    /// Backlog.md's ids: the prefix of new task ids (`task_prefix`, `task`)
    /// and the digits they are padded to (`zero_padded_ids`, 0: none).
    public var idPrefix = "task"
    public var idDigits = 0
    /// No `completed` key is written (Backlog.md has none and drops it on its
    /// next save): a task's completion is its last change while done.
    public var completedFromModified = false
    /// Dates written quoted as their line was, new ones with this quote
    /// (Backlog.md: `created_date: '2026-11-23 14:30'`); nil: plain.
    public var dateQuote: Character?
    /// The status and priority words a new task gets when it names none (nil: todo, no priority).
    public var defaultStatus: String?
    public var defaultPriority: String?
    /// The key of a task's dependencies (tasknotes-spec §10 `blocked_by`): `blocked_by` in
    /// todomd's format, `blockedBy` in TaskNotes' (or its settings' name), `dependencies` in Backlog.md's.
    /// Not a `TaskField`: it is read beside the fields, only from a file that has it.
    public var dependencyKey = "blocked_by"
    /// The keys of a task's time entries and reminders (tasknotes-spec §2.6.1, §10.3): the spec's
    /// in todomd's format, TaskNotes' `timeEntries` and `reminders` (or its settings' names); nil
    /// where the tool keeps none (Backlog.md). Read beside the fields, as `dependencyKey` is.
    public var timeEntriesKey: String? = "time_entries"
    public var remindersKey: String? = "reminders"
    /// An absolute reminder's time written without a zone is local time, and a new one is written as
    /// local time with its offset (TaskNotes' plugin writes `2026-11-30T08:00:00` and reads it so;
    /// the spec asks for a zone). Off: such a time is refused, and new ones are written in UTC.
    public var reminderTimesLocal = false
    /// Where each part came from, for `todomd profile` ("status words: tasknotes.yaml").
    public var origins: [(part: String, source: String)] = []

    init(kind: Kind, keys: [TaskField: [String]], statusWords: [String: TaskStatus], statusWrite: [TaskStatus: String],
         priorityWords: [String: Priority], priorityWrite: [Priority: String], ownStatusWords: Set<String>, ownPriorityWords: Set<String>,
         origins: [(part: String, source: String)]) {
        self.kind = kind
        self.keys = keys
        keyIndex = FrontmatterKeys(keys)
        self.statusWords = statusWords
        self.statusWrite = statusWrite
        self.priorityWords = priorityWords
        self.priorityWrite = priorityWrite
        self.ownStatusWords = ownStatusWords
        self.ownPriorityWords = ownPriorityWords
        self.origins = origins
    }

    public static func == (a: VaultProfile, b: VaultProfile) -> Bool {
        a.kind == b.kind && a.keys == b.keys && a.statusWords == b.statusWords && a.statusWrite == b.statusWrite
            && a.priorityWords == b.priorityWords && a.priorityWrite == b.priorityWrite && a.titleFromFilename == b.titleFromFilename
            && a.completedAsDay == b.completedAsDay && a.stampStyle == b.stampStyle && a.projectsAsLinks == b.projectsAsLinks
            && a.ownStatusWords == b.ownStatusWords && a.ownPriorityWords == b.ownPriorityWords && a.detection == b.detection
            && a.idPrefix == b.idPrefix && a.idDigits == b.idDigits && a.completedFromModified == b.completedFromModified
            && a.dateQuote == b.dateQuote && a.dependencyKey == b.dependencyKey
            && a.timeEntriesKey == b.timeEntriesKey && a.remindersKey == b.remindersKey && a.reminderTimesLocal == b.reminderTimesLocal
            && a.defaultStatus == b.defaultStatus && a.defaultPriority == b.defaultPriority && a.titleKeyOverFilename == b.titleKeyOverFilename
            && a.followsRenames == b.followsRenames
    }

    /// todomd's own format (docs/file-format.md, "Task files"), with the synonym table read as aliases.
    public static let todomd: VaultProfile = {
        var keys: [TaskField: [String]] = [:]
        for f in TaskField.allCases { keys[f] = [f.key] }
        keys[.recurrenceAnchor]! += ["recurrenceAnchor"]
        keys[.completeInstances]! += ["completeInstances"]
        keys[.skippedInstances]! += ["skippedInstances"]
        var status: [String: TaskStatus] = TaskStatus.aliases
        for s in TaskStatus.allCases { status[s.rawValue] = s }
        var priority: [String: Priority] = Priority.aliases
        for p in Priority.allCases { priority[p.rawValue] = p }
        return VaultProfile(kind: .todomd, keys: keys, statusWords: status,
                            statusWrite: Dictionary(uniqueKeysWithValues: TaskStatus.allCases.map { ($0, $0.rawValue) }),
                            priorityWords: priority,
                            priorityWrite: Dictionary(uniqueKeysWithValues: [Priority.low, .medium, .high].map { ($0, $0.rawValue) }),
                            ownStatusWords: Set(status.keys), ownPriorityWords: Set(priority.keys),
                            origins: [("everything", "todomd's own format (no other tool's settings found)")])
    }()

    public var isDefault: Bool { self == .todomd }

    /// The field a frontmatter key holds, and whether the key is the field's written (canonical) one.
    public func field(forKey key: String) -> (field: TaskField, canonical: Bool)? { keyIndex[key].map { ($0.field, $0.canonical) } }

    /// The key written for `field`.
    public func key(_ field: TaskField) -> String { keys[field]?.first ?? field.key }

    public func status(for word: String) -> TaskStatus? { statusWords[Self.wordKey(word)] }

    public func priority(for word: String) -> Priority? { priorityWords[Self.wordKey(word)] }

    /// A status or priority word as the tables hold it: trimmed, in lowercase.
    static func wordKey(_ word: String) -> String {
        // Most words are so already (`todo`, `high`): printable ASCII with no capitals is its own key.
        if word.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 &- 0x41 >= 26 }) { return word }
        return word.trimmedSpaces().lowercased()
    }

    /// The word to write for `status`: the task's own word when it already means
    /// that status here, else this vault's word for it.
    public func statusWord(_ status: TaskStatus, current: String?) -> String {
        if let current, ownStatusWords.contains(current), self.status(for: current) == status { return current }
        return statusWrite[status] ?? status.rawValue
    }

    public func priorityWord(_ priority: Priority, current: String?) -> String? {
        if let current, ownPriorityWords.contains(current), self.priority(for: current) == priority { return current }
        if priority == .none { return priorityWrite[.none] }  // (no word: the key is removed)
        return priorityWrite[priority] ?? priority.rawValue
    }

    /// A timestamp for `created` / `modified` / `completed`, in this vault's style.
    public func stamp(_ instant: Date, timeZone: TimeZone, asDay: Bool = false) -> TaskDate {
        let iso = TaskDate(instant: instant, timeZone: timeZone)
        if asDay { return TaskDate(day: iso.day) }
        switch stampStyle {
        case .iso: return iso
        case .minutes, .localOffset:
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            let zone = stampStyle == .minutes ? TimeZone(identifier: "UTC")! : timeZone
            f.timeZone = zone
            f.dateFormat = stampStyle == .minutes ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd'T'HH:mm:ssxxx"
            return TaskDate(parsing: f.string(from: instant), timeZone: zone) ?? iso
        }
    }

    /// A value as this vault means it: as written in todomd's format; in a
    /// TaskNotes vault `[[Home]]` → `Home`, `[[Work|w]]` → `Work`, `#tag` → `tag`.
    public func plain(_ value: String) -> String { projectsAsLinks ? Self.plain(value) : value }

    /// A link names its note: the note's file name, which is how TaskNotes tells one
    /// project from another (it groups `[[Q4]]`, `[[folder/Q4]]` and `[[Q4|alias]]`
    /// under the one file; an alias is only how a card shows the link). So a
    /// folder never makes a nested project, and an anchor or `.md` is not part of
    /// the name: `[[folder/Q4 Report#Goals|Q4]]` → `Q4 Report`; `[Q4](folder/Q4%20Report.md)`,
    /// `[Q4](<folder/Q4 Report.md>)` and `<folder/Q4 Report.md>` too.
    public static func plain(_ value: String) -> String {
        var v = value.trimmedSpaces()
        if v.hasPrefix("[["), v.hasSuffix("]]") {
            v = String(v.dropFirst(2).dropLast(2))
            if let bar = v.firstIndex(of: "|") { v = String(v[..<bar]) }
            return noteName(v) ?? ""
        }
        if v.hasPrefix("["), v.hasSuffix(")"), let link = try? LinkReference.parse(v), link.format == .markdown, !link.target.contains("://") {
            return noteName(LinkResolver.percentDecoded(link.target)) ?? v
        }
        // `<folder/Q4 Report.md>`: the plugin reads the path inside the brackets as a link's.
        if v.hasPrefix("<"), v.hasSuffix(">"), let link = try? LinkReference.parse(v) { return noteName(link.target) ?? v }
        if v.hasPrefix("#") { v.removeFirst() }
        return v
    }

    /// `folder/Q4 Report.md#Goals` → `Q4 Report`; nil when nothing is left.
    static func noteName(_ target: String) -> String? {
        var t = Substring(target)
        if let hash = t.firstIndex(of: "#") { t = t[..<hash] }
        if let slash = t.lastIndex(of: "/") { t = t[t.index(after: slash)...] }
        if t.lowercased().hasSuffix(".md") { t = t.dropLast(3) }
        let name = String(t).trimmedSpaces()
        return name.isEmpty ? nil : name
    }
}
