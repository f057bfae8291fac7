/// One line of editable text with a cursor, and the keys people expect from
/// a terminal line editor (readline's): `←`/`→`, `Home`/`End`, `Ctrl-A`/`Ctrl-E`,
/// `Ctrl-B`/`Ctrl-F`, word moves with `Alt-b`/`Alt-f`; `Backspace`, `Delete`,
/// `Ctrl-D`, `Ctrl-U` (to the start), `Ctrl-K` (to the end), `Ctrl-W` and
/// `Alt-Backspace` (the word before the cursor). Pure: the form and other
/// prompts keep one per field and draw it with `visible(width:)`.
///
///     var f = TextField("due fri")
///     _ = f.apply(.deleteWordBack)   // "due "
public struct TextField: Hashable, Sendable {
    public private(set) var text: [Character]
    /// Characters before the cursor.
    public private(set) var cursor: Int

    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = Array(text)
        self.cursor = min(max(0, cursor ?? self.text.count), self.text.count)
    }

    public var string: String { String(text) }
    /// The cursor is after the last character (where typing appends).
    public var isAtEnd: Bool { cursor == text.count }

    public enum Outcome: Equatable { case edited, moved }

    /// A line-editing command; the keymap's `text` context binds keys to them.
    public enum Edit: String, Hashable, Sendable, CaseIterable {
        case left, right, home, end, wordLeft, wordRight
        case backspace, delete, deleteToStart, deleteToEnd, deleteWordBack, deleteWordForward
    }

    /// The readline keys for each command (the default keymap's `text` context).
    public static let defaultKeys: [(Edit, [Key])] = [
        (.left, [.left, .ctrl("b")]), (.right, [.right, .ctrl("f")]), (.home, [.home, .ctrl("a")]), (.end, [.end, .ctrl("e")]),
        (.wordLeft, [.alt("b")]), (.wordRight, [.alt("f")]), (.backspace, [.backspace, .ctrl("h")]), (.delete, [.delete, .ctrl("d")]),
        (.deleteToStart, [.ctrl("u")]), (.deleteToEnd, [.ctrl("k")]), (.deleteWordBack, [.ctrl("w"), .alt("\u{7F}")]),
        (.deleteWordForward, [.alt("d")]),
    ]

    public mutating func apply(_ edit: Edit) -> Outcome {
        switch edit {
        case .left: return move(to: cursor - 1)
        case .right: return move(to: cursor + 1)
        case .home: return move(to: 0)
        case .end: return move(to: text.count)
        case .wordLeft: return move(to: wordStart(before: cursor))
        case .wordRight: return move(to: wordEnd(after: cursor))
        case .backspace: return delete(cursor - 1..<cursor)
        case .delete: return delete(cursor..<cursor + 1)
        case .deleteToStart: return delete(0..<cursor)
        case .deleteToEnd: return delete(cursor..<text.count)
        case .deleteWordBack: return delete(wordStart(before: cursor)..<cursor)
        case .deleteWordForward: return delete(cursor..<wordEnd(after: cursor))
        }
    }

    /// Typed or pasted text, at the cursor (line breaks become spaces).
    public mutating func insert(_ s: String) {
        let chars = s.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }
        text.insert(contentsOf: chars, at: cursor)
        cursor += chars.count
    }

    mutating func move(to position: Int) -> Outcome {
        let p = min(max(0, position), text.count)
        guard p != cursor else { return .moved }
        cursor = p
        return .moved
    }

    mutating func delete(_ range: Range<Int>) -> Outcome {
        let r = max(0, range.lowerBound)..<min(text.count, range.upperBound)
        guard !r.isEmpty else { return .moved }
        text.removeSubrange(r)
        if cursor > r.lowerBound { cursor = max(r.lowerBound, cursor - r.count) }
        return .edited
    }

    static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    func wordStart(before p: Int) -> Int {
        var i = p
        while i > 0, !Self.isWord(text[i - 1]) { i -= 1 }
        while i > 0, Self.isWord(text[i - 1]) { i -= 1 }
        return i
    }

    func wordEnd(after p: Int) -> Int {
        var i = p
        while i < text.count, !Self.isWord(text[i]) { i += 1 }
        while i < text.count, Self.isWord(text[i]) { i += 1 }
        return i
    }

    /// The text with a thin caret at the cursor, scrolled horizontally to fit
    /// `width` columns with the caret in view: one-line prompts.
    public func withCaret(width: Int = .max) -> String {
        let range = window(width: max(2, min(width, 100_000) - 1))
        var shown = Array(text[range])
        shown.insert("▏", at: cursor - range.lowerBound)
        return String(shown)
    }

    /// What fits in `width` columns with the cursor in view (scrolled
    /// horizontally when the text is longer), and the cursor's column in it.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 1 else { return ("", 0) }
        let range = window(width: width)
        let column = text[range.lowerBound..<cursor].reduce(0) { $0 + DisplayWidth.of(String($1)) }
        return (String(text[range]), column)
    }

    /// The characters shown in `width` columns: starting as far left as
    /// possible while the cursor (plus one cell for it) still fits.
    func window(width: Int) -> Range<Int> {
        let widths = text.map { DisplayWidth.of(String($0)) }
        var start = 0
        var used = widths[0..<cursor].reduce(0, +)
        while used + 1 > width, start < cursor {
            used -= widths[start]
            start += 1
        }
        var end = start
        var col = 0
        while end < text.count, col + widths[end] <= width {
            col += widths[end]
            end += 1
        }
        return start..<max(end, min(cursor, text.count))
    }
}
