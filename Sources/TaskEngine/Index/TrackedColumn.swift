import Foundation

/// Every task's time entries as one column (`TaskColumns.tracked`): row `i`
/// holds the sessions `bounds[2k], bounds[2k + 1]` for `k` in
/// `starts[i]..<starts[i + 1]` (start and end in seconds since 1970; a running
/// one ends at `running`). Most tasks have none and cost four bytes.
struct TrackedColumn: Sendable {
    static let running = Int64.max

    var starts: [Int32] = [0]
    var bounds: [Int64] = []

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

    mutating func append(_ t: TaskItem) {
        if !t.timeEntries.isEmpty { bounds += Self.pairs(t) }
        starts.append(Int32(bounds.count / 2))
    }

    mutating func replace(row: Int, with t: TaskItem) {
        let lo = Int(starts[row]), hi = Int(starts[row + 1])
        guard hi > lo || !t.timeEntries.isEmpty else { return }
        let new = Self.pairs(t)
        bounds.replaceSubrange(2 * lo..<2 * hi, with: new)
        shift(after: row, by: new.count / 2 - (hi - lo))
    }

    mutating func insert(row: Int, _ t: TaskItem) {
        let new = Self.pairs(t)
        let at = Int(starts[row])
        bounds.insert(contentsOf: new, at: 2 * at)
        starts.insert(Int32(at), at: row)
        shift(after: row, by: new.count / 2)
    }

    mutating func remove(row: Int) {
        let lo = Int(starts[row]), hi = Int(starts[row + 1])
        bounds.removeSubrange(2 * lo..<2 * hi)
        starts.remove(at: row)
        shift(after: row - 1, by: lo - hi)
    }

    private mutating func shift(after row: Int, by delta: Int) {
        guard delta != 0 else { return }
        let d = Int32(delta)
        for i in (row + 1)..<starts.count { starts[i] += d }
    }

    /// Seconds of a row's finished sessions (nil: it has none at all).
    static func closedSeconds(_ pairs: UnsafeBufferPointer<Int64>, _ lo: Int, _ hi: Int) -> Int? {
        guard hi > lo else { return nil }
        var sum: Int64 = 0
        for k in lo..<hi where pairs[2 * k + 1] != running { sum += max(0, pairs[2 * k + 1] - pairs[2 * k]) }
        return Int(sum)
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
