import XCTest
@testable import TaskEngine
@testable import TUI

final class DensityTests: XCTestCase {
    func vault(layout: String) -> [String: String] {
        [
            "a.md": f("title: Alpha\ntags: [deep, writing]\nestimated_minutes: 30\ndue: 2026-11-25", body: "# Notes\nFirst note line\nsecond\n"),
            "b.md": f("title: Bravo"),
            ".perspectives.json": #"{"version":1,"order":["p"],"perspectives":{"p":{"id":"p","name":"All","rules":{"operator":"AND","conditions":[]},"sort":{"field":"title"},"layout":"\#(layout)"}}}"#,
        ]
    }

    func lines(_ layout: String, appDefault: Density = .compact) throws -> [String] {
        let app = try Harness(files: vault(layout: layout), width: 90, height: 20)
        app.runtime.setDensity(appDefault)
        app.open("All")
        let lines = app.lines
        let start = lines.firstIndex { $0.contains("Alpha") }!
        let end = lines.firstIndex { $0.contains("Bravo") }!
        return Array(lines[start..<end])
    }

    func testEachDensity() throws {
        XCTAssertEqual(try lines("compact").count, 1)
        let comfortable = try lines("comfortable")
        XCTAssertEqual(comfortable.count, 2)
        XCTAssertTrue(comfortable[1].contains("Notes"), comfortable[1])
        let detailed = try lines("detailed")
        XCTAssertEqual(detailed.count, 3)
        XCTAssertTrue(detailed[1].contains("#deep #writing · 30 min · due 25 Nov"), detailed[1])
        XCTAssertTrue(detailed[2].contains("Notes"))
        XCTAssertEqual(try lines("default", appDefault: .detailed).count, 3, "default follows the app setting")
        XCTAssertEqual(try lines("default", appDefault: .compact).count, 1)
    }
}

final class ScrollTests: XCTestCase {
    func testLongListsScrollToKeepTheSelectionInViewAtEveryDensity() throws {
        var files: [String: String] = [:]
        for i in 0..<60 { files[String(format: "t%02d.md", i)] = f(String(format: "title: Task %02d\ntags: [x]", i), body: "note \(i)\n") }
        for layout in ["compact", "comfortable", "detailed"] {
            files[".perspectives.json"] = #"{"version":1,"perspectives":{"p":{"id":"p","name":"All","rules":{"operator":"AND","conditions":[]},"sort":{"field":"title"},"layout":"\#(layout)"}}}"#
            let app = try Harness(files: files, width: 80, height: 24)
            app.open("All")
            XCTAssertTrue(app.text.contains("Task 00"), layout)
            app.press(.moveToEdge(top: false))
            XCTAssertTrue(app.text.contains("▸ ○ Task 59"), "\(layout): the last task is shown\n\(app.text)")
            if layout != "compact" { XCTAssertTrue(app.text.contains("note 59"), "\(layout): all its lines fit") }
            XCTAssertFalse(app.text.contains("Task 00"))
            app.press(.page(-1))
            XCTAssertTrue(app.text.contains("▸ ○"), layout)
            app.press(.moveToEdge(top: true))
            XCTAssertTrue(app.text.contains("▸ ○ Task 00"), layout)
            for _ in 0..<30 { app.press(.move(1)) }
            XCTAssertTrue(app.text.contains("▸ ○ Task 30"), "\(layout)\n\(app.text)")
        }
    }
}
