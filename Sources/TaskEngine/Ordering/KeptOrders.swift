/// Every task of an index in the order of a sort a perspective uses, kept
/// with the index, so a perspective showing thousands of tasks is put in
/// order by walking this list and keeping the matching rows, not by sorting
/// them again on every key. A changed task is taken out and put back in its
/// place (binary search); the rest stay where they were.
struct KeptOrders {
    struct Key: Hashable {
        var spec: SortSpec
        var manualOrder: [String]?
        var projectOrder: [String]
    }

    private var orders: [Key: [Int32]] = [:]
    /// How often each sort not kept yet was asked for.
    private var asks: [Key: Int] = [:]

    /// Below this many matching tasks, sorting them is cheaper than a walk of every task.
    let smallest: Int
    /// At most this many sorts are kept (each is four bytes a task).
    let limit: Int
    /// A sort is kept from its `keepFrom`-th ask on: a first screen sorts only
    /// what it shows; a perspective asked again (a key in the rule editor, a
    /// change to a task) is worth a sort of every task.
    let keepFrom: Int

    init(smallest: Int = 4_096, limit: Int = 8, keepFrom: Int = 2) {
        self.smallest = smallest
        self.limit = limit
        self.keepFrom = keepFrom
    }

    /// The matching rows in order, or nil when sorting them directly is the better way.
    mutating func ordered(_ bits: TaskBits, by sorter: TaskSorter, tasks: [IndexedTask]) -> [Int32]? {
        let key = Key(spec: sorter.spec, manualOrder: sorter.manualOrder, projectOrder: sorter.projectOrder)
        let population = bits.population
        guard sorter.sortsSubsets, orders[key] != nil || population >= smallest else { return nil }
        if orders[key] == nil {
            asks[key, default: 0] += 1
            guard asks[key]! >= keepFrom else { return nil }
            if orders.count >= limit { orders.removeAll() }
            if asks.count > 4 * limit { asks.removeAll() }
            orders[key] = sorter.order(tasks)
        }
        var out: [Int32] = []
        out.reserveCapacity(population)
        orders[key]!.withUnsafeBufferPointer { order in
            bits.words.withUnsafeBufferPointer { words in
                for row in order where words[Int(row) >> 6] & (1 << UInt64(row & 63)) != 0 { out.append(row) }
            }
        }
        return out
    }

    /// The orders after `edits` (in the order they were applied; `tasks` is the result).
    mutating func apply(_ edits: [IndexEdit], tasks: [IndexedTask]) {
        // Many edits at once (a pull): sorting again when asked is cheaper.
        guard edits.count <= 64 else { return orders.removeAll() }
        for key in Array(orders.keys) {
            // (Taken out of the table while patched: the only reference, so patched in place, not copied.)
            var order = orders.removeValue(forKey: key)!
            let sorter = TaskSorter(spec: key.spec, manualOrder: key.manualOrder, projectOrder: key.projectOrder)
            // Project ranks depend on which projects exist: a change may add one.
            guard sorter.spec.sortField != .projectOrder else { continue }
            Self.patch(&order, edits, tasks: tasks, keys: TaskSorter.SortKeys(sorter, []))
            orders[key] = order
        }
    }

    /// Takes the edited rows out (renumbering the rest as rows come and go),
    /// then puts each back where it now sorts. Rows not edited keep their
    /// relative order, so the list they form stays sorted throughout. A
    /// removed row is taken out and the rows above it renumbered in one pass
    /// (the order is sorted by the tasks, not by row, so the row is found only
    /// by looking, and that look is folded into the renumbering).
    static func patch(_ order: inout [Int32], _ edits: [IndexEdit], tasks: [IndexedTask], keys: TaskSorter.SortKeys) {
        var pending: [Int32] = []
        for edit in edits {
            switch edit {
            case .replace(let row, _):
                let r = Int32(row)
                if let i = order.firstIndex(of: r) { order.remove(at: i) }
                if !pending.contains(r) { pending.append(r) }
            case .insert(let row, _):
                let r = Int32(row)
                order.withUnsafeMutableBufferPointer { o in
                    for i in o.indices where o[i] >= r { o[i] += 1 }
                }
                for i in pending.indices where pending[i] >= r { pending[i] += 1 }
                pending.append(r)
            case .remove(let row):
                let r = Int32(row)
                removing(r, from: &order)
                pending.removeAll { $0 == r }
                for i in pending.indices where pending[i] > r { pending[i] -= 1 }
            }
        }
        for r in pending {
            let t = tasks[Int(r)]
            var lo = 0, hi = order.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if keys.less(tasks[Int(order[mid])], t) { lo = mid + 1 } else { hi = mid }
            }
            order.insert(r, at: lo)
        }
    }

    /// Takes `row` out of `order` (it is there at most once) and lowers
    /// every row above it by one, in one pass.
    private static func removing(_ row: Int32, from order: inout [Int32]) {
        let kept = order.withUnsafeMutableBufferPointer { o -> Int in
            var w = 0
            for i in o.indices {
                let v = o[i]
                if v == row { continue }
                o[w] = v > row ? v - 1 : v
                w += 1
            }
            return w
        }
        if kept < order.count { order.removeLast(order.count - kept) }
    }
}
