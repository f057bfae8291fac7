import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Closing the rule editor writes `.perspectives.json` only when something
/// changed, and then only what changed: a compact file stays compact, a file
/// without `order` gains none, the other perspective keeps its bytes.
final class PerspectivesFileBytesUITests: XCTestCase {
    static let compact = #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}, {"field": "priority", "op": "equals", "value": "high"}]}}, "home": {"id": "home", "name": "Home", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Home"}]}}}}"#

    static let pretty4 = """
    {
        "version": 1,
        "perspectives": {
            "work": {
                "id": "work",
                "name": "Work",
                "rules": {
                    "operator": "AND",
                    "conditions": [
                        {
                            "field": "area",
                            "op": "equals",
                            "value": "Work"
                        },
                        {
                            "field": "priority",
                            "op": "equals",
                            "value": "high"
                        }
                    ]
                }
            },
            "home": {
                "name": "Home",
                "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Home"}]},
                "id": "home"
            }
        }
    }

    """

    func files(_ perspectives: String) -> [String: String] {
        ["a.md": f("title: Call Acme\narea: Work\npriority: high"), "b.md": f("title: Water plants\narea: Home"), ".perspectives.json": perspectives]
    }

    func mtime(_ app: Harness) -> Date? {
        try? FileManager.default.attributesOfItem(atPath: app.path + "/.perspectives.json")[.modificationDate] as? Date
    }

    func testClosingTheRuleEditorWritesOnlyWhatChanged() throws {
        for text in [Self.compact, Self.pretty4] {
            let app = try Harness(files: files(text), width: 120, height: 40, today: "2026-11-23")
            let old = Date(timeIntervalSince1970: 1_000_000_000)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: app.path + "/.perspectives.json")
            // Open the editor and close it (Esc saves) without a change: nothing is written.
            app.open("Work")
            app.press(.showRules)
            XCTAssertNotNil(app.runtime.state.editor)
            app.press(.editor(.close))
            XCTAssertNil(app.runtime.state.editor)
            XCTAssertEqual(app.file(".perspectives.json"), text)
            XCTAssertEqual(mtime(app), old, "not even written again with the same bytes")
            // Turn the area rule off: that rule gains `"enabled": false`, in the file's layout; nothing else moves.
            app.press(.showRules)
            for _ in 0..<10 {
                if let e = app.runtime.state.editor, e.header == nil,
                   case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: e.path), c.field == "area" { break }
                app.press(.editor(.down))
            }
            app.press(.editor(.toggleRule), .editor(.close))
            XCTAssertNil(app.runtime.state.editor)
            let expected = text == Self.compact
                ? text.replacingOccurrences(of: #""value": "Work"}"#, with: #""value": "Work", "enabled": false}"#)
                : text.replacingOccurrences(of: "\"value\": \"Work\"\n", with: "\"value\": \"Work\",\n" + String(repeating: " ", count: 24) + "\"enabled\": false\n")
            XCTAssertNotEqual(expected, text)
            XCTAssertEqual(app.file(".perspectives.json"), expected)
        }
    }
}
