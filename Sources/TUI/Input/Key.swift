/// A decoded key press, independent of the terminal library.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case char(Character)
    case ctrl(Character)
    /// A key pressed with Alt (sent by terminals as Esc then the key);
    /// Alt-Backspace is `.alt("\u{7F}")`.
    case alt(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case shiftUp, shiftDown
    case enter, escape, tab, backTab, backspace, delete
    case resize
    /// A function key (`F1` opens help in every mode).
    case function(Int)
    /// Text pasted at once (bracketed paste): inserted whole into a text field.
    case paste(String)
    /// A click (or wheel turn) at a screen cell.
    case click(x: Int, y: Int)
    case wheel(up: Bool, x: Int, y: Int)

    public var description: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-" + String(c).uppercased()
        case .alt("\u{7F}"): return "Alt-Backspace"
        case .alt(let c): return "Alt-" + String(c)
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
        case .function(let n): return "F\(n)"
        case .paste: return "Paste"
        case .click: return "Click"
        case .wheel(let up, _, _): return up ? "Wheel up" : "Wheel down"
        }
    }
}

extension Key {
    /// The key in words for `glyphs: words` ("Up", "Shift-Down"): a screen reader
    /// says an arrow symbol by its Unicode name or not at all.
    public var spelled: String {
        switch self {
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .shiftUp: return "Shift-Up"
        case .shiftDown: return "Shift-Down"
        default: return description
        }
    }

    static let named: [String: Key] = [
        "space": .char(" "), "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab,
        "shift-tab": .backTab, "backtab": .backTab, "backspace": .backspace, "delete": .delete, "up": .up, "down": .down,
        "left": .left, "right": .right, "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp,
        "pgdn": .pageDown, "pagedown": .pageDown, "shift-up": .shiftUp, "shift-down": .shiftDown,
    ]

    /// A key as a config file names it: `a`, `J`, `?`, `space`, `enter`, `ctrl-r`, `shift-up`.
    public init?(name: String) {
        if name.count == 1, let c = name.first { self = .char(c); return }
        let lower = name.lowercased()
        if let k = Key.named[lower] { self = k; return }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let c = lower.last, c.isLetter { self = .ctrl(c); return }
        if lower == "alt-backspace" { self = .alt("\u{7F}"); return }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) { self = .function(n); return }
        if lower.hasPrefix("alt-"), name.count == 5, let c = name.last { self = .alt(c); return }
        return nil
    }
}
