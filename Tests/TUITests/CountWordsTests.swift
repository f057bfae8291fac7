import XCTest
@testable import TaskEngine
@testable import TUI

/// The numbers on screen say the same thing wherever they stand: a sidebar
/// row's number is its view's title count (an area or project's: its open tasks,
/// as every built-in counts the work left, the title saying "3 open · 4 tasks"), a narrowed list says "12 of 53",
/// and new perspectives are numbered rather than named alike.
final class CountWordsTests: XCTestCase {
    /// Garden: 3 open tasks and 1 done; Work: 1 open.
    let files: [String: String] = [
        "g1.md": f("title: Dig beds\nproject: Garden"),
        "g2.md": f("title: Sow beans\nproject: Garden"),
        "g3.md": f("title: Idea for a pond\nproject: Garden"),
        "g4.md": f("title: Buy seeds\nproject: Garden\nstatus: done"),
        "w1.md": f("title: Idea for a report\nproject: Work"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"open": {"id": "open", "name": "Open", "rules": {"operator": "AND", "conditions": [{"field": "status", "op": "equals", "value": "todo"}]}}}}"#,
    ]

    /// The sidebar row of `name` (its last number) and the list title's count.
    func counts(_ app: Harness, row name: String) -> (sidebar: Int?, title: String?) {
        let sidebarWidth = app.runtime.layout.sidebarWidth
        let row = app.lines.first { String($0.prefix(sidebarWidth)).contains(name) }
        let sidebar = row.flatMap { String($0.prefix(sidebarWidth)).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "│"))) }.last }
        let title = app.lines[1].range(of: #"· ([0-9]+ open · )?[0-9]+( of [0-9]+)? tasks?"#, options: .regularExpression).map { String(app.lines[1][$0]) }
        return (sidebar, title)
    }

    func testAProjectsSidebarNumberIsItsOpenTasksAsItsTitleSays() throws {
        let app = try Harness(files: files, width: 100)
        app.open("+Garden")
        XCTAssertEqual(app.runtime.state.perspective?.name, "+Garden")
        let (sidebar, title) = counts(app, row: "+ Garden")
        XCTAssertEqual(sidebar, 3, "Buy seeds is done: \(app.text)")
        XCTAssertEqual(title, "· 3 open · 4 tasks", app.text)
        // Marking one done: one open task fewer, as the built-ins count; the view still lists it.
        app.press(.focus(.list), .moveToEdge(top: true), .toggleDone)
        XCTAssertEqual(counts(app, row: "+ Garden").sidebar, 2, app.text)
        XCTAssertEqual(counts(app, row: "+ Garden").title, "· 2 open · 4 tasks")
        app.press(.undo)
        XCTAssertEqual(counts(app, row: "+ Garden").sidebar, 3, app.text)
        // A perspective's number is its title's count too.
        app.open("Open")
        let inbox = counts(app, row: "Open")
        XCTAssertNotNil(inbox.sidebar)
        XCTAssertEqual(inbox.title, "· \(inbox.sidebar ?? -1) task\(inbox.sidebar == 1 ? "" : "s")", app.text)
    }

    func testSearchAndQuickFilterSayHowFarTheyNarrow() throws {
        let app = try Harness(files: files, width: 100)
        app.open("+Garden")
        app.press(.startSearch)
        app.type("idea")
        XCTAssertEqual(counts(app, row: "+ Garden").title, "· 1 of 4 tasks", app.text)
        XCTAssertEqual(counts(app, row: "+ Garden").sidebar, 3, "the sidebar keeps the view's own count")
        app.press(.search(.keep))
        XCTAssertEqual(counts(app, row: "+ Garden").title, "· 1 of 4 tasks", "kept after Enter")
        app.press(.cancel)
        XCTAssertEqual(counts(app, row: "+ Garden").title, "· 3 open · 4 tasks", "cleared")
        // The quick filter: only Work's tasks, in a view of every open task.
        app.open("Open")
        let all = try XCTUnwrap(counts(app, row: "Open").sidebar)
        app.press(.openFilterPanel)
        let order = app.runtime.state.quickFilter.projects(in: app.runtime.state.index)
        for _ in 0..<(order.firstIndex(of: "Work") ?? 0) { app.press(.menu(.down)) }
        app.press(.filter(.only), .filter(.close))
        let shown = app.runtime.state.result.count
        XCTAssertEqual(shown, 1, "Work's one task")
        XCTAssertEqual(counts(app, row: "Open").title, "· \(shown) of \(all) tasks", app.text)
        // Search and filter together: what both leave, of the view's count.
        app.press(.startSearch)
        app.type("zzz")
        XCTAssertEqual(counts(app, row: "Open").title, "· 0 of \(all) tasks", app.text)
    }

    func testATaskInTwoGroupsCountsOnceInTheSearchCount() throws {
        let files = [
            "a.md": f("title: Idea one\ntags: [x, y]"),
            "b.md": f("title: Idea two\ntags: [x]"),
            "c.md": f("title: Other\ntags: [y]"),
            ".perspectives.json": #"{"version": 1, "perspectives": {"tags": {"id": "tags", "name": "By tag", "group_by": "tags", "rules": {"operator": "AND", "conditions": []}}}}"#,
        ]
        let app = try Harness(files: files, width: 100)
        app.open("By tag")
        app.press(.startSearch)
        app.type("idea")
        XCTAssertEqual(app.runtime.state.searchMatches, 2, app.text)
        XCTAssertTrue(app.lines[1].contains("· 2 of 3 tasks"), app.lines[1])
    }

    func testNewPerspectivesAreNumberedInTheSidebar() throws {
        let app = try Harness(files: files, width: 100, height: 30)
        for _ in 0..<4 { app.press(.newPerspective, .editor(.close)) }
        let names = app.runtime.state.perspectives.filter { $0.name.hasPrefix("Untitled") }.map(\.name)
        XCTAssertEqual(names, ["Untitled Perspective", "Untitled Perspective 2", "Untitled Perspective 3", "Untitled Perspective 4"])
        for name in names { XCTAssertTrue(app.lines.contains { $0.contains(name + " ") }, app.text) }
        app.press(.duplicatePerspective, .editor(.close), .duplicatePerspective, .editor(.close))
        XCTAssertEqual(Set(app.runtime.state.perspectives.map(\.name)).count, app.runtime.state.perspectives.count,
                       "duplicates are numbered too: \(app.runtime.state.perspectives.map(\.name))")
    }
}
