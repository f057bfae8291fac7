import Foundation

/// File names for new tasks: a slug of the title plus `.md`
/// ("Café à 9h!" → `cafe-a-9h.md`); letters of any script are kept.
public enum Slug {
    /// At most `maxLength` characters and `FileNameLength.stemBytes` bytes
    /// (a letter with many marks can take hundreds of bytes).
    public static func make(_ title: String, maxLength: Int = 60) -> String {
        let folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var out = ""
        var pendingDash = false
        for ch in folded {
            if ch.isLetter || ch.isNumber {
                let letter = ch.lowercased()
                let dash = pendingDash && !out.isEmpty
                if out.utf8.count + (dash ? 1 : 0) + letter.utf8.count > FileNameLength.stemBytes { break }
                if dash { out.append("-") }
                pendingDash = false
                out += letter
                if out.count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        return out.isEmpty ? "task" : out
    }

    /// `base.md`, else `base-2.md`, `base-3.md`, … : the first name `exists` rejects not.
    public static func fileName(for title: String, exists: (String) -> Bool) -> String {
        let base = make(title)
        if !exists(base + ".md") { return base + ".md" }
        var n = 2
        while exists("\(base)-\(n).md") { n += 1 }
        return "\(base)-\(n).md"
    }
}
