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
    /// including files only one of them has (as `VaultListing.compare` reports them).
    public func paths(differingFrom listed: [VaultListing.File]) -> InotifyWatch.Report {
        let comparer = VaultListing.Comparer(entries)
        VaultSignature(listed: listed, perspectives: nil).entries.forEach(comparer.feed)
        return comparer.finish()
    }

    /// Every file, in id order.
    public var listed: [VaultListing.File] { entries }
}
