import Foundation

/// What a command found matching its rules through the cache's columns.
public struct CachedMatches: Sendable {
    /// The matching tasks alone, indexed (nil when they were only counted).
    public var index: TaskIndex?
    public var count: Int
    public var warnings: [RuleWarning]
}

/// Answering "which tasks match" without decoding every task: when nothing
/// in the vault changed since the cache's snapshot was made (the listing
/// hashes the same), the rules are scanned over the snapshot's stored columns
/// and only the matching tasks are decoded. Same answer as `load` followed by
/// `RuleBits.matching`; anything this cannot be sure of falls back to that.
extension VaultLoader {
    /// The tasks `rules` matches, or nil when the cache cannot answer: no
    /// snapshot for this very listing or no columns with it (made in another
    /// time zone, by another build), a file the snapshot left out (unreadable,
    /// too large), another tool's vault, a listing problem, or a rule on the
    /// title or notes (columns hold no text). `decode`: false to only count.
    public static func matching(_ rules: RuleGroup, root: String, cache: TaskCache?, listing: VaultListing.Listing,
                                today: Day, timeZone: TimeZone = .current, decode: Bool) -> CachedMatches? {
        waitForCacheWrites()
        guard let cache, listing.problems.isEmpty else { return nil }
        let profile = ProfileDetection.detect(root: root)
        guard profile.profile.isDefault, profile.problems.isEmpty else { return nil }
        let files = listing.files
        let hash = CacheSnapshot.listingHash(files)
        guard let columns = cache.snapshotColumns(hash: hash, zone: timeZone.identifier, program: RunningProgram.stamp),
              columns.count == files.count,  // (every file has its row: none was left out of the snapshot)
              let (bits, warnings) = RuleBits.matching(rules, columns: columns, today: today) else { return nil }
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
        guard entries.count == bits.population else { return nil }  // (a record that did not decode)
        PhaseTrace.mark("decode \(entries.count) matching")
        return CachedMatches(index: TaskIndex(sortedEntries: entries), count: entries.count, warnings: warnings)
    }
}
