import Foundation

/// The one order of task ids (vault-relative paths): by their UTF-8 bytes.
/// The listing, the index and its lookups all use it. Bytes, not Swift's
/// string order: two file names that differ only in Unicode normalization
/// (`é` written in one or two code points) are two files, and a `memcmp` is
/// much cheaper than Swift's comparison, which counts when a big vault's
/// paths are sorted.
public enum IDOrder {
    public static func less(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    public static func same(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && compare(a, b) == 0 }

    /// Negative, zero or positive, as `memcmp`. (A sort of the vault's paths
    /// calls this for every comparison: it reads the strings' bytes in place.)
    @inline(__always)
    public static func compare(_ a: String, _ b: String) -> Int {
        if let c = a.utf8.withContiguousStorageIfAvailable({ x in
            b.utf8.withContiguousStorageIfAvailable { y -> Int in
                let n = min(x.count, y.count)
                let c = n == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, n))
                return c != 0 ? c : x.count - y.count
            }
        }), let c { return c }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a.utf8.elementsEqual(b.utf8) ? 0 : 1)
    }
}

/// A path as a dictionary key, compared byte for byte as `IDOrder` does
/// (`String`'s own `==` finds `é` and `e` + U+0301 equal, and two files of a
/// vault may be named so).
public struct ExactID: Hashable, Sendable {
    public let id: String

    public init(_ id: String) { self.id = id }

    public static func == (a: ExactID, b: ExactID) -> Bool { IDOrder.same(a.id, b.id) }

    public func hash(into h: inout Hasher) {
        var s = id
        s.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
