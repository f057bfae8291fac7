import XCTest
@testable import TaskEngine

/// AND / OR / NOT, nesting, empty and conflicting rules, disabled and unknown conditions.
final class RuleLogicTests: XCTestCase {
    let tasks: [TaskItem] = [
        task("a", status: .todo, priority: .high, flagged: true, area: "Work"),
        task("b", status: .todo, priority: .low, area: "Work"),
        task("c", status: .done, priority: .high, area: "Home"),
        task("d", status: .inProgress, flagged: true),
    ]
    let high = RuleNode.cond("priority", "equals", .string("high"))
    let flagged = RuleNode.cond("flagged", "equals", .bool(true))
    let work = RuleNode.cond("area", "equals", .string("Work"))
    let unknownField = RuleNode.cond("mood", "equals", .string("happy"))
    let unknownOp = RuleNode.cond("priority", "resembles", .string("high"))
    let badValue = RuleNode.cond("estimated_minutes", "less_than", .string("soon"))

    func testAndOrNot() {
        XCTAssertEqual(matching(RuleGroup(.and, [high, flagged]), tasks), ["a"])
        XCTAssertEqual(matching(RuleGroup(.or, [high, flagged]), tasks), ["a", "c", "d"])
        XCTAssertEqual(matching(RuleGroup(.not, [high, flagged]), tasks), ["b"])
    }

    func testNotWithinOrWithinAnd() {
        // Work AND (flagged OR NOT(high))
        let rules = RuleGroup(.and, [work, .any([flagged, .none([high])])])
        XCTAssertEqual(matching(rules, tasks), ["a", "b"])
        let deeper = RuleGroup(.and, [.any([.none([work]), .all([high, flagged])])])
        XCTAssertEqual(matching(deeper, tasks), ["a", "c", "d"])
    }

    func testEmptyRulesMatchEveryTaskAndConflictingRulesNone() {
        XCTAssertEqual(matching(RuleGroup(.and), tasks), ["a", "b", "c", "d"])
        XCTAssertEqual(matching(RuleGroup(.or), tasks), ["a", "b", "c", "d"])
        XCTAssertEqual(matching(RuleGroup(.not), tasks), ["a", "b", "c", "d"])
        let conflict = RuleGroup(.and, [.cond("status", "equals", .string("todo")), .cond("status", "equals", .string("done"))])
        XCTAssertEqual(matching(conflict, tasks), [])
    }

    func testDisabledConditionsAndGroupsAreIgnored() {
        var off = RuleCondition(field: "priority", op: "equals", value: .string("high"))
        off.enabled = false
        XCTAssertEqual(matching(RuleGroup(.and, [.condition(off), flagged]), tasks), ["a", "d"])
        XCTAssertEqual(matching(RuleGroup(.or, [.condition(off), flagged]), tasks), ["a", "d"])
        XCTAssertEqual(matching(RuleGroup(.not, [.condition(off), flagged]), tasks), ["b", "c"])
        var offGroup = RuleGroup(.or, [high])
        offGroup.enabled = false
        XCTAssertEqual(matching(RuleGroup(.and, [.group(offGroup), work]), tasks), ["a", "b"])
        // A group whose conditions are all off is ignored, even inside OR.
        XCTAssertEqual(matching(RuleGroup(.or, [.group(RuleGroup(.and, [.condition(off)])), work]), tasks), ["a", "b"])
        XCTAssertEqual(matching(RuleGroup(.and, [.condition(off)]), tasks), ["a", "b", "c", "d"], "top level with nothing enabled")
    }

    func testUnknownConditionsAreSkippedTrueInAndFalseInOrAndNot() {
        for skipped in [unknownField, unknownOp, badValue] {
            XCTAssertEqual(matching(RuleGroup(.and, [skipped, flagged]), tasks), ["a", "d"])
            XCTAssertEqual(matching(RuleGroup(.or, [skipped, flagged]), tasks), ["a", "d"])
            XCTAssertEqual(matching(RuleGroup(.not, [skipped, flagged]), tasks), ["b", "c"])
            XCTAssertEqual(matching(RuleGroup(.or, [skipped]), tasks), [], "OR of only a skipped rule is false")
            XCTAssertEqual(matching(RuleGroup(.not, [skipped]), tasks), ["a", "b", "c", "d"])
            XCTAssertEqual(matching(RuleGroup(.and, [skipped]), tasks), ["a", "b", "c", "d"])
        }
        let unknownGroup = RuleNode(json: parseJSON(#"{"operator":"XOR","conditions":[{"field":"flagged","op":"equals","value":true}]}"#))
        XCTAssertEqual(matching(RuleGroup(.and, [unknownGroup, work]), tasks), ["a", "b"])
        XCTAssertEqual(matching(RuleGroup(.or, [unknownGroup, work]), tasks), ["a", "b"])
    }

    func testWarningsNameThePathInTheTree() {
        let rules = RuleGroup(.and, [flagged, .any([high, unknownField]), .none([unknownOp])])
        let warnings = RuleCompiler.compile(rules, today: pinnedToday).warnings
        XCTAssertEqual(warnings.map(\.path), ["rules.conditions[1].conditions[1]", "rules.conditions[2].conditions[0]"])
        XCTAssertTrue(warnings[0].message.contains("unknown field \"mood\""))
        XCTAssertTrue(warnings[1].message.contains("unknown operator \"resembles\""))
    }

    func testLimits() {
        let many = RuleGroup(.and, (0..<26).map { _ in flagged })
        XCTAssertEqual(RuleStats.measure(many).conditions, 26)
        var nested = RuleGroup(.and, [flagged])
        for _ in 0..<5 { nested = RuleGroup(.or, [.group(nested)]) }
        XCTAssertEqual(RuleStats.measure(nested).depth, 6)
        XCTAssertEqual(matching(nested, tasks), ["a", "d"], "deep nesting still evaluates")
    }
}
