import XCTest
@testable import TaskEngine
@testable import TUI

/// Perspectives built through keys alone, checked on screen and in the saved JSON.
final class RuleEditorBuildTests: XCTestCase {
    let vault: [String: String] = [
        "a.md": f("title: Write report\narea: Work\npriority: high"),
        "b.md": f("title: Call client\narea: Work\nflagged: true"),
        "c.md": f("title: File receipts\narea: Work"),
        "d.md": f("title: Water plants\narea: Home\nflagged: true"),
        "e.md": f("title: Old\narea: Work\npriority: high\nstatus: done"),
        "f.md": f("title: Overdue one\ndue: 2026-11-20"),
        "g.md": f("title: Scheduled past\nscheduled: 2026-11-01\nstatus: in-progress"),
        "h.md": f("title: Someday due\ndue: 2026-11-22\nstatus: someday"),
    ]

    func testTheWorkAvailableNowExampleThroughKeys() throws {
        let app = try Harness(files: vault, width: 120, height: 44)
        app.press(.newPerspective, .editor(.edit))
        for _ in 0..<25 { app.press(.text(.backspace)) }
        app.type("Work — Available Now")
        app.press(.editor(.finishName))
        app.press(.editor(.last), .editor(.addRule))
        app.type("area equals")
        app.press(.picker(.pick))
        app.type("Work")
        app.press(.picker(.pick))
        app.press(.editor(.moveRuleUp))                         // area first, as in the example perspective "Work — Available Now"
        app.press(.editor(.last), .editor(.addGroup))              // G: the status rule; A adds a group after it
        app.press(.editor(.cycleOperator))                          // All → Any
        app.press(.editor(.addRule))
        app.type("priority")
        app.press(.picker(.pick))
        app.type("high")
        app.press(.picker(.pick))
        app.press(.editor(.addRule))
        app.type("flagged")
        app.press(.picker(.pick), .picker(.pick))                      // Yes
        XCTAssertTrue(app.text.contains("Rules · Showing 2 tasks"), app.text)
        XCTAssertTrue(app.text.contains("Write report") && app.text.contains("Call client"))
        XCTAssertFalse(app.text.contains("File receipts"))
        app.press(.editor(.close))
        let saved = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))["perspectives"]?["untitled-perspective"]
        XCTAssertEqual(saved?["name"], .string("Work — Available Now"))
        XCTAssertEqual(saved?["rules"], parseJSON("""
        {"operator": "AND", "conditions": [
          {"field": "area", "op": "equals", "value": "Work"},
          {"field": "status", "op": "in", "value": ["todo", "in-progress"]},
          {"operator": "OR", "conditions": [
            {"field": "priority", "op": "equals", "value": "high"},
            {"field": "flagged", "op": "equals", "value": true}]}]}
        """))
        XCTAssertTrue(app.lines.contains { $0.contains("Work — Available") && $0.contains(" 2 ") })
    }

    func testTodaysRulesThroughKeysMatchTheBuiltIn() throws {
        let app = try Harness(files: vault, width: 120, height: 44)
        app.press(.newPerspective, .editor(.last), .editor(.deleteRule))  // remove the starting rule
        app.press(.editor(.last), .editor(.addGroup), .editor(.cycleOperator))  // Any of the following
        for (type, choice) in [("due date in", "on or before"), ("scheduled date in", "on or before"), ("defer date in", "on or before")] {
            app.press(.editor(.addRule))
            app.type(type)
            app.press(.picker(.pick))
            app.type(choice)
            app.press(.picker(.pick))
        }
        // Back to the top group, add a sibling group, make it None of the following.
        app.press(.editor(.first))
        for _ in 0..<6 { app.press(.editor(.down)) }
        app.press(.editor(.addGroup), .editor(.cycleOperator), .editor(.cycleOperator))
        app.press(.editor(.addRule))
        app.type("status")
        app.press(.picker(.pick))
        // todo and in-progress come marked; unmark them, mark done, cancelled, someday.
        app.press(.picker(.toggle), .picker(.down), .picker(.toggle), .picker(.down), .picker(.toggle), .picker(.down), .picker(.toggle), .picker(.down), .picker(.toggle), .picker(.pick))
        // And, in the top group, not blocked.
        app.press(.editor(.first), .editor(.addRule))
        app.type("is not blocked")
        app.press(.picker(.pick), .picker(.pick), .editor(.cycleOperator))
        app.type("is not blocked")
        app.press(.picker(.pick))
        let text = app.text
        XCTAssertTrue(text.contains("Is not blocked"), text)
        XCTAssertTrue(text.contains("Due on or before today → until 22 Nov"), text)
        XCTAssertTrue(text.contains("None of the following"))
        XCTAssertTrue(text.contains("Status is done, cancelled or someday"))
        let mine = app.runtime.state.result.orderedIDs
        let builtIn = PerspectiveEvaluator.evaluate(BuiltinPerspectives.perspective(id: "today")!, in: app.runtime.state.index,
                                                    today: Day.parseISO("2026-11-22")!).orderedIDs
        XCTAssertEqual(Set(mine), Set(builtIn))
        XCTAssertEqual(Set(mine), ["f.md", "g.md"])
        XCTAssertTrue(text.contains("Showing 2 tasks"))
        app.press(.editor(.close))
        let saved = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))["perspectives"]?["untitled-perspective"]?["rules"]
        XCTAssertEqual(saved, BuiltinPerspectives.perspective(id: "today")!.rules.json)
    }

    func testUnknownFieldsSurviveEditingAndShowAWarning() throws {
        var files = vault
        files[".perspectives.json"] = """
        {"version": 1, "x-tool": "agent", "perspectives": {"odd": {"id": "odd", "name": "Odd", "x-badge": 7,
          "rules": {"operator": "AND", "conditions": [
            {"field": "mood", "op": "is", "value": "calm", "weight": 2},
            {"field": "flagged", "op": "equals", "value": true}]}}}}
        """
        let app = try Harness(files: files, width: 120, height: 44)
        app.open("Odd")
        app.press(.focus(.sidebar), .editPerspective)
        XCTAssertTrue(app.text.contains("├─ ⚠ Unknown rule: mood is"), app.text)
        app.press(.editor(.last), .editor(.toggleRule))             // turn the flagged rule off, then on
        app.press(.editor(.toggleRule), .editor(.close))
        XCTAssertNil(app.runtime.state.editor)
        let json = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))
        XCTAssertEqual(json["x-tool"], .string("agent"))
        XCTAssertEqual(json["perspectives"]?["odd"]?["x-badge"], .number("7"))
        XCTAssertEqual(json["perspectives"]?["odd"]?["rules"]?["conditions"]?.array?.first,
                       parseJSON(#"{"field": "mood", "op": "is", "value": "calm", "weight": 2}"#))
    }

    func testEachRuleShowsItsOwnCount() throws {
        let app = try Harness(files: vault, width: 120, height: 44)
        app.press(.newPerspective)
        let line = try XCTUnwrap(app.lines.first { $0.contains("Status is todo or in-progress") })
        XCTAssertTrue(line.hasSuffix("· 6 │"), "the count in the right-hand column: \(line)")
    }
}
