import Foundation
import RuleEditorScript
import XCTest
@testable import TaskEngine
@testable import TUI

/// Every operator of every rule type, built by keys only in the headless
/// app, saved, and compared with docs/file-format.md's operators; and the date picker's keys.
final class EveryOperatorTests: XCTestCase {
    func play(_ keys: [EveryOperatorScript.Key], on app: Harness) {
        for key in keys {
            switch key {
            case .char(let c): app.press(.char(c))
            case .text(let t): app.type(t)
            case .enter: app.press(.enter)
            case .tab: app.press(.calendar(.switchSide))
            case .space: app.press(.picker(.toggle))
            case .backspace: app.press(.text(.backspace))
            case .escape: app.press(.escape)
            }
        }
    }

    func testEveryOperatorOfEveryRuleTypeByKeysSavesWhatRulesMdSays() throws {
        let app = try Harness(files: EveryOperatorScript.files, width: 120, height: 40, today: EveryOperatorScript.today)
        app.press(.newPerspective)
        XCTAssertNotNil(app.runtime.state.editor)
        for (i, step) in EveryOperatorScript.steps.enumerated() {
            play(step.keys, on: app)
            let e = try XCTUnwrap(app.runtime.state.editor, "step \(i)")
            XCTAssertNil(e.picker, "step \(i) left a list open: \(e.picker?.title ?? "")")
            XCTAssertNil(e.datePicker, "step \(i) left the date picker open")
            // Each step adds one node, at the end of the top group.
            XCTAssertEqual(e.perspective.rules.conditions.count, EveryOperatorScript.startingConditions + i + 1, "step \(i): \(step.json)")
        }
        app.press(.editor(.close))
        XCTAssertNil(app.runtime.state.editor)
        let saved = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(app.file(".perspectives.json")).utf8)) as! [String: Any]
        let perspective = try XCTUnwrap((saved["perspectives"] as? [String: Any])?.values.first as? [String: Any])
        let conditions = try XCTUnwrap((perspective["rules"] as? [String: Any])?["conditions"] as? [Any])
        let expected = try EveryOperatorScript.expected()
        XCTAssertEqual(conditions.count, EveryOperatorScript.startingConditions + expected.count)
        for (i, want) in expected.enumerated() {
            let got = conditions[EveryOperatorScript.startingConditions + i] as? NSDictionary
            XCTAssertEqual(got, want, "step \(i): \(EveryOperatorScript.steps[i].json)")
        }
        // Every rule type of the list was used (groups included).
        let labels = Set(RuleTypes.kinds.map(\.label))
        XCTAssertTrue(labels.isSuperset(of: ["Has a scheduled date", "Has a defer date", "Is untagged", "Is repeating", "Has estimated time",
                                            "All of the following", "Any of the following", "None of the following", "Body contains"]))
        // Every operator each field offers was reached by the script.
        let reached = Set(expected.compactMap { d -> String? in
            guard let f = d["field"] as? String, let op = d["op"] as? String else { return nil }
            return f + " " + op
        })
        for field in ["status", "priority", "area", "project", "tags", "estimated_minutes", "recurrence", "source", "title", "body", "blocked"] {
            for o in RuleTypes.operators(field: field) {
                XCTAssertTrue(reached.contains(field + " " + o.op), "\(field) \(o.op) (\(o.label)) is not in the script")
            }
        }
        for op in ["on", "before", "after", "on_or_before", "on_or_after", "between", "in_past", "in_next", "is_nil", "is_not_nil"] {
            XCTAssertTrue(reached.contains { $0.hasSuffix(" " + op) && ["due", "scheduled", "defer", "created", "completed", "modified"].contains($0.split(separator: " ")[0]) },
                          "date op \(op) is not in the script")
        }
    }

    func testTheCalendarMovesPicksPreviewsLiveAndRefusesAnEndBeforeItsStart() throws {
        let files = ["a.md": f("title: Soon\ndue: 2026-11-25"), "b.md": f("title: Later\ndue: 2026-12-10"), "c.md": f("title: None")]
        let app = try Harness(files: files, width: 120, height: 40, today: "2026-11-23")
        app.press(.newPerspective, .editor(.last), .editor(.addRule))
        app.type("due date in")
        app.press(.picker(.pick))
        XCTAssertTrue(app.text.contains("Due in the next 7 days → 23 Nov – 30 Nov · 1 task"), app.text)
        app.press(.calendar(.switchSide))
        XCTAssertTrue(app.text.contains("November 2026"), app.text)
        XCTAssertTrue(app.text.contains("Mo Tu We Th Fr Sa Su"))
        XCTAssertTrue(app.text.contains("Due on 23 Nov · 0 tasks"), app.text)
        app.press(.calendar(.move(1)), .calendar(.move(1)))
        XCTAssertTrue(app.text.contains("Due on 25 Nov · 1 task"), app.text)
        app.press(.calendar(.month(1)))
        XCTAssertTrue(app.text.contains("December 2026") && app.text.contains("Due on 25 Dec · 0 tasks"), app.text)
        app.press(.calendar(.month(-1)), .calendar(.today))
        XCTAssertTrue(app.text.contains("Due on 23 Nov"), app.text)
        // between: two picks, the range previewed while moving.
        app.press(.calendar(.comparison(-1)))
        XCTAssertTrue(app.text.contains("[between]"), app.text)
        app.press(.calendar(.move(1)), .calendar(.pick))
        XCTAssertTrue(app.text.contains("Enter picks the end"), app.text)
        for _ in 0..<6 { app.press(.calendar(.move(1))) }
        XCTAssertTrue(app.text.contains("Due between 24 Nov – 30 Nov · 1 task"), app.text)
        app.press(.calendar(.move(7)), .calendar(.move(7)))
        XCTAssertTrue(app.text.contains("Due between 24 Nov – 14 Dec · 2 tasks"), app.text)
        // An end before the start is refused, and says so.
        app.press(.calendar(.today), .calendar(.pick))
        XCTAssertTrue(app.text.contains("is before the start (24 Nov)"), app.text)
        XCTAssertNotNil(app.runtime.state.editor?.datePicker)
        app.press(.calendar(.month(-1)), .calendar(.month(1)), .calendar(.move(7)), .calendar(.pick))
        XCTAssertNil(app.runtime.state.editor?.datePicker)
        XCTAssertTrue(app.text.contains("Due between 2026-11-24 and 2026-11-30 → 24 Nov – 30 Nov"), app.text)
        XCTAssertTrue(app.text.contains("Showing 1 task"), app.text)
        // Enter on the rule opens the calendar on its range (start marked, cursor on the end); Esc leaves it unchanged.
        app.press(.editor(.edit))
        XCTAssertTrue(app.text.contains("[between]") && app.text.contains("November 2026"), app.text)
        XCTAssertTrue(app.text.contains("Due between 24 Nov – 30 Nov · 1 task"), app.text)
        app.press(.calendar(.move(1)))
        XCTAssertTrue(app.text.contains("Due between 24 Nov – 1 Dec"), app.text)
        app.press(.calendar(.cancel))
        XCTAssertTrue(app.text.contains("Due between 2026-11-24 and 2026-11-30"), app.text)
        // u takes the pick back.
        app.press(.editor(.undo))
        XCTAssertTrue(app.text.contains("Due in the next 7 days"), app.text)
    }

    func testOperatorListShowsTheCurrentOneAndRulesWithoutAValueCanBeNegated() throws {
        let app = try Harness(files: EveryOperatorScript.files, width: 120, height: 40, today: "2026-11-23")
        app.press(.newPerspective, .editor(.last))
        app.press(.editor(.cycleOperator))
        XCTAssertTrue(app.text.contains("How the rule compares"), app.text)
        XCTAssertEqual(app.runtime.state.editor?.picker?.cursor, 2, "Status is any of is the current one")
        XCTAssertTrue(app.text.contains("◉  Status is not"), app.text)
        app.press(.picker(.cancel))
        for (type, before, after) in [("untagged", "Is untagged", "Has a tag"), ("repeating", "Is repeating", "Is not repeating"),
                                      ("has estimated", "Has estimated time", "Has no estimated time")] {
            app.press(.editor(.last), .editor(.addRule))
            app.type(type)
            app.press(.picker(.pick))
            XCTAssertTrue(app.text.contains(before), app.text)
            app.press(.editor(.edit))   // nothing to choose: Enter asks how it compares
            XCTAssertTrue(app.text.contains("How the rule compares"), app.text)
            app.type(String(after.prefix(8)).lowercased())
            app.press(.picker(.pick))
            XCTAssertTrue(app.text.contains(after), app.text)
        }
    }
}
