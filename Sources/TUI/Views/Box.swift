extension Screen {
    /// A single-line box with a title in its top edge. What is drawn after it
    /// is clipped to its inside (the caller puts the clip back with
    /// `keepingClip` when the frame is done), so no text lands on its border.
    mutating func box(x: Int, y: Int, width: Int, height: Int, title: String, style: CellStyle) {
        guard width >= 2, height >= 2 else { return }
        defer {
            layers.append(Layer(rect: Rect(x: x, y: y, width: width, height: height), bordered: true))
            clip = clip.intersection(Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2))
        }
        let right = x + width - 1, bottom = y + height - 1
        put("┌" + String(repeating: "─", count: width - 2) + "┐", x: x, y: y, style: style)
        put("└" + String(repeating: "─", count: width - 2) + "┘", x: x, y: bottom, style: style)
        for row in (y + 1)..<bottom {
            put("│", x: x, y: row, style: style)
            put("│", x: right, y: row, style: style)
        }
        if !title.isEmpty { put(" " + DisplayWidth.truncate(title, to: width - 4) + " ", x: x + 1, y: y, style: CellStyle(style.role, bold: true, color: style.color), maxX: right) }
    }

    /// Clears a rectangle to blanks. A wide character cut by its left or
    /// right edge is blanked whole, so no half glyph is left beside it.
    mutating func clear(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        layers.append(Layer(rect: Rect(x: x, y: y, width: width, height: height), bordered: false))
        for row in y..<(y + height) where row >= 0 && row < self.height {
            unsplit(x, row)
            unsplit(x + width - 1, row)
            for col in x..<(x + width) where col >= 0 && col < self.width { self[col, row] = .blank }
        }
    }

    /// Text wrapped at its words over up to `rows` rows of `width` columns;
    /// what does not fit ends in “…”, never cut mid-word at an edge. Returns the rows it took.
    @discardableResult
    mutating func putWrapped(_ text: String, x: Int, y: Int, width: Int, rows: Int, style: CellStyle) -> Int {
        guard width > 0, rows > 0 else { return 0 }
        let lines = Screen.wrapped(text, width: width)
        let cut = lines.count > rows
        for (i, line) in lines.prefix(rows).enumerated() {
            let last = i == rows - 1 && cut
            let shown = last ? DisplayWidth.truncate(line + " " + lines[rows...].joined(separator: " "), to: width) : DisplayWidth.truncate(line, to: width)
            put(shown, x: x, y: y + i, style: style, maxX: x + width)
        }
        return min(rows, lines.count)
    }

    /// `text` broken at its spaces into lines of up to `width` columns (a
    /// word longer than that stays whole on its own line, to be cut with “…”).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= width { lines[lines.count - 1] += " " + word } else { lines.append(word) }
        }
        return lines
    }

    /// Text on the left and right of one row, the left cut to leave room.
    mutating func putRow(left: String, right: String, x: Int, y: Int, width: Int, style: CellStyle) {
        let rightWidth = DisplayWidth.of(right)
        let leftRoom = max(0, width - rightWidth - (right.isEmpty ? 0 : 1))
        put(DisplayWidth.truncate(left, to: leftRoom), x: x, y: y, style: style, maxX: x + leftRoom)
        if !right.isEmpty, rightWidth < width { put(right, x: x + width - rightWidth, y: y, style: style, maxX: x + width) }
    }
}
