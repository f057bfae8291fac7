/// The one helper that places popups and panels: it picks the rectangle,
/// clears what is under it (wide characters cut by its edges included) and
/// draws the frame with its title.
struct PopupFrame {
    enum Anchor: Equatable { case center, topRight, full }

    let x: Int, y: Int, width: Int, height: Int

    /// The first and last columns inside the frame, and the inner size.
    var innerX: Int { x + 1 }
    var innerRight: Int { x + width - 1 }
    var innerHeight: Int { max(0, height - 2) }

    static func open(_ screen: inout Screen, width: Int, height: Int, anchor: Anchor = .center, title: String,
                     style: CellStyle = CellStyle(.accent)) -> PopupFrame {
        open(&screen, at: place(on: screen, width: width, height: height, anchor: anchor), title: title, style: style)
    }

    /// Where a popup of that size goes over what `screen` holds so far (for a
    /// view whose title depends on the rows it is given).
    static func place(on screen: Screen, width: Int, height: Int, anchor: Anchor = .center) -> Rect {
        place(width: width, height: height, anchor: anchor, screenWidth: screen.width, screenHeight: screen.height,
              panes: screen.layers.filter(\.bordered).map(\.rect), footRows: screen.footRows)
    }

    static func open(_ screen: inout Screen, at r: Rect, title: String, style: CellStyle = CellStyle(.accent)) -> PopupFrame {
        let frame = PopupFrame(x: r.x, y: r.y, width: r.width, height: r.height)
        screen.clear(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        screen.box(x: frame.x, y: frame.y, width: frame.width, height: frame.height, title: title, style: style)
        return frame
    }

    /// Columns of the panes left beside a popup, or between its side and a
    /// pane's edge or corner on its rows, up to which the popup takes them in
    /// (or moves away): a sliver that narrow shows only the panes' edges and
    /// corners against the popup's own (`┌ Pe┌`, `┐───┐`, `││  N┌`).
    static let sliver = 10

    /// The popup's rectangle: never past the screen, between the header line
    /// and the status line (the `footRows` at the foot), and clean against the frames already drawn
    /// (`panes`): its edges never run along a pane's border line, no pane's
    /// corner shows within a sliver of its sides, and it either leaves a
    /// margin of the panes on each side or takes that side whole. Tried in
    /// order: where the anchor puts it, moved sideways a little, shorter by
    /// a row or two; else the whole area of the panes.
    static func place(width: Int, height: Int, anchor: Anchor, screenWidth sw: Int, screenHeight sh: Int, panes: [Rect] = [],
                      footRows: Int = 1) -> Rect {
        let top = 1, bottom = max(top + 2, sh - max(1, footRows))  // rows top..<bottom are the panes'
        let area = bottom - top
        let whole = Rect(x: 0, y: top, width: sw, height: area)
        let w = max(2, min(width, sw)), h = max(2, min(height, area))
        guard anchor != .full else { return whole }
        // (Tried one by one, the first clean one taken: every redraw with a popup open places it.)
        // Narrower than the screen: a margin of rows above and below, and of more than a sliver of columns each side.
        let x0 = anchor == .topRight ? sw - w - sliver - 1 : (sw - w) / 2
        let shifts = [0] + (1...(2 * sliver + 2)).flatMap { [-$0, $0] }
        for margin in [1, 2] {
            let ph = min(h, area - 2 * margin)
            guard ph >= min(h, 5) else { continue }
            let y0 = anchor == .topRight ? top + margin : max(top + margin, top + (area - ph) / 2)
            // (Moved up or down a few rows too: a boundary between panes may run just inside its top or bottom.)
            for dy in [0] + (1...6).flatMap({ [-$0, $0] }) {
                let y = y0 + dy
                guard y >= top + margin, y + ph <= bottom - margin else { continue }
                for d in shifts {
                    let x = x0 + d
                    guard x > sliver, sw - (x + w) > sliver else { continue }
                    let r = Rect(x: x, y: y, width: w, height: ph)
                    if clean(r, against: panes) { return r }
                }
            }
        }
        // (As wide as the screen, its sides would run on from the panes' outer edges: then it takes their whole area.)
        return whole
    }

    /// Whether a popup at `r` reads as its own rectangle over frames drawn
    /// at `panes`: no edge of its on a line a pane's edge runs along beyond
    /// it, no pane edge or corner within a sliver of its sides on its rows,
    /// and no pane corner right above or below its edges.
    static func clean(_ r: Rect, against panes: [Rect]) -> Bool {
        let left = r.x, right = r.maxX - 1, topRow = r.y, bottomRow = r.maxY - 1
        for q in panes {
            let qRight = q.maxX - 1, qBottom = q.maxY - 1
            // Horizontal edges on the same row, the pane's reaching past the popup's sides.
            for row in [q.y, qBottom] where (row == topRow || row == bottomRow) && (q.x < left || qRight > right) { return false }
            // Vertical edges in the same column, the pane's reaching past the popup's top or bottom.
            for col in [q.x, qRight] where (col == left || col == right) && (q.y < topRow || qBottom > bottomRow) { return false }
            let overlapsRows = q.y <= bottomRow && qBottom >= topRow
            for col in [q.x, qRight] where overlapsRows {
                // A pane's edge a few columns outside the popup's: a sliver of the pane between them.
                if (1...sliver).contains(left - col) || (1...sliver).contains(col - right) { return false }
            }
            // A pane's edge going on past the popup's top or bottom (or sides) a few cells in from its corners.
            if q.y < topRow || qBottom > bottomRow {
                for col in [q.x, qRight] where left < col && col < right && (col - left <= 3 || right - col <= 3) { return false }
            }
            if q.x < left || qRight > right {
                for row in [q.y, qBottom] where topRow < row && row < bottomRow && (row - topRow <= 2 || bottomRow - row <= 2) { return false }
            }
            for (cx, cy) in [(q.x, q.y), (qRight, q.y), (q.x, qBottom), (qRight, qBottom)] {
                // A corner on the popup's rows, outside it, within a sliver of its sides.
                if (topRow...bottomRow).contains(cy), (1...sliver).contains(left - cx) || (1...sliver).contains(cx - right) { return false }
                // A corner right above or below the popup's edge.
                if (cy == topRow - 1 || cy == bottomRow + 1), (left...right).contains(cx) { return false }
            }
        }
        return true
    }

    /// Where a click on this popup lands: screen row → item.
    func hits(_ rows: [Int: Int]) -> PopupHits {
        PopupHits(x: x..<(x + width), y: y..<(y + height), rows: rows)
    }

    /// The first item to show so that `cursor` stays in a window of `rows` items out of `count`.
    static func scroll(cursor: Int, rows: Int, count: Int) -> Int {
        max(0, min(cursor - rows + 1, count - rows))
    }

    /// `↑` / `↓` in the last column inside the right edge when there is more
    /// above or below: nothing is drawn over a border. (Views leave that
    /// column free on the rows the marks take.)
    func drawScrollMarks(_ screen: inout Screen, more above: Bool, below: Bool, glyphs: GlyphSet = .symbols) {
        let inside = screen.clip
        defer { screen.clip = inside }
        screen.clip = Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2).intersection(Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        if above { screen.put(glyphs.text(.moreAbove), x: x + width - 2, y: y + 1, style: CellStyle(.dim)) }
        if below { screen.put(glyphs.text(.moreBelow), x: x + width - 2, y: y + height - 2, style: CellStyle(.dim)) }
    }
}
