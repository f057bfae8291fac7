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

/// A grid of cells that views draw into; the ncurses backend or a test reads it.
public struct Screen: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// Writes `text` from column `x`, clipped at `maxX` (exclusive, default the
    /// right edge). A wide character that does not fit is replaced by a space.
    /// Returns the column after the last one written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .normal, maxX: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let limit = min(maxX ?? width, width)
        var col = x
        for raw in text {
            guard let ch = DisplayWidth.safe(raw) else { continue }
            let w = DisplayWidth.of(ch)
            if w == 0 { continue }
            if col + w > limit {
                if col < limit { self[col, y] = Cell(text: " ", style: style) }
                return limit
            }
            if col >= 0 {
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
        guard y >= 0, y < height else { return }
        for col in max(0, x)..<min(maxX ?? width, width) { self[col, y].style = style }
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
