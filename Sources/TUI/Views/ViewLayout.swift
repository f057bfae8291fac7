/// What drawing measured, kept apart from the app state (as ratatui's
/// `ListState` is): scroll offsets, pane sizes, and where things were drawn
/// so a click can be turned into an action. Rendering may update it; the
/// reducer never sees it.
public struct ViewLayout: Sendable {
    /// The terminal is below the minimum size: only resize, quit and help act.
    public var screenTooSmall = false
    public var sidebarWidth = 0
    /// Screen row → perspective id.
    public var sidebarHits: [Int: String] = [:]
    /// Screen row → list row.
    public var listHits: [Int: Int] = [:]
    /// The Forecast's strip: its screen row, and each slot's columns with its place in the strip (nil: not shown).
    public var forecastStrip: (y: Int, cells: [(x: Range<Int>, position: Int)])?
    /// The first list row shown, and the perspective it was for.
    public var listScroll = 0
    var scrolledPerspective: String?
    /// Lines the list pane shows (a page).
    public var listHeight = 20
    /// The open popup's box and its clickable rows (screen row → item).
    public var popup: PopupHits?

    public init() {}
}

/// Where a popup was drawn and which item each of its rows shows.
public struct PopupHits: Sendable, Equatable {
    public var x: Range<Int>
    public var y: Range<Int>
    public var rows: [Int: Int]

    public func contains(x cx: Int, y cy: Int) -> Bool { x.contains(cx) && y.contains(cy) }
}
