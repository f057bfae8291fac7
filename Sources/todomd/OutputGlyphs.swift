// (glibc's locale functions are C globals Swift 6 cannot prove safe; they are called once, on the main thread.)
@preconcurrency import Glibc
import TUI

/// The symbols a command prints beyond plain text (the Forecast's ▲, its bars):
/// as they are where the environment's locale (LC_ALL, LC_CTYPE, LANG) is a
/// UTF-8 one, else as the app's ASCII look-alikes (▲ as ^, a bar as #), so a
/// C or POSIX locale, a log or an old terminal gets no bytes it cannot show.
enum OutputGlyphs {
    static let unicode: Bool = {
        let saved = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
        defer { setlocale(LC_CTYPE, saved) }
        guard setlocale(LC_CTYPE, "") != nil, let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return String(cString: codeset) == "UTF-8"
    }()

    /// `symbol` as the app draws it, or its ASCII look-alike.
    static func symbol(_ symbol: String) -> String { unicode ? symbol : ASCIIGlyphs.fallback(symbol) }

    /// A bar of `n` blocks.
    static func bar(_ n: Int) -> String { String(repeating: unicode ? "█" : "#", count: n) }
}
