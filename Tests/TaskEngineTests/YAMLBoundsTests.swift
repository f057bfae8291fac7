import Foundation
import XCTest
@testable import TaskEngine

/// Alias bombs and deep nesting in every YAML todomd reads: within the
/// bounds a document reads as before, past them it is refused with the
/// reason (never built, never walked), by every reader the same way.
final class YAMLBoundsTests: XCTestCase {
    /// A "billion laughs" of `levels` anchors, each a list of `fanOut` aliases of the one before.
    static func laughs(fanOut: Int, levels: Int, indent: String = "") -> String {
        var out = indent + "l0: &l0 [" + Array(repeating: "lol", count: fanOut).joined(separator: ", ") + "]\n"
        for level in stride(from: 1, to: levels, by: 1) {
            out += indent + "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: fanOut).joined(separator: ", ") + "]\n"
        }
        return out
    }

    /// The nodes the aliases in `laughs` repeat, by the closed form: level k's list holds
    /// 1 + f + f² + … + f^(k+1) nodes, and level k ≥ 1 repeats f copies of level k-1.
    static func repeatedNodes(fanOut f: Int, levels: Int) -> Double {
        func size(_ k: Int) -> Double { (0...(k + 1)).reduce(0.0) { $0 + pow(Double(f), Double($1)) } }
        return levels < 2 ? 0 : (1..<levels).reduce(0.0) { $0 + Double(f) * size($1 - 1) }
    }

    func testAliasFanOutsAndDepthsAreReadWithinTheBoundAndRefusedPastIt() throws {
        var read = 0, refused = 0
        for fanOut in 2...9 {
            for levels in 1...9 {
                let front = "title: Bomb\n" + Self.laughs(fanOut: fanOut, levels: levels)
                let bytes = Array("---\n\(front)---\nbody\n".utf8)
                let name = "fan-out \(fanOut), \(levels) levels"
                let within = Self.repeatedNodes(fanOut: fanOut, levels: levels) <= Double(YAMLBounds.maxAliasNodes)
                for (reader, parse) in [("events", TaskFileCodec.parse), ("Yams", TaskFileCodec.parseWithYams)] as [(String, ([UInt8], String, TimeZone, VaultProfile) throws -> ParsedTaskFile)] {
                    if within {
                        let task = try parse(bytes, "b.md", utc, .todomd).task
                        XCTAssertEqual(task.title, "Bomb", "\(name), \(reader)")
                        read += 1
                    } else {
                        XCTAssertThrowsError(try parse(bytes, "b.md", utc, .todomd), "\(name), \(reader)") { error in
                            XCTAssertTrue("\(error)".contains("aliases repeat more than \(YAMLBounds.maxAliasNodes) nodes"), "\(name): \(error)")
                        }
                        refused += 1
                    }
                }
                // The same text as a whole YAML document (profile and settings files).
                if within {
                    XCTAssertNoThrow(try YAMLBounds.load(front), name)
                } else {
                    XCTAssertThrowsError(try YAMLBounds.load(front), name)
                }
            }
        }
        XCTAssertGreaterThan(read, 20)
        XCTAssertGreaterThan(refused, 40)
    }

    func testTheIssuesBombsAreRefusedWithTheirLine() throws {
        // 397 bytes, nine levels of nine: 435 million nodes were it built.
        let front = Self.laughs(fanOut: 9, levels: 9)
        XCTAssertThrowsError(try YAMLBounds.check(front)) { error in
            let refusal = error as? YAMLBounds.Refusal
            XCTAssertEqual(refusal?.reason, "aliases repeat more than 10000 nodes")
            XCTAssertEqual(refusal?.line, 5, "the level whose aliases pass the bound")
        }
        XCTAssertThrowsError(try TaskFileCodec.parse(Array("---\n\(front)---\n".utf8), id: "b.md", timeZone: utc)) { error in
            XCTAssertEqual("\(error)", "invalid YAML frontmatter: aliases repeat more than 10000 nodes at line 5")
        }
    }

    func testRepeatedTextIsBoundedToo() throws {
        let big = String(repeating: "x", count: 100_000)
        for copies in [1, 5, 9, 10, 11, 20] {
            let front = "title: T\nblob: &b \(big)\n" + (0..<copies).map { "c\($0): *b\n" }.joined()
            let bytes = Array("---\n\(front)---\n".utf8)
            if copies * big.count <= YAMLBounds.maxAliasBytes {
                XCTAssertEqual(try TaskFileCodec.parse(bytes, id: "t.md", timeZone: utc).task.title, "T", "\(copies) copies")
            } else {
                XCTAssertThrowsError(try TaskFileCodec.parse(bytes, id: "t.md", timeZone: utc), "\(copies) copies") {
                    XCTAssertTrue("\($0)".contains("aliases repeat more than 1 MB of text"), "\($0)")
                }
            }
        }
    }

    /// Lists and maps nested at and around the bound, flow and block, as a list and as a map value.
    func testNestingIsReadToTheBoundAndRefusedPastIt() throws {
        for levels in [2, 50, YAMLBounds.maxDepth - 1, YAMLBounds.maxDepth, YAMLBounds.maxDepth + 1, YAMLBounds.maxDepth + 2, 1_001, 3_000] {
            // The top-level map is the first level: `inner` more are nested in it.
            let inner = levels - 1
            let shapes = [
                ("flow lists", "deep: " + String(repeating: "[", count: inner) + "x" + String(repeating: "]", count: inner) + "\n"),
                ("flow maps", "deep: " + String(repeating: "{a: ", count: inner) + "x" + String(repeating: "}", count: inner) + "\n"),
                ("block lists", "deep:\n" + (0..<inner).map { String(repeating: "  ", count: $0) + "-\n" }.joined()
                    + String(repeating: "  ", count: inner) + "x\n"),
            ]
            for (shape, deep) in shapes where !(shape == "block lists" && levels > 1_000) {
                let bytes = Array("---\ntitle: Deep\n\(deep)---\n".utf8)
                let name = "\(shape), \(levels) levels"
                for (reader, parse) in [("events", TaskFileCodec.parse), ("Yams", TaskFileCodec.parseWithYams)] as [(String, ([UInt8], String, TimeZone, VaultProfile) throws -> ParsedTaskFile)] {
                    if levels <= YAMLBounds.maxDepth {
                        XCTAssertEqual(try parse(bytes, "d.md", utc, .todomd).task.title, "Deep", "\(name), \(reader)")
                    } else {
                        XCTAssertThrowsError(try parse(bytes, "d.md", utc, .todomd), "\(name), \(reader)") { error in
                            // Past libyaml's own bound (1,000) its scanner, which reads ahead, may say so first.
                            let ours = "\(error)".contains("lists and maps nested deeper than \(YAMLBounds.maxDepth) levels")
                            XCTAssertTrue(ours || (levels > 1_000 && "\(error)".contains("Maximum nesting level")), "\(name): \(error)")
                        }
                    }
                }
            }
        }
    }

    func testAnAliasInsideWhatItNamesIsRefused() throws {
        XCTAssertThrowsError(try YAMLBounds.check("a: &a [x, *a]\n")) {
            XCTAssertEqual(($0 as? YAMLBounds.Refusal)?.reason, "an alias (*a) inside what it names")
        }
    }

    func testOrdinaryAnchorsAndMergeKeysStillRead() throws {
        let text = "base: &base {fg: white, bg: blue}\nheader: *base\nfooter:\n  <<: *base\n  bold: true\n"
        let map = try XCTUnwrap(try YAMLBounds.load(text) as? [String: Any])
        XCTAssertEqual((map["footer"] as? [String: Any])?["fg"] as? String, "white")
        XCTAssertNoThrow(try YAMLBounds.check("a: [unclosed\n"), "a syntax error is the parser's to report")
    }

    /// A bomb in each file a profile is read from: reported as a problem, the file skipped (a tool's
    /// own settings file still makes the vault that tool's, with its defaults).
    func testProfileFilesWithABombAreReportedAndSkipped() throws {
        let bomb = Self.laughs(fanOut: 9, levels: 9)
        for (file, kind) in [("tasknotes.yaml", VaultProfile.Kind.tasknotes), ("backlog/config.yml", .backlog), (ProfileDetection.explicitFile, .todomd)] {
            let dir = TempDir()
            dir.write(file, "statuses: [a, b]\n" + bomb)
            let (profile, problems) = ProfileDetection.detect(root: dir.path)
            XCTAssertEqual(profile.kind, kind, file)
            XCTAssertEqual(problems.count, 1, "\(file): \(problems)")
            XCTAssertTrue(problems.first?.contains("\(file): cannot be read (aliases repeat more than") == true, "\(problems)")
        }
        // TaskNotes' plugin settings are JSON: no aliases, and Foundation stops deep nesting.
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        let (profile, problems) = ProfileDetection.detect(root: dir.path)
        XCTAssertEqual(profile.kind, .tasknotes)
        XCTAssertEqual(problems, [".obsidian/plugins/tasknotes/data.json: not a JSON object; TaskNotes' default settings are used"])
    }

    /// Writing a settings file (config.yaml) that holds a bomb: refused, not expanded.
    func testEditingASettingsFileWithABombIsRefused() throws {
        let text = "theme: dark\n" + Self.laughs(fanOut: 9, levels: 9)
        XCTAssertThrowsError(try YAMLDocumentEditor.edit(text, setting: [("theme", "theme: light")])) {
            XCTAssertTrue("\($0)".contains("aliases repeat more than"), "\($0)")
        }
    }

    /// `done` on a bomb the vault was loaded with before it became one: refused, the file byte-identical.
    func testAWriteToAFileThatBecameABombIsRefusedAndLeavesIt() throws {
        let dir = TempDir()
        dir.write("b.md", "---\ntitle: B\nstatus: todo\n---\n")
        var task = try XCTUnwrap(VaultLoader.loadOne(root: dir.path, id: "b.md", timeZone: utc).get())
        let bomb = Array("---\ntitle: B\nstatus: todo\n\(Self.laughs(fanOut: 9, levels: 9))---\n".utf8)
        dir.write("b.md", bomb)
        task.setStatus(.done)
        XCTAssertThrowsError(try VaultWriter(root: dir.path, timeZone: utc).update(task))
        XCTAssertEqual(dir.read("b.md"), bomb)
        // Loaded now, it is unreadable with the reason.
        guard case .failure(let problem) = VaultLoader.loadOne(root: dir.path, id: "b.md", timeZone: utc) else { return XCTFail("read a bomb") }
        XCTAssertTrue(problem.reason.contains("aliases repeat more than"), problem.reason)
    }
}
