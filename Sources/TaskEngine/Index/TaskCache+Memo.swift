import GRDB

/// One remembered answer in text beside the memoised counts (`todomd running`):
/// kept in the `meta` table under `memo.` and its name, with the listing it
/// answers for. Asked with another listing, it is no answer.
extension TaskCache {
    public func memo(_ name: String, listing: String) -> String? {
        guard let stored = try? db.read({ db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: ["memo." + name])
        }) else { return nil }
        let (head, answer) = (stored.prefix { $0 != "\n" }, stored.drop { $0 != "\n" }.dropFirst())
        return head == listing ? String(answer) : nil
    }

    public func storeMemo(_ name: String, _ answer: String, listing: String) {
        try? db.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: ["memo." + name, listing + "\n" + answer])
        }
    }
}
