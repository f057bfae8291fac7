import Foundation

/// Reads and writes `.perspectives.json`: create, update, delete, duplicate,
/// reorder. Writes are pretty-printed (2-space indent) and atomic; the file is
/// created with the first perspective. A file that cannot be read is never
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
    /// Limits passed (more than 25 conditions, nesting deeper than 5, a file over 1 MB).
    public private(set) var warnings: [String] = []
    /// The JSON as last read from or written to disk; a save that would write it again does nothing.
    private var onDisk: JSONValue?

    public var path: String { vaultRoot + "/" + Self.fileName }

    public init(vaultRoot: String, cacheDirectory: String? = PerspectiveStore.defaultCacheDirectory()) {
        self.vaultRoot = vaultRoot
        cachePath = cacheDirectory.map { $0 + "/perspectives-" + String(FileFingerprint(bytes: Array(vaultRoot.utf8)).hash, radix: 16) + ".json" }
    }

    /// `$XDG_CACHE_HOME/todomd`, else `~/.cache/todomd`.
    public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let x = environment["XDG_CACHE_HOME"], !x.isEmpty { return x + "/todomd" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/todomd"
    }

    // MARK: reading

    /// Reads the file (a missing file is an empty document).
    public func load() {
        problem = nil
        warnings = []
        guard let data = FileManager.default.contents(atPath: path) else {
            document = PerspectivesDocument()
            onDisk = nil
            return
        }
        if data.count > Self.maxFileSize { warnings.append("\(Self.fileName) is larger than 1 MB") }
        do {
            let json = try JSONText.parse(data)
            document = try PerspectivesDocument(json: json)
            onDisk = json
            writeCache(data)
        } catch {
            problem = "\(Self.unreadableMessage) (\(error))"
            try? AtomicFile.write([UInt8](data), to: path + ".backup")
            document = cachedDocument() ?? PerspectivesDocument()
            onDisk = document.json  // so only a real change replaces the bad file
        }
        warnings += limitWarnings()
    }

    func cachedDocument() -> PerspectivesDocument? {
        guard let c = cachePath, let data = FileManager.default.contents(atPath: c), let json = try? JSONText.parse(data) else { return nil }
        return try? PerspectivesDocument(json: json)
    }

    func writeCache(_ data: Data) {
        guard let c = cachePath, FileManager.default.contents(atPath: c) != data else { return }
        try? FileManager.default.createDirectory(atPath: (c as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? AtomicFile.write([UInt8](data), to: c)
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
    public var all: [Perspective] { BuiltinPerspectives.all.map(document.builtin) + document.orderedCustom }

    public func perspective(id: String) -> Perspective? { all.first { $0.id == id } }

    /// By id, else by name (ignoring case).
    public func find(_ nameOrID: String) -> Perspective? {
        perspective(id: nameOrID) ?? all.first { $0.name.lowercased() == nameOrID.lowercased() }
    }

    // MARK: changes (each one saves)

    /// "Untitled Perspective" with the rule `status in [todo, in-progress]`, placed last.
    @discardableResult
    public func create(name: String = "Untitled Perspective") throws -> Perspective {
        let rules = RuleGroup(.and, [.cond("status", "in", .strings(["todo", "in-progress"]))])
        let p = Perspective(id: newID(for: name), name: clampName(name), rules: rules)
        document.perspectives.append(p)
        document.order = document.orderedCustom.map(\.id)
        try save()
        return p
    }

    /// Saves a custom perspective's changes, or a built-in's sort and manual order.
    public func update(_ p: Perspective) throws {
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
        document.perspectives.removeAll { $0.id == id }
        document.order.removeAll { $0 == id }
        try save()
    }

    /// "[Original Name] Copy", placed right below the original (a built-in's copy goes first).
    @discardableResult
    public func duplicate(id: String) throws -> Perspective {
        guard let original = perspective(id: id) else { throw VaultError.write("no perspective with id \(id)") }
        var copy = original.isBuiltin ? BuiltinPerspectives.duplicate(original, newID: "") : original
        copy.isBuiltin = false
        copy.name = clampName(original.name + " Copy")
        copy.id = newID(for: copy.name)
        document.perspectives.append(copy)
        var ids = document.orderedCustom.map(\.id).filter { $0 != copy.id }
        let at = ids.firstIndex(of: original.id).map { $0 + 1 } ?? 0
        ids.insert(copy.id, at: at)
        document.order = ids
        try save()
        return copy
    }

    /// Moves a custom perspective in `order` (built-ins never move).
    public func move(id: String, _ direction: ManualReorder.Direction) throws {
        let ids = document.orderedCustom.map(\.id)
        guard ids.contains(id) else { return }
        let moved = ManualReorder.move(ids, id: id, direction)
        guard moved != ids || document.order != ids else { return }
        document.order = moved
        try save()
    }

    /// Writes the document when it differs from the file on disk.
    public func save() throws {
        let json = document.json
        if json == onDisk { return }
        let text = JSONText.render(json)
        do { try AtomicFile.write(Array(text.utf8), to: path) } catch { throw VaultError.write("\(error)") }
        onDisk = json
        problem = nil
        writeCache(Data(text.utf8))
        warnings = limitWarnings()
    }

    func clampName(_ name: String) -> String {
        let t = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return String((t.isEmpty ? "Untitled Perspective" : t).prefix(Perspective.maxNameLength))
    }

    func newID(for name: String) -> String {
        let taken = Set(document.perspectives.map(\.id) + BuiltinPerspectives.all.map(\.id))
        let base = Slug.make(name, maxLength: 40)
        if !taken.contains(base) { return base }
        var n = 2
        while taken.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }
}

/// How many conditions a rule tree has and how deep its groups nest.
public enum RuleStats {
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
