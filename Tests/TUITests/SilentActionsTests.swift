import XCTest
@testable import TaskEngine
@testable import TUI

/// No key does nothing in silence: each either changes something (the
/// state, a file) or says in the status line why not. A screen reader hears
/// only what changes, so a key that changed nothing and said nothing is a
/// key that seems not to have been pressed.
final class SilentActionsTests: XCTestCase {
    func app(screenReader: Bool = true, width: Int = 120, height: Int = 40) throws -> Harness {
        try Harness(files: SnapshotTests.vault, width: width, height: height, today: "2026-11-23", config: screenReader ? "screen_reader: true\n" : nil)
    }

    /// The state with what a key said (and what only drawing measured) left out, to compare.
    func quiet(_ s: AppState) -> AppState {
        var s = s
        s.message = nil
        return s
    }

    /// Moves of the focus at an edge say nothing: the line under the cursor is already the answer, and a
    /// screen reader reads it again (as a list in any other program does at its end).
    static let focusMoves: Set<String> = ["down", "up", "first", "last", "page-down", "page-up", "list", "sidebar", "open"]

    /// Each key of `contexts` in the default keymap (a name once), pressed on a fresh app after `prepare`
    /// at each of `places`: the ones that changed neither the state nor a file and said nothing.
    func silentKeys(_ contexts: [KeyContext], places: [String], prepare: (Harness, String) -> Void) throws -> [String] {
        var seen = Set<String>()
        let bindings = Keymap.default.bindings.filter { contexts.contains($0.context) && !Self.focusMoves.contains($0.name) }
            .filter { seen.insert($0.name).inserted }
        XCTAssertGreaterThanOrEqual(bindings.count, 10, "the sweep covers the keys")
        let ids = SnapshotTests.vault.keys.sorted()
        var silent: [String] = []
        for place in places {
            for b in bindings {
                let app = try app(width: 80, height: 24)
                prepare(app, place)
                let before = app.runtime.state
                let files = ids.map { app.file($0) }
                // (The key the keymap in use gives it: the tests may run with every key remapped.)
                guard let key = app.runtime.keymap.bindings.first(where: { $0.name == b.name && $0.context == b.context })?.keys.first else {
                    XCTFail("no key for \(b.name)")
                    continue
                }
                app.press(key)
                let after = app.runtime.state
                let changed = quiet(after) != quiet(before) || ids.map({ app.file($0) }) != files
                if !changed && (after.message ?? "").isEmpty { silent.append("\(b.name) (\(Keymap.label(key))) on the \(place)") }
            }
        }
        return silent
    }

    /// Every browsing key, with the list focused, on the first task and on the last (where moves and
    /// reorders run out of room): changed something, or said something.
    func testEveryListKeyChangesSomethingOrSaysWhyNot() throws {
        let silent = try silentKeys([.list, .global], places: ["first task", "last task"]) { app, place in
            app.open("Work")
            app.press(.focus(.list), .moveToEdge(top: place == "first task"))
        }
        XCTAssertEqual(silent, [], "keys that changed nothing and said nothing")
    }

    /// The sidebar's keys on a built-in perspective (that cannot be moved, edited as its own or deleted)
    /// and on the last custom one.
    func testEverySidebarKeyChangesSomethingOrSaysWhyNot() throws {
        let silent = try silentKeys([.sidebar], places: ["first perspective", "custom perspective"]) { app, place in
            app.open(place == "first perspective" ? "Inbox" : "Work")
            app.press(.focus(.sidebar))
        }
        XCTAssertEqual(silent, [], "keys that changed nothing and said nothing")
    }

    func testTickingAChecklistItemIsSaid() throws {
        let files = ["tap.md": f("title: Fix the tap", body: "- [ ] washer\n- [x] spanner\n")]
        let app = try Harness(files: files, width: 140, height: 30, config: "screen_reader: true\n")
        app.open("Inbox")
        app.press(.toggleDetail, .switchFocus, .detail(.toggleItem))
        XCTAssertEqual(app.runtime.state.message, "Checked washer")
        XCTAssertTrue(app.lines.last?.contains("Checked washer") == true, app.lines.last ?? "")
        app.press(.detail(.down), .detail(.toggleItem))
        XCTAssertEqual(app.runtime.state.message, "Unchecked spanner")
        XCTAssertEqual(app.file("tap.md"), f("title: Fix the tap", body: "- [x] washer\n- [ ] spanner\n"))
        // Without the mode the box says it.
        let plain = try Harness(files: files, width: 140, height: 30)
        plain.open("Inbox")
        plain.press(.toggleDetail, .switchFocus, .detail(.toggleItem))
        XCTAssertNil(plain.runtime.state.message)
    }

    func testTheItemsWordsAreItsLineAfterTheBox() {
        let body = "Intro\r\n- [ ] washer\r\n  * [X]   big spanner  \n> - [x] quoted\n- [ ]\n"
        XCTAssertEqual(DetailReducer.itemText(body, line: 1), "washer")
        XCTAssertEqual(DetailReducer.itemText(body, line: 2), "big spanner")
        XCTAssertEqual(DetailReducer.itemText(body, line: 3), "quoted")
        XCTAssertEqual(DetailReducer.itemText(body, line: 4), "an empty item")
        XCTAssertEqual(DetailReducer.itemText(body, line: 40), "item")
    }

    /// The form's save with no title says why on the status line, in either mode, and the title field has the cursor.
    func testSavingTheFormWithoutATitleSaysWhy() throws {
        for screenReader in [true, false] {
            let app = try app(screenReader: screenReader)
            app.press(.addTaskInForm)
            app.press(.form(.nextField))
            app.press(.form(.save))
            guard let form = app.runtime.state.form else { return XCTFail("the form closed") }
            XCTAssertEqual(form.focus, .title)
            XCTAssertTrue(app.runtime.state.message?.hasPrefix("Not saved: A title is required") == true, app.runtime.state.message ?? "nothing said")
            XCTAssertTrue(app.lines.last?.contains("Not saved: A title is required") == true, app.lines.last ?? "")
        }
    }

    /// J / K where the task cannot move: said, and the perspective is not changed or saved.
    func testMovingATaskPastTheEdgeOfItsBandIsSaid() throws {
        for screenReader in [true, false] {
            let app = try app(screenReader: screenReader)
            app.open("Work")
            app.press(.moveToEdge(top: false))
            let title = try XCTUnwrap(app.runtime.state.selectedTask?.title)
            let before = app.runtime.state.perspective
            app.press(.reorderTask(.down))
            let said = app.runtime.state.message ?? ""
            XCTAssertTrue(said.hasPrefix("\(title) is already last in "), said)
            XCTAssertEqual(app.runtime.state.perspective, before, "nothing changed")
            app.press(.moveToEdge(top: true))
            let top = try XCTUnwrap(app.runtime.state.selectedTask?.title)
            app.press(.reorderTask(.up))
            XCTAssertTrue(app.runtime.state.message?.hasPrefix("\(top) is already first in ") == true, app.runtime.state.message ?? "")
            // One that can move still moves.
            app.press(.reorderTask(.down))
            XCTAssertNotEqual(app.runtime.state.perspective?.manualOrder, before?.manualOrder)
        }
    }
}
