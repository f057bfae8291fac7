import TaskEngine

/// Terminal column widths, computed in Swift so the headless screen and the
/// real terminal agree: East Asian wide and emoji = 2, combining marks = 0
/// (they join the previous character), controls = 0.
public enum DisplayWidth {
    public static func of(_ ch: Character) -> Int {
        guard let first = ch.unicodeScalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if ch.unicodeScalars.count == 1 && v < 0x300 { return 1 }  // fast path: Latin
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        if isWide(v) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        if ch.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        return 1
    }

    public static func of(_ s: String) -> Int { s.reduce(0) { $0 + (safe($1).map(of) ?? 0) } }

    /// The character as the screen draws it, or nil when nothing of it may
    /// reach the terminal: controls, bidirectional controls (which would
    /// reorder the row), zero-width and tag characters (which hide text).
    /// An emoji joined with U+200D is drawn as its first emoji: terminals
    /// disagree on the width of a joined sequence, and a wrong guess shifts
    /// every border to its right.
    public static func safe(_ ch: Character) -> Character? {
        let scalars = ch.unicodeScalars
        if scalars.count == 1, let v = scalars.first?.value, v >= 0x20, v < 0x7F { return ch }  // fast path: ASCII
        var kept = String.UnicodeScalarView()
        for u in scalars {
            if u.value == 0x200D, !kept.isEmpty { break }
            if VisibleText.mustEscape(u.value, keepNewlines: false) || u.value == 0x200D { continue }
            kept.append(u)
        }
        return String(kept).first  // (one grapheme; the first, should removing a scalar ever split it)
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `s` cut to at most `width` columns, with `…` when something was cut.
    public static func truncate(_ s: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(s) <= width { return s }
        var out = ""
        var used = 0
        for ch in s {
            let w = of(ch)
            if used + w > width - 1 { break }
            out.append(ch)
            used += w
        }
        return out + "…"
    }
}
