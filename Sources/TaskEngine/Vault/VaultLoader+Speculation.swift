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
        waitForTaskCache()
        guard let cache else { return nil }
        let profile = ProfileDetection.detect(root: root)
        guard profile.profile.isDefault, profile.problems.isEmpty,
              let (madeFor, columns) = cache.snapshotColumns(zone: timeZone.identifier, program: RunningProgram.stamp),
              let (bits, warnings) = RuleBits.matching(rules, columns: columns, today: today),
              let matches = decodeRows(cache, madeFor: madeFor, only: bits, timeZone: timeZone).map({ Array($0.chunks.joined()) }),
              matches.count == bits.population else { return nil }
        return SpeculativeMatches(madeFor: madeFor, rows: columns.count, matches: matches.map { ($0.row, $0.file) }, warnings: warnings,
                                  index: TaskIndex(sortedEntries: matches.map(\.task)))
    }
}
