/// The keys every list-like popup moves by: `j`/`k` or `↓`/`↑`, `g`/`G` or
/// `Home`/`End`, `PgDn`/`PgUp`.
enum ListKeys {
    /// The new position, or nil when `key` is not a move.
    static func step(_ key: Key, index: Int, count: Int, page: Int = 10) -> Int? {
        guard count > 0 else { return nil }
        let target: Int
        switch key {
        case .char("j"), .down: target = index + 1
        case .char("k"), .up: target = index - 1
        case .char("g"), .home: target = 0
        case .char("G"), .end: target = count - 1
        case .pageDown: target = index + max(1, page)
        case .pageUp: target = index - max(1, page)
        default: return nil
        }
        return min(max(0, target), count - 1)
    }
}
