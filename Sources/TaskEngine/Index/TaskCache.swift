import Foundation
import GRDB

/// Parsed tasks kept outside the vault (`$XDG_CACHE_HOME/todomd/`): a
/// snapshot of every task with its file's path, size and modification time
/// (`CacheSnapshot`) and the rule columns of those tasks, in a file of its own
/// (`SnapshotFile`), and in SQLite which snapshot file is current, the app's
/// journal of changes since, and memoised counts. A load parses only the files whose
/// stamp differs. A missing, stale, corrupt or incompatible cache is
/// rebuilt silently; the vault's files are always the truth.
/// Sendable: its database queue serialises every access itself, and the rest is constant.
public final class TaskCache: Sendable {
    /// (15: tasks' fingerprints hash their files' bytes eight at a time, `FileFingerprint(contents:)`;
    /// 16: a task's record keeps its projects after the first, and its assignees;
    /// 17: and its dependencies; 18: a TaskNotes project given as a link is named by its note's file name;
    /// 19: and its time entries and reminders; 20: a TaskNotes reminder's time without a zone is read, as local time.)
    static let schemaVersion = 20
    static let busyTimeout: TimeInterval = 3
    /// How long an open that SQLite refuses at once as locked is tried again
    /// (10 ms apart). A refusal that came after `busyTimeout` is not: each try
    /// could wait that long again.
    static let busyRetryWindow: TimeInterval = 0.5
    let db: DatabaseQueue
    /// The database's path; snapshot files are named after it (`snapshotInfix`).
    let path: String

    /// The cache for `vaultRoot` in `directory`, or nil when none can be had.
    public static func open(vaultRoot: String, directory: String?) -> TaskCache? {
        guard let directory else { return nil }
        let path = databasePath(vaultRoot: vaultRoot, directory: directory)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard clearNonFiles(path) else { return nil }
        // Turning a database to WAL does not wait for another connection that is turning it
        // too (SQLite answers "locked" at once): todomds opening a new cache together try again.
        let giveUp = Date().addingTimeInterval(busyRetryWindow)
        while true {
            do {
                return try TaskCache(path: path)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < giveUp {
                usleep(10_000)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
                // Corrupt: start over below. (Busy is not corrupt: another todomd
                // writing its cache once lost it here.)
                break
            } catch {
                return nil
            }
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        removeSnapshotFiles(of: path, keeping: nil, olderThan: 0)
        return try? TaskCache(path: path)
    }

    /// SQLite would wait forever reading a FIFO put where the database or its
    /// journal is (or read a device): whatever is there that is not a regular
    /// file (or a link to one) is removed, only its name (a link's target is
    /// left alone), and the cache is made again. A folder there is left, and
    /// there is no cache.
    static func clearNonFiles(_ path: String) -> Bool {
        for name in [path, path + "-wal", path + "-shm", path + "-journal"] {
            var st = stat(), own = stat()
            guard stat(name, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG, lstat(name, &own) == 0 else { continue }
            if (own.st_mode & S_IFMT) == S_IFDIR || unlink(name) != 0 { return false }
        }
        return true
    }

    /// Where the database of `vaultRoot`'s cache is in `directory`.
    static func databasePath(vaultRoot: String, directory: String) -> String {
        directory + "/tasks-" + String(FileFingerprint(bytes: Array(vaultRoot.utf8)).hash, radix: 16) + ".sqlite"
    }

    init(path: String) throws {
        self.path = path
        // A cache need not survive a power cut, only never be torn: WAL with
        // `synchronous = NORMAL` syncs at checkpoints, not at every start
        // (an fsync right after a big build could take seconds). A database
        // made now is made without waiting for the disk at all (six syncs of
        // its files and folder, milliseconds on a first run): a power cut
        // meanwhile leaves none, or one that is not a database or is corrupt,
        // and that is made again (`open`).
        let isNew = access(path, F_OK) != 0
        var configuration = Configuration()
        // Another todomd may be writing (its transactions are short: the snapshot is a file of its own).
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.prepareDatabase { db in
            if isNew { try db.execute(sql: "PRAGMA synchronous = OFF") }
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            if !isNew { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        }
        db = try DatabaseQueue(path: path, configuration: configuration)
        // Most starts find the tables made already: look before taking the write lock.
        let current = try? db.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
        }
        // (Made: from here on it is synced as any other.)
        defer { if isNew { try? db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = NORMAL") } } }
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
                try db.execute(sql: "DELETE FROM meta WHERE key IN ('snapshot', 'snapshotFile', 'snapshotColumns')")
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", arguments: [String(Self.schemaVersion)])
            }
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS journal (id TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, record BLOB)")
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
    /// for, nil (and no call) when there is none or it is for another listing,
    /// and nil too when a chunk is damaged (after the chunks before it).
    func forEachSnapshotChunk(matching hash: String?, _ visit: (UnsafeRawBufferPointer) -> Void) -> String? {
        forEachSnapshotChunk(matching: hash, columnsMadeIn: nil, visit)?.hash
    }

    /// The same, and then, from the same file, the snapshot's columns when
    /// they were made in the time zone `made.zone` by the program `made.program`
    /// (nil: not asked for, made otherwise, or damaged).
    func forEachSnapshotChunk(matching hash: String?, columnsMadeIn made: (zone: String, program: String)?,
                              _ visit: (UnsafeRawBufferPointer) -> Void) -> (hash: String, columns: TaskColumns?)? {
        guard let current = currentSnapshot(), hash == nil || current.hash == hash, var reader = current.reader else { return nil }
        defer { reader.close() }
        guard reader.forEachChunk(visit) else { return nil }
        return (current.hash, made.flatMap { Self.columns(current, &reader, made: $0) })
    }

    /// The columns of the snapshot `current` (open in `reader`) when they were made in `made`.
    private static func columns(_ current: CurrentSnapshot, _ reader: inout SnapshotFile.Reader,
                                made: (zone: String, program: String)) -> TaskColumns? {
        guard current.columns == columnsTag(zone: made.zone, program: made.program), let bytes = reader.columns() else { return nil }
        return bytes.withUnsafeBytes { CacheColumns.decode($0) }
    }

    /// The stored snapshot's columns made in the time zone `zone` by the
    /// program `program`, with the listing hash the snapshot was made for.
    func snapshotColumns(zone: String, program: String) -> (madeFor: String, columns: TaskColumns)? {
        guard let current = currentSnapshot(), current.columns == Self.columnsTag(zone: zone, program: program),
              var reader = current.reader else { return nil }
        defer { reader.close() }
        return Self.columns(current, &reader, made: (zone, program)).map { (current.hash, $0) }
    }

    /// Whether the stored snapshot, made for `hash`, has columns for `zone` and
    /// `program` that read back whole (damaged ones are written again, though nothing changed).
    func hasColumns(hash: String, zone: String, program: String) -> Bool {
        guard let current = currentSnapshot(), current.hash == hash, current.columns == Self.columnsTag(zone: zone, program: program),
              let reader = current.reader else { return false }
        defer { reader.close() }
        return reader.columnsAreSound()
    }

    /// What `meta` says of the current snapshot.
    private struct CurrentSnapshot {
        var hash: String
        var path: String
        var columns: String?
        /// The file opened (nil: gone or damaged).
        var reader: SnapshotFile.Reader? { SnapshotFile.Reader(path: path) }
    }

    private func currentSnapshot() -> CurrentSnapshot? {
        try? db.read { db -> CurrentSnapshot? in
            let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM meta WHERE key IN ('snapshot', 'snapshotFile', 'snapshotColumns')")
            var meta: [String: String] = [:]
            for row in rows {
                let key: String = row[0], value: String = row[1]
                meta[key] = value
            }
            guard let hash = meta["snapshot"], let file = meta["snapshotFile"], !file.contains("/") else { return nil }
            return CurrentSnapshot(hash: hash, path: directory + "/" + file, columns: meta["snapshotColumns"])
        } ?? nil
    }

    /// The current snapshot's file (nil: there is none).
    var snapshotFilePath: String? { currentSnapshot()?.path }

    /// Whether the cache has a snapshot of the vault to answer from or compare with.
    public var hasSnapshot: Bool { snapshotFilePath != nil }

    private static func columnsTag(zone: String, program: String) -> String { zone + "\n" + program }

    private var directory: String { (path as NSString).deletingLastPathComponent }

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
        /// Encoded as the snapshot is written (`CacheColumns.encode(_:to:)`).
        var columns: TaskColumns
    }

    /// Replaces the snapshot: `count` chunks made one at a time by `chunk`,
    /// for the listing `hash`, and the columns of its tasks (made after the
    /// chunks; none: the snapshot has no columns). The new file is written
    /// whole before the database names it; the one it replaces is removed.
    /// Each chunk comes as its whole record (`SnapshotFile.Record`).
    func writeSnapshot(hash: String, count: Int, record: (Int) -> SnapshotFile.Record, columns: () -> StoredColumns? = { nil }) {
        let name = (path as NSString).lastPathComponent + Self.snapshotInfix + String(UInt64.random(in: 1...UInt64.max), radix: 16)
        var tag: String?
        guard SnapshotFile.write(to: directory + "/" + name, count: count, record: record, columns: {
            guard let c = columns() else { return nil }
            tag = Self.columnsTag(zone: c.zone, program: c.program)
            return SnapshotFile.Payload(count: CacheColumns.encodedSize(c.columns)) { CacheColumns.encode(c.columns, to: $0) }
        }) else { return }
        var replaced: String?, stored = true
        do {
            try db.write { db in
                replaced = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'snapshotFile'")
                try db.execute(sql: "DELETE FROM journal")  // (it was relative to the snapshot replaced)
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('snapshot', ?), ('snapshotFile', ?)",
                               arguments: [hash, name])
                if let tag {
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('snapshotColumns', ?)", arguments: [tag])
                } else {
                    try db.execute(sql: "DELETE FROM meta WHERE key = 'snapshotColumns'")
                }
            }
        } catch {
            stored = false
        }
        guard stored else {
            unlink(directory + "/" + name)
            return
        }
        // A reader that opened the replaced file reads on: the file goes when it is closed.
        if let replaced, !replaced.contains("/"), replaced != name { unlink(directory + "/" + replaced) }
        Self.removeSnapshotFiles(of: path, keeping: name, olderThan: Self.abandonedAfter)
    }

    static let snapshotInfix = ".snapshot-"
    /// A snapshot file no database names and older than this was left by a
    /// write that did not finish (younger ones may be another process's, still being written).
    static let abandonedAfter: TimeInterval = 600

    /// Removes the snapshot files of the database at `path` but `keeping`, when older than `age` seconds.
    static func removeSnapshotFiles(of path: String, keeping: String?, olderThan age: TimeInterval) {
        let directory = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + snapshotInfix
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = time(nil)
        for name in names where name.hasPrefix(prefix) && name != keeping {
            var st = stat()
            guard stat(directory + "/" + name, &st) == 0, Double(now - st.st_mtim.tv_sec) >= age else { continue }
            unlink(directory + "/" + name)
        }
    }
}
