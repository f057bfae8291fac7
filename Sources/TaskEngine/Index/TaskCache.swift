import Foundation
import GRDB
import GRDBSQLite

/// Parsed tasks kept in SQLite outside the vault (`$XDG_CACHE_HOME/todomd/`):
/// a snapshot of every task with its file's path, size and modification
/// time (`CacheSnapshot`), the rule columns of those tasks, the app's journal
/// of changes since, and memoised counts. A load parses only the files whose
/// stamp differs. A missing, stale, corrupt or incompatible cache is
/// rebuilt silently; the vault's files are always the truth.
public final class TaskCache {
    static let schemaVersion = 11
    let db: DatabaseQueue

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
        // A cache need not survive a power cut, only never be torn: WAL with
        // `synchronous = NORMAL` syncs at checkpoints, not at every start
        // (an fsync right after a big build could take seconds).
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        db = try DatabaseQueue(path: path, configuration: configuration)
        // Most starts find the tables made already: look before taking the write lock.
        let current = try? db.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
        }
        if current == String(Self.schemaVersion) { return }  // (nil when there is no meta table yet)
        try db.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            let version = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
            if version != String(Self.schemaVersion) {
                try db.execute(sql: "DROP TABLE IF EXISTS tasks")
                try db.execute(sql: "DROP TABLE IF EXISTS snapshot")
                try db.execute(sql: "DROP TABLE IF EXISTS counts")
                try db.execute(sql: "DROP TABLE IF EXISTS journal")
                try db.execute(sql: "DROP TABLE IF EXISTS columns")
                try db.execute(sql: "DROP TABLE IF EXISTS columns")
                try db.execute(sql: "DELETE FROM meta WHERE key = 'snapshot'")
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", arguments: [String(Self.schemaVersion)])
            }
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS snapshot (seq INTEGER PRIMARY KEY, chunk BLOB NOT NULL)")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS journal (id TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, record BLOB)")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS columns (zone TEXT NOT NULL, program TEXT NOT NULL, blob BLOB NOT NULL)")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS columns (zone TEXT NOT NULL, program TEXT NOT NULL, blob BLOB NOT NULL)")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS counts (listing TEXT NOT NULL, question TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (listing, question))")
        }
    }

    /// Calls `visit` with each chunk of the stored snapshot in order (bytes
    /// valid only during the call) when it was made for the listing `hash`;
    /// false (and no call) when it was not. See `CacheSnapshot`.
    func forEachSnapshotChunk(hash: String, _ visit: (UnsafeRawBufferPointer) -> Void) -> Bool {
        forEachSnapshotChunk(matching: hash, visit) != nil
    }

    /// The same for the stored snapshot whatever listing it was made for
    /// (`hash` nil) or only for `hash`; returns the listing hash it was made
    /// for, nil (and no call) when there is none or it is for another listing.
    func forEachSnapshotChunk(matching hash: String?, _ visit: (UnsafeRawBufferPointer) -> Void) -> String? {
        try? db.read { db -> String? in
            guard let stored = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'snapshot'"),
                  hash == nil || stored == hash else { return nil }
            let statement = try db.makeStatement(sql: "SELECT chunk FROM snapshot ORDER BY seq")
            let s = statement.sqliteStatement
            defer { sqlite3_reset(s) }
            while sqlite3_step(s) == SQLITE_ROW {
                visit(UnsafeRawBufferPointer(start: sqlite3_column_blob(s, 0), count: Int(sqlite3_column_bytes(s, 0))))
            }
            return stored
        } ?? nil
    }

    /// The stored snapshot's columns made in the time zone `zone` by the
    /// program `program`, with the listing hash the snapshot was made for.
    func snapshotColumns(zone: String, program: String) -> (madeFor: String, columns: TaskColumns)? {
        try? db.read { db -> (madeFor: String, columns: TaskColumns)? in
            guard let madeFor = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'snapshot'") else { return nil }
            let statement = try db.makeStatement(sql: "SELECT blob FROM columns WHERE zone = ? AND program = ?")
            try statement.setArguments([zone, program])
            let s = statement.sqliteStatement
            defer { sqlite3_reset(s) }
            guard sqlite3_step(s) == SQLITE_ROW,
                  let columns = CacheColumns.decode(UnsafeRawBufferPointer(start: sqlite3_column_blob(s, 0), count: Int(sqlite3_column_bytes(s, 0))))
            else { return nil }
            return (madeFor, columns)
        } ?? nil
    }

    /// Whether the stored snapshot, made for `hash`, has columns for `zone` and `program`.
    func hasColumns(hash: String, zone: String, program: String) -> Bool {
        (try? db.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'snapshot'") == hash
                && Bool.fetchOne(db, sql: "SELECT 1 FROM columns WHERE zone = ? AND program = ?", arguments: [zone, program]) != nil
        }) ?? false
    }

    /// A count answered before for this very listing and `question` (the
    /// rules, the day, the time zone and the program that counted), or nil.
    public func count(listing: String, question: String) -> Int? {
        try? db.read { db in
            try Int.fetchOne(db, sql: "SELECT count FROM counts WHERE listing = ? AND question = ?", arguments: [listing, question])
        }
    }

    /// Remembers a count; answers for other listings are forgotten (they can never be asked again).
    public func storeCount(_ count: Int, listing: String, question: String) {
        try? db.write { db in
            try db.execute(sql: "DELETE FROM counts WHERE listing != ?", arguments: [listing])
            try db.execute(sql: "INSERT OR REPLACE INTO counts (listing, question, count) VALUES (?, ?, ?)", arguments: [listing, question, count])
        }
    }

    /// The rule columns of a snapshot's tasks (`CacheColumns`), with the
    /// time zone their days were counted in and the program that made them.
    struct StoredColumns {
        var zone: String
        var program: String
        var bytes: [UInt8]
    }

    /// Replaces the snapshot: `count` chunks made one at a time by `chunk`,
    /// for the listing `hash`, and the columns of its tasks (made after the
    /// chunks; none: the snapshot has no columns).
    func writeSnapshot(hash: String, count: Int, chunk: (Int) -> [UInt8], columns: () -> StoredColumns? = { nil }) {
        try? db.write { db in
            try db.execute(sql: "DELETE FROM snapshot")
            try db.execute(sql: "DELETE FROM journal")  // (it was relative to the snapshot replaced)
            try db.execute(sql: "DELETE FROM columns")
            // The bytes are bound where they are: through `Data` and a bound copy, the
            // columns of 100,000 tasks (6 MB) were held three times over.
            let insert = try db.makeStatement(sql: "INSERT INTO snapshot (seq, chunk) VALUES (?, ?)")
            for i in 0..<count {
                try Self.run(insert, blob: chunk(i), at: 2) { sqlite3_bind_int64($0, 1, Int64(i)) }
            }
            if let c = columns() {
                let statement = try db.makeStatement(sql: "INSERT INTO columns (zone, program, blob) VALUES (?, ?, ?)")
                try Self.run(statement, blob: c.bytes, at: 3) { s in
                    sqlite3_bind_text(s, 1, c.zone, -1, Self.transient)
                    sqlite3_bind_text(s, 2, c.program, -1, Self.transient)
                }
            }
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('snapshot', ?)", arguments: [hash])
        }
        checkpoint()
    }

    /// Runs `statement` once, `bind` binding the other parameters and `blob`
    /// bound at `index` without a copy (SQLite reads it during the step).
    private static func run(_ statement: Statement, blob: [UInt8], at index: Int32, _ bind: (OpaquePointer) -> Void) throws {
        let s = statement.sqliteStatement
        sqlite3_reset(s)
        sqlite3_clear_bindings(s)
        bind(s)
        let rc = blob.withUnsafeBytes { b -> Int32 in
            if let base = b.baseAddress { sqlite3_bind_blob(s, index, base, Int32(b.count), nil) } else { sqlite3_bind_zeroblob(s, index, 0) }
            defer { sqlite3_reset(s); sqlite3_clear_bindings(s) }  // (nothing keeps pointing at the bytes)
            return sqlite3_step(s)
        }
        guard rc == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: rc)) }
    }

    /// SQLite copies what is bound with this (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Folds the write-ahead log back into the database and empties it, so
    /// the log never holds a second copy of the snapshot.
    func checkpoint() {
        _ = try? db.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    }
}
