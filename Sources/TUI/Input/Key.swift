/// A decoded key press, independent of the terminal library.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case char(Character)
    case ctrl(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case shiftUp, shiftDown
    case enter, escape, tab, backTab, backspace, delete
    case resize

    public var description: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-" + String(c).uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .shiftUp: return "Shift-↑"
        case .shiftDown: return "Shift-↓"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .resize: return "Resize"
        }
    }
}
