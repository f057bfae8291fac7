/// Reordering by keys, as pure functions.
///
/// A task moves up or down by one, or to an edge, inside its state band and
/// group on the visible (filtered, grouped) list; a move past the band's edge
/// stops there. The result is the complete visible order, which becomes the
/// perspective's `manual_order`, so nothing but the moved task changes place.
///
///     let rows = result.rows.map { ManualReorder.Row(id: $0.task.id, band: $0.task.band, group: $0.group.key) }
///     if let move = ManualReorder.move(rows, at: selected, .up) { perspective.applyManualOrder(move.order) }
public enum ManualReorder {
    public enum Direction: Sendable { case up, down, top, bottom }

    public struct Row: Hashable, Sendable {
        public var id: String
        public var band: StateBand
        public var group: String

        public init(id: String, band: StateBand, group: String) {
            self.id = id
            self.band = band
            self.group = group
        }
    }

    /// The new order of ids (each once) and the row the moved task is on now;
    /// nil when `index` is out of range.
    public static func move(_ rows: [Row], at index: Int, _ direction: Direction) -> (order: [String], index: Int)? {
        guard rows.indices.contains(index) else { return nil }
        let band = rows[index].band, group = rows[index].group
        var lo = index, hi = index
        while lo > 0, rows[lo - 1].band == band, rows[lo - 1].group == group { lo -= 1 }
        while hi + 1 < rows.count, rows[hi + 1].band == band, rows[hi + 1].group == group { hi += 1 }
        let target: Int
        switch direction {
        case .up: target = max(lo, index - 1)
        case .down: target = min(hi, index + 1)
        case .top: target = lo
        case .bottom: target = hi
        }
        var moved = rows
        let row = moved.remove(at: index)
        moved.insert(row, at: target)
        var seen = Set<String>()
        return (moved.map(\.id).filter { seen.insert($0).inserted }, target)
    }

    /// Moves one id in a list of ids (custom perspectives in `order`), clamped at the ends.
    public static func move(_ ids: [String], id: String, _ direction: Direction) -> [String] {
        guard let i = ids.firstIndex(of: id) else { return ids }
        var out = ids
        out.remove(at: i)
        let target: Int
        switch direction {
        case .up: target = max(0, i - 1)
        case .down: target = min(out.count, i + 1)
        case .top: target = 0
        case .bottom: target = out.count
        }
        out.insert(id, at: target)
        return out
    }
}

extension Perspective {
    /// Turns the sort into `manual` with `order` as `manual_order`, remembering
    /// the sort to go back to on "Reset Order".
    public mutating func applyManualOrder(_ order: [String]) {
        if sort.sortField != .manual { previousSort = sort }
        sort = SortSpec(field: "manual")
        manualOrder = order
    }

    /// "Reset Order": back to the last non-manual sort (the default, due, when none).
    public mutating func resetOrder() {
        sort = previousSort ?? SortSpec(field: "due")
        previousSort = nil
        manualOrder = nil
    }
}
