import TaskEngine

/// The icon picker as a grid of the curated glyphs: typing searches their
/// names, the arrows move, and the name of the icon under the cursor (and
/// the perspective's current one) is spelled out below. In words the grid
/// keeps its icons (they are what is chosen) and all else is words: the
/// search's `>`, the name line without the glyph, the scroll marks `^`/`v`.
enum IconGridView {
    static let columns = 12
    static let cellWidth = 4
    static let narrowCellWidth = 3

    static func render(_ p: Picker, glyphs: GlyphSet = .symbols, into screen: inout Screen) -> PopupHits {
        let shown = p.visible
        let rows = max(1, (shown.count + columns - 1) / columns)
        let f = PopupFrame.open(&screen, width: columns * cellWidth + 6, height: rows + 6, title: p.title)
        // The grid takes every row the frame has (it may have been given more or fewer than asked);
        // while icons are hidden it takes the spacer row above the name too.
        let visibleRows = max(1, f.height - 6 >= rows ? rows : f.height - 5)
        let x = f.innerX + 1, right = f.innerRight - 1
        // Where twelve cells of four columns do not fit (a frame under 54 columns), cells of three, so no icon is hidden.
        let cellWidth = right - x >= columns * Self.cellWidth ? Self.cellWidth : Self.narrowCellWidth
        let typed = p.typed.isEmpty ? "type a name to search" : p.typedField.withCaret(width: right - x - 2)
        screen.put(glyphs.text(.prompt) + " " + typed, x: x, y: f.y + 1, style: CellStyle(p.typed.isEmpty ? .dim : .normal), maxX: right)
        // Where typing goes (the search's caret, the terminal's cursor without the screen-reader setting, as in every
        // text field); the icon under the cursor is the screen reader's focus.
        screen.markFocus(.popup, x: x + 2 + (p.typed.isEmpty ? 0 : p.typedField.visible(width: right - x - 2).cursorColumn), y: f.y + 1, typing: true)
        let cursorRow = p.cursor / columns
        let first = PopupFrame.scroll(cursor: cursorRow, rows: visibleRows, count: rows)
        var hits: [Int: Int] = [:]
        for row in first..<min(rows, first + visibleRows) {
            let y = f.y + 2 + row - first
            hits[y] = row * columns
            for col in 0..<columns {
                let i = row * columns + col
                guard shown.indices.contains(i) else { break }
                let name = p.options[shown[i]].label
                let chosen = p.chosen.contains(shown[i])
                // The current icon is bracketed, the cursor's reversed.
                let glyph = Glyphs.icon(name)
                // (In a narrow cell a wide glyph takes the place of its closing bracket.)
                let narrowWide = cellWidth < Self.cellWidth && DisplayWidth.of(glyph) > 1
                // The cursor's cell starts with ▸ (not reverse video alone) unless it is the current icon, which
                // keeps its brackets: the name line below says which icon the cursor is on and which is current.
                let open = chosen ? "[" : i == p.cursor ? "▸" : " "
                let cell = open + glyph + (narrowWide ? "" : chosen ? "]" : " ")
                let style = i == p.cursor ? CellStyle(.selected, bold: true) : CellStyle(chosen ? .accent : .normal)
                screen.put(cell, x: x + col * cellWidth, y: y, style: style, maxX: right)
                if i == p.cursor { screen.markFocus(.popup, x: x + col * cellWidth + 1, y: y, keepsCaret: true) }  // (on the glyph, after its bracket)
            }
        }
        if shown.isEmpty {
            screen.put("No icon is called “\(p.typed)”.", x: x, y: f.y + 2, style: CellStyle(.warning), maxX: right)
            screen.markFocus(.popup, x: x, y: f.y + 2, keepsCaret: true)
        }
        let name = shown.indices.contains(p.cursor) ? p.options[shown[p.cursor]].label : ""
        let current = p.chosen.first.map { p.options[$0].label }.map { " · now: \($0)" } ?? ""
        let icon = glyphs == .words ? "" : Glyphs.icon(name) + "  "
        screen.put(DisplayWidth.truncate(name.isEmpty ? "" : "\(icon)\(name)\(current)", to: right - x), x: x,
                   y: f.y + f.height - 3, style: CellStyle(.accent, bold: true), maxX: right)
        f.drawScrollMarks(&screen, more: first > 0, below: first + visibleRows < rows, glyphs: glyphs)
        return f.hits(hits)
    }
}
