import Foundation
import XCTest

/// The real binary, from outside: two writers racing, vault text that tries
/// to drive the terminal, no terminal at all, and signals.
final class SafetyEndToEndTests: XCTestCase {
    /// Starts the binary without waiting for it.
    func start(_ args: [String]) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Binary.path)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "todomd-e2e-cache"
        env["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "todomd-e2e-config-race"
        env["XDG_STATE_HOME"] = NSTemporaryDirectory() + "todomd-e2e-state-race"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        return (p, err)
    }

    /// Two `todomd modify` on one file, different fields, at the same moment,
    /// many times: each one that says it succeeded has its change in the file.
    func testTwoModifyProcessesNeverLoseAChange() throws {
        let vault = TempVault()
        var bothSucceeded = 0
        for round in 0..<200 {
            vault.write("t.md", "---\ntitle: Race \(round)\npriority: low\n---\nbody \(round)\n")
            let a = try start(["--vault", vault.path, "modify", "t.md", "--flag"])
            let b = try start(["--vault", vault.path, "modify", "t.md", "--priority", "high"])
            a.0.waitUntilExit()
            b.0.waitUntilExit()
            let text = try XCTUnwrap(vault.text("t.md"))
            if a.0.terminationStatus == 0 { XCTAssertTrue(text.contains("flagged: true"), "round \(round): the flag was lost\n\(text)") }
            if b.0.terminationStatus == 0 { XCTAssertTrue(text.contains("priority: high"), "round \(round): the priority was lost\n\(text)") }
            if a.0.terminationStatus == 0 && b.0.terminationStatus == 0 { bothSucceeded += 1 }
            XCTAssertTrue(text.hasSuffix("---\nbody \(round)\n"), text)
        }
        XCTAssertGreaterThan(bothSucceeded, 150, "a change made meanwhile is re-applied, not refused")
    }

    static let payloads = [
        "\u{1B}]0;PWNED-TITLE\u{07}", "\u{1B}]52;c;cHduZWQ=\u{07}", "\u{1B}[2J", "\u{1B}[31mred", "\u{9B}31m",
        "\u{202E}evil", "\u{2066}iso\u{2069}", "bell\u{07}", "cr\rover", "zero\u{200B}width", "tag\u{E0041}",
    ]

    /// YAML double-quoted text that reads back as `s`.
    static func yaml(_ s: String) -> String {
        "\"" + s.unicodeScalars.map { u -> String in
            if u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value) { return String(format: "\\u%04X", u.value) }
            if u == "\"" || u == "\\" { return "\\" + String(u) }
            return String(u)
        }.joined() + "\""
    }

    func assertNothingRaw(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for u in text.unicodeScalars {
            let v = u.value
            let raw = (v < 0x20 && v != 0x0A && v != 0x09) || v == 0x7F || (0x80...0x9F).contains(v)
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200B || (0xE0000...0xE007F).contains(v)
            if raw { XCTFail("\(what): U+\(String(v, radix: 16, uppercase: true)) reached the terminal", file: file, line: line); return }
        }
    }

    func testNoCommandSendsControlCharactersFromTheVault() throws {
        let vault = TempVault()
        for (i, p) in Self.payloads.enumerated() {
            vault.write("t\(i).md", """
            ---
            title: \(Self.yaml("Task \(i) " + p))
            area: \(Self.yaml("Area " + p))
            project: \(Self.yaml("Proj " + p))
            tags: [\(Self.yaml("tag" + p))]
            due: 2026-11-25
            ---
            Body \(p)
            """)
        }
        vault.write("\u{1B}[2Jname.md", "---\ntitle: From the name\n---\n")
        vault.write("\u{1B}]0;PWNED\u{07}broken.md", "---\ntitle: [unclosed\n---\n")
        vault.write(".perspectives.json", """
        {"version": 1, "perspectives": {"p": {"id": "p", "name": \(Self.yaml("Persp \u{1B}]0;X\u{07}")), "rules": {"operator": "AND", "conditions": [{"field": "title", "op": "string_contains", "value": \(Self.yaml("\u{1B}[2J"))}]}}}}
        """)
        let base = ["--vault", vault.path, "--today", "2026-11-22"]
        let commands: [[String]] = [
            ["list"], ["list", "--json"], ["list", "--perspective", "p"], ["count", "--perspective", "p"], ["show", "t0.md"], ["show", "t5.md"],
            ["problems"], ["perspectives"], ["perspectives", "--json"], ["explain", "--perspective", "p"], ["done", "t1.md"],
            ["modify", "t2.md", "t3.md", "--flag", "--title", "New \u{1B}]0;T\u{07}"], ["show", "\u{1B}[2Jname.md"],
            ["show", "\u{1B}]0;PWNED\u{07}broken.md"], ["modify", "nope\u{1B}[2J.md", "--flag"], ["add", "Added \u{1B}]0;A\u{07}"],
        ]
        for args in commands {
            let out = try Binary.run(base + args)
            XCTAssertFalse(out.stdout.isEmpty && out.stderr.isEmpty, "\(args) printed something")
            assertNothingRaw(out.stdout, "stdout of \(args)")
            assertNothingRaw(out.stderr, "stderr of \(args)")
            if args == ["list", "--json"] {
                let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
                let titles = Set(rows.compactMap { $0["title"] as? String })
                for (i, p) in Self.payloads.enumerated() { XCTAssertTrue(titles.contains("Task \(i) " + p), "JSON keeps the exact text of \(i)") }
            }
        }
        let listed = try Binary.run(base + ["list"])
        XCTAssertTrue(listed.stdout.contains("Task 0 \\e]0;PWNED-TITLE^G"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("\\u{202E}evil"), listed.stdout)
    }

    func testTheAppShowsPayloadsWithoutObeyingThem() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("tmux not installed (make deps)") }
        // The test means something: the raw payload does retitle a tmux pane.
        let probe = try TmuxSession(command: "printf '\\033]2;PWNED-PROBE\\007'", width: 60, height: 10)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try TmuxSession.tmux(["display", "-p", "-t", probe.name, "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines), "PWNED-PROBE")

        let vault = TempVault()
        for (i, p) in Self.payloads.enumerated() {
            vault.write("t\(i).md", "---\ntitle: \(Self.yaml("Task \(i) " + p))\narea: \(Self.yaml("A" + p))\ndue: 2026-11-22\n---\nBody \(p)\n")
        }
        vault.write("\u{1B}]2;PWNED-NAME\u{07}.md", "---\ndue: 2026-11-22\n---\n")
        let s = try TmuxSession(command: "\(Binary.path) --vault \(vault.path) --today 2026-11-22", width: 120, height: 30)
        try s.waitFor("Inbox")
        try s.send("j")
        let screen = try s.waitFor("Today · 12 tasks")
        XCTAssertTrue(screen.contains("Task 0"), screen)
        try s.send(",")  // the detailed density shows body lines too
        try s.send("Escape")
        let title = try TmuxSession.tmux(["display", "-p", "-t", s.name, "#{pane_title}"])
        XCTAssertFalse(title.contains("PWNED"), "the pane title was set by a task: \(title)")
        // Shown as text, not obeyed: the pane holds the words and only color sequences.
        let colored = try TmuxSession.tmux(["capture-pane", "-p", "-e", "-t", s.name])
        XCTAssertTrue(colored.contains("PWNED-TITLE"), colored)
        XCTAssertFalse(colored.contains("\u{1B}]"), "an OSC sequence is in the pane")
        XCTAssertEqual(colored.components(separatedBy: "\u{1B}[").dropFirst().filter { !$0.hasPrefix("0m") && !$0.contains("m") }.count, 0,
                       "only SGR (color) sequences")
        for u in try s.capture().unicodeScalars {
            XCTAssertFalse((0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value), "a bidi control is on screen")
        }
    }

    func testWithoutATerminalTheAppRefusesAtOnce() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: A\n---\n")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Binary.path)
        p.arguments = ["--vault", vault.path]
        p.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let started = Date()
        try p.run()
        let deadline = Date().addingTimeInterval(5)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning { p.terminate() }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.0, "it answers within a second")
        XCTAssertEqual(p.terminationStatus, 2)
        XCTAssertEqual(out.fileHandleForReading.readDataToEndOfFile(), Data(), "nothing drawn on stdout")
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.hasPrefix("todomd: ") && message.contains("terminal"), message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
    }

    func testUnusableTerminalTypesGiveOneLineAndStatusTwo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("tmux not installed (make deps)") }
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: A\n---\n")
        for term in ["dumb", "no-such-terminal-xyz"] {
            let s = try TmuxSession(command: "TERM=\(term) \(Binary.path) --vault \(vault.path); echo EXITED-$?", width: 200, height: 10)
            let screen = try s.waitFor("EXITED-")
            XCTAssertTrue(screen.contains("EXITED-2"), screen)
            XCTAssertTrue(screen.contains("todomd: ") && screen.contains("TERM=\(term)"), screen)
        }
    }

    /// The terminal's modes after a signal are those `q` leaves: out of the
    /// alternate screen, mouse reporting off, the cursor shown, and the keypad
    /// and cursor keys back in normal mode (the keypad's `rmkx`).
    func testEverySignalThatEndsTheAppRestoresTheTerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("tmux not installed (make deps)") }
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Signal me\n---\n")
        let format = "#{alternate_on} #{mouse_any_flag} #{mouse_standard_flag} #{cursor_flag} #{keypad_flag} #{keypad_cursor_flag}"
        func modes(_ s: TmuxSession) throws -> String {
            try TmuxSession.tmux(["display", "-p", "-t", s.name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let quit = try TmuxSession(command: "\(Binary.path) --vault \(vault.path); echo ENDED", width: 80, height: 20)
        try quit.waitFor("Signal me")
        XCTAssertEqual(try modes(quit), "1 1 1 0 1 1", "running: the alternate screen, the mouse, the cursor hidden, the keypad in application mode")
        try quit.send("q")
        try quit.waitFor("ENDED")
        let afterQuit = try modes(quit)
        XCTAssertEqual(afterQuit, "0 0 0 1 0 0", "after q")
        for signal in ["HUP", "QUIT", "USR1", "PIPE", "TERM", "INT"] {
            let s = try TmuxSession(command: "\(Binary.path) --vault \(vault.path); echo ENDED", width: 80, height: 20)
            try s.waitFor("Signal me")
            XCTAssertEqual(try modes(s), "1 1 1 0 1 1", "before SIG\(signal)")
            XCTAssertEqual(system("pkill -\(signal) -f -- '--vault \(vault.path)$'"), 0)
            try s.waitFor("ENDED")
            XCTAssertEqual(try modes(s), afterQuit, "after SIG\(signal): the modes q leaves")
        }
    }

    func testACLocaleStaysInSyncAndSaysSo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("tmux not installed (make deps)") }
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: 東京のホテルを予約\ndue: 2026-11-26\n---\n")
        vault.write("b.md", "---\ntitle: Plain\ndue: 2026-11-26\nflagged: true\n---\n")
        let s = try TmuxSession(command: "LC_ALL=C LANG=C \(Binary.path) --vault \(vault.path) --today 2026-11-22", width: 100, height: 20)
        var screen = try s.waitFor("not UTF-8")
        try s.send("j", "j")
        screen = try s.waitFor("Upcoming")
        XCTAssertTrue(screen.contains("in 4d"), screen)
        XCTAssertFalse(screen.contains("in 40d"), screen)
        XCTAssertTrue(screen.contains("東京のホテルを予約") || screen.contains("??"), screen)
    }
}

/// The CLI's write paths on generated unusual frontmatter: each file ends
/// byte-identical with the reason on stderr, or changed and still readable.
final class CLIWritePathTests: XCTestCase {
    func testModifyAndDoneOnUnusualFrontmatter() throws {
        let shapes = [
            "{\"title\": \"J\", \"tags\": [\"a\"], \"n\": 1.50}\n", "{title: F, extra: [1]}\n", "title: A\nstatus: &s todo\npriority: *s\n",
            "~\n", "{}\n", "title: |\n  two\n  lines\n", "# only a comment\n", "title: T\ntags:\n- a\n- b\n",
        ]
        let wrappers: [(String) -> String] = [{ "---\n\($0)---\nbody\n" }, { "---\n\($0)---\nbody\n".replacingOccurrences(of: "\n", with: "\r\n") },
                                              { "\u{FEFF}---\n\($0)---\n" }]
        let vault = TempVault()
        var changed = 0, refused = 0
        for (i, shape) in shapes.enumerated() {
            for (w, wrap) in wrappers.enumerated() {
                for args in [["done"], ["modify", "--flag", "--tag", "+new", "--due", "2026-12-01"]] {
                    let id = "s\(i)-\(w).md"
                    let text = wrap(shape)
                    vault.write(id, text)
                    let out = try Binary.run(["--vault", vault.path] + [args[0], id] + args.dropFirst())
                    let after = try XCTUnwrap(vault.text(id))
                    if after == text {
                        refused += 1
                        XCTAssertEqual(out.status, 2, "\(id) \(args): \(out.stderr)")
                        XCTAssertTrue(out.stderr.contains("nothing was written"), out.stderr)
                    } else {
                        changed += 1
                        XCTAssertEqual(out.status, 0, "\(id) \(args): \(out.stderr)")
                        let shown = try Binary.run(["--vault", vault.path, "show", id])
                        XCTAssertEqual(shown.status, 0, "still readable: \(id)\n\(after)")
                        XCTAssertTrue(after.hasSuffix(w == 2 ? "---\n" : (w == 1 ? "---\r\nbody\r\n" : "---\nbody\n")), "body kept: \(after)")
                    }
                }
            }
        }
        XCTAssertEqual(refused, 3 * 2 + 3, "the flow map (both commands) and the alias (done) are refused")
        XCTAssertEqual(changed, shapes.count * 3 * 2 - refused)
    }
}
