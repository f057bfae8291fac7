/// How a list-like popup's cursor moves: one row, to an edge, or a page.
enum ListKeys {
    /// The new position after `move` in a list of `count` rows.
    static func step(_ move: MenuMove, index: Int, count: Int, page: Int = 10) -> Int {
        guard count > 0 else { return 0 }
        let target: Int
        switch move {
        case .down: target = index + 1
        case .up: target = index - 1
        case .first: target = 0
        case .last: target = count - 1
        case .pageDown: target = index + max(1, page)
        case .pageUp: target = index - max(1, page)
        }
        return min(max(0, target), count - 1)
    }
}
