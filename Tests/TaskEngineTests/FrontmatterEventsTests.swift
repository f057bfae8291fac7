import XCTest
@testable import TaskEngine

/// The frontmatter read from libyaml's events against the same text read
/// through a Yams document: same keys, lines, values and styles, on
/// generated frontmatters of every shape; the shapes the events leave to
/// Yams are left to it.
final class FrontmatterEventsTests: XCTestCase {
    static let scalars = ["plain", "two words", "\"double \\\"quoted\\\"\"", "'single ''quoted'''", "~", "null", "\"null\"", "''", "",
                          "2026-11-23", "2026-11-23T14:30:00+01:00", "42", "-7", "true", "no", "Zoë 東京 🚀", "[[Some Link]]",
                          "\"#tag\"", "|\n  literal line one\n  line two", ">\n  folded\n  text", "\"multi\n  line\"", "plain # with a comment"]

    static func randomValue(_ rng: inout SeededRandom, depth: Int = 0) -> String {
        switch rng.int(0...9) {
        case 0...5: return rng.pick(Self.scalars)
        case 6: return "[" + (0..<rng.int(0...3)).map { _ in rng.pick(["a", "\"b c\"", "'d'", "[[X]]", "2026-11-01"]) }.joined(separator: ", ") + "]"
        case 7: return "\n" + (0..<rng.int(1...3)).map { _ in rng.pick(["  - a", "  - \"b\"", "- c", "  - 2026-11-02", "  -"]) }.joined(separator: "\n")
        case 8 where depth == 0: return "\n  inner: " + Self.randomValue(&rng, depth: 1) + "\n  other: x"
        default: return "{a: 1, b: [x, y]}"
        }
    }

    static func randomFrontmatter(_ rng: inout SeededRandom) -> String {
        var keys = ["title", "status", "due", "tags", "area", "project", "notes", "x-custom", "estimated_minutes", "é-key", "\"quoted key\""].shuffled(using: &rng)
        keys = Array(keys.prefix(rng.int(1...8)))
        var lines: [String] = []
        for k in keys {
            if rng.chance(0.1) { lines.append("# a comment") }
            if rng.chance(0.05) { lines.append("") }
            lines.append("\(k):" + (rng.chance(0.1) ? "" : " ") + Self.randomValue(&rng))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testEventsAndYamsReadTheSameOnGeneratedFrontmatters() throws {
        var rng = SeededRandom(seed: 23)
        var byEvents = 0
        for i in 0..<3_000 {
            let yaml = Self.randomFrontmatter(&rng)
            let yams: [FrontPair]?
            do { yams = try TaskFileCodec.yamsPairs(yaml) } catch {
                XCTAssertNil(FrontmatterEvents.pairs(yaml), "#\(i): Yams refuses it, so the events must leave it to Yams:\n\(yaml)")
                continue
            }
            guard let events = FrontmatterEvents.pairs(yaml) else { continue }
            byEvents += 1
            XCTAssertEqual(events, yams, "#\(i):\n\(yaml)")
        }
        XCTAssertGreaterThan(byEvents, 1_500, "most frontmatters are read from the events")
    }

    /// A key written twice leaves the file to Yams, as Swift's `==` counts
    /// twice: Unicode forms of one key, the Kelvin sign for `K`; keys that
    /// only begin alike, or differ in length, are two keys.
    func testARepeatedKeyIsFoundWhateverItsBytes() {
        let pool = ["title", "title", "titlé", "tit\u{0301}le", "tite", "é-key", "e\u{301}-key", "K", "\u{212A}", "k",
                    "recurrence_anchor", "recurrence_anchors", "abcdefgX", "abcdefgY", "abcdefg", "x", "日本", "日本語", "a b"]
        var rng = SeededRandom(seed: 12)
        var repeated = 0
        for _ in 0..<4_000 {
            let keys = (0..<rng.int(1...9)).map { _ in rng.pick(pool) }
            let yaml = keys.enumerated().map { "\($0.element): v\($0.offset)" }.joined(separator: "\n") + "\n"
            let twice = keys.indices.contains { i in keys[..<i].contains { $0 == keys[i] } }
            let pairs = FrontmatterEvents.pairs(yaml)
            if twice {
                repeated += 1
                XCTAssertNil(pairs, yaml)
            } else {
                XCTAssertEqual(pairs?.map { Array($0.key.utf8) }, keys.map { Array($0.utf8) }, yaml)
            }
        }
        XCTAssertGreaterThan(repeated, 1_000)
        // Past 32 keys (a set then), the same.
        let many = (0..<40).map { "key\($0)" }
        XCTAssertEqual(FrontmatterEvents.pairs(many.map { $0 + ": 1" }.joined(separator: "\n"))?.count, 40)
        XCTAssertNil(FrontmatterEvents.pairs((many + ["key3"]).map { $0 + ": 1" }.joined(separator: "\n")))
        XCTAssertNil(FrontmatterEvents.pairs((many + ["\u{212A}ey3", "Key3"]).map { $0 + ": 1" }.joined(separator: "\n")))
    }

    func testWhatTheEventsLeaveToYams() {
        for yaml in ["a: &x 1\nb: *x\n", "a: !!str 1\n", "a: 1\na: 2\n", "<<: {a: 1}\n", "[1, 2]\n", "just text\n", "~\n",
                     "a: [1, 2\n", "a: 1\n---\nb: 2\n", "? [complex]\n: key\n", "a:\n  - &y 1\n  - *y\n", "a: {b: &z 1}\n"] {
            XCTAssertNil(FrontmatterEvents.pairs(yaml), yaml)
        }
        XCTAssertEqual(FrontmatterEvents.pairs("title: A\ntags:\n  - x\n"),
                       [FrontPair(key: "title", keyLine: 0, valueLine: 0, value: .scalar("A", plain: true)),
                        FrontPair(key: "tags", keyLine: 1, valueLine: 2, value: .sequence([.scalar("x", plain: true)]))])
    }

    /// Whole files through the codec: the task, its key spans and block lists
    /// are what the Yams path made of them.
    func testTheCodecReadsGeneratedFilesAsTheYamsPathDoes() throws {
        var rng = SeededRandom(seed: 8)
        for i in 0..<1_000 {
            let yaml = Self.randomFrontmatter(&rng)
            let file = Array(("---\n" + yaml + "---\n# Heading\nbody\n").utf8)
            let fast = Result { try TaskFileCodec.parse(file, id: "t\(i).md", timeZone: TimeZone(identifier: "UTC")!) }
            let slow = Result { try TaskFileCodec.parseWithYams(file, id: "t\(i).md", timeZone: TimeZone(identifier: "UTC")!) }
            switch (fast, slow) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a.task, b.task, "#\(i):\n\(yaml)")
                XCTAssertEqual(a.keySpans, b.keySpans, "#\(i):\n\(yaml)")
                XCTAssertEqual(a.blockListKeys, b.blockListKeys, "#\(i):\n\(yaml)")
                XCTAssertEqual(a.style, b.style, "#\(i):\n\(yaml)")
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual("\(a)", "\(b)", "#\(i): the same refusal:\n\(yaml)")
            default:
                XCTFail("#\(i): one path read it, the other refused it:\n\(yaml)\n\(fast)\n\(slow)")
            }
        }
    }
}
