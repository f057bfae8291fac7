/// How a cell looks: a theme role plus emphasis. The backend maps roles to
/// colors; tests ignore them and read text.
public struct CellStyle: Hashable, Sendable {
    public enum Role: Int, Sendable {
        case normal, header, dim, accent, selected, warning, done, overdue
        /// The priority glyphs (`!`, `!!`, `!!!`): blue, orange and red by default.
        case priorityLow, priorityMedium, priorityHigh
    }
    public var role: Role
    public var bold: Bool
    /// A color of its own (xterm-256 index), e.g. a perspective's color.
    public var color: Int?

    public init(_ role: Role = .normal, bold: Bool = false, color: Int? = nil) {
        self.role = role
        self.bold = bold
        self.color = color
    }

    public static let normal = CellStyle()
}

public struct Cell: Hashable, Sendable {
    /// One grapheme, or "" for the right half of a wide character.
    public var text: String
    public var style: CellStyle

    public static let blank = Cell(text: " ", style: .normal)
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public func contains(x cx: Int, y cy: Int) -> Bool { cx >= x && cx < maxX && cy >= y && cy < maxY }

    public func intersection(_ o: Rect) -> Rect {
        let nx = max(x, o.x), ny = max(y, o.y)
        return Rect(x: nx, y: ny, width: min(maxX, o.maxX) - nx, height: min(maxY, o.maxY) - ny)
    }
}

/// A grid of cells that views draw into; the ncurses backend or a test reads it.
public struct Screen: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    /// Where writes land: `put` and `fill` leave every cell outside it as it
    /// is. A frame sets it to its inside, so what is drawn in a frame can never
    /// reach its border, whatever the view's own arithmetic says.
    public internal(set) var clip: Rect

    /// What was drawn as a whole area, in order: frames (with a border) and
    /// cleared rectangles (a popup's, the quick-add bar's). A later layer
    /// covers what an earlier one drew; tests read this to know which border
    /// cells must still hold border glyphs.
    public struct Layer: Hashable, Sendable {
        public var rect: Rect
        public var bordered: Bool
    }
    public internal(set) var layers: [Layer] = []
    /// Rows at the foot of the screen no popup covers: the status line, and a
    /// reminder's banner above it while one shows (a form open over it leaves it in view).
    public internal(set) var footRows = 1

    /// Where each part's focused item starts, as drawn (`markFocus`).
    public internal(set) var focusPoints: [FocusArea: FocusPoint] = [:]
    /// The point the terminal's cursor goes to after this frame: the focused
    /// part's, as the mode chooses (nil: nothing focused, the cursor hidden).
    public internal(set) var focus: FocusPoint?
    /// Where typing goes in each part, when a text field there has the caret (`markFocus(typing:)`).
    public internal(set) var caretPoints: [FocusArea: FocusPoint] = [:]
    /// The focused part's caret: where the cursor goes without the screen-reader setting.
    public internal(set) var caret: FocusPoint?

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
        clip = Rect(x: 0, y: 0, width: self.width, height: self.height)
    }

    /// Runs `draw` and then puts the clip back as it was, so a frame's inside
    /// never outlives the drawing of that frame.
    mutating func keepingClip(_ draw: (inout Screen) -> Void) {
        let saved = clip
        draw(&self)
        clip = saved
    }

    /// Writes `text` from column `x`, clipped at `maxX` (exclusive, default the
    /// right edge). A wide character that does not fit is replaced by a space.
    /// Returns the column after the last one written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .normal, maxX: Int? = nil) -> Int {
        guard y >= clip.y, y < clip.maxY else { return x }
        let limit = min(maxX ?? width, clip.maxX)
        var col = x
        for raw in text {
            guard let ch = DisplayWidth.safe(raw) else { continue }
            let w = DisplayWidth.of(ch)
            if w == 0 { continue }
            if col + w > limit {
                if col < limit, col >= clip.x { self[col, y] = Cell(text: " ", style: style) }
                return limit
            }
            if col < clip.x, col + w > clip.x {
                // A wide character cut by the clip's left edge: its visible half is a blank.
                self[clip.x, y] = Cell(text: " ", style: style)
            } else if col >= clip.x {
                unsplit(col, y)
                if w == 2 { unsplit(col + 1, y) }
                self[col, y] = Cell(text: String(ch), style: style)
                if w == 2 { self[col + 1, y] = Cell(text: "", style: style) }
            }
            col += w
        }
        return col
    }

    /// Before a cell is overwritten: if it is one half of a wide character,
    /// the other half becomes a blank, so a popup's edge drawn across a CJK
    /// character never leaves half a glyph behind.
    mutating func unsplit(_ x: Int, _ y: Int) {
        guard x >= 0, x < width else { return }
        if self[x, y].text.isEmpty, x > 0 {
            self[x - 1, y] = Cell(text: " ", style: self[x - 1, y].style)
        } else if x + 1 < width, self[x + 1, y].text.isEmpty, DisplayWidth.of(self[x, y].text) == 2 {
            self[x + 1, y] = Cell(text: " ", style: self[x + 1, y].style)
        }
    }

    /// Paints `style` over a whole row from `x` to the right edge (or `maxX`).
    public mutating func fill(y: Int, from x: Int = 0, to maxX: Int? = nil, style: CellStyle) {
        guard y >= clip.y, y < clip.maxY else { return }
        let end = min(maxX ?? width, clip.maxX), start = max(clip.x, x)
        guard start < end else { return }
        for col in start..<end { self[col, y].style = style }
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// The screen as text, one string per row, trailing blanks kept.
    public var lines: [String] {
        (0..<height).map { y in (0..<width).map { self[$0, y].text }.joined() }
    }

    public var text: String { lines.joined(separator: "\n") }
}
