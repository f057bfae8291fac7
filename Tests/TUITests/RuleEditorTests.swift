import XCTest
@testable import TaskEngine
@testable import TUI

final class RuleEditorTests: XCTestCase {
    let vault: [String: String] = [
        "a.md": f("title: Write report\narea: Work\npriority: high\ntags: [deep]\ndue: 2026-11-24"),
        "b.md": f("title: Call client\narea: Work/Clients\ntags: [phone]\nestimated_minutes: 10"),
        "c.md": f("title: Water plants\narea: Home\ndue: 2026-12-20"),
        "d.md": f("title: Old thing\nstatus: done\narea: Work"),
    ]

    func testNewPerspectiveOpensTheEditorAndTheListFollowsEveryChange() throws {
        let app = try Harness(files: vault, width: 110, height: 40)
        app.press(.newPerspective)
        XCTAssertNotNil(app.runtime.state.editor)
        XCTAssertTrue(app.text.contains("Rules · Showing 3 tasks"), app.text)
        XCTAssertTrue(app.text.contains("Status is todo or in-progress"))
        // Add "Is in area" → picker of existing areas → Work.
        app.press(.editor(.last), .editor(.addRule))
        XCTAssertTrue(app.text.contains("Add a rule"))
        app.type("is in area")
        app.press(.picker(.pick))
        XCTAssertTrue(app.text.contains("Area (type to filter"), app.text)
        app.type("work")
        app.press(.picker(.pick))
        XCTAssertTrue(app.text.contains("Is in area \"Work\" (or below it)"), app.text)
        XCTAssertTrue(app.text.contains("Rules · Showing 2 tasks"), app.text)
        XCTAssertTrue(app.text.contains("Write report") && app.text.contains("Call client"))
        XCTAssertFalse(app.text.contains("Water plants"))
        XCTAssertTrue(app.lines.contains { $0.contains("Untitled Perspective") && $0.contains(" 2 ") }, "sidebar count is live")
        // A date rule, shown resolved.
        app.press(.editor(.addRule))
        app.type("due date in")
        app.press(.picker(.pick))
        app.type("next 7")
        app.press(.picker(.pick))
        XCTAssertTrue(app.text.contains("Due in the next 7 days → 22 Nov – 29 Nov"), app.text)
        XCTAssertTrue(app.text.contains("Showing 1 task"))
        // Turn it off: kept, greyed, excluded.
        app.press(.editor(.toggleRule))
        XCTAssertTrue(app.text.contains("(off)"))
        XCTAssertTrue(app.text.contains("Showing 2 tasks"))
        // All → Any → None on the top group.
        app.press(.editor(.first))
        for _ in 0..<6 { app.press(.editor(.down)) }
        app.press(.editor(.cycleOperator))
        XCTAssertTrue(app.text.contains("Any of the following"))
        app.press(.editor(.cycleOperator))
        XCTAssertTrue(app.text.contains("None of the following"))
        app.press(.editor(.cycleOperator))
        // Name it, then save with Esc.
        app.press(.editor(.first), .editor(.edit))
        for _ in 0..<20 { app.press(.text(.backspace)) }
        app.type("Work Focus")
        app.press(.editor(.finishName))
        XCTAssertTrue(app.lines.contains { $0.hasPrefix("│") && $0.contains("≡ Work Focus") }, "the sidebar shows the new name at once")
        app.press(.editor(.close))
        XCTAssertNil(app.runtime.state.editor)
        let json = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))
        let saved = json["perspectives"]?["untitled-perspective"]
        XCTAssertEqual(saved?["name"], .string("Work Focus"))
        XCTAssertEqual(saved?["rules"]?["conditions"]?.array?.count, 3)
        XCTAssertEqual(saved?["rules"]?["conditions"]?.array?[2]["enabled"], .bool(false))
        XCTAssertTrue(app.lines.contains { $0.contains("Work Focus") })
    }

    func testZeroMatchesSaysSoAndGroupsNestAndMove() throws {
        let app = try Harness(files: vault, width: 110, height: 40)
        app.newPerspective(rule: "title contains", value: "zzz")
        XCTAssertTrue(app.text.contains("No tasks match these rules. Try adjusting your filters."), app.text)
        XCTAssertTrue(app.text.contains("Showing 0 tasks"))
        app.press(.editor(.deleteRule))
        XCTAssertTrue(app.text.contains("Showing 3 tasks"))
        // A nested group, a rule moved into it with J, then out with <.
        app.press(.editor(.first))
        for _ in 0..<6 { app.press(.editor(.down)) }   // the top group
        app.press(.editor(.addGroup))                          // an empty group at the end
        app.press(.editor(.up))                          // the status rule
        app.press(.editor(.moveRuleDown))                          // crosses into the group below
        let editor = app.runtime.state.editor!
        XCTAssertEqual(editor.path, [0, 0], "inside the group")
        app.press(.editor(.outdent))
        XCTAssertEqual(app.runtime.state.editor!.path, [1])
        app.press(.editor(.indent))
        XCTAssertEqual(app.runtime.state.editor!.path, [0, 0])
        app.press(.editor(.close))
    }

    func testHeaderFieldsIconColorSortGroupLayout() throws {
        let app = try Harness(files: vault, width: 110, height: 40)
        app.press(.newPerspective)
        app.press(.editor(.down), .editor(.edit))           // icon
        app.type("brief")
        app.press(.picker(.pick))
        app.press(.editor(.down), .editor(.edit))           // color: typed
        app.type("#12ab34")
        app.press(.picker(.pick))
        app.press(.editor(.down), .editor(.edit))           // sort
        app.type("title")
        app.press(.picker(.pick))
        app.press(.editor(.down), .editor(.edit))           // group
        app.type("area")
        app.press(.picker(.pick))
        app.press(.editor(.down), .editor(.edit))           // layout
        app.type("detailed")
        app.press(.picker(.pick))
        let text = app.text
        XCTAssertTrue(text.contains("⌘ briefcase"), text)
        XCTAssertTrue(text.contains("#12AB34"))
        XCTAssertTrue(text.contains("Title ↑"))
        XCTAssertTrue(text.contains("▾ Work"), "the list above is grouped at once")
        app.press(.editor(.close))
        let p = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))["perspectives"]?["untitled-perspective"]
        XCTAssertEqual(p?["icon"], .string("briefcase"))
        XCTAssertEqual(p?["color"], .string("#12AB34"))
        XCTAssertEqual(p?["group_by"], .string("area"))
        XCTAssertEqual(p?["layout"], .string("detailed"))
        XCTAssertEqual(p?["sort"]?["field"], .string("title"))
    }

    func testAFiveLevelTreeByKeysWarnsPastFiveAndSaves() throws {
        let app = try Harness(files: vault, width: 120, height: 44)
        app.press(.newPerspective, .editor(.last))           // the status rule
        for _ in 0..<4 { app.press(.editor(.indent)) }     // wrapped in a new group four times: five levels
        XCTAssertEqual(app.runtime.state.editor?.path, [0, 0, 0, 0, 0])
        XCTAssertFalse(app.text.contains("levels (over 5)"))
        XCTAssertTrue(app.text.contains("Showing 3 tasks"), "nesting alone changes nothing")
        app.press(.editor(.indent))                        // six levels: warned, never refused
        XCTAssertTrue(app.text.contains("⚠ 6 levels (over 5)"), app.text)
        app.press(.editor(.close))
        let rules = try JSONText.parse(Data(app.file(".perspectives.json")!.utf8))["perspectives"]?["untitled-perspective"]?["rules"]
        XCTAssertEqual(RuleStats.measure(RuleGroup(json: rules!)).depth, 6)
        XCTAssertEqual(RuleStats.measure(RuleGroup(json: rules!)).conditions, 1)
    }

    func testBuiltInRulesStayReadOnly() throws {
        let app = try Harness(files: vault, width: 110, height: 40)
        app.open("Today")
        app.press(.showRules)
        XCTAssertNil(app.runtime.state.editor)
        XCTAssertTrue(app.text.contains("Built-in rules are read-only"))
    }
}
