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
        let w = max(2, min(width, screen.width - 2)), h = max(2, min(height, screen.height - 2))
        let frame: PopupFrame
        switch anchor {
        case .center: frame = PopupFrame(x: (screen.width - w) / 2, y: max(1, (screen.height - h) / 2), width: w, height: h)
        case .topRight: frame = PopupFrame(x: screen.width - w - 1, y: 1, width: w, height: h)
        case .full: frame = PopupFrame(x: 1, y: 1, width: screen.width - 2, height: screen.height - 2)
        }
        screen.clear(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        screen.box(x: frame.x, y: frame.y, width: frame.width, height: frame.height, title: title, style: style)
        return frame
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
    func drawScrollMarks(_ screen: inout Screen, more above: Bool, below: Bool) {
        if above { screen.put("↑", x: x + width - 1, y: y + 1, style: CellStyle(.dim)) }
        if below { screen.put("↓", x: x + width - 1, y: y + height - 2, style: CellStyle(.dim)) }
    }
}
