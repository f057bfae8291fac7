import CNcurses
import Foundation

/// The only code that talks to ncurses: it starts and ends the full-screen
/// mode, draws a `Screen` of cells and reads keys.
public final class NcursesBackend {
    private var pairs: [CellStyle.Role: Int16] = [:]

    public init() {
        setlocale(LC_ALL, "")  // before initscr, or wide characters vanish
        initscr()
        cbreak()
        noecho()
        keypad(todomd_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        if has_colors() && ProcessInfo.processInfo.environment["NO_COLOR"] == nil {
            start_color()
            use_default_colors()
            let table: [(CellStyle.Role, Int16, Int16)] = [
                (.header, Int16(COLOR_WHITE), Int16(COLOR_BLUE)),
                (.dim, Int16(COLOR_CYAN), -1), (.accent, Int16(COLOR_YELLOW), -1),
                (.selected, Int16(COLOR_BLACK), Int16(COLOR_CYAN)), (.warning, Int16(COLOR_RED), -1),
                (.done, Int16(COLOR_GREEN), -1), (.overdue, Int16(COLOR_RED), -1),
            ]
            for (i, (role, fg, bg)) in table.enumerated() {
                init_pair(Int16(i + 1), fg, bg)
                pairs[role] = Int16(i + 1)
            }
        }
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
                var attrs = cell.style.bold ? todomd_a_bold() : todomd_a_normal()
                let pair = pairs[cell.style.role] ?? 0
                if pairs.isEmpty && cell.style.role == .selected { attrs |= todomd_a_reverse() }
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
