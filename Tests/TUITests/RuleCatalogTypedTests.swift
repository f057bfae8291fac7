import XCTest
@testable import TaskEngine
@testable import TUI

/// A value typed in the rule editor's picker becomes the value the operator
/// takes: one word for `contains` on tags and contexts, a list for the list
/// operators, for both fields alike.
final class RuleCatalogTypedTests: XCTestCase {
    func testATypedWordFitsTheOperatorOnTagsAndContexts() throws {
        for field in ["tags", "contexts"] {
            for (op, want) in [("contains", JSONValue.string("errands")), ("contains_any", .array([.string("errands")])),
                               ("contains_all", .array([.string("errands")])), ("not_contains", .array([.string("errands")]))] {
                let c = try XCTUnwrap(RuleCatalog.apply(.typed("errands"), to: RuleCondition(field: field, op: op, value: nil)))
                XCTAssertEqual(c.value, want, "\(field) \(op)")
                // … and the rule matches the task that has the word.
                var t = TaskItem(id: "t.md", title: "T")
                if field == "tags" { t.tags = ["errands"] } else { t.contexts = ["errands"] }
                let compiled = RuleCompiler.compile(RuleGroup(.and, [.condition(c)]), today: Day.parseISO("2026-11-23")!)
                XCTAssertTrue(compiled.warnings.isEmpty, "\(field) \(op): \(compiled.warnings)")
                XCTAssertEqual(compiled.matches(IndexedTask(t)), op != "not_contains", "\(field) \(op)")
            }
        }
    }

    /// Tracked time and estimates take a time as typed (`3h`, `1h30m`, `90m`, minutes); the
    /// tracked picker names its choices in the same words.
    func testATypedTimeIsMinutes() throws {
        for field in ["tracked", "estimated_minutes"] {
            let c = RuleCondition(field: field, op: "greater_than", value: .int(120))
            for (typed, minutes) in [("3h", 180), ("1h30m", 90), ("90m", 90), ("45", 45), (" 2h ", 120)] {
                XCTAssertEqual(RuleCatalog.apply(.typed(typed), to: c)?.value, .int(minutes), "\(field) \(typed)")
            }
            for bad in ["soon", "-1h", "2x", ""] { XCTAssertNil(RuleCatalog.apply(.typed(bad), to: c), "\(field) \(bad)") }
        }
        let picker = try XCTUnwrap(RuleCatalog.valuePicker(for: RuleCondition(field: "tracked", op: "greater_than", value: .int(120)),
                                                           index: TaskIndex([]), today: Day.parseISO("2026-11-23")!))
        XCTAssertEqual(picker.options.map(\.label), ["30m", "1h", "2h", "4h"])
    }
}
