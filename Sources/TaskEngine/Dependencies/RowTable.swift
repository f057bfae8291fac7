/// Rows of an index by a hash of a text (a file's name, its name in lower case, its
/// Backlog.md id): a flat table of `Int32` rows instead of a dictionary of strings, so a
/// vault of 100,000 tasks costs about 1.5 MB and no string is copied. A hash gives
/// candidates; the caller compares their texts. Rows move when tasks are added or removed
/// (`remap`), in one pass over the table, with no hashing again.
struct RowTable {
    /// A row, or (negative) `-1 - k` for the rows of `shared[k]`: several files of one name.
    private var slots: [Int: Int32] = [:]
    private var shared: [[Int32]] = []

    init(capacity: Int = 0) { slots.reserveCapacity(capacity) }

    /// The rows kept under `hash` (candidates: their texts may differ).
    func rows(_ hash: Int) -> [Int] {
        guard let v = slots[hash] else { return [] }
        return v >= 0 ? [Int(v)] : shared[Int(-1 - v)].map(Int.init)
    }

    mutating func insert(_ hash: Int, _ row: Int) {
        let r = Int32(row)
        guard let v = slots[hash] else { slots[hash] = r; return }
        if v >= 0 {
            shared.append(v < r ? [v, r] : [r, v])
            slots[hash] = Int32(-shared.count)
        } else {
            let k = Int(-1 - v)
            shared[k].insert(r, at: shared[k].firstIndex { $0 > r } ?? shared[k].count)
        }
    }

    mutating func remove(_ hash: Int, _ row: Int) {
        let r = Int32(row)
        guard let v = slots[hash] else { return }
        if v >= 0 {
            if v == r { slots[hash] = nil }
            return
        }
        let k = Int(-1 - v)
        shared[k].removeAll { $0 == r }
        // (A shared list left with one row keeps its slot: the rows it gives are the same.)
        if shared[k].isEmpty { slots[hash] = nil }
    }

    /// Every row moved by `map` (old row → new row; the rows removed must be taken out first).
    mutating func remap(_ map: RowMap) {
        for i in slots.values.indices {
            let v = slots.values[i]
            if v >= 0 { slots.values[i] = Int32(map.new(Int(v))!) }
        }
        for k in shared.indices { shared[k] = shared[k].map { Int32(map.new(Int($0))!) } }
    }
}

/// Old rows to new rows after tasks were inserted and removed, from the edits in the order
/// they were made (`TaskIndex.edit`): nil for a row removed.
struct RowMap {
    enum Edit: Hashable, Sendable {
        case insert(Int)
        case remove(Int)
    }

    /// By old row: its new row, or -1 when removed.
    private let table: [Int32]
    /// The new rows that were inserted, and the old rows removed.
    let inserted: [Int]
    let removed: [Int]

    init(oldCount: Int, edits: [Edit]) {
        // Where each row of the result came from (-1: inserted), as the edits were made.
        var from = (0..<Int32(oldCount)).map { $0 }
        for e in edits {
            switch e {
            case .insert(let r): from.insert(-1, at: r)
            case .remove(let r): from.remove(at: r)
            }
        }
        var table = [Int32](repeating: -1, count: oldCount)
        var inserted: [Int] = []
        for (new, old) in from.enumerated() {
            if old >= 0 { table[Int(old)] = Int32(new) } else { inserted.append(new) }
        }
        self.table = table
        self.inserted = inserted
        removed = table.indices.filter { table[$0] < 0 }
    }

    /// How many rows there were.
    var count: Int { table.count }

    func new(_ old: Int) -> Int? {
        let n = table[old]
        return n >= 0 ? Int(n) : nil
    }
}
