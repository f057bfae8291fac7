import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The app's own write paths (task keys, the form, the rule editor, settings)
/// on files it must not mangle, driven by keys on the headless screen.
final class SafetyUITests: XCTestCase {
    func runtime(_ app: Harness, config: String) throws -> AppRuntime {
        try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
    }

    func testKeysDoNothingWhileTheTerminalIsTooSmall() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\ndue: 2026-11-22"), "b.md": f("title: Beta\ndue: 2026-11-22")])
        let before = try FileManager.default.contentsOfDirectory(atPath: app.path).sorted().map { app.file($0) }
        app.width = 30
        app.height = 8
        XCTAssertTrue(app.lines[0].hasPrefix("Terminal too small"))
        for k in ["h", "g", "j", "j", "l", "j", " ", "f", "p", "d", "y", "x", "e", "n"] { app.press(.char(Character(k))) }
        app.press(.enter, .escape)
        XCTAssertNil(app.runtime.state.dialog)
        XCTAssertNil(app.runtime.state.form)
        XCTAssertFalse(app.runtime.state.quitRequested)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path).sorted().map { app.file($0) }, before, "nothing written")
        app.press(.char("q"))
        XCTAssertTrue(app.runtime.state.quitRequested, "q still quits")
    }

    func testAFormSavedWithoutAChangeWritesNothing() throws {
        let text = "---\ntitle: \"  Padded title  \"\npriority: urgent\n# a comment\n---\nNotes\n"
        let app = try Harness(files: ["p.md": text])
        app.open("Inbox")
        XCTAssertNotNil(app.row("Padded title"), app.text)
        app.press(.editTask)
        XCTAssertNotNil(app.runtime.state.form)
        app.press(.form(.save))
        XCTAssertNil(app.runtime.state.form)
        XCTAssertEqual(app.file("p.md"), text, "byte for byte")
        // One real change writes that key only.
        app.press(.editTask, .form(.nextField), .form(.nextField), .form(.nextField))  // Flagged
        app.press(.form(.choice(1)), .form(.save))
        XCTAssertEqual(app.file("p.md"), text.replacingOccurrences(of: "# a comment\n", with: "flagged: true\nmodified: \(app.runtime.state.index.task(id: "p.md")!.task.modified!.raw)\n# a comment\n"))
    }

    /// Each unusual file through each task key: untouched (and the user told)
    /// or changed in the intended key only.
    func testTaskKeysOnUnusualFrontmatter() throws {
        let shapes: [(String, String, Bool)] = [
            ("json.md", "---\n{\"title\": \"Json task\", \"priority\": \"high\", \"tags\": [\"a\"], \"x\": 1}\n---\nbody\n", true),
            ("flow.md", "---\n{title: Flow task, priority: high, extra: [1, 2]}\n---\n", false),
            ("alias.md", "---\ntitle: Alias task\nstatus: &s todo\nsource: *s\n---\n", false),
            ("tilde.md", "---\n~\n---\n# Tilde task\n", true),
            ("crlf.md", "---\r\ntitle: Crlf task\r\n# keep\r\npriority: low\r\n---\r\nbody\r\n", true),
        ]
        for (id, text, editable) in shapes {
            for key in [" ", "x", "f", "p", "form"] {
                let app = try Harness(files: [id: text])
                app.open("Inbox")
                let title = String(id.dropLast(3)).capitalized + " task"
                guard let row = app.row(title) else { return XCTFail("\(id) not shown: \(app.text)") }
                _ = row
                if key == "form" {
                    app.press(.editTask, .form(.nextField), .form(.nextField), .form(.nextField), .form(.choice(1)), .form(.save))  // Flagged: no → yes, saved
                } else {
                    app.press(.char(Character(key)))
                }
                let after = try XCTUnwrap(app.file(id))
                if after == text {
                    XCTAssertFalse(editable, "\(id) \(key): should have been written; \(app.runtime.state.message ?? "")")
                    let told = app.runtime.state.message ?? app.runtime.state.form?.error ?? "nil"
                    XCTAssertTrue(told.contains("nothing was written"), "\(id) \(key): the user is told: \(told)")
                } else {
                    let parsed = try TaskFileCodec.parse(Array(after.utf8), id: id)
                    XCTAssertEqual(parsed.task.title, title, "\(id) \(key)")
                    XCTAssertTrue(parsed.task.body == (try TaskFileCodec.parse(Array(text.utf8), id: id)).task.body)
                    if id == "json.md" { XCTAssertTrue(after.contains("\"x\": 1"), after) }
                    if id == "crlf.md" { XCTAssertFalse(after.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF kept") }
                }
            }
        }
    }

    func testConfigCommentsAndUnknownKeysSurviveASession() throws {
        let app = try Harness(files: ["a.md": f("title: One\nflagged: true\nproject: Home")])
        let config = app.path + "/config.yaml"
        let original = "# my todomd settings\ntheme: dark   # the dark one\nfuture_option: {keep: me}\n\n# remapped keys\nkeys:\n  add: [A]\n"
        try original.write(toFile: config, atomically: true, encoding: .utf8)
        // A session that changes nothing writes nothing.
        let idle = try runtime(app, config: config)
        idle.send(.char("q"))
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), original)
        // A session that changes the perspective, the quick filter and the density.
        let rt = try runtime(app, config: config)
        rt.send(.char("j")); rt.send(.char("j")); rt.send(.char("j")); rt.send(.char("j"))  // Flagged (past the Forecast)
        rt.send(.char("F")); rt.send(.char(" ")); rt.send(.escape)
        rt.send(.char(",")); rt.send(.down); rt.send(.right); rt.send(.escape)
        rt.send(.char("q"))
        let saved = try String(contentsOfFile: config, encoding: .utf8)
        for line in ["# my todomd settings", "theme: dark   # the dark one", "future_option: {keep: me}", "# remapped keys", "keys:", "  add: [A]"] {
            XCTAssertTrue(saved.contains(line + "\n"), "kept «\(line)»: \(saved)")
        }
        XCTAssertTrue(saved.contains("last_perspective: flagged"), saved)
        XCTAssertTrue(saved.contains("density: comfortable"), saved)
        XCTAssertTrue(saved.contains("quick_filter:"), saved)
        let again = try runtime(app, config: config)
        XCTAssertEqual(again.state.perspective?.name, "Flagged")
        XCTAssertEqual(again.state.density, .comfortable)
        XCTAssertFalse(again.state.quickFilter.hiddenProjects.isEmpty)
    }

    func testAnUnreadableConfigIsNeverWrittenOver() throws {
        let app = try Harness(files: ["a.md": f("title: One")])
        let config = app.path + "/config.yaml"
        let broken = "theme: [unclosed\n# my notes\n"
        try broken.write(toFile: config, atomically: true, encoding: .utf8)
        let rt = try runtime(app, config: config)
        rt.send(.char(",")); rt.send(.right); rt.send(.escape)
        XCTAssertTrue(rt.state.message?.contains("Not saved") == true, rt.state.message ?? "")
        rt.send(.char("j")); rt.send(.char("q"))
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), broken)
    }

    func testAHugeProjectOrderDoesNotSlowQuitting() throws {
        let app = try Harness(files: ["a.md": f("title: One\nproject: P5")])
        let config = app.path + "/config.yaml"
        let order = (0..<100_000).map { "  - P\($0)" }.joined(separator: "\n")
        let text = "quick_filter:\n  project_order:\n\(order)\n"
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let rt = try runtime(app, config: config)
        XCTAssertEqual(rt.state.quickFilter.projectOrder.count, 100_000)
        rt.send(.char("j"))
        rt.send(.char("q"))
        let saved = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertEqual(saved, text + "last_perspective: today\n", "only the changed key is added")
    }

    func testASchemaInvalidPerspectivesFileSurvivesNewAndEscUntilTheUserReplacesIt() throws {
        let bad = "{\"version\": 1, \"perspectives\": {\"w\": {\"id\": \"w\", \"name\": \"W\", \"rules\": \"zzz\"}}}"
        let app = try Harness(files: ["a.md": f("title: One"), ".perspectives.json": bad], width: 120, height: 30)
        XCTAssertTrue(app.text.contains("Perspectives file could not be read"), app.text)
        app.press(.focus(.sidebar), .newPerspective)
        XCTAssertTrue(app.runtime.state.message?.contains("does not write it") == true, app.runtime.state.message ?? "")
        app.press(.cancel)
        app.press(.focus(.sidebar), .moveToEdge(top: true), .moveToEdge(top: false), .duplicatePerspective)
        XCTAssertEqual(app.file(".perspectives.json"), bad, "neither n, Esc nor y wrote it")
        XCTAssertEqual(app.file(".perspectives.json.backup"), bad)
        app.press(.showProblems)
        XCTAssertTrue(app.text.contains("$.perspectives.w.rules"), app.text)
        XCTAssertTrue(app.text.contains("W writes the perspectives shown"), app.text)
        app.press(.overlay(.replacePerspectivesFile))
        XCTAssertNotEqual(app.file(".perspectives.json"), bad)
        XCTAssertNoThrow(try JSONText.parse(Data(app.file(".perspectives.json")!.utf8)))
        XCTAssertNil(app.runtime.state.perspectivesProblem)
        app.press(.undo)
        XCTAssertEqual(app.file(".perspectives.json"), bad, "u brings the bad file back")
    }

    func testBidiZeroWidthAndTagCharactersNeverReachTheScreen() throws {
        let sneaky = "Pay \u{202E}gpj.exe\u{202C} now\u{200B}\u{2066}x\u{2069} \u{E0041}\u{E0042} 👨‍👩‍👧 done\u{1B}[31m"
        let app = try Harness(files: ["s.md": f("title: \"\(sneaky.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04X", $0.value) : String($0) }.joined())\"\nproject: P")], width: 100, height: 20)
        app.open("Inbox")
        app.press(.focus(.sidebar))
        for _ in 0..<10 { app.press(.move(1)) }
        let screen = app.screen
        for cell in screen.cells {
            for u in cell.text.unicodeScalars {
                XCTAssertFalse(VisibleText.mustEscape(u.value, keepNewlines: false), "U+\(String(u.value, radix: 16)) reached a cell")
                XCTAssertNotEqual(u.value, 0x200D, "a joiner reached a cell")
            }
        }
        for line in app.lines { XCTAssertEqual(DisplayWidth.of(line), 100, line) }
    }
}

/// The last perspective and the quick filter are remembered per vault.
final class VaultSessionTests: XCTestCase {
    func testEachVaultRemembersItsOwnPerspectiveAndFilter() throws {
        let one = try Harness(files: ["a.md": f("title: One\nflagged: true\nproject: Home")])
        let two = try Harness(files: ["b.md": f("title: Two\nproject: Work")])
        let dir = one.path + "/.settings"
        let config = dir + "/config.yaml"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let legacy = "# mine\nlast_perspective: someday\n"
        try legacy.write(toFile: config, atomically: true, encoding: .utf8)
        let env = ["XDG_STATE_HOME": dir + "/state"]
        func runtime(_ h: Harness) throws -> AppRuntime {
            try AppRuntime(vaultRoot: h.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: h.path + "/.cache", configPath: config,
                           sessionPath: VaultSession.path(vaultRoot: h.path, environment: env))
        }
        // A vault with no session yet takes the old global value.
        let first = try runtime(one)
        XCTAssertEqual(first.state.perspective?.name, "Someday")
        first.send(.char("g")); for _ in 0..<4 { first.send(.char("j")) }  // Flagged (past the Forecast)
        first.send(.char("F")); first.send(.char(" ")); first.send(.escape)
        first.send(.char("q"))
        let second = try runtime(two)
        second.send(.char("g")); second.send(.char("j"))  // Today
        second.send(.char("q"))
        XCTAssertEqual(try runtime(one).state.perspective?.name, "Flagged")
        XCTAssertFalse(try runtime(one).state.quickFilter.hiddenProjects.isEmpty)
        XCTAssertEqual(try runtime(two).state.perspective?.name, "Today")
        XCTAssertTrue(try runtime(two).state.quickFilter.hiddenProjects.isEmpty, "the other vault's filter is its own")
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), legacy, "config.yaml is left alone")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/state/todomd/vaults")
        XCTAssertEqual(files.count, 2, "\(files)")
    }

    func testAnUnreadableSessionFileIsNeverWrittenOver() throws {
        let app = try Harness(files: ["a.md": f("title: One")])
        let path = app.path + "/.state/session.yaml"
        try FileManager.default.createDirectory(atPath: app.path + "/.state", withIntermediateDirectories: true)
        try "last_perspective: [broken\n".write(toFile: path, atomically: true, encoding: .utf8)
        let rt = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", sessionPath: path)
        XCTAssertTrue(rt.state.message?.contains("not saved") == true, rt.state.message ?? "")
        rt.send(.char("j")); rt.send(.char("q"))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "last_perspective: [broken\n")
    }
}
