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
    /// The vault's rule columns, row for row its listed files, from the cache.
    struct CachedColumns {
        enum Rows {
            /// The snapshot made for this very listing.
            case snapshot(hash: String)
            /// The snapshot's, patched; its chunks (where the other rows' tasks are).
            case patched(SnapshotPatch, chunks: [[UInt8]])
        }

        var columns: TaskColumns
        var rows: Rows
    }

    /// The columns, or nil when the cache cannot give them: no snapshot or no
    /// columns with it (made in another time zone, by another build), more
    /// than `SnapshotPatch.limit` files changed since it was made, a file that
    /// cannot be read, another tool's vault, or a listing problem.
    static func cachedColumns(root: String, cache: TaskCache?, listing: VaultListing.Listing, timeZone: TimeZone) -> CachedColumns? {
        waitForTaskCache()
        guard let cache, listing.problems.isEmpty else { return nil }
        let profile = ProfileDetection.detect(root: root)
        guard profile.profile.isDefault, profile.problems.isEmpty,
              let (madeFor, columns) = cache.snapshotColumns(zone: timeZone.identifier, program: RunningProgram.stamp) else { return nil }
        let files = listing.files
        if madeFor == listing.hash, columns.count == files.count {
            return CachedColumns(columns: columns, rows: .snapshot(hash: madeFor))
        }
        var chunks: [[UInt8]] = []
        guard cache.forEachSnapshotChunk(matching: madeFor, { chunks.append(Array($0)) }) != nil else { return nil }
        let journal = Dictionary(cache.journal(timeZone: timeZone).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        guard let patch = SnapshotPatch.make(columns, chunks: chunks, files: files, journal: journal, read: { f in
            guard case .success(let t) = loadOne(root: root, id: f.id, timeZone: timeZone) else { return nil }
            return IndexedTask(t)
        }) else { return nil }
        return CachedColumns(columns: patch.columns, rows: .patched(patch, chunks: chunks))
    }

    /// The tasks `rules` matches, or nil when the cache cannot answer
    /// (`cachedColumns`, or a rule on the title or notes: columns hold no
    /// text). `decode`: false to only count.
    public static func matching(_ rules: RuleGroup, root: String, cache: TaskCache?, listing: VaultListing.Listing,
                                today: Day, timeZone: TimeZone = .current, decode: Bool) -> CachedMatches? {
        guard let cached = cachedColumns(root: root, cache: cache, listing: listing, timeZone: timeZone),
              let (bits, warnings) = RuleBits.matching(rules, columns: cached.columns, today: today) else { return nil }
        PhaseTrace.mark("scan cached columns" + cached.rows.changes)
        guard decode, let cache else { return CachedMatches(index: nil, count: bits.population, warnings: warnings) }
        guard let entries = decoded(bits, cached, cache: cache, files: listing.files, timeZone: timeZone) else { return nil }
        PhaseTrace.mark("decode \(entries.count) matching")
        return CachedMatches(index: TaskIndex(sortedEntries: entries), count: entries.count, warnings: warnings)
    }

    /// The tasks of the rows set in `bits`, decoded from the cache (nil: one could not be).
    static func decoded(_ bits: TaskBits, _ cached: CachedColumns, cache: TaskCache, files: [VaultListing.File],
                        timeZone: TimeZone) -> [IndexedTask]? {
        var entries: [IndexedTask] = []
        switch cached.rows {
        case .snapshot(let hash):
            var results = [Slot](repeating: nil, count: files.count)
            let read = readSnapshot(cache, files: files, into: &results, timeZone: timeZone, only: bits)
            guard read.madeFor == hash, read.everyEntryFits else { return nil }  // (another process replaced it meanwhile)
            entries.reserveCapacity(bits.population)
            bits.forEachSet { row in
                if case .success(let t)? = results[row] { entries.append(t) }
            }
        case .patched(let patch, let chunks):
            var rows: [Int] = []
            rows.reserveCapacity(bits.population)
            bits.forEachSet { rows.append($0) }
            // (Names and tag lists shared as a load shares them: one `SharedNames` a thread.)
            let names = SharedNamesPool()
            entries = Parallel.fill(rows.count, chunk: 256) { [rows] (run: Range<Int>, out: UnsafeMutablePointer<IndexedTask?>) in
                names.with { shared in
                    for k in run {
                        let row = rows[k]
                        switch patch.sources[row] {
                        case .read(let t): (out + k).initialize(to: t)
                        case .stored(let c, let record):
                            (out + k).initialize(to: chunks[c].withUnsafeBytes { all in
                                TaskRecord.decode(UnsafeRawBufferPointer(rebasing: all[record]), id: files[row].id, timeZone: timeZone,
                                                  shared: shared).map(IndexedTask.init)
                            })
                        }
                    }
                }
            }.compactMap { $0 }
        }
        guard entries.count == bits.population else { return nil }  // (a record that did not decode)
        return entries
    }

    /// Every perspective's count (as `PerspectiveEvaluator.counts` gives
    /// it), or nil when the cache cannot answer for one of them.
    public static func counts(_ perspectives: [Perspective], root: String, cache: TaskCache?, listing: VaultListing.Listing,
                              today: Day, timeZone: TimeZone = .current) -> [String: Int]? {
        guard let cached = cachedColumns(root: root, cache: cache, listing: listing, timeZone: timeZone) else { return nil }
        var out: [String: Int] = [:]
        for p in perspectives {
            guard let (bits, _) = RuleBits.matching(p.rules, columns: cached.columns, today: today) else { return nil }
            out[p.id] = bits.population
        }
        PhaseTrace.mark("count cached columns" + cached.rows.changes)
        return out
    }
}

extension VaultLoader {
    /// How many tasks each rule of `rules` matches on its own (as
    /// `RuleMatchCounts.counts` gives them) and the whole tree's warnings, or
    /// nil when the cache cannot answer.
    public static func ruleCounts(_ rules: RuleGroup, root: String, cache: TaskCache?, listing: VaultListing.Listing,
                                  today: Day, timeZone: TimeZone = .current) -> (counts: [[Int]: Int], warnings: [RuleWarning])? {
        guard let cached = cachedColumns(root: root, cache: cache, listing: listing, timeZone: timeZone),
              let (_, warnings) = RuleBits.matching(rules, columns: cached.columns, today: today),
              let counts = RuleMatchCounts.counts(rules, count: { RuleBits.matching($0, columns: cached.columns, today: today)?.bits.population })
        else { return nil }
        PhaseTrace.mark("count cached columns" + cached.rows.changes)
        return (counts, warnings)
    }
}

extension VaultLoader.CachedColumns.Rows {
    /// For the trace: how many files were patched in.
    var changes: String {
        guard case .patched(let patch, _) = self else { return "" }
        return " (\(patch.changes == 1 ? "1 file differs" : "\(patch.changes) files differ") from the snapshot)"
    }
}
