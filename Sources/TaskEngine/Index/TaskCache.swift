import Foundation
import GRDB

/// Parsed tasks kept in SQLite outside the vault (`$XDG_CACHE_HOME/todomd/`),
/// keyed by path, size and modification time, so a start parses only the
/// files that changed. A missing, stale, corrupt or incompatible cache is
/// rebuilt silently; the vault's files are always the truth.
public final class TaskCache {
    static let schemaVersion = 2
    let db: DatabaseQueue

    /// A cached task with the stamp of the file it was read from.
    public struct Entry: Sendable {
        public var size: Int
        public var mtime: Int64
        public var task: TaskItem
    }

    /// The cache for `vaultRoot` in `directory`, or nil when none can be had.
    public static func open(vaultRoot: String, directory: String?) -> TaskCache? {
        guard let directory else { return nil }
        let name = "tasks-" + String(FileFingerprint(bytes: Array(vaultRoot.utf8)).hash, radix: 16) + ".sqlite"
        let path = directory + "/" + name
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let cache = try? TaskCache(path: path) { return cache }
        // Corrupt or incompatible: start over.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        return try? TaskCache(path: path)
    }

    static let columns = ["id", "size", "mtime", "title", "has_title", "status_text", "status", "priority_text", "priority",
                          "flagged", "due", "scheduled", "defer", "created", "modified", "completed", "area", "project",
                          "source", "tags", "estimate", "recurrence", "body", "warnings", "fp_size", "fp_hash"]

    init(path: String) throws {
        db = try DatabaseQueue(path: path)
        try db.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            let version = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
            if version != String(Self.schemaVersion) {
                try db.execute(sql: "DROP TABLE IF EXISTS tasks")
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", arguments: [String(Self.schemaVersion)])
            }
            let defs = Self.columns.map { $0 == "id" ? "id TEXT PRIMARY KEY" : $0 }.joined(separator: ", ")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS tasks (\(defs))")
        }
    }

    /// Lists (tags, warnings) are joined with a separator no text contains.
    static let separator = "\u{1F}"

    public func all() -> [String: Entry] {
        (try? db.read { db in
            var out: [String: Entry] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT \(Self.columns.joined(separator: ", ")) FROM tasks")
            while let r = try rows.next() {
                if let e = Self.entry(r) { out[e.task.id] = e }
            }
            return out
        }) ?? [:]
    }

    static func entry(_ r: Row) -> Entry? {
        let id: String = r["id"]
        var t = TaskItem(id: id, title: r["title"])
        t.hasTitleKey = r["has_title"]
        t.statusText = r["status_text"]
        guard let status = TaskStatus(rawValue: r["status"]), let priority = Priority(rawValue: r["priority"]) else { return nil }
        t.status = status
        t.priorityText = r["priority_text"]
        t.priority = priority
        t.flagged = r["flagged"]
        func date(_ c: String) -> TaskDate? { (r[c] as String?).flatMap { TaskDate(parsing: $0) } }
        t.due = date("due")
        t.scheduled = date("scheduled")
        t.defer_ = date("defer")
        t.created = date("created")
        t.modified = date("modified")
        t.completed = date("completed")
        t.area = r["area"]
        t.project = r["project"]
        t.source = r["source"]
        t.tags = split(r["tags"])
        t.estimatedMinutes = r["estimate"]
        t.recurrence = r["recurrence"]
        t.body = r["body"]
        t.warnings = split(r["warnings"])
        let size: Int = r["fp_size"], hash: Int64 = r["fp_hash"]
        t.fingerprint = FileFingerprint(size: size, hash: UInt64(bitPattern: hash))
        return Entry(size: r["size"], mtime: r["mtime"], task: t)
    }

    static func split(_ s: String) -> [String] { s.isEmpty ? [] : s.components(separatedBy: separator) }

    /// Stores fresh entries and forgets files that are gone, in one transaction.
    /// A task whose tags hold the separator is not cached (it is parsed each time).
    public func update(_ entries: [Entry], removing: [String]) {
        guard !entries.isEmpty || !removing.isEmpty else { return }
        let placeholders = Array(repeating: "?", count: Self.columns.count).joined(separator: ", ")
        try? db.write { db in
            for id in removing { try db.execute(sql: "DELETE FROM tasks WHERE id = ?", arguments: [id]) }
            let statement = try db.makeStatement(sql: "INSERT OR REPLACE INTO tasks (\(Self.columns.joined(separator: ", "))) VALUES (\(placeholders))")
            for e in entries {
                let t = e.task
                guard !(t.tags + t.warnings).contains(where: { $0.contains(Self.separator) }), let fp = t.fingerprint else { continue }
                let values: [(any DatabaseValueConvertible)?] = [
                    t.id, e.size, e.mtime, t.title, t.hasTitleKey, t.statusText, t.status.rawValue, t.priorityText, t.priority.rawValue,
                    t.flagged, t.due?.raw, t.scheduled?.raw, t.defer_?.raw, t.created?.raw, t.modified?.raw, t.completed?.raw,
                    t.area, t.project, t.source, t.tags.joined(separator: Self.separator), t.estimatedMinutes, t.recurrence, t.body,
                    t.warnings.joined(separator: Self.separator), fp.size, Int64(bitPattern: fp.hash),
                ]
                try statement.execute(arguments: StatementArguments(values))
            }
        }
    }
}
