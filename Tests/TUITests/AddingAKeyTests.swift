import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The "Adding a key" steps of docs/architecture.md, followed with a key of
/// the test's own: `*` stars (flags) a task. `Action` is a closed enum, so
/// the test binds an action that exists (step 1 would add the case, step 2
/// handle it in the reducer); the binding, its hint, help, the key
/// reference, a remap and the words that name it are checked as a new key's
/// would be.
final class AddingAKeyTests: XCTestCase {
    /// Step 3: the binding (in the app, a line of `Input/DefaultKeymap.swift`).
    static let star = Binding([.char("*")], .toggleFlag, "star: flag the task", .list, name: "star")

    /// The default keymap with the binding, and (step 5) its hint first in the list's line.
    static var keymap: Keymap {
        var keymap = Keymap.default
        keymap.bindings.append(star)
        keymap.hints[.list, default: []].insert(Hint(["star"], "star"), at: 0)
        return keymap
    }

    static let vault = ["water.md": f("title: Water the plants")]

    /// Steps 1 and 2: the key dispatches its action, and the reducer's effect writes the file.
    func testTheKeyDoesItsAction() throws {
        let app = try Harness(files: Self.vault, keymap: Self.keymap)
        app.press(.focus(.list))
        app.press(.toggleFlag)
        XCTAssertTrue(app.file("water.md")!.contains("flagged: true"), app.file("water.md")!)
        XCTAssertTrue(app.runtime.state.selectedTask?.flagged == true)
    }

    /// Step 4: the action's requirement says why it cannot act, in the status line and in help.
    func testItsRequirementSaysWhyInTheStatusLineAndHelp() throws {
        let app = try Harness(files: [:], width: 100, keymap: Self.keymap)
        app.press(.focus(.list))
        app.press(.toggleFlag)
        XCTAssertTrue(app.lines.last!.contains("The list is empty (\(app.keyLabel("add")) adds a task)."), app.lines.last!)
        let line = try XCTUnwrap(app.runtime.state.helpLines.first { $0.contains("(star)") })
        XCTAssertTrue(line.contains("· not now: The list is empty"), line)
    }

    /// Steps 3 and 5: help lists the key with its description and name; the status line hints it.
    func testHelpAndTheHintShowIt() throws {
        let app = try Harness(files: Self.vault, width: 100, keymap: Self.keymap)
        app.press(.focus(.list))
        XCTAssertTrue(app.lines.last!.hasPrefix(" * star · "), app.lines.last!)
        XCTAssertTrue(app.runtime.state.helpLines.contains { $0.hasPrefix("  *") && $0.hasSuffix("star: flag the task  (star)") })
    }

    /// Step 7: `make keys` writes the binding into `docs/keys.md`, in its context's table.
    func testTheKeyReferenceListsIt() {
        let reference = Self.keymap.markdownReference()
        let section = reference.components(separatedBy: "## ").first { $0.hasPrefix(KeyContext.list.title) }
        XCTAssertTrue(section?.contains("| `*` | star: flag the task | `star` |") == true, section ?? reference)
        XCTAssertFalse(Keymap.default.markdownReference().contains("`star`"), "the test's key is not the app's")
    }

    /// Step 3's name: `config.yaml` remaps the key by it, and the old key then does nothing.
    func testConfigRemapsItByName() throws {
        let app = try Harness(files: Self.vault, width: 100, config: "keys:\n  star: [alt-s]\n", keymap: Self.keymap)
        app.press(.focus(.list))
        XCTAssertTrue(app.lines.last!.hasPrefix(" Alt-s star · "), app.lines.last!)
        app.press(.char("*"))
        XCTAssertFalse(app.file("water.md")!.contains("flagged"), "the old key no longer stars")
        app.press(.toggleFlag)  // (the action's first binding: the default `f`)
        app.press(.toggleFlag)
        XCTAssertFalse(app.file("water.md")!.contains("flagged: true"), "flagged, then unflagged by the remapped key")
    }

    /// Step 6: words that name the key take it from the keymap in use, and go when it has none.
    func testWordsOnScreenNameTheKeyInUse() {
        XCTAssertEqual(Self.keymap.phrase("star", "stars it"), "* stars it")
        XCTAssertEqual(Self.keymap.clause(" (", "star", "stars it", ")"), " (* stars it)")
        let (remapped, problems) = Self.keymap.remapped(["star": ["alt-s"]])
        XCTAssertEqual(problems, [])
        XCTAssertEqual(remapped.phrase("star", "stars it"), "Alt-s stars it")
        let (unbound, _) = Self.keymap.remapped(["star": []])
        XCTAssertNil(unbound.phrase("star", "stars it"))
        XCTAssertEqual(unbound.clause(" (", "star", "stars it", ")"), "")
        XCTAssertEqual(unbound.titled("Stars", [("star", "stars")]), "Stars")
    }
}
