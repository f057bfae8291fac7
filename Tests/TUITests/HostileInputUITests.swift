import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Hostile input while the app runs: an alias bomb arriving in the vault is a
/// problem like any unreadable file (the app lives on, the file untouched),
/// and rules nested past the limit are refused on the editor's `:` line and
/// by its keys.
final class HostileInputUITests: XCTestCase {
    static func laughs(fanOut: Int, levels: Int) -> String {
        var out = "l0: &l0 [" + Array(repeating: "lol", count: fanOut).joined(separator: ", ") + "]\n"
        for level in 1..<levels {
            out += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: fanOut).joined(separator: ", ") + "]\n"
        }
        return out
    }

    /// The most resident memory this process has had, in KB (`VmHWM`).
    static func peakKB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }

    func write(_ path: String, _ text: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        // A later change than the app's listing took (whole-second stamps on some file systems).
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path)
    }

    func testABombArrivingWhileTheAppRunsIsAProblemAndTheAppLives() throws {
        let peakBefore = Self.peakKB()
        for (fanOut, levels) in [(9, 9), (7, 7), (2, 25)] {
            for arrival in ["new file", "a task rewritten"] {
                let name = "\(levels) levels of \(fanOut), \(arrival)"
                let app = try Harness(files: ["a.md": f("title: Alpha"), "b.md": f("title: Bravo")], width: 100, height: 30)
                app.open("Inbox")
                let id = arrival == "new file" ? "bomb.md" : "b.md"
                let bomb = "---\ntitle: Bomb\n" + Self.laughs(fanOut: fanOut, levels: levels) + "---\n"
                try write(app.path + "/" + id, bomb)
                app.runtime.pollChanges()
                XCTAssertTrue(app.lines.last!.contains("1 unreadable file"), "\(name): \(app.lines.last!)")
                XCTAssertEqual(app.runtime.state.tasks.map(\.title).sorted(), arrival == "new file" ? ["Alpha", "Bravo"] : ["Alpha"], name)
                app.press(.showProblems)
                XCTAssertTrue(app.text.contains("unreadable: \(id): invalid YAML frontmatter: aliases repeat more than"), "\(name): \(app.text)")
                app.press(.overlay(.close))
                // Alive: keys still act, and a write to a readable task still lands.
                app.press(.move(1), .move(-1), .toggleFlag)
                let flagged = ["a.md", "b.md"].filter { $0 != id && app.file($0)!.contains("flagged: true") }
                XCTAssertEqual(flagged.count, 1, "\(name): \(app.lines.last!)")
                XCTAssertEqual(app.file(id), bomb, "\(name): byte-identical")
            }
        }
        XCTAssertLessThan(Self.peakKB() - peakBefore, 200_000, "nothing was expanded")
    }

    /// A task the app shows turns into a bomb on disk: a key's write is refused, the file left.
    func testAKeyOnATaskThatBecameABombWritesNothing() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha")], width: 100, height: 30)
        app.open("Inbox")
        let bomb = "---\ntitle: Alpha\n" + Self.laughs(fanOut: 9, levels: 9) + "---\n"
        try write(app.path + "/a.md", bomb)
        for key in ["f", "x", "p"] {
            app.press(.char(Character(key)))
            XCTAssertEqual(app.file("a.md"), bomb, "\(key): byte-identical")
        }
        XCTAssertFalse(app.runtime.state.quitRequested)
    }

    /// The app's own YAML files (config.yaml, a theme, the vault's session) with a bomb:
    /// each refused with the reason, the defaults used, the file left as it was.
    func testSettingsThemeAndSessionFilesWithABombAreRefused() throws {
        let dir = NSTemporaryDirectory() + "todomd-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bomb = Self.laughs(fanOut: 9, levels: 9)
        let config = dir + "/config.yaml", session = dir + "/session.yaml"
        try ("theme: light\n" + bomb).write(toFile: config, atomically: true, encoding: .utf8)
        try ("last_perspective: x\n" + bomb).write(toFile: session, atomically: true, encoding: .utf8)
        let (loaded, why) = AppConfig.load(from: config)
        XCTAssertEqual(loaded, AppConfig(), "the defaults")
        XCTAssertTrue(why?.contains("aliases repeat more than") == true, why ?? "nil")
        let (remembered, sessionWhy) = VaultSession.load(from: session)
        XCTAssertNil(remembered)
        XCTAssertTrue(sessionWhy?.contains("aliases repeat more than") == true, sessionWhy ?? "nil")
        XCTAssertThrowsError(try Theme.parse("name: Bomb\n" + bomb, file: "bomb.yaml")) {
            XCTAssertTrue("\($0)".hasPrefix("theme bomb.yaml: aliases repeat more than"), "\($0)")
        }
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), "theme: light\n" + bomb)
    }

    func editor(_ app: Harness) -> RuleEditor? { app.runtime.state.editor }

    /// The `:` line: each kind of nesting, at the limit and past it (the issue's 20,000 parentheses).
    func testTheTextLineRefusesNestingPastTheLimitAtItsColumn() throws {
        let app = try Harness(files: ["a.md": f("title: Alpha\nflagged: true"), "b.md": f("title: Bravo"),
                                      ".perspectives.json": #"{"version": 1, "perspectives": {"p": {"id": "p", "name": "Mine", "rules": {"operator": "AND", "conditions": [{"field": "flagged", "op": "equals", "value": true}]}}}}"#],
                              width: 120, height: 40)
        app.open("Mine")
        app.press(.showRules)
        let limit = RuleTextParser.maxNesting
        for (open, close) in [("(", ")"), ("all(", ")"), ("not (", ")"), ("off ", "")] {
            for levels in [limit, limit + 1, 20_000] {
                let name = "\(levels) × '\(open)'"
                app.press(.editor(.first), .editor(.editAsText), .text(.deleteToStart))
                app.runtime.send(.paste(String(repeating: open, count: levels) + "flagged" + String(repeating: close, count: levels)))
                app.press(.editor(.applyText))
                if levels <= limit {
                    XCTAssertNil(editor(app)?.textLine, "\(name): taken")
                    XCTAssertLessThanOrEqual(RuleStats.measure(editor(app)!.perspective.rules).depth, RuleStats.maxDepth, name)
                } else {
                    let line = try XCTUnwrap(editor(app)?.textLine, "\(name): the line stays open")
                    XCTAssertEqual(line.error, "column \(limit * open.count + 1): rules nested deeper than \(limit) levels (parentheses, groups, off)", name)
                    XCTAssertEqual(line.field.cursor, limit * open.count, "\(name): the cursor on the level too many")
                    XCTAssertTrue(app.text.contains("rules nested deeper than \(limit) levels"), "\(name): shown")
                    app.press(.editor(.cancelText))
                }
            }
        }
        XCTAssertFalse(app.runtime.state.quitRequested)
    }

    /// Text that fits alone but, put in place of a rule deep in the tree, would nest past the limit.
    func testTextThatWouldNestTooDeepInItsPlaceIsRefused() throws {
        var rules = RuleGroup(.and, [.cond("flagged", "equals", .bool(true))])
        for _ in 1..<(RuleStats.maxDepth - 1) { rules = RuleGroup(.and, [.group(rules)]) }
        let json = JSONText.compact(.object([("version", .int(1)), ("perspectives", .object([("p", .object([
            ("id", .string("p")), ("name", .string("Deep")), ("rules", rules.json)]))]))]))
        let app = try Harness(files: ["a.md": f("title: Alpha\nflagged: true"), ".perspectives.json": json], width: 120, height: 40)
        app.open("Deep")
        app.press(.showRules, .editor(.last), .editor(.editAsText), .text(.deleteToStart))  // the deepest rule
        app.type("all(all(flagged))")
        app.press(.editor(.applyText))
        XCTAssertEqual(editor(app)?.textLine?.error, "Groups nest at most \(RuleStats.maxDepth) levels; not nested further.")
        app.press(.text(.deleteToStart))
        app.type("all(flagged, priority = high)")
        app.press(.editor(.applyText))
        XCTAssertNil(editor(app)?.textLine, "one more level still fits")
        XCTAssertEqual(RuleStats.measure(editor(app)!.perspective.rules).depth, RuleStats.maxDepth)
        // `>` on the deepest rule would open a level too many: the step is not taken.
        let before = editor(app)!.perspective
        app.press(.editor(.last), .editor(.indent))
        XCTAssertEqual(editor(app)?.perspective, before)
        XCTAssertEqual(app.runtime.state.message, "Groups nest at most \(RuleStats.maxDepth) levels; not nested further.")
    }

    /// Rules typed as text that parse but cannot be read (a bad value, an unknown operator or
    /// field) are refused on the line, never saved to be skipped; `not blocked` is taken.
    func testTypedRulesThatCannotBeReadAreRefusedOnTheLine() throws {
        let json = JSONText.compact(.object([("version", .int(1)), ("perspectives", .object([("p", .object([
            ("id", .string("p")), ("name", .string("Mine")), ("rules", RuleGroup(.and, [.cond("flagged", "equals", .bool(true))]).json)]))]))]))
        let app = try Harness(files: ["a.md": f("title: Alpha\nflagged: true"), ".perspectives.json": json], width: 120, height: 40)
        app.open("Mine")
        app.press(.showRules, .editor(.editAsText), .text(.deleteToStart))
        let before = editor(app)!.perspective
        for (typed, said) in [("blocked = falseblocked", "blocked equals: needs true or false"),
                              ("blocked op=blocks_other", "unknown operator \"blocks_other\" for blocked"),
                              ("nosuch = 1", "unknown field \"nosuch\"")] {
            app.press(.text(.end), .text(.deleteToStart))
            app.type(typed)
            app.press(.editor(.applyText))
            XCTAssertEqual(editor(app)?.textLine?.error, said, typed)
            XCTAssertEqual(editor(app)?.perspective, before, "nothing taken: \(typed)")
        }
        app.press(.text(.end), .text(.deleteToStart))
        app.type("not blocked and flagged")
        app.press(.editor(.applyText))
        XCTAssertNil(editor(app)?.textLine)
        XCTAssertEqual(RuleText.text(editor(app)!.perspective.rules), "blocked = false and flagged")
        // A rule the perspective already held (a newer version's field) goes through when the text is applied as it was.
        let newer = JSONText.compact(.object([("version", .int(1)), ("perspectives", .object([("p", .object([
            ("id", .string("p")), ("name", .string("Newer")), ("rules", RuleGroup(.and, [.cond("mood", "resembles", .string("x")), .cond("flagged", "equals", .bool(true))]).json)]))]))]))
        let other = try Harness(files: ["a.md": f("title: Alpha\nflagged: true"), ".perspectives.json": newer], width: 120, height: 40)
        other.open("Newer")
        other.press(.showRules, .editor(.editAsText))
        let held = editor(other)?.textLine?.text ?? ""
        XCTAssertTrue(held.contains("mood op=resembles"), held)
        other.press(.editor(.applyText))
        XCTAssertNil(editor(other)?.textLine, editor(other)?.textLine?.error ?? "")
    }
}
