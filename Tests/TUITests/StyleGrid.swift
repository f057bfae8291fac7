@testable import TUI

/// A screen with its cells' styles, for snapshots that show what is
/// selected, dimmed or coloured (as ratatui's buffer tests do): each row of
/// text is followed by a row of one letter per cell naming its style.
enum StyleGrid {
    /// The letters, each a role; a capital is the same role in bold; `#` is a colour of the cell's own.
    static let legend = "styles: . normal  h header  d dim  a accent  s selected  w warning  x done  o overdue  "
        + "1 2 3 priority low, medium, high  # own colour  (capital: bold)"

    static func letter(_ style: CellStyle) -> Character {
        if style.color != nil { return "#" }
        let letter: Character
        switch style.role {
        case .normal: letter = "."
        case .header: letter = "h"
        case .dim: letter = "d"
        case .accent: letter = "a"
        case .selected: letter = "s"
        case .warning: letter = "w"
        case .done: letter = "x"
        case .overdue: letter = "o"
        case .priorityLow: letter = "1"
        case .priorityMedium: letter = "2"
        case .priorityHigh: letter = "3"
        }
        return style.bold ? Character(letter.uppercased()) : letter
    }

    /// The legend, then each row's text and its styles (the right half of a
    /// wide character takes the left half's letter, so both rows keep the
    /// screen's columns); trailing spaces and trailing plain cells cut.
    static func text(_ screen: Screen) -> String {
        var out = [legend]
        for (y, line) in screen.lines.enumerated() {
            out.append(String(line.reversed().drop { $0 == " " }.reversed()))
            var styles = ""
            for x in 0..<screen.width {
                let cell = screen[x, y]
                styles.append(cell.text.isEmpty && x > 0 ? letter(screen[x - 1, y].style) : letter(cell.style))
            }
            out.append(String(styles.reversed().drop { $0 == "." }.reversed()))
        }
        return out.joined(separator: "\n") + "\n"
    }
}
