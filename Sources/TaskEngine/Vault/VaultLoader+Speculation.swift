import Foundation

/// What the cache answers for a perspective before the vault is listed: its
/// rules scanned over the snapshot's stored columns and the matching tasks
/// decoded, run beside the listing (whose `readdir` leaves a core free). It
/// counts only once the listing shows the vault is the very one the
/// snapshot was made for; else the command answers as it would have.
public struct SpeculativeMatches: Sendable {
    let madeFor: String
    /// How many entries the snapshot has.
    let rows: Int
    /// The matching rows with the stamps their snapshot entries carry, in row order.
    let matches: [(row: Int, file: VaultListing.File)]
    let warnings: [RuleWarning]
    /// The matching tasks, indexed (for a caller to evaluate on while the listing goes on).
    public let index: TaskIndex

    /// The matches, when `listing` is the one the snapshot was made for
    /// (same hash, as many files, each matching row's path and stamp the same).
    public func confirmed(by listing: VaultListing.Listing) -> CachedMatches? {
        guard listing.problems.isEmpty, listing.hash == madeFor, listing.files.count == rows,
              matches.allSatisfy({ listing.files[$0.row] == $0.file }) else { return nil }
        PhaseTrace.mark("scan cached columns and decode \(matches.count) matching, beside the listing (confirmed by it)")
        return CachedMatches(index: index, count: matches.count, warnings: warnings)
    }
}

extension VaultLoader {
    /// The cache's answer for `rules` as if nothing changed since its
    /// snapshot, or nil when it has none to give (see `cachedColumns`).
    public static func speculate(_ rules: RuleGroup, root: String, cache: TaskCache?, today: Day,
                                 timeZone: TimeZone = .current) -> SpeculativeMatches? {
        waitForCacheWrites()
        guard let cache else { return nil }
        let profile = ProfileDetection.detect(root: root)
        guard profile.profile.isDefault, profile.problems.isEmpty,
              let (madeFor, columns) = cache.snapshotColumns(zone: timeZone.identifier, program: RunningProgram.stamp),
              let (bits, warnings) = RuleBits.matching(rules, columns: columns, today: today),
              let matches = decodeRows(cache, madeFor: madeFor, only: bits, timeZone: timeZone),
              matches.count == bits.population else { return nil }
        return SpeculativeMatches(madeFor: madeFor, rows: columns.count, matches: matches.map { ($0.row, $0.file) }, warnings: warnings,
                                  index: TaskIndex(sortedEntries: matches.map(\.task)))
    }

    /// The snapshot's entries at the rows `only` sets, decoded on other
    /// cores; a row is its entry's position (chunks hold `tasksPerChunk`
    /// entries, the last one fewer: a snapshot for which that is not so is
    /// one whose rows `confirmed` refuses). Chunks without a set row are
    /// passed over undecoded.
    static func decodeRows(_ cache: TaskCache, madeFor: String, only: TaskBits, timeZone: TimeZone)
        -> [(row: Int, file: VaultListing.File, task: IndexedTask)]? {
        final class Parts: @unchecked Sendable {
            let lock = NSLock()
            var found: [[(row: Int, file: VaultListing.File, task: IndexedTask)]] = []
            var damaged = false
        }
        let parts = Parts()
        let decoding = DispatchGroup()
        let inFlight = DispatchSemaphore(value: 4)
        let per = CacheSnapshot.tasksPerChunk
        var first = 0
        let read = cache.forEachSnapshotChunk(matching: madeFor) { chunk in
            let base = first
            first += per
            guard (base..<min(only.count, base + per)).contains(where: { only[$0] }) else { return }
            let bytes = Array(chunk)  // the chunk outlives this call
            inFlight.wait()
            DispatchQueue.global().async(group: decoding) {
                defer { inFlight.signal() }
                var found: [(row: Int, file: VaultListing.File, task: IndexedTask)] = []
                let ok = bytes.withUnsafeBytes { all -> Bool in
                    guard let entries = CacheSnapshot.entries(all), entries.count <= per else { return false }
                    for (k, e) in entries.enumerated() where base + k < only.count && only[base + k] {
                        let id = String(decoding: UnsafeRawBufferPointer(rebasing: all[e.id]), as: UTF8.self)
                        guard let t = TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[e.record]), id: id, timeZone: timeZone)
                        else { return false }
                        found.append((base + k, VaultListing.File(id: id, size: e.size, mtime: e.mtime), IndexedTask(t)))
                    }
                    return true
                }
                parts.lock.lock()
                if ok { parts.found.append(found) } else { parts.damaged = true }
                parts.lock.unlock()
            }
        }
        decoding.wait()
        guard read != nil, !parts.damaged else { return nil }
        return parts.found.joined().sorted { $0.row < $1.row }
    }
}
