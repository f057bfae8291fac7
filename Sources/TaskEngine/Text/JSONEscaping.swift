extension JSONText {
    /// Appends `s` as a JSON string: quotes, backslashes and controls escaped
    /// as JSON requires and, for output a terminal may show (`hidingInvisible`),
    /// everything `VisibleText` hides (C1 controls, bidi, zero-width and tag
    /// characters) as `\uXXXX`, so a title can never act on the reader's terminal.
    public static func appendString(_ s: String, to out: inout String, hidingInvisible: Bool = true) {
        out += "\""
        var plain = true
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C || (hidingInvisible && b >= 0x7F) { plain = false; break }
        if plain {
            out += s
            return out += "\""
        }
        func hex(_ v: UInt32) {
            let h = String(v, radix: 16)
            out += "\\u" + String(repeating: "0", count: max(0, 4 - h.count)) + h
        }
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = u.value
                if v < 0x20 || (hidingInvisible && VisibleText.mustEscape(v, keepNewlines: true)) {
                    if v > 0xFFFF {
                        hex(0xD800 + ((v - 0x10000) >> 10))
                        hex(0xDC00 + ((v - 0x10000) & 0x3FF))
                    } else {
                        hex(v)
                    }
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }

    /// The same, at the end of bytes: text with nothing to escape is copied
    /// as it is (writing a list as `String`s spent most of its time appending).
    public static func appendString(_ s: String, to out: inout [UInt8], hidingInvisible: Bool = true) {
        var s = s
        let copied = s.withUTF8 { u -> Bool in
            for b in u where b < 0x20 || b == 0x22 || b == 0x5C || (hidingInvisible && b >= 0x7F) { return false }
            out.append(0x22)
            out.append(contentsOf: u)
            out.append(0x22)
            return true
        }
        guard !copied else { return }
        var text = ""
        appendString(s, to: &text, hidingInvisible: hidingInvisible)
        out.append(contentsOf: text.utf8)
    }
}
