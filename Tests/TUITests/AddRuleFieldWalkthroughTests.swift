import XCTest
@testable import TaskEngine
@testable import TUI

/// docs/architecture.md, "Adding a rule field", followed in a test: a field
/// for the text of a task's repeat rule (`repeat_rule contains WEEKLY`). It
/// reads a property the index already has a column for (the recurrence), so
/// the walkthrough's step 1, one record, is all it takes; the record is
/// checked here by the same checks as every field of the table, then seen
/// through the compiler, the describer, rules as text and the editor.
final class AddRuleFieldWalkthroughTests: XCTestCase {
    /// Step 1: the record, as it would stand in `RuleField.all` (`Rules/RuleFields.swift`).
    /// The next free place in the "Add a rule" list (after every field's presets and the groups),
    /// so this example needs no edit when a real field takes a place.
    static let nextFreePlace = (RuleField.all.flatMap { $0.editor.presets.map(\.place) } + RuleTypes.groups.map(\.place)).max()! + 1

    static let repeatRule = RuleField(
        "repeat_rule", label: "Repeat rule",
        column: .key(.recurrence, within: false),  // step 2 would add a column for a property the index lacks
        words: .value(),
        editor: RuleField.Editor(
            glyph: "⟳",
            operators: [RuleField.Operator(label: "Repeat rule contains", op: "string_contains", shape: .text, defaultValue: .string("")),
                        RuleField.Operator(label: "Has a repeat rule", op: "is_not_nil", shape: .none)],
            // The next free place: the list's other rule types keep theirs.
            presets: [RuleField.Preset(nextFreePlace, "Repeat rule contains", "string_contains", .string(""))],
            picker: .text))

    let field = AddRuleFieldWalkthroughTests.repeatRule
    var table: [RuleField] { RuleField.all + [field] }
    let today = RuleFieldChecks.today

    /// Step 3: the table's checks pass on it.
    func testTheRecordIsComplete() {
        XCTAssertEqual(RuleFieldChecks.problems(field, among: table), [])
    }

    /// The checks are not empty words: a record missing a part is told what.
    func testABrokenRecordIsToldWhatItLacks() {
        let broken = RuleField(
            "repeat_rule", label: "Repeat rule", column: .key(.recurrence, within: false), words: .value(),
            editor: RuleField.Editor(glyph: "⟳",
                                     operators: [RuleField.Operator(label: "Repeat rule is", op: "equals", shape: .one),
                                                 RuleField.Operator(label: "Repeat rule after", op: "after", shape: .none)],
                                     presets: [RuleField.Preset(2, "Repeat rule is", "equals", .string(""))], picker: nil))
        let problems = RuleFieldChecks.problems(broken, among: RuleField.all + [broken])
        XCTAssertTrue(problems.contains("repeat_rule: Repeat rule is takes a value but has no default"), "\(problems)")
        XCTAssertTrue(problems.contains("repeat_rule: Repeat rule is takes a value but has no control"), "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("repeat_rule: operator Repeat rule after does not compile") }, "\(problems)")
        XCTAssertTrue(problems.contains("repeat_rule: two presets (or a group) share a place in the \"Add a rule\" list"), "\(problems)")
    }

    /// The compiled test is the column scan of the column the record names.
    func testARuleOnItMatchesTheTasksWhoseRepeatRuleHasTheText() throws {
        let index = TaskIndex(RuleFieldChecks.tasks)
        let c = RuleCondition(field: field.name, op: "string_contains", value: .string("weekly"))
        let test = try ConditionCompiler.test(c, on: field, today: today).get()
        let bits = ColumnScan.bits(test, columns: TaskColumns(index.tasks), tasks: index.tasks)
        let want = index.tasks.indices.filter { index.tasks[$0].task.recurrence?.lowercased().contains("weekly") == true }
        XCTAssertFalse(want.isEmpty)
        XCTAssertEqual(index.tasks.indices.filter { bits[$0] }, want)
    }

    func testItIsSaidInWordsAndWrittenAsText() throws {
        let c = RuleCondition(field: field.name, op: "string_contains", value: .string("WEEKLY"))
        XCTAssertEqual(RuleDescriber.describe(c, on: field, today: today), "Repeat rule contains \"WEEKLY\"")
        XCTAssertEqual(RuleDescriber.describe(RuleCondition(field: field.name, op: "is_not_nil"), on: field, today: today), "Has a repeat rule")
        let rules = RuleGroup(.and, [.condition(c), .cond("flagged", "equals", .bool(true))])
        XCTAssertEqual(RuleText.text(rules), "repeat_rule contains WEEKLY and flagged")
        XCTAssertEqual(try RuleTextParser.parse(RuleText.text(rules)).json, rules.json)
    }

    func testTheEditorOffersItLastInTheAddRuleListWithTheTextControl() throws {
        let kinds = RuleTypes.kinds(of: table)
        XCTAssertEqual(kinds.map(\.label), RuleTypes.kinds.map(\.label) + ["Repeat rule contains"])
        XCTAssertEqual(kinds.last?.make(), .cond("repeat_rule", "string_contains", .string("")))
        let c = RuleTypes.reshape(RuleCondition(field: field.name, op: "is_not_nil"), to: field.editor.operators[0])
        let picker = try XCTUnwrap(RuleCatalog.valuePicker(for: c, on: field, index: TaskIndex(RuleFieldChecks.tasks), today: today))
        XCTAssertEqual(picker.title, "Text to find (ignores case and accents)")
        XCTAssertEqual(RuleCatalog.apply(.typed("weekly"), to: c)?.value, .string("weekly"))
    }
}
