/// What a cell shows when the terminal's locale cannot draw anything but
/// ASCII: borders and common symbols as their nearest ASCII look-alike,
/// everything else as `?`, one column each, so the screen stays aligned.
public enum ASCIIGlyphs {
    static let map: [String: String] = [
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
        "○": "o", "▶": ">", "✓": "x", "✗": "X", "◌": ".", "⚑": "F", "⊘": "B", "★": "*", "≡": "=", "…": "~", "·": "-",
        "▸": ">", "▹": "+", "▾": "v", "▲": "^", "⇉": "=", "‹": "<", "↑": "^", "↓": "v", "←": "<", "→": ">", "⚠": "!", "•": "*", "●": "*", "›": ">", "▏": "|", "⏱": ">",
    ]

    public static func fallback(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value < 0x80 }) { return text }
        return map[text] ?? "?"
    }
}
