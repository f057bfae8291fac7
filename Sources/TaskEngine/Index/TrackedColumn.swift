import Foundation

/// Every task's time entries as one column (`TaskColumns.tracked`): row `i`
/// holds the sessions `bounds[2k], bounds[2k + 1]` for `k` in
/// `starts[i]..<starts[i + 1]` (start and end in seconds since 1970; a running
/// one ends at `running`). Most tasks have none and cost four bytes.
struct TrackedColumn: Sendable {
    static let running = Int64.max

    /// A session is two items: its start and its end.
    var sessions = RaggedColumn<Int64>(stride: 2)

    init() {}

    /// As stored (`CacheColumns`); nil when the starts do not fit the bounds.
    init?(starts: [Int32], bounds: [Int64]) {
        guard let sessions = RaggedColumn(stride: 2, starts: starts, items: bounds) else { return nil }
        self.sessions = sessions
    }

    var starts: [Int32] { sessions.starts }
    var bounds: [Int64] { sessions.items }

    /// A task's sessions as pairs.
    static func pairs(_ t: TaskItem) -> [Int64] {
        var out: [Int64] = []
        out.reserveCapacity(t.timeEntries.count * 2)
        for e in t.timeEntries {
            out.append(Int64(e.start.timeIntervalSince1970))
            out.append(e.end.map { Int64($0.timeIntervalSince1970) } ?? running)
        }
        return out
    }

    mutating func append(_ t: TaskItem) { sessions.append(t.timeEntries.isEmpty ? [] : Self.pairs(t)) }

    mutating func replace(row: Int, with t: TaskItem) {
        guard !sessions.entries(row).isEmpty || !t.timeEntries.isEmpty else { return }
        sessions.replace(row: row, with: Self.pairs(t))
    }

    mutating func insert(row: Int, _ t: TaskItem) { sessions.insert(row: row, Self.pairs(t)) }

    mutating func remove(row: Int) { sessions.remove(row: row) }

    /// Seconds of a row's finished sessions (nil: it has none, only a running one at most),
    /// as `TrackedTime.closedSeconds` counts them.
    static func closedSeconds(_ pairs: UnsafeBufferPointer<Int64>, _ lo: Int, _ hi: Int) -> Int? {
        var sum: Int64 = 0, finished = false
        for k in lo..<hi where pairs[2 * k + 1] != running {
            sum += max(0, pairs[2 * k + 1] - pairs[2 * k])
            finished = true
        }
        return finished ? Int(sum) : nil
    }

    /// Whether any of a row's sessions (a running one reaching on without end) overlaps `from..<to`.
    static func overlaps(_ pairs: UnsafeBufferPointer<Int64>, _ lo: Int, _ hi: Int, from: Int64, to: Int64) -> Bool {
        for k in lo..<hi where pairs[2 * k] < to && pairs[2 * k + 1] > from { return true }
        return false
    }
}

extension ValueTest.TrackedTest {
    /// The test on the sessions `lo..<hi` of `pairs`.
    func matches(_ pairs: UnsafeBufferPointer<Int64>, _ lo: Int, _ hi: Int) -> Bool {
        switch self {
        case .seconds(let test): return test(TrackedColumn.closedSeconds(pairs, lo, hi))
        case .overlaps(let from, let to): return TrackedColumn.overlaps(pairs, lo, hi, from: from, to: to)
        }
    }
}
