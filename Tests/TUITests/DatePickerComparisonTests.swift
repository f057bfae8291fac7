import XCTest
@testable import TaskEngine
@testable import TUI

/// The date picker opened on a relative rule says that rule's comparison on its comparison line
/// ("on or before today": `[on or before]`), for every relative choice whose comparison the line has.
final class DatePickerComparisonTests: XCTestCase {
    func testTheComparisonLineSaysTheRelativeRulesOwn() {
        let today = Day.parseISO("2026-11-23")!
        var checked = 0
        for choice in RuleCatalog.dateChoices {
            let c = RuleCondition(field: "due", op: choice.1, value: choice.2, unit: choice.3)
            let picker = DatePicker(c, today: today, relative: Picker(title: "", options: []))
            XCTAssertEqual(picker.side, .relative, choice.0)
            if let own = DatePicker.comparisons.firstIndex(where: { $0.op == choice.1 }) {
                XCTAssertEqual(picker.comparison, own, choice.0)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3, "the choices with a comparison of the line (on, before, after, on or before, on or after)")
    }
}
