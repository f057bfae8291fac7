import Foundation
import XCTest
@testable import TaskEngine

/// Rules nested past reason: as text they are refused at the column where
/// the first level too many starts; in `.perspectives.json` groups nest to
/// `RuleStats.maxDepth` with a warning past `PerspectiveStore.maxDepth`, and
/// deeper make the file unreadable with the reason. Never a crash.
final class RuleNestingBoundTests: XCTestCase {
    /// Each way text nests: what opens a level and what closes it.
    static let openers: [(open: String, close: String)] = [
        ("(", ")"), ("all(", ")"), ("any(", ")"), ("none(", ")"), ("not (", ")"), ("group and(", ")"), ("off ", ""),
    ]

    func testEveryKindOfNestingIsReadToTheLimitAndRefusedPastItAtItsColumn() throws {
        let limit = RuleTextParser.maxNesting
        for (open, close) in Self.openers {
            for levels in [1, 2, 50, limit - 1, limit, limit + 1, limit + 2, 1_000, 20_000] {
                let text = String(repeating: open, count: levels) + "flagged" + String(repeating: close, count: levels)
                let name = "\(levels) × '\(open)'"
                if levels <= limit {
                    let tree = try RuleTextParser.parse(text)
                    XCTAssertLessThanOrEqual(RuleStats.measure(tree).depth, RuleStats.maxDepth, name)
                } else {
                    XCTAssertThrowsError(try RuleTextParser.parse(text), name) { error in
                        let f = error as? RuleTextParser.Failure
                        XCTAssertEqual(f?.message, "rules nested deeper than \(limit) levels (parentheses, groups, off)", name)
                        // The level past the limit starts after `limit` openers.
                        XCTAssertEqual(f?.column, limit * open.count + 1, name)
                    }
                }
            }
        }
    }

    /// Any tree a perspectives file may hold is written as text that reads back as the same tree.
    func testTreesAtTheDepthLimitRoundTripThroughText() throws {
        for depth in [1, 6, RuleStats.maxDepth - 1, RuleStats.maxDepth] {
            for kinds in [[GroupOperator.and], [.or, .and], [.not, .or], [.and, .not]] {
                var tree = RuleGroup(kinds[0], [.cond("flagged", "equals", .bool(true)), .cond("priority", "equals", .string("high"))])
                for level in 1..<depth {
                    tree = RuleGroup(kinds[level % kinds.count], [.group(tree), .cond("area", "within", .string("Work"))])
                }
                XCTAssertEqual(RuleStats.measure(tree).depth, depth)
                let text = RuleText.text(tree)
                XCTAssertEqual(try RuleTextParser.parse(text), tree, "depth \(depth), \(kinds)")
            }
        }
    }

    func testAnExcerptOfALongTextShowsWhereItWentWrong() {
        let text = String(repeating: "(", count: 20_000) + "flagged" + String(repeating: ")", count: 20_000)
        XCTAssertThrowsError(try RuleTextParser.parse(text)) { error in
            guard let f = error as? RuleTextParser.Failure else { return XCTFail("\(error)") }
            let excerpt = f.excerpt(of: text)
            XCTAssertEqual(excerpt, "…" + String(repeating: "(", count: 60) + "…")
        }
        let short = "flagged and"
        XCTAssertEqual(RuleTextParser.Failure(column: 12, message: "x").excerpt(of: short), short)
        let long = String(repeating: "a", count: 100) + "Z" + String(repeating: "b", count: 100)
        XCTAssertEqual(RuleTextParser.Failure(column: 101, message: "x").excerpt(of: long),
                       "…" + String(repeating: "a", count: 30) + "Z" + String(repeating: "b", count: 29) + "…")
    }

    /// A perspectives file whose rules nest `depth` groups deep.
    static func perspectives(depth: Int) -> String {
        var group = #"{"operator":"AND","conditions":[{"field":"flagged","op":"equals","value":true}]}"#
        for _ in 1..<depth { group = #"{"operator":"OR","conditions":["# + group + "]}" }
        return #"{"version":1,"perspectives":{"deep":{"id":"deep","name":"Deep","rules":"# + group + "}}}"
    }

    func testAPerspectivesFileIsReadWithAWarningToTheLimitAndUnreadablePastIt() throws {
        for depth in [5, 6, 50, RuleStats.maxDepth, RuleStats.maxDepth + 1, 1_000, 1_999, 2_100] {
            let dir = TempDir(), cache = TempDir()
            dir.write(".perspectives.json", Self.perspectives(depth: depth))
            let store = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
            store.load()
            let name = "\(depth) levels"
            if depth <= RuleStats.maxDepth {
                XCTAssertNil(store.problem, name)
                XCTAssertEqual(store.document.perspectives.first { $0.id == "deep" }.map { RuleStats.measure($0.rules).depth }, depth, name)
                let warned = store.warnings.contains("\"Deep\" nests groups \(depth) levels deep (more than \(PerspectiveStore.maxDepth))")
                XCTAssertEqual(warned, depth > PerspectiveStore.maxDepth, "\(name): \(store.warnings)")
            } else {
                let problem = try XCTUnwrap(store.problem, name)
                let reason = depth * 2 + 5 > JSONText.maxNesting ? "nesting" : "$.perspectives.deep.rules: groups nested deeper than \(RuleStats.maxDepth) levels"
                XCTAssertTrue(problem.contains(reason), "\(name): \(problem.prefix(300))")
                XCTAssertNil(store.document.perspectives.first { $0.id == "deep" }, name)
            }
            XCTAssertEqual(dir.text(".perspectives.json"), Self.perspectives(depth: depth), "never rewritten: \(name)")
        }
    }
}
