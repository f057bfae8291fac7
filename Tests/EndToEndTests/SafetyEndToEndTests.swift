import Foundation
import XCTest

/// The real binary, from outside: two writers racing, vault text that tries
/// to drive a terminal through the CLI, and no terminal at all (the app in a
/// terminal: SafetyTerminalTests).
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
