/// Compares folded titles the way people read them: digits by value
/// (`task 2` < `task 10`), the rest by code point of the case- and
/// diacritic-folded text, read as UTF-8 (whose bytes order as its code
/// points do; an ASCII digit is never part of another character).
enum NaturalOrder {
    /// (Over UTF-8 bytes, or code points: both give the same answer.)
    static func compare<T: FixedWidthInteger>(_ a: UnsafeBufferPointer<T>, _ b: UnsafeBufferPointer<T>) -> Int {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let x = a[i], y = b[j]
            if isDigit(x) && isDigit(y) {
                var i2 = i, j2 = j
                while i2 < a.count && a[i2] == 0x30 { i2 += 1 }  // leading zeros
                while j2 < b.count && b[j2] == 0x30 { j2 += 1 }
                var ie = i2, je = j2
                while ie < a.count && isDigit(a[ie]) { ie += 1 }
                while je < b.count && isDigit(b[je]) { je += 1 }
                if ie - i2 != je - j2 { return (ie - i2) < (je - j2) ? -1 : 1 }
                for k in 0..<(ie - i2) where a[i2 + k] != b[j2 + k] { return a[i2 + k] < b[j2 + k] ? -1 : 1 }
                i = ie
                j = je
                continue
            }
            if x != y { return x < y ? -1 : 1 }
            i += 1
            j += 1
        }
        if a.count - i == b.count - j { return 0 }
        return a.count - i < b.count - j ? -1 : 1
    }

    @inline(__always) static func isDigit<T: FixedWidthInteger>(_ v: T) -> Bool { v >= 0x30 && v <= 0x39 }
}
