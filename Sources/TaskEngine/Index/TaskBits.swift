/// One bit per task of an index (its position in id order): the result of a
/// rule over the whole vault. Groups combine their children with AND, OR and
/// NOT over 64 tasks at a time, and a count is a population count, so a
/// change in the rule editor never looks at a task again.
public struct TaskBits: Equatable, Sendable {
    public private(set) var words: [UInt64]
    public private(set) var count: Int

    public init(count: Int, allSet: Bool = false) {
        self.count = count
        words = Array(repeating: allSet ? ~0 : 0, count: (count + 63) >> 6)
        if allSet { clearTail() }
    }

    /// Bits set where `test(row)` holds, for rows `0..<count`.
    public init(count: Int, where test: (Int) -> Bool) {
        self.count = count
        words = Array(unsafeUninitializedCapacity: (count + 63) >> 6) { buffer, initialized in
            for w in 0..<buffer.count {
                var word: UInt64 = 0
                let base = w << 6
                for b in 0..<min(64, count - base) where test(base + b) { word |= 1 << UInt64(b) }
                buffer[w] = word
            }
            initialized = buffer.count
        }
    }

    public subscript(row: Int) -> Bool {
        get { words[row >> 6] & (1 << UInt64(row & 63)) != 0 }
        set {
            if newValue { words[row >> 6] |= 1 << UInt64(row & 63) } else { words[row >> 6] &= ~(1 << UInt64(row & 63)) }
        }
    }

    /// How many bits are set.
    public var population: Int {
        var n = 0
        for w in words { n &+= w.nonzeroBitCount }
        return n
    }

    public mutating func formIntersection(_ other: TaskBits) {
        words.withUnsafeMutableBufferPointer { a in
            other.words.withUnsafeBufferPointer { b in for i in a.indices { a[i] &= b[i] } }
        }
    }

    public mutating func formUnion(_ other: TaskBits) {
        words.withUnsafeMutableBufferPointer { a in
            other.words.withUnsafeBufferPointer { b in for i in a.indices { a[i] |= b[i] } }
        }
    }

    public mutating func invert() {
        words.withUnsafeMutableBufferPointer { a in for i in a.indices { a[i] = ~a[i] } }
        clearTail()
    }

    /// Calls `body` with each set row, in order.
    public func forEachSet(_ body: (Int) -> Void) {
        for (w, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                body(w << 6 | rest.trailingZeroBitCount)
                rest &= rest &- 1
            }
        }
    }

    /// A bit put in at `row` (`0...count`): the rows from it on move up one, as an index's
    /// rows do when a task is added there. One pass over the words, no task looked at.
    public mutating func insert(_ value: Bool, at row: Int) {
        precondition(row >= 0 && row <= count, "row out of range")
        count += 1
        if words.count < (count + 63) >> 6 { words.append(0) }
        let w0 = row >> 6, b = UInt64(row & 63)
        words.withUnsafeMutableBufferPointer { w in
            // From the last word down: each takes the top bit of the one below it.
            var i = w.count - 1
            while i > w0 {
                w[i] = w[i] << 1 | w[i - 1] >> 63
                i -= 1
            }
            let low: UInt64 = (1 << b) &- 1
            let word = w[w0]
            w[w0] = word & low | (word & ~low) << 1 | (value ? 1 << b : 0)
        }
        clearTail()
    }

    /// The bit at `row` taken out: the rows after it move down one, as an index's rows do
    /// when a task is removed there.
    public mutating func remove(at row: Int) {
        precondition(row >= 0 && row < count, "row out of range")
        let w0 = row >> 6, b = UInt64(row & 63)
        words.withUnsafeMutableBufferPointer { w in
            let low: UInt64 = (1 << b) &- 1
            let word = w[w0]
            // The bits above `row` down one (none above bit 63), then each word takes the bottom bit of the next.
            let high: UInt64 = b == 63 ? 0 : (word >> (b + 1)) << b
            w[w0] = word & low | high
            for i in w0..<(w.count - 1) {
                w[i] |= w[i + 1] << 63
                w[i + 1] >>= 1
            }
        }
        count -= 1
        if words.count > (count + 63) >> 6 { words.removeLast() }
        clearTail()
    }

    /// The bits past `count` stay clear, so counts and equality hold.
    private mutating func clearTail() {
        let used = count & 63
        if used != 0, !words.isEmpty { words[words.count - 1] &= (1 << UInt64(used)) &- 1 }
    }
}
