/// The one helper that places popups and panels: it picks the rectangle,
/// clears what is under it (wide characters cut by its edges included) and
/// draws the frame with its title.
struct PopupFrame {
    enum Anchor { case center, topRight, full }

    let x: Int, y: Int, width: Int, height: Int

    /// The first and last columns inside the frame, and the inner size.
    var innerX: Int { x + 1 }
    var innerRight: Int { x + width - 1 }
    var innerHeight: Int { max(0, height - 2) }

    static func open(_ screen: inout Screen, width: Int, height: Int, anchor: Anchor = .center, title: String,
                     style: CellStyle = CellStyle(.accent)) -> PopupFrame {
        var r = place(width: width, height: height, anchor: anchor, screenWidth: screen.width, screenHeight: screen.height)
        // An edge of a frame already drawn one cell outside the popup's would
        // show its corners against the popup's (`┐┌┌`): the popup takes it in.
        let frames = screen.layers.filter(\.bordered).map(\.rect)
        if r.x > 0, frames.contains(where: { $0.x == r.x - 1 || $0.maxX == r.x }) { r = Rect(x: r.x - 1, y: r.y, width: r.width + 1, height: r.height) }
        if r.maxX < screen.width, frames.contains(where: { $0.x == r.maxX || $0.maxX - 1 == r.maxX }) { r.width += 1 }
        if r.y > 1, frames.contains(where: { $0.y == r.y - 1 || $0.maxY == r.y }) { r = Rect(x: r.x, y: r.y - 1, width: r.width, height: r.height + 1) }
        if r.maxY < screen.height - 1, frames.contains(where: { $0.y == r.maxY || $0.maxY - 1 == r.maxY }) { r.height += 1 }
        let frame = PopupFrame(x: r.x, y: r.y, width: r.width, height: r.height)
        screen.clear(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        screen.box(x: frame.x, y: frame.y, width: frame.width, height: frame.height, title: title, style: style)
        return frame
    }

    /// The popup's rectangle: never past the screen, between the header line
    /// and the status line. A popup that would leave a single row or a few
    /// columns of the panes beside it takes them too: that sliver would show
    /// the panes' corners against the popup's own (`┌┌`, `│┘`).
    static func place(width: Int, height: Int, anchor: Anchor, screenWidth sw: Int, screenHeight sh: Int) -> Rect {
        let top = 1, bottom = max(top + 2, sh - 1)  // rows top..<bottom are the panes'
        let w = max(2, min(width, sw)), h = max(2, min(height, bottom - top))
        var r: Rect
        switch anchor {
        case .center: r = Rect(x: (sw - w) / 2, y: max(top, (sh - h) / 2), width: w, height: h)
        case .topRight: r = Rect(x: sw - w - 1, y: top, width: w, height: h)
        case .full: r = Rect(x: 0, y: top, width: sw, height: bottom - top)
        }
        // (Up to three columns: a sliver of the panes that narrow shows only their edges.)
        if r.x <= 3 { r = Rect(x: 0, y: r.y, width: r.width + r.x, height: r.height) }
        if sw - r.maxX <= 3 { r.width = sw - r.x }
        if r.y == top + 1 { r = Rect(x: r.x, y: top, width: r.width, height: r.height + 1) }
        if bottom - r.maxY == 1 { r.height += 1 }
        return r
    }

    /// Where a click on this popup lands: screen row → item.
    func hits(_ rows: [Int: Int]) -> PopupHits {
        PopupHits(x: x..<(x + width), y: y..<(y + height), rows: rows)
    }

    /// The first item to show so that `cursor` stays in a window of `rows` items out of `count`.
    static func scroll(cursor: Int, rows: Int, count: Int) -> Int {
        max(0, min(cursor - rows + 1, count - rows))
    }

    /// `↑` / `↓` in the right edge when there is more above or below.
    /// (Drawn on the frame's right edge, which the clip of its inside leaves out.)
    func drawScrollMarks(_ screen: inout Screen, more above: Bool, below: Bool) {
        let inside = screen.clip
        defer { screen.clip = inside }
        screen.clip = Rect(x: x, y: y, width: width, height: height).intersection(Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        if above { screen.put("↑", x: x + width - 1, y: y + 1, style: CellStyle(.dim)) }
        if below { screen.put("↓", x: x + width - 1, y: y + height - 2, style: CellStyle(.dim)) }
    }
}
