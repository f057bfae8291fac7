/// A column whose rows hold any number of entries, kept in one flat array:
/// row `i` holds the entries `starts[i]..<starts[i + 1]`, each `stride` items
/// of `items` (entry `k` is `items[stride * k ..< stride * (k + 1)]`). A row
/// with no entries costs its four bytes of `starts` only. Word lists
/// (`TaskColumns.Lists`, one word number an entry) and time entries
/// (`TrackedColumn`, a start and an end an entry) are both such columns.
struct RaggedColumn<Item: Sendable>: Sendable {
    let stride: Int
    private(set) var starts: [Int32] = [0]
    private(set) var items: [Item] = []

    init(stride: Int = 1) {
        precondition(stride > 0)
        self.stride = stride
    }

    /// Rows as stored (`CacheColumns`); nil unless the starts rise from 0 to the last entry of `items`.
    init?(stride: Int = 1, starts: [Int32], items: [Item]) {
        guard stride > 0, starts.first == 0, Int(starts.last!) * stride == items.count,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        (self.stride, self.starts, self.items) = (stride, starts, items)
    }

    /// How many rows.
    var count: Int { starts.count - 1 }

    /// The entries of `row`.
    func entries(_ row: Int) -> Range<Int> { Int(starts[row])..<Int(starts[row + 1]) }

    mutating func reserveRows(_ n: Int) { starts.reserveCapacity(n + 1) }

    /// Adds to the last row, which `endRow` closes (a row built an item at a time, no array made for it).
    mutating func appendItem(_ item: Item) { items.append(item) }

    /// Closes the row that the items appended since the last close make.
    mutating func endRow() {
        assert(items.count % stride == 0)
        starts.append(Int32(items.count / stride))
    }

    /// A new last row of `new` (a whole number of entries).
    mutating func append(_ new: [Item]) {
        if !new.isEmpty { items += new }
        endRow()
    }

    /// Row `row` now holds `new`.
    mutating func replace(row: Int, with new: [Item]) {
        let old = entries(row)
        guard !old.isEmpty || !new.isEmpty else { return }
        items.replaceSubrange(stride * old.lowerBound..<stride * old.upperBound, with: new)
        shift(after: row, by: new.count / stride - old.count)
    }

    /// A new row at `row`; the rows after it move down one.
    mutating func insert(row: Int, _ new: [Item]) {
        let at = Int(starts[row])
        items.insert(contentsOf: new, at: stride * at)
        starts.insert(Int32(at), at: row)
        shift(after: row, by: new.count / stride)
    }

    mutating func remove(row: Int) {
        let old = entries(row)
        items.removeSubrange(stride * old.lowerBound..<stride * old.upperBound)
        starts.remove(at: row)
        shift(after: row - 1, by: -old.count)
    }

    private mutating func shift(after row: Int, by delta: Int) {
        guard delta != 0 else { return }
        let d = Int32(delta)
        for i in (row + 1)..<starts.count { starts[i] += d }
    }
}
