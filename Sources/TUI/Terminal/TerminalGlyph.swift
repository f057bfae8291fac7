/// What is sent to the terminal for one cell, so that the terminal, ncurses
/// and the screen model agree on its width. The model gives a character and
/// U+FE0F (emoji presentation: `☀️`, `❤️`, `1️⃣`) two columns, but ncurses
/// moves its cursor by the C library's `wcwidth` of the base (one column for
/// ☀), and terminals differ: some draw the pair one column wide, some two.
/// Either way the cells after it would land one column off, pushing out a
/// right-aligned count. Such a character is sent in its text presentation
/// (without U+FE0F), which every terminal draws one column wide, and the
/// second column gets a blank of its own.
enum TerminalGlyph {
    /// The text to send instead of `text` (a cell the model draws two columns
    /// wide when `wide`), or nil to send it as it is. `columns` is the
    /// terminal library's width of one scalar (`wcwidth`).
    static func textPresentation(_ text: String, wide: Bool, columns: (UInt32) -> Int32) -> String? {
        let scalars = text.unicodeScalars
        guard wide, let first = scalars.first, scalars.contains("\u{FE0F}"), columns(first.value) < 2 else { return nil }
        return String(String.UnicodeScalarView(scalars.filter { $0 != "\u{FE0F}" }))
    }
}
