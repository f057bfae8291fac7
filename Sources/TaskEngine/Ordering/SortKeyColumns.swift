/// Every row's sort keys (`TaskSorter.Row`) as columns, for sorting many
/// tasks: a column the sort has no use for (a second or third key, a manual
/// position) stays empty. A sort holds only the keys it uses, a fraction of
/// whole rows, and sorts four-byte positions, so its merge asks for far less
/// room than rows would.
struct SortKeyColumns {
    /// `band << 1 | missing`.
    private var head: [UInt8] = []
    private var k1: [Int64] = []
    private var k2: [Int64] = [], k3: [Int64] = []
    private var manual: [Int32] = []
    private var idRank: [Int32] = []
    private(set) var count = 0

    init(capacity: Int) {
        head.reserveCapacity(capacity)
        k1.reserveCapacity(capacity)
        idRank.reserveCapacity(capacity)
    }

    mutating func append(_ row: TaskSorter.Row) {
        precondition(row.index == Int32(count), "rows are appended in order")
        head.append(UInt8(truncatingIfNeeded: row.band) << 1 | (row.missing ? 1 : 0))
        k1.append(row.k1)
        Self.append(row.k2, to: &k2, none: 0, count: count)
        Self.append(row.k3, to: &k3, none: 0, count: count)
        Self.append(row.manual, to: &manual, none: Int32.max, count: count)
        idRank.append(row.idRank)
        count += 1
    }

    /// Appends `value` to a column kept only once a row has something other than `none`.
    private static func append<T: Equatable>(_ value: T, to column: inout [T], none: T, count: Int) {
        if column.isEmpty {
            guard value != none else { return }
            column = Array(repeating: none, count: count)
        }
        column.append(value)
    }

    /// The positions `0..<count` ordered by `less` over their rows.
    func order(_ less: (TaskSorter.Row, TaskSorter.Row) -> Bool) -> [Int32] {
        var order = Array(0..<Int32(count))
        head.withUnsafeBufferPointer { head in
            k1.withUnsafeBufferPointer { k1 in
                k2.withUnsafeBufferPointer { k2 in
                    k3.withUnsafeBufferPointer { k3 in
                        manual.withUnsafeBufferPointer { manual in
                            idRank.withUnsafeBufferPointer { idRank in
                                func row(_ i: Int32) -> TaskSorter.Row {
                                    let r = Int(i)
                                    return TaskSorter.Row(band: Int8(truncatingIfNeeded: head[r] >> 1), missing: head[r] & 1 != 0, k1: k1[r],
                                                          k2: k2.isEmpty ? 0 : k2[r], k3: k3.isEmpty ? 0 : k3[r],
                                                          manual: manual.isEmpty ? Int32.max : manual[r], idRank: idRank[r], index: i)
                                }
                                order.sort { less(row($0), row($1)) }
                            }
                        }
                    }
                }
            }
        }
        return order
    }
}
