import XCTest
@testable import TaskEngine
@testable import TUI

final class MouseTests: XCTestCase {
    let files = [
        "a.md": f("title: First"), "b.md": f("title: Second"), "c.md": f("title: Third"),
        ".perspectives.json": ##"{"version":1,"perspectives":{"w":{"id":"w","name":"Work","color":"#FF0000","icon":"briefcase","rules":{"operator":"AND","conditions":[]}}}}"##,
    ]

    func testClickSelectsAndTheWheelScrolls() throws {
        let app = try Harness(files: files)
        let lines = app.lines
        let todayLine = lines.firstIndex { $0.contains("Today") && $0.contains("│") }!
        app.press(.click(x: 3, y: todayLine))
        XCTAssertEqual(app.runtime.state.perspective?.name, "Today")
        XCTAssertEqual(app.runtime.state.focus, .sidebar)
        app.press(.wheel(up: false, x: 3, y: todayLine))
        XCTAssertEqual(app.runtime.state.perspective?.name, "Upcoming")
        let workLine = app.lines.firstIndex { $0.contains("Work") }!
        app.press(.click(x: 3, y: workLine))
        XCTAssertEqual(app.runtime.state.perspective?.name, "Work")
        let third = app.lines.firstIndex { $0.contains("Third") }!
        app.press(.click(x: 40, y: third))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "Third")
        XCTAssertEqual(app.runtime.state.focus, .list)
        app.press(.wheel(up: true, x: 40, y: third))
        XCTAssertEqual(app.runtime.state.selectedTask?.title, "First", "the wheel moves three rows, clamped")
    }

    func testMouseCanBeTurnedOffAndIsIgnoredUnderADialog() throws {
        let app = try Harness(files: files)
        try "mouse: false\n".write(toFile: app.path + "/config.yaml", atomically: true, encoding: .utf8)
        let runtime = try AppRuntime(vaultRoot: app.path, today: Day.parseISO("2026-11-22")!, cacheDirectory: app.path + "/.cache", configPath: app.path + "/config.yaml")
        let before = runtime.state.selectedPerspectiveID
        _ = runtime.render(width: 80, height: 24)
        runtime.send(.click(x: 3, y: 3))
        runtime.send(.wheel(up: false, x: 3, y: 3))
        XCTAssertEqual(runtime.state.selectedPerspectiveID, before)

        app.open("Work")
        app.press(.deleteTask)  // the dialog is open: clicks do nothing
        app.press(.click(x: 3, y: 3))
        XCTAssertNotNil(app.runtime.state.dialog)
        app.press(.confirm(false))
    }

    func testPerspectiveColorIsCarriedOnTheIcon() throws {
        let app = try Harness(files: files)
        let screen = app.screen
        let y = app.lines.firstIndex { $0.contains("Work") }!
        let iconX = (0..<20).first { screen[$0, y].text == "⌘" }!
        XCTAssertEqual(screen[iconX, y].style.color, 196)
    }

    /// Under every popup and beside the rule editor, the mouse leaves the lists alone.
    func testClicksAndTheWheelDoNothingUnderPopupsOrBesideTheRuleEditor() throws {
        let openers: [(String, [Key])] = [("sort menu", [.char("l"), .char("s")]), ("quick filter", [.char("F")]), ("help", [.char("?")]),
                                          ("settings", [.char(",")]), ("problems", [.char("!")]), ("form", [.char("l"), .char("e")]),
                                          ("rule editor", [.char("h"), .char("G"), .char("e")])]
        for (name, keys) in openers {
            let app = try Harness(files: files)
            app.open("Inbox")
            for k in keys { app.press(k) }
            let perspective = app.runtime.state.selectedPerspectiveID
            let task = app.runtime.state.selectedTask?.id
            let row = app.runtime.state.selectedRow
            for y in 1..<23 {
                app.press(.wheel(up: false, x: 40, y: y), .wheel(up: false, x: 3, y: y))
                if name != "rule editor" { app.press(.click(x: 40, y: y)) }
                app.press(.click(x: 3, y: y))
            }
            XCTAssertEqual(app.runtime.state.selectedPerspectiveID, perspective, "\(name): the perspective did not change")
            if name != "rule editor" {
                XCTAssertEqual(app.runtime.state.selectedTask?.id, task, "\(name): the hidden selection did not move")
                XCTAssertEqual(app.runtime.state.selectedRow, row, name)
            }
        }
    }
}
