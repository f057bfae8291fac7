import TaskEngine

/// What a task key did, in words ("Flagged Call Anna", "Priority high: Call
/// Anna"), for the status line in the screen-reader mode: a screen reader
/// reads that line, where the list only changes a glyph or a colour.
enum SpokenChange {
    /// The words for `before` becoming `after`, or nil when nothing a task key changes differs.
    static func of(_ before: TaskItem, _ after: TaskItem) -> String? {
        var said: [String] = []
        if before.status != after.status || before.displayStatus != after.displayStatus {
            let words = after.displayStatus.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            said.append(words.prefix(1).uppercased() + words.dropFirst())
        }
        if before.priority != after.priority { said.append(after.priority == .none ? "No priority" : "Priority \(after.priority.rawValue)") }
        if before.flagged != after.flagged {
            // (a flag alone reads as one sentence: "Flagged Call Anna")
            let flag = after.flagged ? "Flagged" : "Unflagged"
            if said.isEmpty { return flag + " " + after.title }
            said.append(flag.lowercased())
        }
        return said.isEmpty ? nil : said.joined(separator: ", ") + ": " + after.title
    }
}
