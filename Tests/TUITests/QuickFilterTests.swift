import XCTest
@testable import TaskEngine
@testable import TUI

final class QuickFilterTests: XCTestCase {
    let vault: [String: String] = [
        "a.md": f("title: Garden task\nproject: Garden\npriority: high"),
        "b.md": f("title: Work task\nproject: Work\nstatus: in-progress"),
        "c.md": f("title: Loose task"),
        "d.md": f("title: Work low\nproject: Work\npriority: low"),
    ]

    func testTheFilterNarrowsAnyPerspectiveAndIsRemembered() throws {
        let app = try Harness(files: vault, width: 100, height: 34)
        let config = app.path + "/config.yaml"
        let runtime = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        func text() -> String { runtime.render(width: 100, height: 34).text }
        runtime.send(.char("l"))  // the Inbox: its one task is the loose (todo, no project) one
        runtime.send(.char("F"))
        var t = text()
        XCTAssertTrue(t.contains("Quick filter"), t)
        XCTAssertTrue(t.contains("[x] Garden") && t.contains("[x] Work") && t.contains("[x] No project"))
        runtime.send(.char("o"))  // only Garden (the first project)
        XCTAssertEqual(runtime.state.quickFilter.hiddenProjects, ["work", ""])
        runtime.send(.char("a"))  // all again
        XCTAssertTrue(runtime.state.quickFilter.hiddenProjects.isEmpty)
        // Hide the "todo" status: the Inbox's loose task (todo) disappears.
        for _ in 0..<3 { runtime.send(.char("j")) }  // Garden, Work, No project → todo
        runtime.send(.char(" "))
        XCTAssertEqual(runtime.state.quickFilter.hiddenStatuses, ["todo"])
        runtime.send(.escape)
        t = text()
        XCTAssertTrue(t.contains("quick filter on (F)"), t)
        XCTAssertFalse(t.contains("Loose task"))
        XCTAssertTrue(try String(contentsOfFile: config, encoding: .utf8).contains("hidden_statuses"))
        let again = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: config)
        XCTAssertEqual(again.state.quickFilter.hiddenStatuses, ["todo"])
        XCTAssertEqual(again.state.result.count, 0, "remembered across restarts")
    }

    func testProjectOrderDrivesTheProjectOrderSort() throws {
        var files = vault
        files[".perspectives.json"] = #"{"version":1,"perspectives":{"p":{"id":"p","name":"By project","rules":{"operator":"AND","conditions":[]},"sort":{"field":"project_order"}}}}"#
        let app = try Harness(files: files, width: 100, height: 34)
        app.open("By project")
        XCTAssertLessThan(app.row("Garden task")!, app.row("Work low")!, "A–Z before any order is chosen")
        app.press(.openFilterPanel, .menu(.down), .filter(.moveUp))  // Work above Garden
        XCTAssertEqual(app.runtime.state.quickFilter.projectOrder, ["Work", "Garden"])
        app.press(.filter(.close))
        XCTAssertLessThan(app.row("Work low")!, app.row("Garden task")!)
    }

    func testNarrowingKeepsDistinctCounts() {
        var f = QuickFilter()
        f.hiddenPriorities = ["low"]
        let index = TaskIndex([task("x", priority: .low, tags: ["a", "b"]), task("y", priority: .high, tags: ["a", "b"])])
        let p = Perspective(id: "t", name: "t", rules: RuleGroup(.and), groupBy: "tag")
        let r = f.narrow(PerspectiveEvaluator.evaluate(p, in: index, today: Day.parseISO("2026-11-22")!))
        XCTAssertEqual(r.count, 1)
        XCTAssertEqual(r.rows.count, 2)
    }
}

func task(_ id: String, priority: Priority = .none, tags: [String] = []) -> TaskItem {
    var t = TaskItem(id: id + ".md", title: id)
    t.setPriority(priority)
    t.tags = tags
    return t
}

/// Lists in popups scroll and keep the cursor visible; `g`/`G`, `PgUp`/`PgDn` work in each.
final class PopupListTests: XCTestCase {
    func testTheQuickFilterReachesItsLastRowWithTwelveProjects() throws {
        var files: [String: String] = [:]
        for i in 1...12 { files["p\(i).md"] = f("title: T\(i)\nproject: Project \(String(format: "%02d", i))") }
        let app = try Harness(files: files, width: 120, height: 40)
        app.press(.openFilterPanel)
        for _ in 0..<40 {
            app.press(.menu(.down))
            let row = app.runtime.state.filterPanel!
            let selected = app.screen.lines.filter { $0.contains("[x]") || $0.contains("[ ]") }
            XCTAssertFalse(selected.isEmpty)
            // The cursor's row is on screen: its label is drawn.
            let label: String
            switch QuickFilterReducer.rows(app.runtime.state)[row] {
            case .project(let p): label = p.isEmpty ? "No project" : p
            case .status(let s): label = s.rawValue
            case .priority(let p): label = p.rawValue
            }
            XCTAssertTrue(app.text.contains("] \(label)"), "row \(row) (\(label)) is visible:\n\(app.text)")
        }
        XCTAssertEqual(app.runtime.state.filterPanel, QuickFilterReducer.rows(app.runtime.state).count - 1, "the last row")
        app.press(.menu(.first))
        XCTAssertEqual(app.runtime.state.filterPanel, 0)
        app.press(.menu(.last))
        XCTAssertEqual(app.runtime.state.filterPanel, QuickFilterReducer.rows(app.runtime.state).count - 1)
        app.press(.filter(.toggle))
        XCTAssertTrue(app.runtime.state.quickFilter.hiddenPriorities.contains("high"), "the last row, High, was toggled")
    }

    func testGAndGMoveInTheSortMenuAndHelpScrolls() throws {
        let app = try Harness(files: ["a.md": f("title: A")], width: 80, height: 24)
        app.press(.focus(.list), .openSortMenu)
        app.press(.menu(.last))
        XCTAssertEqual(app.runtime.state.sortMenu, SortField.allCases.count - 1)
        app.press(.menu(.first))
        XCTAssertEqual(app.runtime.state.sortMenu, 0)
        app.press(.sortMenu(.close))
        app.press(.toggleHelp)
        let lines = app.runtime.state.helpLines
        XCTAssertTrue(app.text.contains(lines[1].trimmingCharacters(in: .whitespaces)), app.text)
        app.press(.menu(.last))
        let last = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }!.trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(app.text.contains(last), "the last help line can be reached:\n\(app.text)")
        XCTAssertTrue(app.text.contains("↑"), app.text)
        app.press(.toggleHelp)
        XCTAssertFalse(app.runtime.state.showHelp)
    }
}
