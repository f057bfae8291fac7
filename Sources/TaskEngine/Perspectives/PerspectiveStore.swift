import Foundation

/// Reads and writes `.perspectives.json`: create, update, delete, duplicate,
/// reorder. Writes are atomic and keep the bytes of what did not change (a new
/// file is pretty-printed, 2-space indent); the file is created with the first
/// perspective. A file that cannot be read is never
/// overwritten until the user saves a change: the last good version (cached
/// outside the vault) is served meanwhile, and the bad bytes are copied to
/// `.perspectives.json.backup`.
public final class PerspectiveStore {
    public static let fileName = ".perspectives.json"
    public static let unreadableMessage = "Perspectives file could not be read. Using cached version."
    public static let maxConditions = 25
    public static let maxDepth = 5
    public static let maxFileSize = 1_000_000

    public let vaultRoot: String
    public let cachePath: String?
    public private(set) var document = PerspectivesDocument()
    /// Set when the file could not be read: what the user is told, and why.
    public private(set) var problem: String?
    /// Every place the file does not fit the schema (JSON paths), when that is why it is unreadable.
    public private(set) var schemaProblems: [String] = []
    /// Set when the file is readable but must not be written (a newer version).
    public private(set) var readOnlyReason: String?
    /// Limits passed (more than 25 conditions, nesting deeper than 5, a file over 1 MB).
    public private(set) var warnings: [String] = []

    /// What the app's status line says about the file: why it cannot be read
    /// or written, else the limits it passes (warned, never refused).
    public var shownProblem: String? { problem ?? readOnlyReason ?? (warnings.isEmpty ? nil : warnings.joined(separator: "; ")) }
    /// The JSON as last read from or written to disk; a save that would write it again does nothing.
    private var onDisk: JSONValue?
    /// The file's bytes as last read or written (nil: there was no file): a
    /// save replaces the file only while it still holds them.
    private var lastBytes: [UInt8]?

    public var path: String { vaultRoot + "/" + Self.fileName }

    public init(vaultRoot: String, cacheDirectory: String? = PerspectiveStore.defaultCacheDirectory()) {
        self.vaultRoot = vaultRoot
        showsDrafts = FileManager.default.fileExists(atPath: vaultRoot + "/backlog/config.yml")
            || FileManager.default.fileExists(atPath: vaultRoot + "/" + TaskDetection.backlogDrafts)
        cachePath = cacheDirectory.map { $0 + "/perspectives-" + String(FileFingerprint(bytes: Array(vaultRoot.utf8)).hash, radix: 16) + ".json" }
    }

    /// `$XDG_CACHE_HOME/todomd`, else `~/.cache/todomd` (`environment`: the process's when nil).
    public static func defaultCacheDirectory(environment: [String: String]? = nil) -> String? {
        if let x = EnvironmentValue.named("XDG_CACHE_HOME", in: environment), x.hasPrefix("/") { return x + "/todomd" }  // (a relative one is ignored, as the XDG spec says)
        guard let home = EnvironmentValue.named("HOME", in: environment), !home.isEmpty else { return nil }
        return home + "/.cache/todomd"
    }

    // MARK: reading

    /// Reads the file (a missing file is an empty document). A file that is
    /// not JSON, or does not fit the schema, is unreadable: the last good
    /// version (cached outside the vault) is served, its bytes are copied to
    /// `.perspectives.json.backup`, and no save replaces it until the user
    /// chooses to (`replaceUnreadable`).
    public func load() {
        problem = nil
        schemaProblems = []
        readOnlyReason = nil
        warnings = []
        let data: Data
        switch RegularFile.read(path) {
        case .bytes(let bytes): data = Data(bytes)
        case .missing:
            document = PerspectivesDocument()
            onDisk = nil
            lastBytes = nil
            return
        case .refused(let why):
            // A FIFO, a folder, a device in its place: unreadable, served from the last good
            // version and never written over until the user chooses to (nothing to back up).
            problem = "\(Self.unreadableMessage) (\(why))"
            lastBytes = nil
            document = cachedDocument() ?? PerspectivesDocument()
            onDisk = document.json
            warnings += limitWarnings()
            return
        }
        lastBytes = [UInt8](data)
        if data.count > Self.maxFileSize { warnings.append("\(Self.fileName) is larger than 1 MB") }
        do {
            let json = try JSONText.parse(data)
            schemaProblems = PerspectivesSchema.problems(in: json)
            if let first = schemaProblems.first {
                let more = schemaProblems.count > 1 ? " and \(schemaProblems.count - 1) more" : ""
                throw JSONText.ParseError(description: "does not fit the format: \(first)\(more)")
            }
            document = try PerspectivesDocument(json: json)
            onDisk = json
            if document.version > PerspectivesSchema.knownVersion {
                readOnlyReason = "\(Self.fileName) is version \(document.version), newer than this todomd knows (\(PerspectivesSchema.knownVersion)): it is shown but never written; update todomd to change perspectives"
            } else {
                writeCache(data)
            }
        } catch {
            problem = "\(Self.unreadableMessage) (\(error))"
            let backup = path + ".backup"
            if RegularFile.bytes(backup).map({ Data($0) }) != data { try? AtomicFile.write([UInt8](data), to: backup) }
            document = cachedDocument() ?? PerspectivesDocument()
            onDisk = document.json
        }
        warnings += limitWarnings()
    }

    /// Why a save would be refused now, or nil.
    public var saveRefusal: String? {
        if let readOnlyReason { return readOnlyReason }
        if problem != nil {
            return "\(Self.fileName) could not be read, so todomd does not write it (your change was not saved). Fix the file, or replace it with the perspectives shown (the ! panel; the bad file stays in \(Self.fileName).backup)"
        }
        return nil
    }

    func ensureWritable() throws {
        if let why = saveRefusal { throw VaultError.write(why) }
    }

    /// The user's explicit choice: write the perspectives shown (the last good
    /// version) over a file that could not be read. Its bytes stay in the backup.
    public func replaceUnreadable() throws {
        guard problem != nil, readOnlyReason == nil else { return }
        if case .refused(let why) = RegularFile.read(path) {
            throw VaultError.write("\(Self.fileName) is not replaced: \(why); move it away and todomd writes a new one; nothing was written")
        }
        let bytes = Array(JSONText.render(document.json).utf8)
        try write(bytes)
        onDisk = document.json
        problem = nil
        schemaProblems = []
        writeCache(Data(bytes))
    }

    func cachedDocument() -> PerspectivesDocument? {
        Self.cacheWrites.wait()
        guard let c = cachePath, let bytes = RegularFile.bytes(c), let json = try? JSONText.parse(Data(bytes)) else { return nil }
        return try? PerspectivesDocument(json: json)
    }

    /// The copies being written, one after another (the last one made is the one that stays).
    private static let cacheQueue = DispatchQueue(label: "todomd.perspectives-copy")
    /// Waited for by `VaultLoader.waitForCacheWrites`, before a process ends.
    static let cacheWrites = DispatchGroup()

    /// Keeps `data` as the last good version, outside the vault, on another
    /// thread: a command's answer does not wait for it (a first start makes
    /// the cache's folder and writes the file, about half a millisecond).
    func writeCache(_ data: Data) {
        guard let c = cachePath else { return }
        Self.cacheQueue.async(group: Self.cacheWrites) {
            guard RegularFile.bytes(c).map({ Data($0) }) != data else { return }
            try? FileManager.default.createDirectory(atPath: (c as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            // (A copy outside the vault, served only while the file cannot be read: not waited onto the disk.)
            try? AtomicFile.write([UInt8](data), to: c, synced: false)
        }
    }

    func limitWarnings() -> [String] {
        var out: [String] = []
        for p in document.perspectives {
            let (count, depth) = RuleStats.measure(p.rules)
            if count > Self.maxConditions { out.append("\"\(p.name)\" has \(count) conditions (more than \(Self.maxConditions))") }
            if depth > Self.maxDepth { out.append("\"\(p.name)\" nests groups \(depth) levels deep (more than \(Self.maxDepth))") }
        }
        return out
    }

    // MARK: the list

    /// Built-ins (with the user's order settings), then custom perspectives.
    public var all: [Perspective] { BuiltinPerspectives.all(showingDrafts: showsDrafts).map(document.builtin) + document.orderedCustom }

    /// Whether the vault is a Backlog.md project (`backlog/config.yml`, or a
    /// `backlog/drafts` folder), whose drafts get a view of their own: no
    /// draft is left without a view.
    public var showsDrafts: Bool

    public func perspective(id: String) -> Perspective? { all.first { $0.id == id } }

    /// By id, else by name (ignoring case).
    public func find(_ nameOrID: String) -> Perspective? {
        perspective(id: nameOrID) ?? all.first { $0.name.lowercased() == nameOrID.lowercased() }
    }

    // MARK: changes (each one saves)

    /// "Untitled Perspective" with the rule `status in [todo, in-progress]`, placed last;
    /// numbered when the name is taken ("Untitled Perspective 2").
    @discardableResult
    public func create(name: String = "Untitled Perspective") throws -> Perspective {
        try ensureWritable()
        let rules = RuleGroup(.and, [.cond("status", "in", .strings(["todo", "in-progress"]))])
        let name = unusedName(name)
        let p = Perspective(id: newID(for: name), name: name, rules: rules)
        document.perspectives.append(p)
        document.order = document.orderedCustom.map(\.id)
        try save()
        return p
    }

    /// Saves a custom perspective's changes, or a built-in's sort and manual order.
    public func update(_ p: Perspective) throws {
        try ensureWritable()
        var p = p
        p.name = clampName(p.name)
        if p.isBuiltin {
            document.setBuiltinOrder(p)
        } else if let i = document.perspectives.firstIndex(where: { $0.id == p.id }) {
            document.perspectives[i] = p
        } else {
            document.perspectives.append(p)
            document.order = document.orderedCustom.map(\.id)
        }
        try save()
    }

    public func delete(id: String) throws {
        try ensureWritable()
        document.perspectives.removeAll { $0.id == id }
        document.order.removeAll { $0 == id }
        try save()
    }

    /// "[Original Name] Copy", numbered when taken ("Work Copy 2"), placed right below
    /// the original (a built-in's copy goes first). A copy of a copy is numbered
    /// rather than called "… Copy Copy", as Finder does.
    @discardableResult
    public func duplicate(id: String) throws -> Perspective {
        try ensureWritable()
        guard let original = perspective(id: id) else { throw VaultError.write("no perspective with id \(id)") }
        var copy = original.isBuiltin ? BuiltinPerspectives.duplicate(original, newID: "") : original
        copy.isBuiltin = false
        let stem = Self.numberedStem(original.name)
        copy.name = unusedName(stem.hasSuffix(" Copy") ? stem : stem + " Copy")
        copy.id = newID(for: copy.name)
        document.perspectives.append(copy)
        var ids = document.orderedCustom.map(\.id).filter { $0 != copy.id }
        let at = ids.firstIndex(of: original.id).map { $0 + 1 } ?? 0
        ids.insert(copy.id, at: at)
        document.order = ids
        try save()
        return copy
    }

    /// A custom perspective with `template`'s rules, sort and icon (an area or
    /// project of the sidebar), named after it without its `@` / `+`, last in order.
    public func adopt(_ template: Perspective) throws -> Perspective {
        try ensureWritable()
        var copy = BuiltinPerspectives.duplicate(template, newID: "")
        copy.isBuiltin = false
        copy.name = unusedName(String(template.name.drop { $0 == "@" || $0 == "+" }))
        copy.id = newID(for: copy.name)
        document.perspectives.append(copy)
        document.order = document.orderedCustom.map(\.id).filter { $0 != copy.id } + [copy.id]
        try save()
        return copy
    }

    /// Moves a custom perspective in `order` (built-ins never move).
    public func move(id: String, _ direction: ManualReorder.Direction) throws {
        try ensureWritable()
        let ids = document.orderedCustom.map(\.id)
        guard ids.contains(id) else { return }
        let moved = ManualReorder.move(ids, id: id, direction)
        guard moved != ids else { return }  // (a move that cannot move writes nothing, not even the order as shown)
        document.order = moved
        try save()
    }

    /// Makes a project sequential (its tasks wait for each other in turn) or parallel, and saves.
    public func setSequential(_ project: String, _ sequential: Bool) throws {
        try ensureWritable()
        document.setSequential(project, sequential)
        try save()
    }

    /// Saves a project's order of tasks (`J`/`K` in a sequential project's view), nil to forget it.
    public func setProjectOrder(_ project: String, _ order: [String]?) throws {
        try ensureWritable()
        document.setProjectOrder(project, order)
        try save()
    }

    /// Writes the document when it differs from the file on disk (a vault
    /// without the file gets one only for a perspective or a setting to
    /// keep). What did not change keeps its bytes (`JSONSplice`): an untouched
    /// perspective, the file's own layout, its keys and their order; what
    /// changed is written in the file's layout. When the file's text does not
    /// line up with what was read from it, the file is written whole.
    public func save() throws {
        let json = document.json
        if json == onDisk || (onDisk == nil && json == PerspectivesDocument().json) { return }
        try ensureWritable()
        let bytes = lastBytes.flatMap { old in onDisk.flatMap { JSONSplice.bytes(old, was: $0, becomes: json) } }
            ?? Array(JSONText.render(json).utf8)
        try write(bytes)
        onDisk = json
        problem = nil
        writeCache(Data(bytes))
        warnings = limitWarnings()
    }

    /// Writes the file under the vault's lock, only if it still holds what
    /// was last read (another todomd or an editor may have saved meanwhile).
    func write(_ bytes: [UInt8]) throws {
        try VaultLock.withLock(root: vaultRoot) {
            do {
                if let old = lastBytes {
                    guard try AtomicFile.replace(path, expected: old, with: bytes) else { throw VaultError.changedOnDisk(Self.fileName) }
                } else {
                    try AtomicFile.create(bytes, at: path)
                }
            } catch FileWriteError.alreadyExists {
                throw VaultError.changedOnDisk(Self.fileName)
            } catch let e as FileWriteError {
                throw VaultError.write(e.description)
            }
        }
        lastBytes = bytes
    }

    func clampName(_ name: String) -> String {
        let t = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return String((t.isEmpty ? "Untitled Perspective" : t).prefix(Perspective.maxNameLength))
    }

    /// `name` (clamped), or when a perspective is already called that (ignoring
    /// case, as `find` does) the first free "name 2", "name 3", … as Finder
    /// numbers "untitled folder 2": two sidebar rows never read the same.
    func unusedName(_ name: String) -> String {
        let base = clampName(name)
        let taken = Set(all.map { $0.name.lowercased() })
        if !taken.contains(base.lowercased()) { return base }
        var n = 2
        while true {
            let suffix = " \(n)"
            let stem = String(base.prefix(Perspective.maxNameLength - suffix.count)).trimmingCharacters(in: .whitespaces)
            if !taken.contains((stem + suffix).lowercased()) { return stem + suffix }
            n += 1
        }
    }

    /// The name without a Finder-style number at its end ("Work Copy 3" → "Work Copy"),
    /// only after " Copy": "Q4 2026" keeps its number.
    static func numberedStem(_ name: String) -> String {
        guard let space = name.lastIndex(of: " "), let n = Int(name[name.index(after: space)...]), n >= 2 else { return name }
        let stem = String(name[..<space])
        return stem.hasSuffix(" Copy") ? stem : name
    }

    func newID(for name: String) -> String {
        let taken = Set(document.perspectives.map(\.id) + BuiltinPerspectives.all(showingDrafts: true).map(\.id))
        let base = Slug.make(name, maxLength: 40)
        if !taken.contains(base) { return base }
        var n = 2
        while taken.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }
}

/// How many conditions a rule tree has and how deep its groups nest.
public enum RuleStats {
    /// Groups nested deeper than this make a perspectives file unreadable, and rules as
    /// text nested deeper are refused: every reader of a rule tree recurses once a level,
    /// on threads whose stacks are small. (Past `PerspectiveStore.maxDepth` is a warning.)
    public static let maxDepth = 100

    public static func measure(_ g: RuleGroup) -> (conditions: Int, depth: Int) {
        var count = 0, depth = 1
        for c in g.conditions {
            switch c {
            case .condition: count += 1
            case .group(let sub):
                let (n, d) = measure(sub)
                count += n
                depth = max(depth, d + 1)
            }
        }
        return (count, depth)
    }
}
