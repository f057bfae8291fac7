import TaskEngine

/// How the screen marks states: with symbols (`○`, `⚑`, `!!!`) or with words
/// (`[todo]`, `[flagged]`, `[high]`), config.yaml's `glyphs`. Words are for a
/// screen reader or braille display, which would spell a symbol out by its
/// Unicode name or not at all, and for anyone who has not learnt the symbols.
/// (The terminal's ASCII fallback, `ASCIIGlyphs`, is another matter: it keeps
/// each symbol one cell wide for a locale that cannot draw it.)
public enum GlyphSet: String, CaseIterable, Sendable {
    case symbols, words

    /// config.yaml's `glyphs` as written: the set, or the default and why the value was not taken.
    static func configured(_ value: String?) -> (GlyphSet, String?) {
        guard let value else { return (.symbols, nil) }
        if let set = GlyphSet(rawValue: value.trimmingCharacters(in: .whitespaces).lowercased()) { return (set, nil) }
        return (.symbols, "glyphs must be \(allCases.map(\.rawValue).joined(separator: " or ")), not '\(value.prefix(40))'; using symbols")
    }
}

/// One state the screen marks. Each has a symbol and a word (`GlyphTable`);
/// a new mark is a case here and a line in each table.
enum GlyphMark: Hashable, Sendable {
    case status(TaskStatus)
    case priority(Priority)
    case flagged, blocked, repeats, marked
    /// After a sequential project's name in the sidebar.
    case sequential
    /// A Forecast day with more tasks than `forecast_busy`.
    case busy
    /// Before a running timer's elapsed time (its task's row, the status line).
    case timer
    /// Something the app could not do or read (a skipped rule, a sync conflict).
    case warning
}

/// The symbol and the word of each mark.
enum GlyphTable {
    static let symbols: [GlyphMark: String] = [
        .status(.todo): "○", .status(.inProgress): "▶", .status(.done): "✓", .status(.cancelled): "✗", .status(.someday): "◌",
        .priority(.none): "", .priority(.low): "!", .priority(.medium): "!!", .priority(.high): "!!!",
        .flagged: "⚑", .blocked: "⊘", .repeats: "↻", .marked: "●", .sequential: "⇉", .busy: "▲", .timer: "⏱", .warning: "⚠",
    ]

    static let words: [GlyphMark: String] = [
        .status(.todo): "[todo]", .status(.inProgress): "[active]", .status(.done): "[done]", .status(.cancelled): "[cancelled]",
        .status(.someday): "[someday]",
        .priority(.none): "", .priority(.low): "[low]", .priority(.medium): "[medium]", .priority(.high): "[high]",
        .flagged: "[flagged]", .blocked: "[blocked]", .repeats: "[repeats]", .marked: "[marked]", .sequential: "[in order]",
        .busy: "[busy]", .timer: "[timer]", .warning: "[warning]",
    ]
}

extension GlyphSet {
    /// How `mark` is drawn in this set.
    func text(_ mark: GlyphMark) -> String {
        (self == .words ? GlyphTable.words : GlyphTable.symbols)[mark] ?? ""
    }

    /// A due date's time left: "in 3d", or overdue "2d overdue ⚠" (symbols) or "[overdue 2d]" (words).
    func due(_ due: TaskDate, today: Day, nowMinute: Int64?, overdue: Bool) -> String {
        let left = Glyphs.timeLeft(due, today: today, nowMinute: nowMinute)
        guard overdue else { return left }
        guard self == .words else { return left + " " + text(.warning) }
        let suffix = " overdue"
        return "[overdue " + (left.hasSuffix(suffix) ? String(left.dropLast(suffix.count)) : left) + "]"
    }

    /// A perspective's icon and a space before its name; nothing in words (the name says it).
    func iconLead(_ name: String?) -> String { self == .words ? "" : Glyphs.icon(name) + " " }
}
