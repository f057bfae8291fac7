/// The snapshot's rule columns made to fit the vault as listed now, when a
/// few files changed since the snapshot was made: the row of a file whose
/// size or time differs is replaced, a new file's row inserted, a gone file's
/// row removed; the task of each row read now comes from the app's journal
/// when it saw that very version of the file, else from the file.
struct SnapshotPatch {
    /// At most this many files may differ (each insertion or removal moves
    /// every column; past it a full read writes a new snapshot anyway).
    static let limit = 64

    enum Source {
        /// The row's task is this entry of the snapshot (chunk, record bytes).
        case stored(chunk: Int, record: Range<Int>)
        /// The row's task was read now.
        case read(IndexedTask)
    }

    /// Row for row the listed files.
    var columns: TaskColumns
    var sources: [Source]
    /// How many files differed.
    var changes: Int

    /// Nil when the chunks are damaged or do not fit `columns`, when more
    /// than `limit` files differ, or when a file that differs cannot be read.
    static func make(_ snapshotColumns: TaskColumns, chunks: [[UInt8]], files: [VaultListing.File],
                     journal: [String: TaskCache.JournalEntry], read: (VaultListing.File) -> IndexedTask?) -> SnapshotPatch? {
        var patch = SnapshotPatch(columns: snapshotColumns, sources: [], changes: 0)
        patch.sources.reserveCapacity(files.count)
        var next = 0     // the next listed file; also the row of `columns` the walk stands on
        var entries = 0  // the snapshot's entries walked (its columns' rows)
        func current(_ f: VaultListing.File) -> IndexedTask? {
            patch.changes += 1
            guard patch.changes <= limit else { return nil }
            if let e = journal[f.id], let t = e.task, let seen = e.file, seen.size == f.size, seen.mtime == f.mtime { return IndexedTask(t) }
            return read(f)
        }
        for (c, chunk) in chunks.enumerated() {
            let fits = chunk.withUnsafeBytes { bytes in
                CacheSnapshot.walk(bytes, against: files, next: &next, unlisted: { i in
                    guard i <= patch.columns.count, let t = current(files[i]) else { return false }  // new since the snapshot
                    patch.columns.insert(row: i, t)
                    patch.sources.append(.read(t))
                    return true
                }, entry: { e, match, i in
                    entries += 1
                    guard i < patch.columns.count else { return false }  // (this entry's row; none: columns of another snapshot)
                    switch match {
                    case .same:
                        patch.sources.append(.stored(chunk: c, record: e.record))
                    case .changed:
                        guard let t = current(files[i]) else { return false }
                        patch.columns.replace(row: i, with: t)
                        patch.sources.append(.read(t))
                    case .gone:
                        patch.changes += 1
                        guard patch.changes <= limit else { return false }
                        patch.columns.remove(row: i)
                    }
                    return true
                })
            }
            guard fits else { return nil }
        }
        guard entries == snapshotColumns.count else { return nil }  // (columns of another snapshot)
        while next < files.count {
            guard next <= patch.columns.count, let t = current(files[next]) else { return nil }
            patch.columns.insert(row: next, t)
            patch.sources.append(.read(t))
            next += 1
        }
        return patch.columns.count == files.count ? patch : nil
    }
}
