/// The rows of a later index generation against the rows a dependency graph was built in,
/// after tasks that no dependency touches were inserted and removed (`DependencyMemo`): the
/// graph keeps its storage and translates each row asked for, in O(log k) for k edits, instead
/// of renumbering (copying) every edge, waiter and state past the first row that moved.
/// Only a few edits are kept (`maxEdits`): past them the graph is patched for real.
struct RowShift: Sendable {
    /// Past this many rows inserted and removed, the graph is renumbered (`DependencyGraph.patched`).
    static let maxEdits = 64

    /// The edits in the order they were made, from the stored rows (a `RowMap` of them and later edits patches the graph).
    private(set) var edits: [RowMap.Edit] = []
    /// The stored rows removed, ascending.
    private var removed: [Int] = []
    /// The rows inserted (current rows), ascending, and their task ids.
    private var inserted: [Int] = []
    private(set) var insertedIDs: [String] = []

    var isEmpty: Bool { edits.isEmpty }

    /// How many rows there are now, of `stored` stored rows.
    func count(stored: Int) -> Int { stored - removed.count + inserted.count }

    /// The first place in ascending `list` whose value is not below `x`.
    private static func lowerBound(_ list: [Int], _ x: Int) -> Int {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// How many gaps of ascending `list` come before the `kept`-th row that is not in it
    /// (`list[j] - j` is how many such rows come before `list[j]`, and it never decreases).
    private static func gaps(_ list: [Int], before kept: Int) -> Int {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] - mid <= kept { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The current row of stored row `s`, nil when it was removed.
    func current(_ s: Int) -> Int? { edits.isEmpty ? s : Self.translate(s, leaving: removed, entering: inserted) }

    /// The stored row of current row `c`, nil when it was inserted since.
    func stored(_ c: Int) -> Int? { edits.isEmpty ? c : Self.translate(c, leaving: inserted, entering: removed) }

    /// Row `r` on one side (its rows `leaving` are gone on the other) as the other side numbers it
    /// (whose own rows `entering` this side lacks); nil when `r` is one of `leaving`.
    private static func translate(_ r: Int, leaving: [Int], entering: [Int]) -> Int? {
        let p = lowerBound(leaving, r)
        if p < leaving.count && leaving[p] == r { return nil }
        let kept = r - p
        return kept + gaps(entering, before: kept)
    }

    /// The id of current row `c` when it was inserted since.
    func insertedID(_ c: Int) -> String? {
        let p = Self.lowerBound(inserted, c)
        return p < inserted.count && inserted[p] == c ? insertedIDs[p] : nil
    }

    /// With one more edit (in the current rows). For a removal, the stored row removed (nil when
    /// the row removed was itself inserted since, or for an insertion).
    @discardableResult
    mutating func apply(_ edit: RowMap.Edit) -> Int? {
        edits.append(edit)
        switch edit {
        case .insert(let r):
            let p = Self.lowerBound(inserted, r)
            for j in p..<inserted.count { inserted[j] += 1 }
            inserted.insert(r, at: p)
            insertedIDs.insert("", at: p)
            return nil
        case .remove(let r):
            let p = Self.lowerBound(inserted, r)
            if p < inserted.count && inserted[p] == r {
                inserted.remove(at: p)
                insertedIDs.remove(at: p)
                for j in p..<inserted.count { inserted[j] -= 1 }
                return nil
            }
            let kept = r - p
            let s = kept + Self.gaps(removed, before: kept)
            removed.insert(s, at: Self.lowerBound(removed, s))
            for j in p..<inserted.count { inserted[j] -= 1 }
            return s
        }
    }

    /// The inserted rows' ids, read from the current generation's tasks.
    mutating func nameInserted(_ id: (Int) -> String) {
        for j in inserted.indices { insertedIDs[j] = id(inserted[j]) }
    }
}
