/// Text from the vault made safe to print on a terminal: control characters
/// are shown, never sent. A title holding `ESC ] 0 ; … BEL` would otherwise
/// rename the terminal's window, `ESC ] 52` write the clipboard, `ESC [2J`
/// clear the screen; a right-to-left override would reorder what follows it.
///
///     VisibleText.escape("a\u{1B}]0;pwned\u{07}b")  // "a\e]0;pwned^Gb"
///     VisibleText.escape("evil\u{202E}txt.md")      // "evil\u{202E}txt.md" (shown as those characters)
public enum VisibleText {
    /// Characters that change how the rest of a line is laid out or hide
    /// text: bidirectional embeddings, overrides and isolates, marks, and
    /// the invisible tag characters.
    public static func isLayoutControl(_ v: UInt32) -> Bool {
        (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
            || (0xE0000...0xE007F).contains(v)
    }

    /// Zero-width characters that can hide text between visible letters
    /// (the joiner U+200D is left alone: emoji sequences need it).
    public static func isZeroWidthFormat(_ v: UInt32) -> Bool {
        v == 0x200B || v == 0x200C || v == 0x2060 || v == 0xFEFF || (0x2061...0x2064).contains(v)
    }

    /// Whether a scalar must not reach the terminal as itself.
    public static func mustEscape(_ v: UInt32, keepNewlines: Bool) -> Bool {
        if v == 0x0A { return !keepNewlines }
        if v == 0x09 { return false }
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || isLayoutControl(v) || isZeroWidthFormat(v)
    }

    /// `\e` for ESC, `^G` for other C0 controls, `\u{9B}` for C1, bidi, zero-width and tag characters.
    public static func escape(_ s: String, keepNewlines: Bool = true) -> String {
        guard s.unicodeScalars.contains(where: { mustEscape($0.value, keepNewlines: keepNewlines) }) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            let v = u.value
            guard mustEscape(v, keepNewlines: keepNewlines) else { out.append(u); continue }
            let shown: String
            switch v {
            case 0x1B: shown = "\\e"
            case 0x0A: shown = "\\n"
            case 0x7F: shown = "^?"
            case 0..<0x20: shown = "^" + String(UnicodeScalar(UInt8(v + 0x40)))
            default: shown = "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            }
            out.append(contentsOf: shown.unicodeScalars)
        }
        return String(out)
    }

    /// JSON text with every character `escape` would show written as a
    /// `\uXXXX` escape (a pair of them above U+FFFF), so the JSON means the
    /// same and prints nothing raw. Applies to the whole document: outside
    /// strings JSON is plain ASCII.
    public static func escapeJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { mustEscape($0.value, keepNewlines: true) }) else { return json }
        var out = String.UnicodeScalarView()
        func hex(_ v: UInt32) -> String {
            let h = String(v, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - h.count)) + h
        }
        for u in json.unicodeScalars {
            let v = u.value
            guard v != 0x0A, v != 0x09, mustEscape(v, keepNewlines: true) else { out.append(u); continue }
            let text = v > 0xFFFF ? hex(0xD800 + ((v - 0x10000) >> 10)) + hex(0xDC00 + ((v - 0x10000) & 0x3FF)) : hex(v)
            out.append(contentsOf: text.unicodeScalars)
        }
        return String(out)
    }
}
