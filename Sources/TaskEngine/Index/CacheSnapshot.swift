import Foundation

/// The whole vault's records in listing order, stored in chunks next to the
/// per-file rows: when no file was added, removed or touched since the last
/// start (the listing hashes the same), a start reads these chunks in order
/// and decodes them on all cores, without a lookup per file.
///
/// A chunk is `[id length][id][size][stamp][record length][record]…`
/// (numbers as varints; the stamp is `VaultListing.File.mtime`), so the
/// snapshot alone says which files, as stamped, its tasks were read from
/// (a start from the cache compares that with the vault after the first
/// screen). The listing hash covers every file's path, size and modification time.
public enum CacheSnapshot {
    public static let tasksPerChunk = 512

    /// Changes with any file's path, size or change stamp, or their order (`ListingHash`).
    public static func listingHash(_ files: [VaultListing.File]) -> String { ListingHash.hash(files) }

    /// How many chunks `taskCount` tasks take.
    public static func chunkCount(_ taskCount: Int) -> Int { (taskCount + tasksPerChunk - 1) / tasksPerChunk }

    /// One chunk: up to `tasksPerChunk` tasks with the stamps of their files, in listing order.
    /// (Indexed tasks, each encoded where it lies: a pair holding the task itself copied it, every reference in it retained.)
    public static func chunk(_ entries: some Sequence<(file: VaultListing.File, task: IndexedTask)>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tasksPerChunk * typicalEntrySize)
        append(entries, to: &bytes)
        return bytes
    }

    /// About the bytes of one entry in a vault's chunk (room made for a whole
    /// chunk of them at once: growing the bytes as they came copied them).
    private static let typicalEntrySize = 320

    /// The chunk as its whole record in the snapshot file (made on the core that encodes it).
    static func record(_ entries: some Sequence<(file: VaultListing.File, task: IndexedTask)>) -> SnapshotFile.Record {
        SnapshotFile.Record(.chunk, reserving: tasksPerChunk * typicalEntrySize) { append(entries, to: &$0) }
    }

    /// Appends the chunk's entries to `bytes`.
    private static func append(_ entries: some Sequence<(file: VaultListing.File, task: IndexedTask)>, to bytes: inout [UInt8]) {
        var w = TaskRecord.Writer()
        swap(&w.bytes, &bytes)
        defer { swap(&w.bytes, &bytes) }
        for (f, t) in entries {
            w.string(t.id)
            w.varint(UInt64(max(0, f.size)))
            w.varint(UInt64(bitPattern: f.mtime))
            // The record is written in place and its length put before it (a copy of its bytes
            // within the chunk, where a record of its own grew an array of its own from empty).
            let start = w.bytes.count
            TaskRecord.encode(t, into: &w)
            w.prefixCount(from: start)
        }
    }

    /// How an entry stands to the file of its id in the listing.
    enum Match {
        case gone, same, changed
    }

    /// Walks a chunk's entries against `files` from `next` (both in id
    /// order): `unlisted(i)` for each listed file the snapshot has no entry
    /// for, `entry(e, match, i)` for each entry (`files[i]` is its file unless
    /// it is gone, and the walk moves past it after the call). False (a
    /// damaged chunk, or a call returning false) stops the walk.
    static func walk(_ chunk: UnsafeRawBufferPointer, against files: [VaultListing.File], next: inout Int,
                     unlisted: (Int) -> Bool, entry: (Entry, Match, Int) -> Bool) -> Bool {
        guard let entries = entries(chunk) else { return false }
        for e in entries {
            let id = UnsafeRawBufferPointer(rebasing: chunk[e.id])
            var order = 1
            while next < files.count {
                order = compare(files[next].id, id)
                guard order < 0 else { break }
                guard unlisted(next) else { return false }
                next += 1
            }
            let match: Match = order != 0 ? .gone : files[next].size == e.size && files[next].mtime == e.mtime ? .same : .changed
            guard entry(e, match, next) else { return false }
            if match != .gone { next += 1 }
        }
        return true
    }

    /// `IDOrder.compare` of `id` with the id spelled by `bytes`.
    static func compare(_ id: String, _ bytes: UnsafeRawBufferPointer) -> Int {
        id.utf8.withContiguousStorageIfAvailable { u in
            let n = min(u.count, bytes.count)
            let c = n == 0 ? 0 : Int(memcmp(u.baseAddress!, bytes.baseAddress!, n))
            return c != 0 ? c : u.count - bytes.count
        } ?? IDOrder.compare(id, String(decoding: bytes, as: UTF8.self))
    }

    /// One entry of a chunk: where its id and record are, and its file's stamp.
    struct Entry {
        var id: Range<Int>
        var size: Int
        var mtime: Int64
        var record: Range<Int>
    }

    /// The entries of one chunk; nil when damaged.
    static func entries(_ chunk: UnsafeRawBufferPointer) -> [Entry]? {
        var r = TaskRecord.Reader(bytes: chunk)
        var out: [Entry] = []
        out.reserveCapacity(tasksPerChunk)
        while !r.atEnd {
            guard let idLength = r.varint(), idLength <= UInt64(chunk.count - r.at) else { return nil }
            let id = r.at..<(r.at + Int(idLength))
            r.at += Int(idLength)
            guard let size = r.varint(), size <= UInt64(Int.max), let mtime = r.varint(),
                  let recordLength = r.varint(), recordLength <= UInt64(chunk.count - r.at) else { return nil }
            out.append(Entry(id: id, size: Int(size), mtime: Int64(bitPattern: mtime), record: r.at..<(r.at + Int(recordLength))))
            r.at += Int(recordLength)
        }
        return out
    }
}
