import XCTest
@testable import TaskEngine
@testable import TUI

/// Every rule field of the table is complete (`RuleFieldChecks`), is found by
/// its name and aliases, and is what the compiler, the describer and the
/// editor's lists use for it.
final class RuleFieldTableTests: XCTestCase {
    func testEveryFieldOfTheTableIsComplete() {
        for f in RuleField.all { XCTAssertEqual(RuleFieldChecks.problems(f, among: RuleField.all), []) }
    }

    func testNamesAndAliasesFindTheirRecordAndAreNotShared() {
        let names = RuleField.all.flatMap { [$0.name] + $0.aliases }
        XCTAssertEqual(Set(names).count, names.count, "a name or alias is used twice")
        // A field's word in rules as text reads back as that field alone.
        let words = RuleField.all.compactMap(\.text.name)
        XCTAssertEqual(Set(words).count, words.count, "two fields have one word in rules as text")
        for f in RuleField.all {
            guard let w = f.text.name else { continue }
            XCTAssertEqual(RuleText.fieldAliases[w], f.name)
            XCTAssertTrue(RuleField.named(w).map { $0.name == f.name } ?? true, "\(w) is another field's name")
        }
        for f in RuleField.all {
            XCTAssertEqual(RuleField.named(f.name)?.name, f.name)
            XCTAssertEqual(RuleField.stored(f.name)?.name, f.name)
            for alias in f.aliases {
                XCTAssertEqual(RuleField.named(alias)?.name, f.name, alias)
                XCTAssertNil(RuleField.stored(alias), alias)
            }
        }
        for unknown in ["mood", "", "Tags", "estimate"] {
            XCTAssertNil(RuleField.named(unknown), unknown)
            let c = RuleCondition(field: unknown, op: "equals", value: .string("x"))
            XCTAssertEqual(ConditionCompiler.test(c, today: RuleFieldChecks.today).failureValue, .unknownField, unknown)
            XCTAssertTrue(RuleDescriber.describe(c, today: RuleFieldChecks.today).hasPrefix("Unknown rule"), unknown)
            XCTAssertEqual(RuleTypes.operators(field: unknown).count, 0, unknown)
        }
    }

    /// The name-keyed entry points answer with the record's parts.
    func testTheEditorAndTheDescriberReadTheRecord() {
        let index = TaskIndex(RuleFieldChecks.tasks)
        let today = RuleFieldChecks.today
        for f in RuleField.all {
            for name in [f.name] + f.aliases {
                XCTAssertEqual(RuleTypes.operators(field: name).map(\.label), f.editor.operators.map(\.label), name)
                XCTAssertEqual(RuleTypes.icon(field: name), f.editor.glyph, name)
                XCTAssertEqual(RuleDescriber.fieldNames[name], f.label, name)
            }
            for (i, (_, c)) in RuleFieldChecks.conditions(f).enumerated() {
                XCTAssertEqual(RuleTypes.currentOperator(of: c), i, "\(f.name) \(c.op): the operator list would not mark the one in use")
                XCTAssertEqual(RuleDescriber.describe(c, today: today), RuleDescriber.describe(c, on: f, today: today))
                XCTAssertEqual(RuleCatalog.valuePicker(for: c, index: index, today: today),
                               RuleCatalog.valuePicker(for: c, on: f, index: index, today: today))
                XCTAssertEqual(RuleCatalog.usesDatePicker(c), f.editor.picker == .dates && !["is_nil", "is_not_nil"].contains(c.op), f.name)
            }
        }
        // The "Add a rule" list holds every field's presets and the three groups, nothing else.
        let presets = RuleField.all.flatMap(\.editor.presets)
        XCTAssertEqual(RuleTypes.kinds.count, presets.count + 3)
        XCTAssertEqual(RuleTypes.kinds.map(\.label), RuleTypes.kinds(of: RuleField.all).map(\.label))
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
