import Foundation

/// What a command found matching its rules through the cache's columns.
public struct CachedMatches: Sendable {
    /// The matching tasks alone, indexed (nil when they were only counted).
    public var index: TaskIndex?
    public var count: Int
    public var warnings: [RuleWarning]
}

/// Answering "which tasks match" without decoding every task: the rules are
/// scanned over the rule columns stored with the cache's snapshot, and only
/// the matching tasks are decoded. When a few files changed since the
/// snapshot was made, their rows are patched first (each read from the
/// app's journal when it saw that very version, else parsed). Same answer as
/// `load` followed by `RuleBits.matching`; anything this cannot be sure of
/// falls back to that.
extension VaultLoader {
    /// The tasks `rules` matches, or nil when the cache cannot answer: no
    /// snapshot or no columns with it (made in another time zone, by another
    /// build), more than `patchLimit` files changed since it was made, a file
    /// that cannot be read, another tool's vault, a listing problem, or a rule
    /// on the title or notes (columns hold no text). `decode`: false to only count.
    public static func matching(_ rules: RuleGroup, root: String, cache: TaskCache?, listing: VaultListing.Listing,
                                today: Day, timeZone: TimeZone = .current, decode: Bool) -> CachedMatches? {
        waitForCacheWrites()
        guard let cache, listing.problems.isEmpty else { return nil }
        let profile = ProfileDetection.detect(root: root)
        guard profile.profile.isDefault, profile.problems.isEmpty,
              let (madeFor, columns) = cache.snapshotColumns(zone: timeZone.identifier, program: RunningProgram.stamp) else { return nil }
        let files = listing.files
        if madeFor == CacheSnapshot.listingHash(files) && columns.count == files.count {
            return unchanged(rules, cache: cache, hash: madeFor, columns: columns, files: files, today: today, timeZone: timeZone, decode: decode)
        }
        return patched(rules, cache: cache, madeFor: madeFor, columns: columns, files: files, root: root, today: today,
                       timeZone: timeZone, decode: decode)
    }

    /// Nothing changed since the snapshot: its columns are the vault's, row for row.
    static func unchanged(_ rules: RuleGroup, cache: TaskCache, hash: String, columns: TaskColumns, files: [VaultListing.File],
                          today: Day, timeZone: TimeZone, decode: Bool) -> CachedMatches? {
        guard let (bits, warnings) = RuleBits.matching(rules, columns: columns, today: today) else { return nil }
        PhaseTrace.mark("scan cached columns")
        guard decode else { return CachedMatches(index: nil, count: bits.population, warnings: warnings) }
        var results = [Slot](repeating: nil, count: files.count)
        let read = readSnapshot(cache, files: files, into: &results, timeZone: timeZone, only: bits)
        guard read.madeFor == hash, read.everyEntryFits else { return nil }  // (another process replaced it meanwhile)
        var entries: [IndexedTask] = []
        entries.reserveCapacity(bits.population)
        bits.forEachSet { row in
            if case .success(let t)? = results[row] { entries.append(t) }
        }
        return matched(entries, of: bits, warnings: warnings)
    }

    /// A few files changed: the columns are patched to fit the listing first.
    static func patched(_ rules: RuleGroup, cache: TaskCache, madeFor: String, columns: TaskColumns, files: [VaultListing.File],
                        root: String, today: Day, timeZone: TimeZone, decode: Bool) -> CachedMatches? {
        var chunks: [[UInt8]] = []
        guard cache.forEachSnapshotChunk(matching: madeFor, { chunks.append(Array($0)) }) != nil else { return nil }
        let journal = Dictionary(cache.journal(timeZone: timeZone).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        guard let fit = SnapshotPatch.make(columns, chunks: chunks, files: files, journal: journal, read: { f in
                  guard case .success(let t) = loadOne(root: root, id: f.id, timeZone: timeZone) else { return nil }
                  return IndexedTask(t)
              }),
              let (bits, warnings) = RuleBits.matching(rules, columns: fit.columns, today: today) else { return nil }
        PhaseTrace.mark("scan cached columns (\(fit.changes == 1 ? "1 file differs" : "\(fit.changes) files differ") from the snapshot)")
        guard decode else { return CachedMatches(index: nil, count: bits.population, warnings: warnings) }
        var rows: [Int] = []
        rows.reserveCapacity(bits.population)
        bits.forEachSet { rows.append($0) }
        let decoded = Parallel.map(rows.count, chunk: 256) { k -> IndexedTask? in
            let row = rows[k]
            switch fit.sources[row] {
            case .read(let t): return t
            case .stored(let c, let record):
                return chunks[c].withUnsafeBytes { all in
                    TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[record]), id: files[row].id, timeZone: timeZone).map(IndexedTask.init)
                }
            }
        }
        return matched(decoded.compactMap { $0 }, of: bits, warnings: warnings)
    }

    static func matched(_ entries: [IndexedTask], of bits: TaskBits, warnings: [RuleWarning]) -> CachedMatches? {
        guard entries.count == bits.population else { return nil }  // (a record that did not decode)
        PhaseTrace.mark("decode \(entries.count) matching")
        return CachedMatches(index: TaskIndex(sortedEntries: entries), count: entries.count, warnings: warnings)
    }
}
