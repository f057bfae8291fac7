import Foundation
import GRDB

/// Parsed tasks kept in SQLite outside the vault (`$XDG_CACHE_HOME/todomd/`),
/// keyed by path, size and modification time, so a start parses only the
/// files that changed. A missing, stale, corrupt or incompatible cache is
/// rebuilt silently; the vault's files are always the truth.
public final class TaskCache {
    static let schemaVersion = 1
    let db: DatabaseQueue

    public struct Row: Sendable {
        public var size: Int
        public var mtime: Int64
        public var item: Data
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

    init(path: String) throws {
        db = try DatabaseQueue(path: path)
        try db.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            let version = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
            if version != String(Self.schemaVersion) {
                try db.execute(sql: "DROP TABLE IF EXISTS tasks")
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", arguments: [String(Self.schemaVersion)])
            }
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS tasks (id TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, item BLOB NOT NULL)")
        }
    }

    public func all() -> [String: Row] {
        (try? db.read { db in
            var out: [String: Row] = [:]
            let rows = try GRDB.Row.fetchCursor(db, sql: "SELECT id, size, mtime, item FROM tasks")
            while let r = try rows.next() {
                out[r["id"]] = Row(size: r["size"], mtime: r["mtime"], item: r["item"])
            }
            return out
        }) ?? [:]
    }

    /// Stores fresh rows and forgets files that are gone, in one transaction.
    public func update(_ rows: [(id: String, row: Row)], removing: [String]) {
        guard !rows.isEmpty || !removing.isEmpty else { return }
        try? db.write { db in
            for id in removing { try db.execute(sql: "DELETE FROM tasks WHERE id = ?", arguments: [id]) }
            for (id, r) in rows {
                try db.execute(sql: "INSERT OR REPLACE INTO tasks (id, size, mtime, item) VALUES (?, ?, ?, ?)",
                               arguments: [id, r.size, r.mtime, r.item])
            }
        }
    }
}
