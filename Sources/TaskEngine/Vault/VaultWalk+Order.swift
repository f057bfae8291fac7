import Foundation

/// The order a walk emits a folder's entries in: bytes of the whole path,
/// a folder's name counting as the name followed by `/`.
extension VaultWalk {
    /// Names kept as bytes side by side (`spans` into `bytes`), as a folder's entries are.
    struct Names {
        var bytes: [UInt8] = []
        var spans: [Range<Int>] = []

        init() {}

        init(_ names: [String], skipping: Int) {
            for n in names { append(n.utf8.dropFirst(skipping)) }
        }

        mutating func append(_ name: some Collection<UInt8>) {
            let start = bytes.count
            bytes.append(contentsOf: name)
            spans.append(start..<bytes.count)
            bytes.append(0)  // (a C string for `fstatat`)
        }
    }

    /// The positions of `names` in path order. Sorted on each name's first
    /// eight bytes as one number, the bytes compared only between names that
    /// share those. `skipping`: the length of a prefix every name shares (a folder's path).
    static func order(_ names: [String], folders: [Bool], skipping: Int = 0) -> [Int] {
        order(Names(names, skipping: skipping), folders: folders)
    }

    static func order(_ names: Names, folders: [Bool]) -> [Int] {
        names.bytes.withUnsafeBufferPointer { all in
            let keys = names.spans.indices.map { i in
                (prefix: sortPrefix(UnsafeBufferPointer(rebasing: all[names.spans[i]]), folder: folders[i]), index: Int32(i))
            }
            return keys.sorted { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let (i, j) = (Int(a.index), Int(b.index))
                return less(UnsafeBufferPointer(rebasing: all[names.spans[i]]), folders[i],
                            UnsafeBufferPointer(rebasing: all[names.spans[j]]), folders[j])
            }.map { Int($0.index) }
        }
    }

    /// The first eight bytes of the name (a folder's followed by `/`), big-endian, zero-padded.
    static func sortPrefix(_ name: UnsafeBufferPointer<UInt8>, folder: Bool) -> UInt64 {
        var key: UInt64 = 0, n = 0
        for b in name.prefix(8) {
            key |= UInt64(b) << (56 - 8 * UInt64(n))
            n += 1
        }
        if folder, n < 8 { key |= UInt64(0x2F) << (56 - 8 * UInt64(n)) }
        return key
    }

    /// `a` (with `/` after it when a folder) before `b` in byte order.
    static func less(_ a: String, _ aFolder: Bool, _ b: String, _ bFolder: Bool) -> Bool {
        var (a, b) = (a, b)
        return a.withUTF8 { x in b.withUTF8 { y in less(x, aFolder, y, bFolder) } }
    }

    static func less(_ a: UnsafeBufferPointer<UInt8>, _ aFolder: Bool, _ b: UnsafeBufferPointer<UInt8>, _ bFolder: Bool) -> Bool {
        let n = min(a.count, b.count)
        let c = n == 0 ? 0 : Int(memcmp(a.baseAddress!, b.baseAddress!, n))
        if c != 0 || a.count == b.count { return c < 0 }
        // One name begins the other. When the shorter is a folder's, its `/` meets the longer's next byte.
        guard a.count < b.count ? aFolder : bFolder else { return a.count < b.count }
        let slashFirst = UInt8(0x2F) < (a.count < b.count ? b[n] : a[n])  // (a name holds no `/`, so never equal)
        return a.count < b.count ? slashFirst : !slashFirst
    }
}
