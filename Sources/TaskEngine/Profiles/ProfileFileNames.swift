import Foundation

/// File names for new (and renamed) tasks in another tool's style: the
/// title itself where the title is the file name (TaskNotes), `task-N -
/// Title.md` with the next number in Backlog.md, named as Backlog.md names it.
extension VaultProfile {
    /// A title as a file name: characters no file system or Obsidian allows
    /// (`/ \ : * ? " < > | # ^ [ ]`) become spaces; at most 120 characters
    /// and at most `FileNameLength.stemBytes` bytes (cut at a character).
    public static func titleFileStem(_ title: String) -> String {
        let banned = Set("/\\:*?\"<>|#^[]")
        var stem = String(title.map { banned.contains($0) || $0.isNewline ? " " : $0 })
        while stem.contains("  ") { stem = stem.replacingOccurrences(of: "  ", with: " ") }
        stem = stem.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        if stem.count > 120 { stem = String(stem.prefix(120)).trimmingCharacters(in: .whitespaces) }
        if stem.utf8.count > FileNameLength.stemBytes {
            stem = FileNameLength.prefix(stem, bytes: FileNameLength.stemBytes).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        }
        return stem.isEmpty ? "Untitled" : stem
    }

    /// The title the file name will give back (what is written and checked).
    public func storedTitle(_ title: String) -> String {
        titleFromFilename ? Self.titleFileStem(title) : title
    }

    /// The largest Backlog.md task number counted when numbering a new task.
    public static let maxBacklogNumber = 999_999_999

    /// The highest Backlog.md number in use, and the file holding it: of the
    /// `<prefix>-N` files in its task folders (and the archive, so a number
    /// is never given twice).
    static func highestBacklogNumber(root: String, prefix: String) -> (number: Int, file: String?) {
        var highest = (number: 0, file: String?.none)
        let start = prefix.lowercased() + "-"
        for folder in ["backlog/tasks", "backlog/completed", "backlog/archive/tasks"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            for name in names where name.lowercased().hasPrefix(start) {
                let digits = name.dropFirst(start.count).prefix { $0.isASCII && $0.isNumber }
                // A number past `maxBacklogNumber` (or past 64 bits) is skipped: one more than it would overflow.
                if let n = Int(digits), n <= maxBacklogNumber, n > highest.number { highest = (n, folder + "/" + name) }
            }
        }
        return highest
    }

    /// Backlog.md's file name for a title: what its `sanitizeFilename` makes of it.
    static func backlogFileStem(_ title: String) -> String {
        var out = ""
        for c in title {
            if "<>:\"/\\|?*".contains(c) { out.append("-") }
            else if "'(),!@#$%^&+=[]{};".contains(c) { continue }
            else if c.isWhitespace { out.append("-") }
            else { out.append(c) }
        }
        while out.contains("--") { out = out.replacingOccurrences(of: "--", with: "-") }
        out = String(out.drop { $0 == "-" })
        while out.hasSuffix("-") { out.removeLast() }
        if out.count > 120 { out = String(out.prefix(120)) }
        return out
    }

    /// The id of Backlog.md task number `n`: its prefix in capitals (as
    /// Backlog.md writes ids now), or in small letters where the newest task
    /// has it so (a project begun before it did), zero-padded to `idDigits`.
    func backlogID(_ n: Int, likeFile file: String?, root: String) -> String {
        var number = String(n)
        if idDigits > number.count { number = String(repeating: "0", count: idDigits - number.count) + number }
        var prefix = idPrefix.uppercased()
        if let file, let data = FileManager.default.contents(atPath: root + "/" + file) {
            let text = String(decoding: data.prefix(4096), as: UTF8.self)
            for line in text.split(separator: "\n").prefix(40) where line.hasPrefix("id:") {
                let value = line.dropFirst(3).trimmingCharacters(in: CharacterSet(charactersIn: " '\"\r"))
                if value.hasPrefix(idPrefix.lowercased() + "-") { prefix = idPrefix.lowercased() }
                break
            }
        }
        return prefix + "-" + number
    }

    /// The file name for a new task in `dir`, free of clashes (`exists`), and
    /// the keys to write before the task's own (Backlog.md's `id`).
    func newFileName(for title: String, root: String, exists: (String) -> Bool) -> (name: String, extra: [FrontmatterEdit]) {
        switch kind {
        case .backlog:
            let (highest, file) = Self.highestBacklogNumber(root: root, prefix: idPrefix)
            var n = highest + 1
            let stem = Self.backlogFileStem(title)
            var id = backlogID(n, likeFile: file, root: root)
            // (Backlog.md names the file after the id in small letters.)
            // The `task-N - ` head and `.md` come out of the name's 255 bytes.
            func name(_ id: String) -> String {
                let head = "\(id.lowercased()) - "
                return head + FileNameLength.prefix(stem, bytes: FileNameLength.maxBytes - head.utf8.count - 3) + ".md"
            }
            while exists(name(id)) {
                n += 1
                id = backlogID(n, likeFile: file, root: root)
            }
            return (name(id), [FrontmatterEdit(key: "id", value: .text(id))])
        default:
            guard titleFromFilename else { return (Slug.fileName(for: title, exists: exists), []) }
            let stem = Self.titleFileStem(title)
            if !exists(stem + ".md") { return (stem + ".md", []) }
            // `-2`, not ` 2`: iCloud's conflict copies and Obsidian's duplicates look like that.
            var n = 2
            while exists("\(stem)-\(n).md") { n += 1 }
            return ("\(stem)-\(n).md", [])
        }
    }
}
