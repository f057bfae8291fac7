import Foundation

/// File names for new (and renamed) tasks in another tool's style: the
/// title itself where the title is the file name (TaskNotes), `task-N -
/// Title.md` with the next number in Backlog.md.
extension VaultProfile {
    /// A title as a file name: characters no file system or Obsidian allows
    /// (`/ \ : * ? " < > | # ^ [ ]`) become spaces; at most 120 characters.
    public static func titleFileStem(_ title: String) -> String {
        let banned = Set("/\\:*?\"<>|#^[]")
        var stem = String(title.map { banned.contains($0) || $0.isNewline ? " " : $0 })
        while stem.contains("  ") { stem = stem.replacingOccurrences(of: "  ", with: " ") }
        stem = stem.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        if stem.count > 120 { stem = String(stem.prefix(120)).trimmingCharacters(in: .whitespaces) }
        return stem.isEmpty ? "Untitled" : stem
    }

    /// The title the file name will give back (what is written and checked).
    public func storedTitle(_ title: String) -> String {
        titleFromFilename ? Self.titleFileStem(title) : title
    }

    /// The next Backlog.md number: one more than any `task-N` in its folders.
    static func nextBacklogNumber(root: String) -> Int {
        var highest = 0
        for folder in ["backlog/tasks", "backlog/completed", "backlog/drafts", "backlog/archive/tasks"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            for name in names where name.lowercased().hasPrefix("task-") {
                let digits = name.dropFirst(5).prefix { $0.isNumber }
                if let n = Int(digits) { highest = max(highest, n) }
            }
        }
        return highest + 1
    }

    /// The file name for a new task in `dir`, free of clashes (`exists`), and
    /// the keys to write before the task's own (Backlog.md's `id`).
    func newFileName(for title: String, root: String, exists: (String) -> Bool) -> (name: String, extra: [FrontmatterEdit]) {
        switch kind {
        case .backlog:
            var n = Self.nextBacklogNumber(root: root)
            let words = Self.titleFileStem(title).replacingOccurrences(of: " ", with: "-")
            while exists("task-\(n) - \(words).md") { n += 1 }
            return ("task-\(n) - \(words).md", [FrontmatterEdit(key: "id", value: .text("task-\(n)"))])
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
