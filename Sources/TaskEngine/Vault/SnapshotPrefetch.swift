import Foundation

/// The cache's snapshot read and decoded while the vault is still being
/// listed (the two used to run one after the other before a first screen).
/// What it decoded is used only when the listing, once known, hashes as the
/// snapshot was made for; otherwise it is dropped and the per-file rows are
/// read as before.
final class SnapshotPrefetch: @unchecked Sendable {
    /// One chunk, decoded: each entry's id, and its task (nil: a record that did not decode).
    final class Chunk: @unchecked Sendable {
        var ids: [String] = []
        var tasks: [IndexedTask?] = []
    }

    private var hash: String?
    private var chunks: [Chunk] = []
    private var damaged = false
    private let done = DispatchGroup()

    /// Starts reading on another thread; `fill` waits for it.
    static func start(_ cache: TaskCache, timeZone: TimeZone) -> SnapshotPrefetch {
        let p = SnapshotPrefetch()
        p.done.enter()
        DispatchQueue.global().async {
            p.read(cache, timeZone: timeZone)
            p.done.leave()
        }
        return p
    }

    private func read(_ cache: TaskCache, timeZone: TimeZone) {
        guard let stored = cache.storedSnapshotHash() else { return }
        let decoding = DispatchGroup()
        let inFlight = DispatchSemaphore(value: 4)
        var read: [Chunk] = []
        let found = cache.forEachSnapshotChunk(hash: stored) { view in
            guard !damaged, let entries = CacheSnapshot.entries(view) else { damaged = true; return }
            let chunk = Chunk()
            read.append(chunk)
            let bytes = Array(view)  // (the view is valid only during this call; the copy goes once decoded)
            inFlight.wait()
            DispatchQueue.global().async(group: decoding) {
                bytes.withUnsafeBytes { all in
                    chunk.ids.reserveCapacity(entries.count)
                    chunk.tasks.reserveCapacity(entries.count)
                    for e in entries {
                        let id = String(decoding: UnsafeRawBufferPointer(rebasing: all[e.id]), as: UTF8.self)
                        chunk.ids.append(id)
                        chunk.tasks.append(TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[e.record]), id: id, timeZone: timeZone).map(IndexedTask.init))
                    }
                }
                inFlight.signal()
            }
        }
        decoding.wait()
        if found && !damaged {
            hash = stored
            chunks = read
        }
    }

    /// Waits for the read, then fills `results` when the snapshot was made for
    /// this listing (`hash`) and its entries follow `files`; false (nothing
    /// filled) otherwise. The listing then holds the tasks' id strings (one
    /// copy of each id, not two).
    func fill(hash listingHash: String, files: inout [VaultListing.File], into results: inout [VaultLoader.Slot]) -> Bool {
        done.wait()
        guard hash == listingHash else { return false }
        var next = 0
        for chunk in chunks {
            for (k, id) in chunk.ids.enumerated() {
                // Entries follow the listing (unreadable files are left out of it).
                while next < files.count, files[next].id != id { next += 1 }
                guard next < files.count else {
                    for i in results.indices { results[i] = nil }
                    return false
                }
                if let t = chunk.tasks[k] {
                    results[next] = .success(t)
                    files[next].id = t.task.id
                }
                next += 1
            }
        }
        chunks = []
        return true
    }

    /// Waits for the read to end (when the listing failed and nothing will be filled).
    func wait() { done.wait() }
}
