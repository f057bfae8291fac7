import Foundation
import XCTest
@testable import TaskEngine

/// JSON read through Foundation (strictness) and libyaml's events (order): every shape of valid JSON.
final class JSONTextTests: XCTestCase {
    func testValidJSONOfEveryShape() throws {
        let cases: [(String, JSONValue)] = [
            ("{\t\"a\":\t1 }", .object([("a", .number("1"))])),
            ("{\"a\":\"x\\/y\"}", .object([("a", .string("x/y"))])),
            ("{\"a\":\"caf\\u00e9 \\ud83d\\ude00\"}", .object([("a", .string("café 😀"))])),
            ("[-0.0e+10, 1E3, 0, -5]", .array([.number("-0.0e+10"), .number("1E3"), .number("0"), .number("-5")])),
            ("{\"\":\"empty key\",\"b\":null,\"c\":[true,false]}", .object([("", .string("empty key")), ("b", .null), ("c", .array([.bool(true), .bool(false)]))])),
            ("{\"z\":1,\"a\":2,\"m\":3}", .object([("z", .number("1")), ("a", .number("2")), ("m", .number("3"))])),
            ("{\"q\":\"say \\\"hi\\\"\\n\\ttab\"}", .object([("q", .string("say \"hi\"\n\ttab"))])),
            ("{\"n\":\"123\",\"t\":\"true\",\"nl\":\"null\"}", .object([("n", .string("123")), ("t", .string("true")), ("nl", .string("null"))])),
            ("\n\n  {\"deep\":[[[[{\"x\":[]}]]]]}\n", .object([("deep", .array([.array([.array([.array([.object([("x", .array([]))])])])])]))])),
            ("{\"a\":\"line\\u2028sep\"}", .object([("a", .string("line\u{2028}sep"))])),
            ("{\"a\":\"\\\\ud83d stays text\"}", .object([("a", .string("\\ud83d stays text"))])),
        ]
        for (text, expected) in cases {
            let value = try JSONText.parse(Data(text.utf8))
            XCTAssertEqual(value, expected, text)
            // What we write reads back to the same value.
            XCTAssertEqual(try JSONText.parse(Data(JSONText.render(value).utf8)), value, text)
        }
    }

    func testInvalidJSONIsRejectedWithAReason() {
        for bad in ["{", "{a: 1}", "{'a': 1}", "[1 2]", "{\"a\": tru}", "# comment\n{}", "{\"a\":1} extra"] {
            XCTAssertThrowsError(try JSONText.parse(Data(bad.utf8)), bad) {
                XCTAssertTrue("\($0)".hasPrefix("not valid JSON"), "\($0)")
            }
        }
    }

    func testARepeatedKeyIsRefusedAndNamedInSmallAndBigObjects() {
        for size in [1, 2, 31, 32, 33, 100] {
            for repeated in [0, size / 2, size - 1] {
                var keys = (0..<size).map { "\"k\($0)\": \($0)" }
                keys.append("\"k\(repeated)\": \"again\"")
                let text = "{" + keys.joined(separator: ", ") + "}"
                XCTAssertThrowsError(try JSONText.parse(Data(text.utf8)), "\(size) keys, k\(repeated) twice") {
                    XCTAssertTrue("\($0)".contains("\"k\(repeated)\" appears twice"), "\($0)")
                }
                // The same keys without the repeat are read in their order, at any depth.
                let unique = "{" + keys.dropLast().joined(separator: ", ") + "}"
                let nested = "[{\"inner\": \(unique)}]"
                let value = try? JSONText.parse(Data(nested.utf8))
                XCTAssertEqual(value?.array?.first?["inner"]?.objectPairs?.map(\.0), (0..<size).map { "k\($0)" })
            }
        }
    }

    func testTheSameKeyInDifferentObjectsIsFine() throws {
        let value = try JSONText.parse(Data("{\"a\": {\"a\": 1}, \"b\": [{\"a\": 2}, {\"a\": 3}]}".utf8))
        XCTAssertEqual(value["a"]?["a"], .number("1"))
        XCTAssertEqual(value["b"]?.array?.map { $0["a"] }, [.number("2"), .number("3")])
    }

    func testGeneratedValuesRoundTripAtEveryNesting() throws {
        var rng = SystemRandomNumberGenerator()
        func make(_ depth: Int) -> JSONValue {
            let leaves: [JSONValue] = [.null, .bool(true), .bool(false), .number("-12.5e3"), .number("0"), .string(""),
                                       .string("with \"quotes\", \\ and \n"), .string("null"), .string("42"), .string("ünï 😀 \u{1}")]
            guard depth > 0, Int.random(in: 0..<3, using: &rng) != 0 else { return leaves.randomElement(using: &rng)! }
            let n = Int.random(in: 0..<5, using: &rng)
            if Bool.random(using: &rng) { return .array((0..<n).map { _ in make(depth - 1) }) }
            return .object((0..<n).map { ("key \($0) \(Int.random(in: 0..<1000, using: &rng))", make(depth - 1)) })
        }
        for _ in 0..<500 {
            let value = make(Int.random(in: 0...6, using: &rng))
            XCTAssertEqual(try JSONText.parse(Data(JSONText.render(value).utf8)), value, JSONText.render(value))
        }
    }

    func testNestingPastFoundationsDepthIsReadUpToTheBoundAndRefusedPastIt() throws {
        for depth in [600, 1_200, JSONText.maxNesting - 1] {
            let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            var value = try JSONText.parse(Data(text.utf8)), levels = 0
            while case .array(let items) = value { value = items[0]; levels += 1 }
            XCTAssertEqual(levels, depth)
            XCTAssertEqual(value, .number("1"))
        }
        let tooDeep = String(repeating: "[", count: JSONText.maxNesting + 10) + String(repeating: "]", count: JSONText.maxNesting + 10)
        XCTAssertThrowsError(try JSONText.parse(Data(tooDeep.utf8))) { XCTAssertTrue("\($0)".hasPrefix("not valid JSON"), "\($0)") }
    }

    func testANulInAStringIsKept() throws {
        XCTAssertEqual(try JSONText.parse(Data("{\"a\": \"x\\u0000y\"}".utf8))["a"], .string("x\u{0}y"))
    }
}
