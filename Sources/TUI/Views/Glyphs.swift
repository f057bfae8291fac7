import TaskEngine

/// Text symbols for states, priorities and perspective icons. Meaning is
/// always carried by a glyph or a word, never by color alone.
public enum Glyphs {
    /// (The symbols of `GlyphTable`; a screen in the words set asks `GlyphSet.text`.)
    public static func status(_ s: TaskStatus) -> String { GlyphSet.symbols.text(.status(s)) }

    /// On a task row that waits for a task not done (and the `blocked` rule's glyph in the editor).
    public static var blocked: String { GlyphSet.symbols.text(.blocked) }
    /// Before a running timer's elapsed time (on its task's row and in the status line).
    public static var timer: String { GlyphSet.symbols.text(.timer) }
    /// After a sequential project's name in the sidebar (its tasks are done one after another).
    public static var sequential: String { GlyphSet.symbols.text(.sequential) }

    public static func priority(_ p: Priority) -> String { GlyphSet.symbols.text(.priority(p)) }

    public static func priorityRole(_ p: Priority) -> CellStyle.Role {
        switch p {
        case .high: return .priorityHigh
        case .medium: return .priorityMedium
        default: return .priorityLow
        }
    }

    /// Curated SF Symbols names drawn as terminal glyphs, each one different
    /// and not one of a look-alike family (boxes, suns, zigzags, bars): only
    /// the built-in Inbox (▤) and Upcoming (▦) are boxes. Single-width, but for
    /// ☕ and ⚡, which take two cells wherever they are drawn.
    static let icons: [String: String] = [
        "tray": "▤", "star": "★", "calendar": "▦", "flag": "⚑", "moon": "☾", "checkmark.circle": "✔",
        "briefcase": "⌘", "bolt": "↯", "list.bullet": "≡", "house": "⌂", "person": "☺", "book": "ℬ",
        "cart": "⊎", "heart": "♥", "clock": "◷", "bell": "◬", "tag": "◈", "folder": "▭", "envelope": "✉",
        "phone": "☎", "sun.max": "☀", "leaf": "❦", "hammer": "⚒", "music.note": "♪", "airplane": "✈",
        "bolt.fill": "⚡", "bookmark": "⌑", "paperplane": "➢", "pencil": "✎", "scissors": "✂", "lightbulb": "⍜",
        "cloud": "☁", "umbrella": "☂", "snowflake": "❄", "flame": "♨", "globe": "◍", "map": "▚", "car": "◘",
        "bicycle": "⚲", "cup.and.saucer": "☕", "gift": "⌸", "graduationcap": "♔", "dollarsign.circle": "$",
        "creditcard": "¢", "chart.bar": "▟", "doc": "⁋", "doc.text": "≣", "tray.full": "☷", "archivebox": "⌓",
        "checkmark.square": "☑", "xmark.circle": "⊗", "exclamationmark.triangle": "⚠", "questionmark.circle": "?",
        "wrench": "⚙", "key": "⚷", "lock": "⚿", "person.2": "⚇", "figure.walk": "⚶", "pawprint": "⁂",
    ]

    public static func icon(_ name: String?) -> String { icons[name ?? Perspective.defaultIcon] ?? "•" }

    public static func bandTitle(_ b: StateBand) -> String { b.title.uppercased() }

    /// A due date: with a time today and the clock known, the hours left
    /// ("in 3h", "in 40m", "2h overdue"); otherwise as `timeLeft(_:today:)`.
    /// `open`: false for a done or cancelled task, whose passed date is said as past ("2h ago"), never overdue.
    public static func timeLeft(_ due: TaskDate, today: Day, nowMinute: Int64?, open: Bool = true) -> String {
        guard due.hasTime, due.day == today, let now = nowMinute else { return timeLeft(due.day, today: today, open: open) }
        let minutes = due.sortKey / 60 - now
        let amount = abs(minutes) < 60 ? "\(abs(minutes))m" : "\(abs(minutes) / 60)h"
        return minutes >= 0 ? "in " + amount : amount + (open ? " overdue" : " ago")
    }

    /// Whether a due date has passed: "10h overdue" is as overdue as "1d overdue".
    public static func isOverdue(_ due: TaskDate, today: Day, nowMinute: Int64?) -> Bool {
        due.hasPassed(today: today, nowMinute: nowMinute)
    }

    /// "today", "tomorrow", "in 3d", "2d overdue" ("2d ago" for a task no longer `open`).
    public static func timeLeft(_ day: Day, today: Day, open: Bool = true) -> String {
        let n = day.ordinal - today.ordinal
        switch n {
        case 0: return "today"
        case 1: return "tomorrow"
        case let n where n > 1: return "in \(n)d"
        default: return "\(-n)d " + (open ? "overdue" : "ago")
        }
    }
}
