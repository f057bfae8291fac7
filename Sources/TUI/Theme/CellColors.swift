/// The colors a cell is drawn in, decided apart from ncurses (the backend
/// asks, tests read the answer).
public enum CellColors {
    /// A cell's role's colors; a cell with a colour of its own (a perspective's)
    /// is drawn in it. A selected one is tinted: its colour behind it, and black or
    /// white on that, whichever reads. (The selected row is also the one with `▸`:
    /// the colour never says it alone.)
    public static func of(_ style: CellStyle, theme: Theme) -> RoleStyle {
        let role = theme.styles[style.role] ?? RoleStyle(fg: .default, bg: .default, bold: false)
        guard let c = style.color else { return role }
        if style.role == .selected { return RoleStyle(fg: .index(readable(on: c)), bg: .index(c), bold: role.bold) }
        return RoleStyle(fg: .index(c), bg: .default, bold: role.bold)
    }

    /// Black (16) on a light colour, white (231) on a dark one (xterm-256 indexes).
    static func readable(on index: Int) -> Int {
        let (r, g, b): (Int, Int, Int)
        if index < 16 {
            // The 16 system colors as xterm draws them: 7 and 9–15 are light.
            let light: Set<Int> = [3, 6, 7, 10, 11, 12, 13, 14, 15]
            return light.contains(index) ? 16 : 231
        }
        (r, g, b) = TermColor.index(index).rgb(index)
        // Perceived lightness (ITU-R BT.601 weights), 0–255.
        return (299 * r + 587 * g + 114 * b) / 1000 >= 128 ? 16 : 231
    }
}
