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
    /// A checklist item in a task's notes, done or not.
    case checked, unchecked
    /// An item of a list in a task's notes.
    case bullet
    /// The value in use now among a menu's or a picker's choices (the sort menu's
    /// sort): not the `marked` of a task row.
    case current
    /// A sort's direction.
    case ascending, descending
    /// Before a reminder that came due.
    case reminder
    /// Either side of a value changed by left and right (a form's choice, a setting);
    /// the Forecast strip's days scrolled off either end.
    case previous, next
    /// A popup's column that has more above or below (one cell).
    case moreAbove, moreBelow
    /// A group of the list folded or open. (Folded is `▹`, not the cursor's `▸`: a folded header under
    /// the cursor reads `▸▹`, and a folded one elsewhere is never taken for the focus.)
    case folded, unfolded
    /// What a link or a line resolves to (`[[call]] → Call Anna`, quick add's preview).
    case leadsTo
    /// Before what is typed in a one-line field (`Add ›`, a picker's filter).
    case prompt
    /// A sync conflict's line only in the original.
    case removedLine
    /// Before the title of the pane that has the focus (the sidebar, the list or the detail pane).
    case focusedPane
}

/// The symbol and the word of each mark.
enum GlyphTable {
    static let symbols: [GlyphMark: String] = [
        .status(.todo): "○", .status(.inProgress): "▶", .status(.done): "✓", .status(.cancelled): "✗", .status(.someday): "◌",
        .priority(.none): "", .priority(.low): "!", .priority(.medium): "!!", .priority(.high): "!!!",
        .flagged: "⚑", .blocked: "⊘", .repeats: "↻", .marked: "●", .sequential: "⇉", .busy: "▲", .timer: "⏱", .warning: "⚠",
        .checked: "☑", .unchecked: "☐", .bullet: "•", .current: "•", .ascending: "↑", .descending: "↓", .reminder: "⏰",
        .previous: "‹", .next: "›", .moreAbove: "↑", .moreBelow: "↓", .folded: "▹", .unfolded: "▾", .leadsTo: "→", .prompt: "›",
        .removedLine: "−", .focusedPane: "▸",
    ]

    static let words: [GlyphMark: String] = [
        .status(.todo): "[todo]", .status(.inProgress): "[active]", .status(.done): "[done]", .status(.cancelled): "[cancelled]",
        .status(.someday): "[someday]",
        .priority(.none): "", .priority(.low): "[low]", .priority(.medium): "[medium]", .priority(.high): "[high]",
        .flagged: "[flagged]", .blocked: "[blocked]", .repeats: "[repeats]", .marked: "[marked]", .sequential: "[in order]",
        .busy: "[busy]", .timer: "[timer]", .warning: "[warning]",
        // (Markdown's own: a reader knows them.)
        .checked: "[x]", .unchecked: "[ ]", .bullet: "-",
        .current: "[current]", .ascending: "ascending", .descending: "descending", .reminder: "[reminder]",
        // (One cell each, where a column or the value's width must stay as it is.)
        .previous: "<", .next: ">", .moreAbove: "^", .moreBelow: "v", .prompt: ">", .removedLine: "-",
        .folded: "[folded]", .unfolded: "[unfolded]", .leadsTo: "=", .focusedPane: "[focus]",
    ]
}

extension GlyphSet {
    /// How `mark` is drawn in this set.
    func text(_ mark: GlyphMark) -> String {
        (self == .words ? GlyphTable.words : GlyphTable.symbols)[mark] ?? ""
    }

    /// A due date's time left: "in 3d", or overdue "2d overdue ⚠" (symbols) or "[overdue 2d]" (words).
    /// `closed`: a done or cancelled task, never overdue: its passed date is said as past ("8d ago").
    func due(_ due: TaskDate, today: Day, nowMinute: Int64?, overdue: Bool, closed: Bool = false) -> String {
        let left = Glyphs.timeLeft(due, today: today, nowMinute: nowMinute, open: !closed)
        guard overdue else { return left }
        guard self == .words else { return left + " " + text(.warning) }
        let suffix = " overdue"
        return "[overdue " + (left.hasSuffix(suffix) ? String(left.dropLast(suffix.count)) : left) + "]"
    }

    /// A narrow row's overdue and flag in words, without the days and shorter (symbols are short already).
    var overdueShort: String { "[overdue]" }
    var flaggedShort: String { "[flag]" }
    /// A sequential project's mark where the sidebar has no room for `[in order]` beside a letter of its name.
    var sequentialShort: String { self == .words ? "[seq]" : text(.sequential) }

    /// A pane's title, led by the focus's mark when the pane has it: which pane keys go to shows in
    /// the characters, not only in its border's colour.
    func paneTitle(_ title: String, focused: Bool) -> String { focused ? text(.focusedPane) + " " + title : title }

    /// A sort's direction: `↑` or `ascending`.
    func direction(ascending: Bool) -> String { text(ascending ? .ascending : .descending) }

    /// A value changed by left and right: `‹ weekly ›`, `< weekly >` in words (as wide).
    func choice(_ value: String) -> String { text(.previous) + " " + value + " " + text(.next) }

    /// A sentence made elsewhere (a rule's description, a picker's option, an overlay's
    /// line) with its symbols as words: the arrow of what it resolves to, a warning's
    /// and a repeat's sign. The same text in symbols.
    func spelled(_ sentence: String) -> String {
        guard self == .words, sentence.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return sentence }
        var out = sentence
        for mark in [GlyphMark.leadsTo, .warning, .repeats] {
            out = out.replacingOccurrences(of: GlyphTable.symbols[mark] ?? "", with: GlyphTable.words[mark] ?? "")
        }
        return out
    }

    /// A perspective's icon and a space before its name; nothing in words (the name says it).
    func iconLead(_ name: String?) -> String { self == .words ? "" : Glyphs.icon(name) + " " }
}
