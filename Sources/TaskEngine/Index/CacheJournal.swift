import Foundation
import GRDB
import GRDBSQLite

/// What changed in the vault since the stored snapshot was written, as the
/// app last saw it: the app keeps it at quit (its own saves and what it read
/// of outside changes), so the next start from the cache shows them at once
/// without writing a whole new snapshot. One row per file: the task read
/// from it with the file's stamp, or no task (the file is gone, or is not a
/// task the cache can hold; a start reads it again). Writing a snapshot
/// empties it.
extension TaskCache {
    public struct JournalEntry: Equatable, Sendable {
        public var id: String
        /// The file as the task was read from it; nil with no task.
        public var file: VaultListing.File?
        public var task: TaskItem?

        public init(id: String, file: VaultListing.File?, task: TaskItem?) {
            self.id = id
            self.file = task == nil ? nil : file
            self.task = file == nil ? nil : task
        }
    }

    /// Replaces the journal with `entries`.
    public func replaceJournal(_ entries: [JournalEntry]) {
        try? db.write { db in
            try db.execute(sql: "DELETE FROM journal")
            let insert = try db.makeStatement(sql: "INSERT OR REPLACE INTO journal (id, size, mtime, record) VALUES (?, ?, ?, ?)")
            for e in entries {
                if let f = e.file, let t = e.task, TaskRecord.isCacheable(t) {
                    try insert.execute(arguments: [e.id, f.size, f.mtime, Data(TaskRecord.encode(t))])
                } else {
                    try insert.execute(arguments: [e.id, 0, 0, nil as Data?])
                }
            }
        }
    }

    /// Whether the journal holds anything (nothing read of it).
    var hasJournal: Bool {
        (try? db.read { try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM journal)") }) ?? false
    }

    /// The journal, in no particular order (a record that no longer decodes counts as no task).
    public func journal(timeZone: TimeZone = .current) -> [JournalEntry] {
        (try? db.read { db -> [JournalEntry] in
            var out: [JournalEntry] = []
            let statement = try db.makeStatement(sql: "SELECT id, size, mtime, record FROM journal")
            let s = statement.sqliteStatement
            defer { sqlite3_reset(s) }
            while sqlite3_step(s) == SQLITE_ROW {
                guard let idText = sqlite3_column_text(s, 0) else { continue }
                let id = String(decoding: UnsafeBufferPointer(start: idText, count: Int(sqlite3_column_bytes(s, 0))), as: UTF8.self)
                var task: TaskItem?
                if sqlite3_column_type(s, 3) == SQLITE_BLOB {
                    let record = UnsafeRawBufferPointer(start: sqlite3_column_blob(s, 3), count: Int(sqlite3_column_bytes(s, 3)))
                    task = TaskRecord.decode(record, id: id, timeZone: timeZone)
                }
                let file = VaultListing.File(id: id, size: Int(sqlite3_column_int64(s, 1)), mtime: sqlite3_column_int64(s, 2))
                out.append(JournalEntry(id: id, file: file, task: task))
            }
            return out
        }) ?? []
    }
}
