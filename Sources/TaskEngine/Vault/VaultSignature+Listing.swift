import Foundation

/// A signature set beside a listing, file by file (a start from the cache
/// compares what it showed with the vault; the app at quit keeps what changed).
extension VaultSignature {
    static func stamp(_ f: VaultListing.File) -> Stamp {
        Stamp(seconds: Int(f.mtime / 1_000_000_000), nanoseconds: Int(f.mtime % 1_000_000_000), size: f.size)
    }

    /// The file a stamp describes.
    static func file(_ id: String, _ s: Stamp) -> VaultListing.File {
        VaultListing.File(id: id, size: s.size, mtime: Int64(s.seconds) * 1_000_000_000 + Int64(s.nanoseconds))
    }

    /// The paths whose stamp differs between this signature and `listed`,
    /// including files only one of them has.
    public func paths(differingFrom listed: [VaultListing.File]) -> Set<String> {
        var out = Set<String>()
        var matched = 0
        for f in listed {
            guard let mine = files[f.id] else { out.insert(f.id); continue }
            matched += 1
            if mine != Self.stamp(f) { out.insert(f.id) }
        }
        if matched < files.count {
            let ids = Set(listed.map(\.id))
            for id in files.keys where !ids.contains(id) { out.insert(id) }
        }
        return out
    }

    /// The files (with their stamps here) that are new or changed since
    /// `base`, and the paths of `base` that are gone.
    public func changes(since base: [VaultListing.File]) -> (changed: [VaultListing.File], removed: [String]) {
        var changed: [VaultListing.File] = [], removed: [String] = []
        var matched = 0
        for f in base {
            guard let mine = files[f.id] else { removed.append(f.id); continue }
            matched += 1
            if mine != Self.stamp(f) { changed.append(Self.file(f.id, mine)) }
        }
        if matched < files.count {
            let ids = Set(base.map(\.id))
            for (id, s) in files where !ids.contains(id) { changed.append(Self.file(id, s)) }
        }
        return (changed, removed)
    }

    /// Every file, in id order.
    public var listed: [VaultListing.File] {
        files.map { Self.file($0.key, $0.value) }.sorted { IDOrder.less($0.id, $1.id) }
    }
}
