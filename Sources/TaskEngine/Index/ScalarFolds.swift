/// `TextFold.search` for text of ASCII, Latin letters (U+0080–U+02FF), the
/// common punctuation and currency signs, and combining accents after a
/// letter or digit, made byte by byte from a table of each character's fold
/// (asked of Foundation once, as `CharacterFolds` asks it). The finder and the
/// quick filter fold such titles and notes as they read them, instead of
/// keeping a folded copy of each (many notes have an `é`, `à`, `€` or `—`).
/// Any other character (CJK, emoji, joiners, an accent standing
/// alone…) leaves the text to `TextFold.search`.
enum ScalarFolds {
    /// Scalars below this are looked up; any above is left to `TextFold.search`.
    static let limit = 0x2100
    /// An entry: the fold's UTF-8 bytes (up to 6) from bit 8 up and their count in
    /// the low byte (0: an accent folding removes); `accents` set for a letter or
    /// digit, which an accent may follow; `unknown`: a scalar not in the table.
    static let unknown: UInt64 = 0xFF
    static let accents: UInt64 = 1 << 62
    static let table: [UInt64] = build()

    /// The ranges whose characters are looked up (beyond ASCII).
    static let ranges: [ClosedRange<Int>] = [0x80...0x2FF, 0x300...0x36F, 0x2010...0x205E, 0x20A0...0x20C0]

    private static func build() -> [UInt64] {
        var table = [UInt64](repeating: unknown, count: limit)
        let bases: [Character] = ["a", "E", "é", "1", "ø"]
        for v in ranges.joined() {
            guard let s = Unicode.Scalar(v) else { continue }
            switch s.properties.generalCategory {
            case .nonspacingMark:
                // Removed after a letter or a digit whatever it is (checked on a few), else not looked up.
                let removed = bases.allSatisfy { base in
                    CharacterFolds.foundationFold(Character(String(base) + String(s))) == CharacterFolds.foundationFold(base)
                }
                if removed { table[v] = 0 }
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
                 .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
                 .modifierSymbol, .otherSymbol, .spaceSeparator:
                let alone = CharacterFolds.foundationFold(Character(s)), fold = Array(alone.utf8)
                guard (1...6).contains(fold.count) else { continue }
                table[v] = fold.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } << 8 | UInt64(fold.count)
                switch s.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber:
                    // (Not every letter loses an accent: `Ⱥ` + U+0301 folds to `ⱥ́`.)
                    if ["\u{301}", "\u{308}"].allSatisfy({ CharacterFolds.foundationFold(Character(String(s) + $0)) == alone }) {
                        table[v] |= accents
                    }
                default: break
                }
            default:
                continue  // controls, formats, joiners, separators of lines: left to `TextFold.search`
            }
        }
        return table
    }

    /// The fold of `text` (UTF-8) written to `out` (room for `capacity` bytes):
    /// the count of bytes written, or nil when a character is not in the table
    /// (or the fold does not fit).
    static func fold(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        var i = 0, n = 0
        var accentable = false  // whether an accent here follows a letter or digit
        while i < text.count {
            let b = text[i]
            if b < 0x80 {
                guard n < capacity else { return nil }
                out[n] = b &- 0x41 < 26 ? b | 0x20 : b
                n += 1
                i += 1
                accentable = (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10
                continue
            }
            let v: Int, length: Int
            if b & 0xE0 == 0xC0, i + 1 < text.count {
                v = Int(b & 0x1F) << 6 | Int(text[i + 1] & 0x3F)
                length = 2
            } else if b & 0xF0 == 0xE0, i + 2 < text.count {
                v = Int(b & 0x0F) << 12 | Int(text[i + 1] & 0x3F) << 6 | Int(text[i + 2] & 0x3F)
                length = 3
            } else {
                return nil  // beyond the table (emoji…), or cut short
            }
            guard v < limit else { return nil }
            let entry = table[v]
            if entry == unknown { return nil }
            let count = Int(entry & 0xFF)
            if count == 0 {
                guard accentable else { return nil }  // an accent on something else, or alone
            } else {
                guard n + count <= capacity else { return nil }
                var bytes = (entry & ~accents) >> 8
                for k in 0..<count {
                    out[n + k] = UInt8(truncatingIfNeeded: bytes)
                    bytes >>= 8
                }
                n += count
                accentable = entry & accents != 0
            }
            i += length
        }
        return n
    }

    /// The fold of `text`, or nil when it is not made only of what the table knows.
    static func fold(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { all in
            let capacity = all.count * 4 + 8
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room -> String? in
                guard let n = fold(all, into: room.baseAddress!, capacity: capacity) else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: room[0..<n]), as: UTF8.self)
            }
        }
    }
}
