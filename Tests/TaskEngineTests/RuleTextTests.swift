import XCTest
@testable import TaskEngine

/// Rules as text: the forms people write, and the errors they get.
final class RuleTextTests: XCTestCase {
    func json(_ text: String) throws -> String { JSONText.compact(try RuleTextParser.parse(text).json) }

    func testTheIssuesExamplesAndEveryConditionForm() throws {
        let cases: [(String, String)] = [
            ("area within Work and status in (todo, in-progress) and (priority = high or flagged)",
             #"{"operator":"AND","conditions":[{"field":"area","op":"within","value":"Work"},{"field":"status","op":"in","value":["todo","in-progress"]},{"operator":"OR","conditions":[{"field":"priority","op":"equals","value":"high"},{"field":"flagged","op":"equals","value":true}]}]}"#),
            ("due in next 7 days", #"{"operator":"AND","conditions":[{"field":"due","op":"in_next","value":7,"unit":"days"}]}"#),
            ("not (tags any (phone, email))", #"{"operator":"NOT","conditions":[{"field":"tags","op":"contains_any","value":["phone","email"]}]}"#),
            ("title contains \"report\"", #"{"operator":"AND","conditions":[{"field":"title","op":"string_contains","value":"report"}]}"#),
            ("inbox", #"{"operator":"AND","conditions":[{"field":"inbox","op":"equals","value":true}]}"#),
            ("tags is not set or estimate < 15", #"{"operator":"OR","conditions":[{"field":"tags","op":"is_nil"},{"field":"estimated_minutes","op":"less_than","value":15}]}"#),
            ("due between 2026-11-01 and 2026-11-30", #"{"operator":"AND","conditions":[{"field":"due","op":"between","value":["2026-11-01","2026-11-30"]}]}"#),
            ("scheduled on or before today and completed in past 2 weeks", #"{"operator":"AND","conditions":[{"field":"scheduled","op":"on_or_before","value":"today"},{"field":"completed","op":"in_past","value":2,"unit":"weeks"}]}"#),
            ("project = \"Q4 Report\" and off source = email", #"{"operator":"AND","conditions":[{"field":"project","op":"equals","value":"Q4 Report"},{"field":"source","op":"equals","value":"email","enabled":false}]}"#),
            ("all()", #"{"operator":"AND","conditions":[]}"#),
            ("any(flagged)", #"{"operator":"OR","conditions":[{"field":"flagged","op":"equals","value":true}]}"#),
            ("tags has phone and tags all (a, b) and due not on tomorrow", #"{"operator":"AND","conditions":[{"field":"tags","op":"contains","value":"phone"},{"field":"tags","op":"contains_all","value":["a","b"]},{"field":"due","op":"not_equals","value":"tomorrow"}]}"#),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try json(text), expected, text)
            // And it prints back to something that reads the same.
            let tree = try RuleTextParser.parse(text)
            XCTAssertEqual(JSONText.compact(try RuleTextParser.parse(RuleText.text(tree)).json), expected, RuleText.text(tree))
        }
        // The built-in perspectives, as text.
        for p in BuiltinPerspectives.all {
            let text = RuleText.text(p.rules)
            XCTAssertEqual(JSONText.compact(try RuleTextParser.parse(text).json), JSONText.compact(p.rules.json), text)
        }
        XCTAssertEqual(RuleText.text(BuiltinPerspectives.all[1].rules),
                       "(due on or before today or scheduled on or before today or defer on or before today) and not (status in (done, cancelled, someday)) and blocked = false")
    }

    /// `not FLAG` for every yes-or-no field (and its aliases), alone and among others: the field equal to false.
    func testNotBeforeAYesOrNoField() throws {
        let flags = RuleText.fieldAliases.filter { RuleField.stored($0.value)?.isFlag == true }.map(\.key)
            + ["flagged", "inbox", "blocked"].filter { RuleText.fieldAliases[$0] == nil }
        XCTAssertTrue(flags.contains("blocked") && flags.contains("flagged"), "\(flags)")
        for name in flags {
            let field = RuleText.fieldAliases[name] ?? name
            let alone = #"{"operator":"AND","conditions":[{"field":"\#(field)","op":"equals","value":false}]}"#
            XCTAssertEqual(try json("not \(name)"), alone, name)
            XCTAssertEqual(try json("due on today and not \(name)"),
                           #"{"operator":"AND","conditions":[{"field":"due","op":"on","value":"today"},{"field":"\#(field)","op":"equals","value":false}]}"#, name)
            XCTAssertEqual(try json("any(not \(name), flagged)"),
                           #"{"operator":"OR","conditions":[{"field":"\#(field)","op":"equals","value":false},{"field":"flagged","op":"equals","value":true}]}"#, name)
            // `not (x)` keeps its meaning: a group.
            XCTAssertEqual(try json("not (\(name))"), #"{"operator":"NOT","conditions":[{"field":"\#(field)","op":"equals","value":true}]}"#, name)
        }
        // A field that is no yes-or-no still needs its operator.
        XCTAssertThrowsError(try RuleTextParser.parse("not title"))
        XCTAssertThrowsError(try RuleTextParser.parse("not flagged = true"))
    }

    /// `<`, `<=`, `>`, `>=` on every date field (and its aliases) read as the words; on a number,
    /// `<` and `>` stay less/greater than and `<=` / `>=` are refused at their column.
    func testComparisonSymbolsOnDatesReadAsTheWords() throws {
        let words = ["<": "before", "<=": "on_or_before", ">": "after", ">=": "on_or_after"]
        let dates = RuleText.fieldAliases.filter { RuleField.stored($0.value)?.isDate == true }.map { ($0.key, $0.value) }
            + ["due", "scheduled", "defer", "created", "completed", "modified"].filter { RuleText.fieldAliases[$0] == nil }.map { ($0, $0) }
        XCTAssertGreaterThanOrEqual(dates.count, 6, "\(dates)")
        for (name, field) in dates {
            for (symbol, op) in words {
                for value in ["today", "2026-12-02", "\"next monday\""] {
                    let bare = value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    XCTAssertEqual(try json("\(name) \(symbol) \(value)"), #"{"operator":"AND","conditions":[{"field":"\#(field)","op":"\#(op)","value":"\#(bare)"}]}"#, "\(name) \(symbol) \(value)")
                    XCTAssertEqual(try json("\(name)\(symbol)\(value)"), try json("\(name) \(symbol) \(value)"), "no blanks")
                }
            }
        }
        XCTAssertEqual(try json("estimate < 15"), #"{"operator":"AND","conditions":[{"field":"estimated_minutes","op":"less_than","value":15}]}"#)
        XCTAssertEqual(try json("estimate > 15"), #"{"operator":"AND","conditions":[{"field":"estimated_minutes","op":"greater_than","value":15}]}"#)
        for bad in ["estimate <= 15", "estimate >= 15"] {
            XCTAssertThrowsError(try RuleTextParser.parse(bad)) { XCTAssertEqual(($0 as? RuleTextParser.Failure)?.column, 10, bad) }
        }
        XCTAssertThrowsError(try RuleTextParser.parse("due =< today"))
    }

    func testErrorsPointAtTheColumn() {
        let cases: [(String, Int, String)] = [
            ("area within Work and flagged or inbox", 30, "mixed"),
            ("due in next seven days", 13, "number"),
            ("status in todo", 11, "'('"),
            ("title contains \"open", 16, "not closed"),
            ("priority high", 10, "operator"),
            ("(flagged", 9, "')'"),
            ("flagged )", 9, "expected and, or"),
            ("due in next 3 fortnights", 15, "days, weeks or months"),
            ("", 1, "expected a rule"),
        ]
        for (text, column, words) in cases {
            do {
                _ = try RuleTextParser.parse(text)
                XCTFail("\(text) should not parse")
            } catch let f as RuleTextParser.Failure {
                XCTAssertEqual(f.column, column, "\(text): \(f)")
                XCTAssertTrue(f.message.contains(words), "\(text): \(f)")
            } catch {
                XCTFail("\(error)")
            }
        }
    }
}
