import CNcurses
import Foundation

/// The only code that talks to ncurses: it starts and ends the full-screen
/// mode, draws a `Screen` of cells and reads keys.
public final class NcursesBackend {
    private var pairs: [CellStyle.Role: Int16] = [:]
    private var boldRoles: Set<CellStyle.Role> = []
    private var colorPairs: [RoleStyle: Int16] = [:]
    /// The theme in use (a cell's own colour is drawn against it).
    private var theme = Theme.fallback
    /// False on terminals without color, or when `NO_COLOR` is set: roles are
    /// then drawn with reverse, bold and dim only.
    public let usesColor: Bool

    /// Set when the locale is not UTF-8 and no UTF-8 locale could be used:
    /// every non-ASCII cell is then drawn as ASCII, so columns stay in sync.
    public private(set) var asciiOnly = false
    /// What the status line says about the locale at start, if anything.
    public private(set) var localeNotice: String?

    /// Why the full-screen app cannot start on this terminal, or nil when it can.
    public static func terminalProblem() -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return "the full-screen app needs a terminal, and standard input is not one (use a command: `todomd list`, `todomd --help`)" }
        guard isatty(STDOUT_FILENO) == 1 else { return "the full-screen app needs a terminal, and standard output is not one (use a command: `todomd list`, `todomd --help`)" }
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        switch todomd_check_terminal() {
        case 0: return nil
        case 2: return "the terminal type TERM=\(term.isEmpty ? "(unset)" : term) cannot move the cursor, which the full-screen app needs; set TERM to your terminal's type (e.g. xterm-256color) or use a command such as `todomd list`"
        case 3: return "no terminfo database was found for TERM=\(term); install ncurses-base or set TERM to a known type (e.g. xterm-256color)"
        default: return "unknown terminal type TERM=\(term.isEmpty ? "(unset)" : term); set TERM to a known type (e.g. xterm-256color)"
        }
    }

    public init() {
        setlocale(LC_ALL, "")  // before initscr, or wide characters vanish
        if todomd_locale_is_utf8() == 0 {
            // LC_ALL=C and the like: ncurses would drop every non-ASCII
            // character and the columns would drift. Draw with C.UTF-8 when
            // the system has it, else in ASCII.
            let name = String(cString: setlocale(LC_CTYPE, nil))
            if setlocale(LC_CTYPE, "C.UTF-8") != nil, todomd_locale_is_utf8() != 0 {
                localeNotice = "The locale (\(name)) is not UTF-8: drawing with C.UTF-8. Set LANG to a UTF-8 locale if symbols look wrong."
            } else {
                setlocale(LC_CTYPE, name)
                asciiOnly = true
                localeNotice = "The locale (\(name)) is not UTF-8: symbols are drawn in ASCII. Set LANG to a UTF-8 locale for the full display."
            }
        }
        todomd_save_tty()
        initscr()
        todomd_install_signal_restore()
        cbreak()
        noecho()
        keypad(todomd_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        todomd_bracketed_paste(1)
        usesColor = ColorChoice.usesColor(environment: ProcessInfo.processInfo.environment, terminalHasColors: has_colors())
        if usesColor {
            start_color()
            use_default_colors()
        }
        apply(Theme.fallback)
    }

    /// Colors the roles from `theme`, with the nearest colors the terminal has.
    public func apply(_ theme: Theme) {
        pairs = [:]
        colorPairs = [:]
        self.theme = theme
        boldRoles = Set(theme.styles.filter(\.value.bold).map(\.key))
        guard usesColor else { return }
        let many = todomd_colors() >= 256
        func number(_ c: TermColor) -> Int16 {
            switch many ? c : c.basic {
            case .default: return -1
            case .index(let i): return Int16(i)
            }
        }
        for (i, (role, style)) in theme.styles.sorted(by: { $0.key.rawValue < $1.key.rawValue }).enumerated() {
            init_pair(Int16(i + 1), number(style.fg), number(style.bg))
            pairs[role] = Int16(i + 1)
        }
    }

    /// A pair for a cell's own colors (`CellColors`), made on first use.
    func colorPair(_ colors: RoleStyle) -> Int16 {
        var key = colors
        key.bold = false
        if let p = colorPairs[key] { return p }
        let n = Int16(64 + colorPairs.count)
        guard Int32(n) < todomd_color_pairs() else { return 0 }
        func number(_ c: TermColor) -> Int16 {
            switch todomd_colors() >= 256 ? c : c.basic {
            case .index(let i): return Int16(i)
            case .default: return -1
            }
        }
        init_pair(n, number(colors.fg), number(colors.bg))
        colorPairs[key] = n
        return n
    }

    public var size: (width: Int, height: Int) {
        (Int(todomd_getmaxx(todomd_stdscr())), Int(todomd_getmaxy(todomd_stdscr())))
    }

    /// Whether the terminal's cursor is shown now (`curs_set` is sent only when that changes).
    private var cursorShown = false

    /// Draws `screen`, then places the terminal's cursor on its focus point:
    /// always on a text field's caret, and on any focused item when
    /// `cursorOnFocus` (the screen-reader mode); elsewhere it is hidden.
    public func present(_ screen: Screen, cursorOnFocus: Bool = false) {
        erase()
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let cell = screen[x, y]
                if cell.text.isEmpty {  // right half of a wide character
                    if asciiOnly { _ = todomd_put_cell(Int32(y), Int32(x), [wchar_t(0x3F)], 1, todomd_a_normal(), 0) }
                    continue
                }
                let role = cell.style.role
                var attrs = cell.style.bold || boldRoles.contains(role) ? todomd_a_bold() : todomd_a_normal()
                var pair = pairs[role] ?? 0
                if cell.style.color != nil, usesColor { pair = colorPair(CellColors.of(cell.style, theme: theme)) }
                if !usesColor {
                    switch role {
                    case .selected, .header: attrs |= todomd_a_reverse()
                    case .dim, .done: attrs |= todomd_a_dim()
                    case .warning, .overdue, .priorityHigh: attrs |= todomd_a_bold()
                    default: break
                    }
                }
                var text = asciiOnly ? ASCIIGlyphs.fallback(cell.text) : cell.text
                // (A wide cell is followed by its empty right half; a base and U+FE0F take 4 bytes or more.)
                let plain = text.utf8.count > 3
                    ? TerminalGlyph.textPresentation(text, wide: x + 1 < screen.width && screen[x + 1, y].text.isEmpty) { todomd_wcwidth($0) }
                    : nil
                if let plain { text = plain }
                var chars = text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
                chars.withUnsafeMutableBufferPointer { buf in
                    _ = todomd_put_cell(Int32(y), Int32(x), buf.baseAddress, Int32(buf.count), attrs, pair)
                }
                if plain != nil { _ = todomd_put_cell(Int32(y), Int32(x + 1), [wchar_t(0x20)], 1, attrs, pair) }
            }
        }
        let focus = cursorOnFocus ? screen.focus : screen.caret
        if let focus { wmove(todomd_stdscr(), Int32(focus.y), Int32(focus.x)) }
        if (focus != nil) != cursorShown {
            cursorShown = focus != nil
            curs_set(cursorShown ? 1 : 0)
        }
        refresh()
    }

    public func readKey() -> Key? {
        var ch: wint_t = 0
        let r = todomd_get_wch(&ch)
        if r == todomd_err() { return nil }
        if r == todomd_key_code_yes() { return KeyDecoder.decode(code: Int32(ch)) }
        if ch == 27 { return altKey() }
        return KeyDecoder.decode(char: UInt32(ch))
    }

    /// Alt-x reaches the terminal as Esc then x, both at once: look for a
    /// second key without waiting. Nothing there: a plain Esc.
    func altKey() -> Key {
        var next: wint_t = 0
        timeout(0)
        let r = todomd_get_wch(&next)
        timeout(inputTimeout)
        if r == todomd_err() { return .escape }
        if r == todomd_key_code_yes() {
            // Backspace comes decoded (terminfo's kbs); any other function key
            // after an Esc is a key of its own: both count.
            if KeyDecoder.decode(code: Int32(next)) == .backspace { return .alt("\u{7F}") }
            ungetch(Int32(next))
            return .escape
        }
        if next == 0x5B, let paste = pasteAfterBracket() { return paste }
        return KeyDecoder.alt(char: UInt32(next)) ?? .escape
    }

    /// After Esc `[`: the rest of a bracketed paste's start (`200~`), then
    /// everything up to its end (`Esc [201~`), as one key. Anything else is
    /// put back to be read as keys.
    func pasteAfterBracket() -> Key? {
        var seen: [wint_t] = []
        timeout(0)
        defer { timeout(inputTimeout) }
        for _ in 0..<4 {
            var c: wint_t = 0
            guard todomd_get_wch(&c) == todomd_ok() else { break }
            seen.append(c)
        }
        guard seen == [0x32, 0x30, 0x30, 0x7E] else {
            for c in seen.reversed() { unget_wch(wchar_t(c)) }
            return nil
        }
        // The pasted text arrives at once; a short wait covers a slow link.
        timeout(200)
        var text: [Character] = []
        let end: [Character] = ["\u{1B}", "[", "2", "0", "1", "~"]
        while text.count < 1_000_000 {
            var c: wint_t = 0
            let r = todomd_get_wch(&c)
            guard r != todomd_err() else { break }
            if r == todomd_key_code_yes() {
                if KeyDecoder.decode(code: Int32(c)) == .enter { text.append("\n") }
                continue
            }
            guard let scalar = Unicode.Scalar(UInt32(c)) else { continue }
            text.append(Character(scalar))
            if text.count >= end.count, Array(text.suffix(end.count)) == end {
                text.removeLast(end.count)
                break
            }
        }
        return .paste(String(text))
    }

    public func end() {
        todomd_bracketed_paste(0)
        endwin()
    }

    public func enableMouse() { todomd_enable_mouse() }

    /// The terminal's bell (BEL; a terminal without one flashes).
    public func bell() { beep() }

    /// `readKey` returns nil after `ms` milliseconds without a key.
    public func setInputTimeout(_ ms: Int32) {
        inputTimeout = ms
        timeout(ms)
    }

    private var inputTimeout: Int32 = -1

    /// `readKey`, waking by `instant` too when it comes before the input timeout.
    public func readKey(wakingBy instant: Date?) -> Key? {
        guard let instant else { return readKey() }
        // (Rounded up, and a millisecond on: woken a hair early, the look would find nothing yet.)
        let ms = Int32(clamping: max(0, Int((instant.timeIntervalSinceNow * 1000).rounded(.up)) + 1))
        guard inputTimeout < 0 || ms < inputTimeout else { return readKey() }
        timeout(ms)
        defer { timeout(inputTimeout) }
        return readKey()
    }

    /// Sleeps until a key, input on one of `descriptors` (the vault watcher's), or
    /// `deadline`, without waking before: an idle app takes no CPU. The key ncurses
    /// already holds (a burst of typing read at once) is taken first: the terminal's
    /// descriptor is not readable for it. A resize interrupts the sleep (SIGWINCH).
    public func waitForKey(until deadline: Date, orInputOn descriptors: [Int32]) -> Key? {
        timeout(0)
        defer { timeout(inputTimeout) }
        if let key = readKey() { return key }
        var fds = ([STDIN_FILENO] + descriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // (Rounded up, and a millisecond on: woken a hair early, the look would find nothing yet.)
        let ms = Int32(clamping: max(0, Int((deadline.timeIntervalSinceNow * 1000).rounded(.up)) + 1))
        _ = poll(&fds, nfds_t(fds.count), ms)
        return readKey()
    }

    /// Leaves full-screen mode, runs `command` in the terminal, and comes back.
    public func runSuspended(_ command: [String]) -> Int32 {
        def_prog_mode()
        todomd_bracketed_paste(0)
        endwin()
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let status = system(quoted)
        reset_prog_mode()
        todomd_bracketed_paste(1)
        curs_set(cursorShown ? 1 : 0)  // (endwin showed it for the command)
        refresh()
        return status == -1 ? -1 : (status >> 8) & 0xFF
    }
}
