import Foundation

/// A walk of the vault compared, file by file as it goes, with files known
/// before (a start from the cache checks what it showed): only the paths
/// that differ are kept, not a listing of every file.
extension VaultListing {
    public struct Comparison: Sendable {
        /// Paths new, changed (size or change stamp) or gone since the known files,
        /// as a watcher reports them (two paths alike but for their Unicode form
        /// that both differ: their folder, to walk).
        public var differing: InotifyWatch.Report
        public var problems: [VaultProblem]
        /// As `Listing.leftovers`.
        public var leftovers: [String]
        /// The most entries the walk held at once (read, not yet sorted).
        public var mostEntriesHeld = 0
    }

    /// The vault compared with `known` (in id order, as a signature holds them).
    /// The walk streams: it holds the entries of about `entriesPerScan` at
    /// once (and of the folder it is in), not the whole vault's.
    public static func compare(root: String, with known: [File],
                               entriesPerScan: Int = 8192) throws -> Comparison {
        try walkable(root)
        VaultIOCounters.shared.count(\.listings)
        let comparer = Comparer(known)
        var walk = VaultWalk(root: root, entriesPerScan: entriesPerScan)
        walk.onFile = comparer.feed
        walk.walk("")
        return Comparison(differing: comparer.finish(), problems: walk.problems, leftovers: walk.leftovers,
                          mostEntriesHeld: walk.mostHeld)
    }

    /// Files fed in id order set against known files in id order.
    final class Comparer {
        private let known: [File]
        private var next = 0
        private var differing = InotifyWatch.Report()

        init(_ known: [File]) { self.known = known }

        func feed(_ f: File) {
            while next < known.count, IDOrder.less(known[next].id, f.id) {
                differing.addFile(known[next].id)
                next += 1
            }
            if next < known.count, IDOrder.same(known[next].id, f.id) {
                if known[next] != f { differing.addFile(f.id) }
                next += 1
            } else {
                differing.addFile(f.id)
            }
        }

        /// What differs, once every file was fed (the known files not met are gone).
        func finish() -> InotifyWatch.Report {
            while next < known.count {
                differing.addFile(known[next].id)
                next += 1
            }
            return differing
        }
    }
}
