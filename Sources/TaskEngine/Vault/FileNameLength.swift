/// The file system's limit on one file name: 255 bytes (ext4, XFS, APFS, and
/// in UTF-8 what most others allow). A name made from a title is cut to fit
/// before anything is written, at a character boundary, so a long title in
/// a script of three- or four-byte characters (CJK, emoji) or with many
/// combining marks gets a shorter name instead of "File name too long" after
/// the file was already written.
public enum FileNameLength {
    /// Bytes in one name, suffixes and `.md` included.
    public static let maxBytes = 255
    /// Room kept for a collision number (` 2` … ` 99999`, `-2` … `-99999`).
    public static let numberRoom = 6
    /// The bytes a title may take as a name's stem: the rest of the 255 is `.md` and a collision number.
    public static let stemBytes = maxBytes - 3 - numberRoom

    /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends on
    /// a character (grapheme) boundary: "" when its first character alone is longer.
    public static func prefix(_ text: String, bytes: Int) -> String {
        if text.utf8.count <= bytes { return text }
        var used = 0
        var end = text.startIndex
        for i in text.indices {
            let next = text.index(after: i)
            let size = text.utf8.distance(from: i, to: next)
            guard used + size <= bytes else { break }
            used += size
            end = next
        }
        return String(text[..<end])
    }
}
