import Foundation

/// The hash of a listing (every file's path, size and change stamp, in
/// order) that says whether the cache's snapshot was made for this very
/// vault state. Every command and start computes it over the whole listing,
/// so it reads the paths eight bytes at a time, and hashes runs of files on
/// all cores before folding the runs' hashes in order (the result does not
/// depend on how many cores did the work).
enum ListingHash {
    static let filesPerRun = 4096

    static func hash(_ files: [VaultListing.File]) -> String {
        let runs = (files.count + filesPerRun - 1) / filesPerRun
        let partial = Parallel.map(runs, chunk: 1) { r in
            var lanes = Lanes()
            for i in (r * filesPerRun)..<min(files.count, (r + 1) * filesPerRun) { lanes.add(files[i]) }
            return lanes
        }
        var total = Lanes()
        for p in partial {
            total.mix(p.a)
            total.mix(p.b)
        }
        return String(total.a, radix: 16) + "-" + String(total.b, radix: 16) + "-" + String(files.count)
    }

    /// Two 64-bit lanes with different multipliers, so a collision needs both to collide.
    struct Lanes {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4

        @inline(__always)
        mutating func mix(_ word: UInt64) {
            a = (a ^ word) &* 0x9E37_79B9_7F4A_7C15
            a ^= a >> 31
            b = (b &+ word) &* 0xC2B2_AE3D_27D4_EB4F
            b = (b << 27) | (b >> 37)
        }

        /// The path's length first (so bytes cannot move from one path to the
        /// next unnoticed), its bytes as little-endian words (the last one
        /// padded with zeros), then the size and the stamp.
        mutating func add(_ f: VaultListing.File) {
            if f.id.utf8.withContiguousStorageIfAvailable({ path(UnsafeRawBufferPointer($0)) }) == nil {
                var id = f.id  // a bridged string: made contiguous, the same words
                id.makeContiguousUTF8()
                id.withUTF8 { path(UnsafeRawBufferPointer($0)) }
            }
            mix(UInt64(bitPattern: Int64(f.size)))
            mix(UInt64(bitPattern: f.mtime))
        }

        /// The bytes' count, then the bytes as little-endian words (the last one padded with zeros).
        @inline(__always)
        mutating func path(_ raw: UnsafeRawBufferPointer) {
            mix(UInt64(raw.count))
            var i = 0
            while i + 8 <= raw.count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                i += 8
            }
            guard i < raw.count else { return }
            var last: UInt64 = 0
            for k in i..<raw.count { last |= UInt64(raw[k]) << (8 * UInt64(k - i)) }
            mix(last)
        }

        /// One word from both lanes (`SnapshotFile`'s checksums).
        var folded: UInt64 { a ^ ((b << 17) | (b >> 47)) }
    }
}
