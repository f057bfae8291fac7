import Foundation

/// The text of a freedesktop.org Trash `.trashinfo` file and the names of
/// trashed files: pure, so every shape is tested without a trash.
public enum TrashInfo {
    /// `[Trash Info]`, the original's absolute path percent-encoded (`/` kept),
    /// and the deletion time in local time without a zone, as the Trash
    /// specification writes them.
    public static func text(path: String, deletedAt date: Date, timeZone: TimeZone = .current) -> String {
        "[Trash Info]\nPath=\(encode(path))\nDeletionDate=\(deletionDate(date, timeZone: timeZone))\n"
    }

    /// A path escaped as the Trash spec asks (a URL's path), byte by byte of
    /// its UTF-8: every byte but RFC 3986's unreserved characters and `/`
    /// becomes `%XX` (as GLib writes it: what every reader decodes).
    public static func encode(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "-_.~/".contains(c) {
                out.append(c)
            } else {
                out += String(format: "%%%02X", b)
            }
        }
        return out
    }

    /// The reverse of `encode` (nil: a `%` not followed by two hex digits, or not UTF-8).
    public static func decode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var u = Array(text.utf8)[...]
        while let b = u.popFirst() {
            if b == 0x25 {
                guard u.count >= 2, let v = UInt8(String(decoding: u.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(v)
                u = u.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `YYYY-MM-DDThh:mm:ss`, local time.
    public static func deletionDate(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// The `n`th name tried for `name` in a trash: the name itself, then
    /// `stem.2.ext`, `stem.3.ext`, … (`separator` " " for Obsidian's `.trash`,
    /// where `stem 2.ext` is how Obsidian names its own).
    public static func candidate(_ name: String, _ n: Int, separator: String = ".") -> String {
        guard n > 1 else { return name }
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        return stem + separator + String(n) + (ext.isEmpty ? "" : "." + ext)
    }
}
