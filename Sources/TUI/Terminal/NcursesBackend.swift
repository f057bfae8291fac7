import CNcurses
import Foundation

/// The only code that talks to ncurses: it starts and ends the full-screen
/// mode, draws a `Screen` of cells and reads keys.
public final class NcursesBackend {
    private var pairs: [CellStyle.Role: Int16] = [:]
    private var boldRoles: Set<CellStyle.Role> = []
    private var colorPairs: [Int: Int16] = [:]
    /// False on terminals without color, or when `NO_COLOR` is set: roles are
    /// then drawn with reverse, bold and dim only.
    public let usesColor: Bool

    public init() {
        setlocale(LC_ALL, "")  // before initscr, or wide characters vanish
        initscr()
        cbreak()
        noecho()
        keypad(todomd_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        usesColor = has_colors() && !noColor
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
        boldRoles = Set(theme.styles.filter(\.value.bold).map(\.key))
        guard usesColor else { return }
        let many = COLORS >= 256
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

    /// A pair for one foreground color on the default background, made on first use.
    func colorPair(_ index: Int) -> Int16 {
        if let p = colorPairs[index] { return p }
        let n = Int16(64 + colorPairs.count)
        guard Int32(n) < COLOR_PAIRS else { return 0 }
        let fg: Int16
        switch COLORS >= 256 ? TermColor.index(index) : TermColor.index(index).basic {
        case .index(let i): fg = Int16(i)
        case .default: fg = -1
        }
        init_pair(n, fg, -1)
        colorPairs[index] = n
        return n
    }

    public var size: (width: Int, height: Int) {
        (Int(todomd_getmaxx(todomd_stdscr())), Int(todomd_getmaxy(todomd_stdscr())))
    }

    public func present(_ screen: Screen) {
        erase()
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let cell = screen[x, y]
                if cell.text.isEmpty { continue }  // right half of a wide character
                let role = cell.style.role
                var attrs = cell.style.bold || boldRoles.contains(role) ? todomd_a_bold() : todomd_a_normal()
                var pair = pairs[role] ?? 0
                if let c = cell.style.color, usesColor, role != .selected { pair = colorPair(c) }
                if !usesColor {
                    switch role {
                    case .selected, .header: attrs |= todomd_a_reverse()
                    case .dim, .done: attrs |= todomd_a_dim()
                    case .warning, .overdue: attrs |= todomd_a_bold()
                    default: break
                    }
                }
                var chars = cell.text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
                chars.withUnsafeMutableBufferPointer { buf in
                    _ = todomd_put_cell(Int32(y), Int32(x), buf.baseAddress, Int32(buf.count), attrs, pair)
                }
            }
        }
        refresh()
    }

    public func readKey() -> Key? {
        var ch: wint_t = 0
        let r = todomd_get_wch(&ch)
        if r == todomd_err() { return nil }
        if r == todomd_key_code_yes() { return KeyDecoder.decode(code: Int32(ch)) }
        return KeyDecoder.decode(char: UInt32(ch))
    }

    public func end() { endwin() }

    public func enableMouse() { todomd_enable_mouse() }

    /// `readKey` returns nil after `ms` milliseconds without a key.
    public func setInputTimeout(_ ms: Int32) { timeout(ms) }

    /// Leaves full-screen mode, runs `command` in the terminal, and comes back.
    public func runSuspended(_ command: [String]) -> Int32 {
        def_prog_mode()
        endwin()
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let status = system(quoted)
        reset_prog_mode()
        refresh()
        return status == -1 ? -1 : (status >> 8) & 0xFF
    }
}
