import XCTest
@testable import TaskEngine

final class RuleTreeEditingTests: XCTestCase {
    /// A tree whose conditions are told apart by their value: c0 … c5.
    func sample() -> RuleGroup {
        func c(_ n: Int) -> RuleNode { .cond("title", "string_contains", .string("c\(n)")) }
        return RuleGroup(.and, [c(0), .any([c(1), c(2)]), c(3), .none([.all([c(4)])]), c(5)])
    }

    func names(_ g: RuleGroup) -> [String] {
        RuleTreeEditing.lines(g).compactMap { line in
            if case .condition(let c) = line.node { return c.value?.string }
            return "(\(line.depth))"
        }
    }

    func conditions(_ g: RuleGroup) -> [String] {
        RuleTreeEditing.lines(g).compactMap { if case .condition(let c) = $0.node { return c.value?.string }; return nil }.sorted()
    }

    func testEveryMoveKeepsEveryConditionAndPointsAtTheMovedNode() {
        let base = sample()
        for line in RuleTreeEditing.lines(base) where !line.path.isEmpty {
            for op in ["down", "up", "indent", "outdent"] {
                var g = base
                let at: [Int]
                switch op {
                case "down": at = RuleTreeEditing.moveDown(&g, at: line.path)
                case "up": at = RuleTreeEditing.moveUp(&g, at: line.path)
                case "indent": at = RuleTreeEditing.indent(&g, at: line.path)
                default: at = RuleTreeEditing.outdent(&g, at: line.path)
                }
                XCTAssertEqual(conditions(g), conditions(base), "\(op) \(line.path)")
                XCTAssertEqual(RuleTreeEditing.node(g, at: at), line.node, "\(op) \(line.path) → \(at)")
            }
        }
    }

    func testMovingDownWalksThroughGroupsAndStopsAtTheEnd() {
        var g = sample()
        var at = [0]
        var seen: [[String]] = [names(g)]
        for _ in 0..<20 {
            let next = RuleTreeEditing.moveDown(&g, at: at)
            if next == at { break }
            at = next
            seen.append(names(g))
        }
        XCTAssertEqual(seen.first, ["(0)", "c0", "(1)", "c1", "c2", "c3", "(1)", "(2)", "c4", "c5"])
        XCTAssertEqual(seen[1], ["(0)", "(1)", "c0", "c1", "c2", "c3", "(1)", "(2)", "c4", "c5"], "into the group below")
        XCTAssertEqual(names(g).suffix(1), ["c0"], "ends last")
        XCTAssertEqual(at, [4])
        XCTAssertEqual(conditions(g), conditions(sample()))
        // And back up to the top.
        for _ in 0..<20 { let next = RuleTreeEditing.moveUp(&g, at: at); if next == at { break }; at = next }
        XCTAssertEqual(at, [0])
    }

    func testInsertDeleteToggleCycleIndentOutdent() {
        var g = sample()
        let added = RuleTreeEditing.insert(.cond("flagged", "equals", .bool(true)), into: &g, after: [1])
        XCTAssertEqual(added, [1, 2], "after a group line: into the group, last")
        let after = RuleTreeEditing.insert(.cond("tags", "is_nil"), into: &g, after: [0])
        XCTAssertEqual(after, [1])
        XCTAssertEqual(RuleTreeEditing.delete(&g, at: [1]), [1])
        RuleTreeEditing.toggle(&g, at: [0])
        XCTAssertEqual(RuleTreeEditing.node(g, at: [0])?.enabled, false)
        RuleTreeEditing.cycleOperator(&g, at: [])
        XCTAssertEqual(g.operatorText, "OR")
        RuleTreeEditing.cycleOperator(&g, at: [1, 0])  // a condition: its group cycles
        if case .group(let sub)? = RuleTreeEditing.node(g, at: [1]) { XCTAssertEqual(sub.operatorText, "NOT") } else { XCTFail() }
        // Indent wraps a condition in a new group when there is no group above it.
        let wrapped = RuleTreeEditing.indent(&g, at: [0])
        XCTAssertEqual(wrapped, [0, 0])
        XCTAssertEqual(RuleTreeEditing.outdent(&g, at: wrapped), [1])
        // Five levels deep and back.
        var deep = RuleGroup(.and, [.cond("flagged", "equals", .bool(true))])
        var p = [0]
        for _ in 0..<5 { p = RuleTreeEditing.indent(&deep, at: p) }
        XCTAssertEqual(p.count, 6)
        XCTAssertEqual(RuleStats.measure(deep).depth, 6)
        for _ in 0..<5 { p = RuleTreeEditing.outdent(&deep, at: p) }
        XCTAssertEqual(p.count, 1)
        XCTAssertEqual(RuleTreeEditing.node(deep, at: p), .cond("flagged", "equals", .bool(true)))
        XCTAssertEqual(deep.conditions.count, 2, "the emptied groups stay until deleted")
        RuleTreeEditing.delete(&deep, at: [0])
        XCTAssertEqual(deep.conditions, [.cond("flagged", "equals", .bool(true))])
    }
}
