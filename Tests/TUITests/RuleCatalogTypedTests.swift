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
}
