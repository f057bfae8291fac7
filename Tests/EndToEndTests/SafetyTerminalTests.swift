import Foundation
import XCTest

/// The real binary in a terminal: vault text that tries to drive it, terminal
/// types it cannot use, a C locale, and signals that end it.
final class SafetyTerminalTests: TmuxTestCase {
    func testTheAppShowsPayloadsWithoutObeyingThem() throws {
        // The test means something: the raw payload does retitle a tmux pane.
        let probe = try TmuxSession(command: "printf '\\033]2;PWNED-PROBE\\007'", width: 60, height: 10)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try probe.display("#{pane_title}"), "PWNED-PROBE")

        let vault = TempVault()
        for (i, p) in SafetyEndToEndTests.payloads.enumerated() {
            vault.write("t\(i).md", "---\ntitle: \(SafetyEndToEndTests.yaml("Task \(i) " + p))\narea: \(SafetyEndToEndTests.yaml("A" + p))\ndue: 2026-11-22\n---\nBody \(p)\n")
        }
        vault.write("\u{1B}]2;PWNED-NAME\u{07}.md", "---\ndue: 2026-11-22\n---\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 120, height: 30)
        try s.waitFor("Inbox")
        try s.send("j")
        let screen = try s.waitFor("Today · 12 tasks")
        XCTAssertTrue(screen.contains("Task 0"), screen)
        try s.send(",")  // the detailed density shows body lines too
        try s.send("Escape")
        let title = try s.display("#{pane_title}")
        XCTAssertFalse(title.contains("PWNED"), "the pane title was set by a task: \(title)")
        // Shown as text, not obeyed: the pane holds the words and only color sequences.
        let colored = try s.captureWithEscapes()
        XCTAssertTrue(colored.contains("PWNED-TITLE"), colored)
        XCTAssertFalse(colored.contains("\u{1B}]"), "an OSC sequence is in the pane")
        XCTAssertEqual(colored.components(separatedBy: "\u{1B}[").dropFirst().filter { !$0.hasPrefix("0m") && !$0.contains("m") }.count, 0,
                       "only SGR (color) sequences")
        for u in try s.capture().unicodeScalars {
            XCTAssertFalse((0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value), "a bidi control is on screen")
        }
    }

    func testUnusableTerminalTypesGiveOneLineAndStatusTwo() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: A\n---\n")
        for term in ["dumb", "no-such-terminal-xyz"] {
            let s = try TmuxSession(todomd: vault, today: nil, width: 200, height: 10, env: ["TERM": term], exitLine: true)
            let screen = try s.waitFor("EXITED-")
            XCTAssertTrue(screen.contains("EXITED-2"), screen)
            XCTAssertTrue(screen.contains("todomd: ") && screen.contains("TERM=\(term)"), screen)
        }
    }

    /// The terminal's modes after a signal are those `q` leaves: out of the
    /// alternate screen, mouse reporting off, the cursor shown, and the keypad
    /// and cursor keys back in normal mode (the keypad's `rmkx`).
    func testEverySignalThatEndsTheAppRestoresTheTerminal() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Signal me\n---\n")
        let format = "#{alternate_on} #{mouse_any_flag} #{mouse_standard_flag} #{cursor_flag} #{keypad_flag} #{keypad_cursor_flag}"
        func modes(_ s: TmuxSession) throws -> String { try s.display(format) }
        let quit = try TmuxSession(todomd: vault, today: nil, width: 80, height: 20, exitLine: true)
        try quit.waitFor("Signal me")
        XCTAssertEqual(try modes(quit), "1 1 1 0 1 1", "running: the alternate screen, the mouse, the cursor hidden, the keypad in application mode")
        try quit.send("q")
        try quit.waitFor("EXITED-")
        let afterQuit = try modes(quit)
        XCTAssertEqual(afterQuit, "0 0 0 1 0 0", "after q")
        for signal in ["HUP", "QUIT", "USR1", "PIPE", "TERM", "INT"] {
            let s = try TmuxSession(todomd: vault, today: nil, width: 80, height: 20, exitLine: true)
            try s.waitFor("Signal me")
            XCTAssertEqual(try modes(s), "1 1 1 0 1 1", "before SIG\(signal)")
            XCTAssertEqual(system("pkill -\(signal) -f -- '--vault \(vault.path)$'"), 0)
            try s.waitFor("EXITED-")
            XCTAssertEqual(try modes(s), afterQuit, "after SIG\(signal): the modes q leaves")
        }
    }

    func testACLocaleStaysInSyncAndSaysSo() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: 東京のホテルを予約\ndue: 2026-11-26\n---\n")
        vault.write("b.md", "---\ntitle: Plain\ndue: 2026-11-26\nflagged: true\n---\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 100, height: 20, env: ["LC_ALL": "C", "LANG": "C"])
        var screen = try s.waitFor("not UTF-8")
        try s.send("j", "j")
        screen = try s.waitFor("Upcoming")
        XCTAssertTrue(screen.contains("in 4d"), screen)
        XCTAssertFalse(screen.contains("in 40d"), screen)
        XCTAssertTrue(screen.contains("東京のホテルを予約") || screen.contains("??"), screen)
    }
}
