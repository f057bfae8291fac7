/// What the cache's journal is relative to: the stamps the snapshot was
/// made from. Kept as how they differ from the files the app first showed
/// (the journaled paths only), not as a second copy of every stamp: with
/// `VaultSignature.before`, that is all a quit needs to know what changed
/// since the snapshot.
public struct SnapshotBase: Sendable {
    /// How many files the snapshot has.
    public let count: Int
    /// The snapshot's stamp of each path where the files first shown differ (nil: not in the snapshot).
    let differing: [ExactID: VaultSignature.Stamp?]

    /// A snapshot of `count` files that are the files first shown.
    public init(count: Int) {
        self.count = count
        differing = [:]
    }

    /// The snapshot's files `snapshot` against the files first shown, `shown` (both in id order).
    public init(snapshot: [VaultListing.File], shown: [VaultListing.File]) {
        count = snapshot.count
        let (changed, removed) = VaultSignature.compare(shown, snapshot)
        var differing: [ExactID: VaultSignature.Stamp?] = [:]
        for id in changed.map(\.id) + removed { differing[ExactID(id)] = .some(VaultSignature.lookUp(id, in: snapshot)) }
        self.differing = differing
    }
}

extension VaultSignature {
    /// A path's stamp in files in id order (nil: not there).
    static func lookUp(_ id: String, in files: [VaultListing.File]) -> Stamp? {
        let i = lowerBound(id, in: files)
        return i < files.count && IDOrder.same(files[i].id, id) ? stamp(files[i]) : nil
    }

    /// The files (with their stamps here) new or changed since the snapshot
    /// `base`, and its paths that are gone, in id order, when this record was
    /// made from the files first shown.
    public func changes(since base: SnapshotBase) -> (changed: [VaultListing.File], removed: [String]) {
        var changed: [VaultListing.File] = [], removed: [String] = []
        for key in Set(before.keys).union(base.differing.keys).sorted(by: { IDOrder.less($0.id, $1.id) }) {
            let then: Stamp? = if let b = base.differing[key] { b } else if let b = before[key] { b } else { nil }
            let id = key.id, now = self[id]
            guard now != then else { continue }
            if let now { changed.append(Self.file(id, now)) } else { removed.append(id) }
        }
        return (changed, removed)
    }
}
