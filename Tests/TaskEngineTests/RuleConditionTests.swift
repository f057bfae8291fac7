import XCTest
@testable import TaskEngine

/// Each rule type on its own.
final class RuleConditionTests: XCTestCase {
    let tasks: [TaskItem] = [
        task("a", status: .todo, priority: .high, flagged: true, due: "2026-11-21", area: "Work", project: "Q4 Report",
             tags: ["phone", "Email"], estimate: 10, recurrence: "FREQ=WEEKLY", source: "email", body: "Call the Café owner"),
        task("b", status: .inProgress, priority: .low, due: "2026-11-25", area: "Work/Clients", tags: ["deep"], estimate: 60),
        task("c", status: .done, priority: .medium, area: "Home", project: "Garden", tags: [], estimate: 15, source: "Slack"),
        task("d", status: .someday),
        task("e", status: .cancelled, priority: .high, due: "2026-11-01", project: "Loose", tags: ["phone"]),
        task("f", title: "Quarterly report draft", status: .todo, area: "Workshop"),
    ]

    func check(_ json: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        let node = RuleNode(json: parseJSON(json))
        XCTAssertEqual(matching(node, tasks), expected, json, file: file, line: line)
        let compiled = RuleCompiler.compile(RuleGroup(.and, [node]), today: pinnedToday)
        XCTAssertEqual(compiled.warnings, [], json, file: file, line: line)
    }

    func testStatus() {
        check(#"{"field":"status","op":"in","value":["todo","in-progress"]}"#, ["a", "b", "f"])
        check(#"{"field":"status","op":"equals","value":"someday"}"#, ["d"])
        check(#"{"field":"status","op":"not_equals","value":"todo"}"#, ["b", "c", "d", "e"])
        check(#"{"field":"status","op":"in","value":["doing","closed"]}"#, ["b", "c"])  // other tools' words work in rules too
    }

    func testPriority() {
        check(#"{"field":"priority","op":"equals","value":"high"}"#, ["a", "e"])
        check(#"{"field":"priority","op":"in","value":["low","medium"]}"#, ["b", "c"])
        check(#"{"field":"priority","op":"not_equals","value":"none"}"#, ["a", "b", "c", "e"])
    }

    func testFlaggedAndInbox() {
        check(#"{"field":"flagged","op":"equals","value":true}"#, ["a"])
        check(#"{"field":"flagged","op":"equals","value":false}"#, ["b", "c", "d", "e", "f"])
        check(#"{"field":"inbox","op":"equals","value":true}"#, ["d"])
        check(#"{"field":"inbox","op":"equals","value":false}"#, ["a", "b", "c", "e", "f"])
    }

    func testPresence() {
        check(#"{"field":"due","op":"is_not_nil"}"#, ["a", "b", "e"])
        check(#"{"field":"due","op":"is_nil"}"#, ["c", "d", "f"])
        check(#"{"field":"tags","op":"is_nil"}"#, ["c", "d", "f"])
        check(#"{"field":"tags","op":"is_not_nil"}"#, ["a", "b", "e"])
        check(#"{"field":"estimated_minutes","op":"is_not_nil"}"#, ["a", "b", "c"])
        check(#"{"field":"recurrence","op":"is_not_nil"}"#, ["a"])
        check(#"{"field":"area","op":"is_nil"}"#, ["d", "e"])
    }

    func testAreaAndProject() {
        check(#"{"field":"area","op":"equals","value":"work"}"#, ["a"])
        check(#"{"field":"area","op":"within","value":"Work"}"#, ["a", "b"])  // not "Workshop"
        check(#"{"field":"area","op":"within","value":"work/clients"}"#, ["b"])
        check(#"{"field":"area","op":"not_equals","value":"Work"}"#, ["b", "c", "d", "e", "f"])  // missing matches not_equals
        check(#"{"field":"area","op":"in","value":["Home","Workshop"]}"#, ["c", "f"])
        check(#"{"field":"project","op":"equals","value":"garden"}"#, ["c"])
    }

    func testTags() {
        check(#"{"field":"tags","op":"contains_any","value":["phone","email"]}"#, ["a", "e"])
        check(#"{"field":"tags","op":"contains_all","value":["phone","EMAIL"]}"#, ["a"])
        check(#"{"field":"tags","op":"contains","value":"deep"}"#, ["b"])
    }

    func testEstimate() {
        check(#"{"field":"estimated_minutes","op":"less_than","value":15}"#, ["a"])
        check(#"{"field":"estimated_minutes","op":"greater_than","value":15}"#, ["b"])
        check(#"{"field":"estimated_minutes","op":"less_than","value":16}"#, ["a", "c"])
    }

    func testSourceAndText() {
        check(#"{"field":"source","op":"equals","value":"slack"}"#, ["c"])
        check(#"{"field":"title","op":"string_contains","value":"REPORT"}"#, ["f"])
        check(#"{"field":"body","op":"string_contains","value":"cafe"}"#, ["a"])  // diacritics ignored
        check(#"{"field":"body","op":"string_contains","value":"café"}"#, ["a"])
    }

    func testDatesAgainstPinnedToday() {
        check(#"{"field":"due","op":"on","value":"today"}"#, ["a"])
        check(#"{"field":"due","op":"before","value":"today"}"#, ["e"])
        check(#"{"field":"due","op":"after","value":"today"}"#, ["b"])
        check(#"{"field":"due","op":"on_or_before","value":"today"}"#, ["a", "e"])
        check(#"{"field":"due","op":"on_or_after","value":"2026-11-21"}"#, ["a", "b"])
        check(#"{"field":"due","op":"between","value":["2026-11-01","2026-11-21"]}"#, ["a", "e"])
        check(#"{"field":"due","op":"in_next","value":7,"unit":"days"}"#, ["a", "b"])
        check(#"{"field":"due","op":"in_past","value":3,"unit":"weeks"}"#, ["a", "e"])
        check(#"{"field":"due","op":"on","value":"tomorrow"}"#, [])
        check(#"{"field":"due","op":"on","value":"yesterday"}"#, [])
    }
}
