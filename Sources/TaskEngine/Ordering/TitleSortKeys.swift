/// Every task's folded title as UTF-8 bytes in one buffer, for a sort by
/// title: a fraction of the memory of an array of scalars per title (four
/// bytes a scalar, and each array's header and malloc's rounding). UTF-8
/// orders as code points do, byte by byte, and a digit is one byte, so
/// `NaturalOrder` reads the bytes as it would read scalars.
struct TitleSortKeys {
    private var bytes: [UInt8] = []
    /// `ends[i]`: where title `i` ends in `bytes` (it starts where `i - 1` ends).
    private var ends: [Int] = []

    init(_ tasks: [IndexedTask]) {
        ends.reserveCapacity(tasks.count)
        bytes.reserveCapacity(tasks.reduce(0) { $0 + $1.task.title.utf8.count })
        for t in tasks {
            t.withTitleSearch { text, lowering in
                let lowered = FuzzyMatch.Lowered(bytes: text, lowering: lowering)
                for i in 0..<lowered.count { bytes.append(lowered[i]) }
            }
            ends.append(bytes.count)
        }
    }

    /// `NaturalOrder.compare` of titles `a` and `b`.
    func compare(_ a: Int, _ b: Int) -> Int {
        bytes.withUnsafeBufferPointer { all in
            NaturalOrder.compare(UnsafeBufferPointer(rebasing: all[start(a)..<ends[a]]),
                                 UnsafeBufferPointer(rebasing: all[start(b)..<ends[b]]))
        }
    }

    private func start(_ i: Int) -> Int { i == 0 ? 0 : ends[i - 1] }
}
