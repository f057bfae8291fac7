import Foundation
import XCTest
@testable import TaskEngine

/// `JSONSplice` on generated JSON: random values in every layout, changed at
/// random, come out as the new value with the untouched members' bytes; text
/// that does not line up with the value it is said to hold is refused (the
/// store then writes the file whole).
final class JSONSpliceTests: XCTestCase {
    /// Leaves with what a byte scanner could trip on: brackets, commas and quotes in strings, escapes.
    static let leaves: [JSONValue] = [
        .null, .bool(true), .bool(false), .number("-12.5e3"), .number("0"), .number("1.50"), .string(""),
        .string("}],{[\"x\":"), .string("back\\slash \\\" end\\"), .string("line\nbreak\ttab"), .string("ünï 日本 😀"), .string("null"),
    ]

    struct Generator {
        var rng: SplitMix
        mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func leaf() -> JSONValue { JSONSpliceTests.leaves[int(JSONSpliceTests.leaves.count)] }
        mutating func key() -> String { ["a", "b", "id", "}{", "k \"q\"", "ключ", "x\\y"][int(7)] + String(int(100)) }

        mutating func value(_ depth: Int) -> JSONValue {
            guard depth > 0, int(3) != 0 else { return leaf() }
            let n = int(5)
            if int(2) == 0 { return .array((0..<n).map { _ in value(depth - 1) }) }
            var pairs: [(String, JSONValue)] = []
            for _ in 0..<n {
                let k = key()
                if !pairs.contains(where: { $0.0 == k }) { pairs.append((k, value(depth - 1))) }
            }
            return .object(pairs)
        }

        /// One change somewhere in `v`: a value replaced, a member or item added or removed.
        mutating func change(_ v: JSONValue) -> JSONValue {
            switch v {
            case .object(var pairs) where !pairs.isEmpty:
                let i = int(pairs.count)
                switch int(4) {
                case 0: pairs.remove(at: i)
                case 1:
                    let k = key()
                    if !pairs.contains(where: { $0.0 == k }) { pairs.insert((k, value(2)), at: int(pairs.count + 1)) }
                default: pairs[i].1 = change(pairs[i].1)
                }
                return .object(pairs)
            case .array(var items) where !items.isEmpty:
                let i = int(items.count)
                switch int(4) {
                case 0: items.remove(at: i)
                case 1: items.insert(value(2), at: int(items.count + 1))
                default: items[i] = change(items[i])
                }
                return .array(items)
            default:
                return int(2) == 0 ? leaf() : value(2)
            }
        }
    }

    /// A seeded generator, so a failure names a case that can be run again.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func testGeneratedChangesInEveryLayoutKeepUntouchedMembers() throws {
        var spliced = 0
        for seed in 0..<300 {
            var g = Generator(rng: SplitMix(state: UInt64(seed)))
            var members: [(String, JSONValue)] = []
            for _ in 0..<(2 + g.int(5)) {
                let k = g.key()
                if !members.contains(where: { $0.0 == k }) { members.append((k, g.value(4))) }
            }
            let old = JSONValue.object(members)
            var new = old
            for _ in 0..<(1 + g.int(3)) { new = g.change(new) }
            guard case .object(let newMembers) = new, new != old else { continue }
            for layout in PerspectivesLayout.all {
                let label = "seed \(seed), \(layout)"
                let text = Array(layout.render(old).utf8)
                let out = try XCTUnwrap(JSONSplice.bytes(text, was: old, becomes: new), label)
                let written = String(decoding: out, as: UTF8.self)
                XCTAssertEqual(try JSONText.parse(Data(out)), new, label)
                spliced += 1
                for (k, v) in newMembers where old[k] == v {
                    let own = layout.quote(k) + layout.colon + layout.write(v, indent: layout.unit ?? "")
                    XCTAssertTrue(written.contains(own), "\(label): \(k) re-laid-out\n\(written)")
                }
                XCTAssertEqual(out.contains(0x0D), layout.newline == "\r\n", label)
            }
        }
        XCTAssertGreaterThan(spliced, 2_000)
    }

    func testTextThatDoesNotHoldTheValueIsRefused() {
        let old: JSONValue = .object([("a", .int(1)), ("b", .strings(["x"]))])
        let new: JSONValue = .object([("a", .int(2)), ("b", .strings(["x"]))])
        for text in [
            #"{"a": 1, "b": ["y"]}"#,            // a kept member says something else
            #"{"b": ["x"], "a": 1}"#,            // keys in another order than read
            #"{"a": 1, "c": ["x"]}"#,            // another key
            "\u{FEFF}{\"a\": 1, \"b\": [\"x\"]}", // a byte-order mark before the object
            #"{"a": 1, "b": ["x"]"#,             // cut short
            #"["a", 1]"#,
        ] {
            XCTAssertNil(JSONSplice.bytes(Array(text.utf8), was: old, becomes: new), text)
        }
        XCTAssertEqual(JSONSplice.bytes(Array(#"{"a": 1, "b": ["x"]}"#.utf8), was: old, becomes: new).map { String(decoding: $0, as: UTF8.self) },
                       #"{"a": 2, "b": ["x"]}"#)
    }

    /// Past the depth it walks into, a change is written whole from there down, in the file's layout.
    func testAChangeDeeperThanTheWalkIsWrittenWholeThere() throws {
        let layout = PerspectivesLayout.all.first { $0.name == "tabs" }!
        func nest(_ leaf: JSONValue, _ depth: Int) -> JSONValue { depth == 0 ? leaf : .object([("k", nest(leaf, depth - 1)), ("s", .string("same"))]) }
        for depth in [JSONSplice.maxDepth - 1, JSONSplice.maxDepth, JSONSplice.maxDepth + 1, 60] {
            let old = nest(.int(1), depth), new = nest(.int(2), depth)
            let out = try XCTUnwrap(JSONSplice.bytes(Array(layout.render(old).utf8), was: old, becomes: new), "\(depth)")
            XCTAssertEqual(String(decoding: out, as: UTF8.self), layout.render(new), "\(depth)")
        }
    }

    /// An empty file (`{}`) says nothing of a layout: what is added to it is written as todomd writes a new file.
    func testAnEmptyObjectGetsTodomdsOwnLayout() throws {
        for text in ["{}\n", "{}", "  {  }\r\n"] {
            let dir = TempDir(), cache = TempDir()
            dir.write(".perspectives.json", text)
            let s = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
            s.load()
            _ = try s.create(name: "Work")
            var expected = JSONText.render(s.document.json)
            if text.contains("\r\n") { expected = "  " + expected.replacingOccurrences(of: "\n", with: "\r\n") }
            XCTAssertEqual(dir.text(".perspectives.json"), text.utf8.last == 0x0A ? expected : String(expected.dropLast()), text)
        }
    }

    /// A store whose file the scanner cannot follow (a byte-order mark) writes it whole, and right.
    func testAFileTheScannerCannotFollowIsWrittenWhole() throws {
        let dir = TempDir(), cache = TempDir()
        dir.write(".perspectives.json", "\u{FEFF}" + #"{"version": 1, "perspectives": {"w": {"id": "w", "name": "Work", "rules": {"operator": "AND", "conditions": []}}}}"#)
        let s = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
        s.load()
        XCTAssertNil(s.problem)
        var p = try XCTUnwrap(s.perspective(id: "w"))
        p.name = "Work 2"
        try s.update(p)
        let after = try XCTUnwrap(dir.text(".perspectives.json"))
        XCTAssertEqual(parseJSON(after), s.document.json)
        XCTAssertEqual(after, JSONText.render(s.document.json))
    }
}
