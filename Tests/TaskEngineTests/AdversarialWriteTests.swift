import Foundation
import XCTest
import Yams
@testable import TaskEngine

/// Unusual and corrupt frontmatter through every write the app and the CLI
/// make. For each file and each change: the file is either byte-identical
/// (and the writer said why) or it parses, says what was meant, and every
/// other key reads as before. The comparison of keys here is independent of
/// the writer's own check (Yams' `load` into plain values).
final class AdversarialWriteTests: XCTestCase {
    /// Frontmatter shapes people and tools write; `editable` ones must accept every change.
    static let shapes: [(name: String, front: String, editable: Bool)] = [
        ("block", "title: Plain\nstatus: todo\npriority: low\ntags: [a, b]\nx-unknown: {k: [1, 2]}\n", true),
        ("flow YAML", "{title: Flow, priority: high, tags: [a], extra: 1}\n", false),
        ("JSON one line", "{\"title\": \"J\", \"priority\": \"high\", \"tags\": [\"a\"], \"n\": 1.50, \"x\": {\"y\": null}}\n", true),
        ("JSON pretty", "{\n  \"title\": \"J2\",\n  \"status\": \"todo\",\n  \"z\": [1, 2]\n}\n", true),
        ("anchor used by an alias", "title: A\nstatus: &s todo\npriority: *s\n", false),
        ("anchor on the title", "title: &t Same\nsource: *t\nextra: *t\n", false),
        ("tilde", "~\n", true),
        ("empty map", "{}\n", true),
        ("null word", "null\n", true),
        ("comment only", "# just a comment\n", true),
        ("literal block title", "title: |\n  Line one\n  Line two\nstatus: todo\n", true),
        ("quoted and folded", "title: 'It''s'\nnote: >\n  folded\n  text\nstatus: todo\n", true),
        ("block list at column 0", "title: L\ntags:\n- a\n-   b\n", true),
        ("nested unknown map", "meta:\n  a: 1\n  b: [x, {y: z}]\ntitle: N\n", true),
        ("explicit tags", "title: !!str 123\nestimated_minutes: 5\nweird: !!binary aGk=\n", true),
        ("keys without values", "due:\narea:\ntitle: E\n", true),
        ("comments between keys", "# head\ntitle: C # trailing\n\n# middle\nstatus: todo\n# tail\n", true),
        ("huge value", "title: Huge\nblob: \(String(repeating: "x", count: 20_000))\n", true),
        ("unicode keys and values", "title: Café 東京 🚀\n説明: テスト\n", true),
        ("tab after colon", "title:\tTabbed\nstatus:\ttodo\n", true),
    ]

    /// How a file is wrapped around its frontmatter.
    static let wrappers: [(name: String, make: @Sendable (String) -> [UInt8])] = [
        ("LF", { Array("---\n\($0)---\nBody line\n".utf8) }),
        ("CRLF", { Array("---\n\($0)---\nBody line\n".replacingOccurrences(of: "\n", with: "\r\n").utf8) }),
        ("BOM", { [0xEF, 0xBB, 0xBF] + Array("---\n\($0)---\nBody\n".utf8) }),
        ("no final newline", { Array("---\n\($0)---".utf8) }),
        ("dots close", { Array("---\n\($0)...\nBody\n".utf8) }),
        ("big body", { Array("---\n\($0)---\n\(String(repeating: "line of body text\n", count: 2_000))".utf8) }),
        ("NUL in body", { Array("---\n\($0)---\nbad".utf8) + [0, 0x41] }),
        ("invalid UTF-8", { Array("---\n\($0)---\n".utf8) + [0xFF, 0xFE, 0x41] }),
    ]

    /// Every change a write path makes: `done`, each TUI key, each `modify` option, the form.
    static let edits: [(name: String, keys: Set<String>, apply: @Sendable (inout TaskItem) -> Void)] = [
        ("done", ["status", "completed"], { $0.setStatus(.done) }),
        ("cycle to in-progress", ["status"], { $0.setStatus(.inProgress) }),
        ("flag", ["flagged"], { $0.flagged.toggle() }),
        ("priority high", ["priority"], { $0.setPriority(.high) }),
        ("priority none", ["priority"], { $0.setPriority(.none) }),
        ("due", ["due"], { $0.due = TaskDate(day: Day.parseISO("2026-12-01")!) }),
        ("area", ["area"], { $0.area = "Work/Clients" }),
        ("project with quotes", ["project"], { $0.project = "Q4: \"big\" #1" }),
        ("tags", ["tags"], { $0.tags = $0.tags + ["new-tag"] }),
        ("estimate", ["estimated_minutes"], { $0.estimatedMinutes = 25 }),
        ("title", ["title"], { $0.title = "Renamed: with colon" }),
    ]

    func testEveryShapeThroughEveryWriteEndsUntouchedOrExactlyChanged() throws {
        var written = 0, refused = 0, unreadable = 0
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        for shape in Self.shapes {
            for wrapper in Self.wrappers {
                let bytes = wrapper.make(shape.front)
                let label = "\(shape.name) / \(wrapper.name)"
                guard let original = try? TaskFileCodec.parse(bytes, id: "x.md", timeZone: utc) else {
                    unreadable += 1
                    XCTAssertTrue(["NUL in body", "invalid UTF-8"].contains(wrapper.name), "\(label) should be readable")
                    continue
                }
                for edit in Self.edits {
                    let dir = TempDir()
                    dir.write("x.md", bytes)
                    var task = original.task
                    edit.apply(&task)
                    let name = "\(label) / \(edit.name)"
                    do {
                        let saved = try VaultWriter(root: dir.path, timeZone: utc).update(task, now: now)
                        let after = try XCTUnwrap(dir.read("x.md"), name)
                        if after == bytes { continue }  // nothing to change (the value was already so)
                        written += 1
                        let reread = try TaskFileCodec.parse(after, id: "x.md", timeZone: utc)
                        XCTAssertNil(WriteCheck.differingField(reread.task, saved), name)
                        XCTAssertEqual(reread.split.body, original.split.body, "body kept: \(name)")
                        try assertOtherKeysKept(before: original.split, after: reread.split, changed: edit.keys.union(["modified"]), name)
                        if shape.name.hasPrefix("JSON") {
                            XCTAssertNoThrow(try JSONText.parse(Data(reread.split.frontmatterLines.joined())), "still JSON: \(name)")
                        }
                    } catch let e as WriteRefusal {
                        refused += 1
                        XCTAssertEqual(dir.read("x.md"), bytes, "refused, so untouched: \(name)")
                        XCTAssertFalse(shape.editable, "\(name) should have been written, was refused: \(e)")
                        XCTAssertFalse(e.description.isEmpty)
                    }
                }
            }
        }
        XCTAssertGreaterThan(written, 1_000)
        XCTAssertGreaterThan(refused, 50)
        XCTAssertEqual(unreadable, Self.shapes.count * 2, "only the NUL and invalid UTF-8 files are unreadable")
    }

    /// Keys other than `changed` have the same values (by Yams' own reading).
    func assertOtherKeysKept(before: SplitTaskFile, after: SplitTaskFile, changed: Set<String>, _ name: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        func values(_ s: SplitTaskFile) throws -> [String: String] {
            guard let map = try Yams.load(yaml: s.frontmatterText) as? [String: Any] else { return [:] }
            return map.mapValues(canonical)
        }
        // A map's keys in order: a dictionary's own order follows where its storage lies in memory.
        func canonical(_ v: Any) -> String {
            if let map = v as? [AnyHashable: Any] {
                return "{" + map.map { "\($0.key): \(canonical($0.value))" }.sorted().joined(separator: ", ") + "}"
            }
            if let list = v as? [Any] { return "[" + list.map(canonical).joined(separator: ", ") + "]" }
            return String(describing: v)
        }
        let a = try values(before).filter { !changed.contains($0.key) }
        let b = try values(after).filter { !changed.contains($0.key) }
        XCTAssertEqual(a, b, "other keys changed: \(name)", file: file, line: line)
    }

    /// A save that changes nothing writes nothing, whatever the file looks like.
    func testANoChangeSaveWritesNothing() throws {
        for shape in Self.shapes {
            for wrapper in Self.wrappers {
                let bytes = wrapper.make(shape.front)
                guard let original = try? TaskFileCodec.parse(bytes, id: "x.md", timeZone: utc) else { continue }
                let dir = TempDir()
                dir.write("x.md", bytes)
                _ = try VaultWriter(root: dir.path, timeZone: utc).update(original.task)
                XCTAssertEqual(dir.read("x.md"), bytes, "\(shape.name) / \(wrapper.name)")
            }
        }
    }

    func testJSONFrontmatterKeepsItsLayoutAndUnknownKeys() throws {
        let dir = TempDir()
        dir.write("j.md", "---\n{\"title\": \"X\", \"priority\": \"high\", \"tags\": [\"a\"], \"zz\": 1.50}\n---\nbody\n")
        let t = try XCTUnwrap(VaultLoader.loadOne(root: dir.path, id: "j.md", timeZone: utc).get())
        var done = t
        done.setStatus(.done)
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(done, now: Date(timeIntervalSince1970: 1_795_000_000))
        XCTAssertEqual(dir.text("j.md"), """
        ---
        {"title": "X", "priority": "high", "tags": ["a"], "zz": 1.50, "status": "done", "modified": "2026-11-18T11:06:40Z", "completed": "2026-11-18T11:06:40Z"}
        ---
        body

        """)
    }

    func testAnAliasedValueIsRefusedWithTheReasonAndUndoHasNothingToRestore() throws {
        let dir = TempDir()
        let text = "---\nstatus: &s todo\npriority: *s\n---\n"
        dir.write("a.md", text)
        let t = try XCTUnwrap(VaultLoader.loadOne(root: dir.path, id: "a.md", timeZone: utc).get())
        var done = t
        done.setStatus(.done)
        let history = UndoHistory(root: dir.path)
        XCTAssertThrowsError(try history.record("done", paths: [dir.path + "/a.md"]) {
            ((try VaultWriter(root: dir.path, timeZone: utc).update(done)), [])
        }) { error in
            XCTAssertTrue("\(error)".contains("would not read back"), "\(error)")
        }
        XCTAssertEqual(dir.text("a.md"), text)
        XCTAssertTrue(history.undoStack.isEmpty)
    }
}
