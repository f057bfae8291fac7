// (glibc's `stdout` is a C global Swift 6 cannot prove constant; the C runtime sets it once before main.)
@preconcurrency import Glibc
import Foundation
import TaskEngine

// Every line the CLI prints passes through here, so vault content (titles,
// bodies, file names, perspective names, error text quoting them) never
// sends a control character to the terminal: `VisibleText` shows it instead.
// This `print` shadows the standard one for the whole module.

func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    let out = VisibleText.escape(text) + VisibleText.escape(terminator)
    fputs(out, stdout)
}

/// One line on stderr, `todomd: ` first, its vault text made visible.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("todomd: " + VisibleText.escape(message, keepNewlines: false) + "\n").utf8))
}
