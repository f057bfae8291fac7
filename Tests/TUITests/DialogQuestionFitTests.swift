import XCTest
@testable import TaskEngine
@testable import TUI

/// A question with a long quoted name cuts the name, never what it says will
/// happen: "It goes to the trash (u undoes)." is shown whole at every size.
final class DialogQuestionFitTests: XCTestCase {
    static let longTitle = "日本語のとても長いタスクの名前、ひらがなとカタカナ、そして漢字も混ざっています"
    static let longName = "A perspective with a name far longer than any dialog could ever show on one line of a terminal"
    static let files: [String: String] = [
        "a.md": f("title: \(DialogQuestionFitTests.longTitle)\narea: Work"),
        "b.md": f("title: Bravo\narea: Work"),
        ".perspectives.json": #"{"version": 1, "perspectives": {"work": {"id": "work", "name": "\#(DialogQuestionFitTests.longName)", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"#,
    ]

    /// Every size from the minimum: the sentence after the name is whole, the name's start is there, the choices too.
    func sweep(_ app: Harness, name: String, rest: String, _ what: String) {
        for width in AppView.minWidth...200 {
            for height in [AppView.minHeight, 14, 24, 40] {
                app.width = width
                app.height = height
                let text = app.text
                XCTAssertTrue(text.contains(rest), "\(what) at \(width)×\(height): \(text)")
                XCTAssertTrue(text.contains("Delete '" + String(name.prefix(1))), "\(what) at \(width)×\(height): \(text)")
                XCTAssertTrue(text.contains("y  yes"), "\(what) at \(width)×\(height): \(text)")
                if width >= 120 {
                    // Wide enough for one line: the question reads on, the name cut with "…" right before its quote.
                    XCTAssertTrue(app.lines.contains { $0.contains("'? " + rest) }, "\(what) at \(width): \(text)")
                }
            }
        }
    }

    func testALongTaskTitleIsCutAndTheTrashIsAlwaysSaid() throws {
        let app = try Harness(files: Self.files, width: 80, height: 24)
        app.open(Self.longName)
        app.press(.deleteTask)
        XCTAssertEqual(app.runtime.state.mode.isDialog, true, app.text)
        sweep(app, name: Self.longTitle, rest: "It goes to the trash (u undoes).", "task")
        // The tester's sizes: 80×24 and 120×40 show it all, the title cut with "…".
        for (w, h) in [(80, 24), (120, 40)] {
            app.width = w
            app.height = h
            XCTAssertTrue(app.text.contains("…'"), app.text)
        }
        app.press(.confirm(true))
        XCTAssertNil(app.file("a.md"), "what it said happened")
    }

    func testALongPerspectiveNameIsCutAndItsTasksStayIsAlwaysSaid() throws {
        let app = try Harness(files: Self.files, width: 80, height: 24)
        app.open(Self.longName)
        app.press(.focus(.sidebar), .deletePerspective)
        sweep(app, name: Self.longName, rest: "Its tasks stay (u undoes).", "perspective")
    }

    func testMarkedTasksQuestionIsWholeAtTheMinimum() throws {
        let app = try Harness(files: Self.files, width: AppView.minWidth, height: AppView.minHeight)
        app.open(Self.longName)
        app.press(.mark, .mark, .deleteTask)
        XCTAssertTrue(app.text.contains("Delete the 2 marked tasks?"), app.text)
        XCTAssertTrue(app.text.contains("They go to the trash (u undoes)."), app.text)
        app.width = 120
        XCTAssertTrue(app.text.contains("Delete the 2 marked tasks? They go to the trash (u undoes)."), app.text)
    }

    func testQuestionLinesNeverPassTheirRoom() {
        let t = TaskItem(id: "x", title: Self.longTitle)
        for d in [Dialog.deleteTask(t), .deleteTasks([t, t], hidden: 1), .deletePerspective(Perspective(id: "p", name: Self.longName, rules: RuleGroup(.and))),
                  .deleteGroup(path: [0], rules: 3), .discardEditor, .formConflict(t)] {
            for room in 10...140 {
                let lines = d.questionLines(room: room, keys: .default)
                XCTAssertTrue((1...2).contains(lines.count), "\(d.title) at \(room)")
                for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), room, "\(d.title) at \(room): \(line)") }
                if DisplayWidth.of(d.question(.default)) <= room { XCTAssertEqual(lines, [d.question(.default)]) }
                // What happens is said whole wherever it fits on a line of its own.
                let rest = d.parts(.default).rest
                if DisplayWidth.of(rest) <= room { XCTAssertTrue(lines.joined(separator: " ").hasSuffix(rest), "\(d.title) at \(room): \(lines)") }
            }
        }
    }
}

extension Mode {
    var isDialog: Bool { if case .dialog = self { return true }; return false }
}
