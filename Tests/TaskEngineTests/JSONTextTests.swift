import Foundation
import XCTest
@testable import TaskEngine

/// JSON read through Foundation (strictness) and Yams (order): every shape of valid JSON.
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
}
