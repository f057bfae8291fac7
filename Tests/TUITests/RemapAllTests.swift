import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Every binding remapped in `config.yaml` to a key no default uses: no screen
/// of any mode (popups, titles, questions, help, the status line's messages,
/// the empty list, the too-small screen) names a default key where it names a
/// key, and the screens name the remapped keys instead.
final class RemapAllTests: XCTestCase {
    /// The size sweep's vault, with an unreadable file and a sync conflict (the status line's warnings name keys).
    static let vault = EverySizeTests.vault.merging([
        "broken.md": "---\ntitle: [oops\n---\n",
        "plan.md": f("title: Plan the trip"), "plan.sync-conflict-20261122-101500-ABCDEFG.md": f("title: Plan the trip (phone copy)"),
    ]) { a, _ in a }

    /// Paths past the size sweep's modes to the screens that name a key after something happened.
    static let moreScreens: [(String, @Sendable (Harness) -> Void)] = [
        ("done, then its message", { $0.press(.focus(.list), .toggleDone) }),
        ("delete, then its message", { $0.press(.focus(.list), .deleteTask, .confirm(true)) }),
        ("every task marked", { $0.press(.focus(.list), .markAll) }),
        ("a search that hides every task", { $0.press(.focus(.list), .startSearch); $0.type("zzzz"); $0.press(.search(.keep)) }),
        ("quick add closed empty", { $0.press(.focus(.list), .addTask, .quickAdd(.cancel)) }),
        ("change line applied", { $0.press(.focus(.list), .changeTasks); $0.type("!low"); $0.press(.quickAdd(.add)) }),
        ("a built-in perspective cannot be deleted", { $0.open("Today"); $0.press(.focus(.sidebar), .deletePerspective) }),
        ("every field of the form", { app in
            app.press(.addTaskInForm)
            for _ in 0..<TaskForm.Field.allCases.count { app.press(.form(.nextField)) }
        }),
        ("the date picker's comparisons", { app in
            app.press(.focus(.sidebar), .editPerspective, .editor(.addRule)); app.type("due date in")
            app.press(.picker(.pick), .calendar(.switchSide))
            for _ in 0..<5 { app.press(.calendar(.comparison(1))) }
            app.press(.calendar(.pick))
        }),
        ("a multiple choice value picker", { app in
            app.open("By project"); app.press(.focus(.sidebar), .editPerspective, .editor(.addRule)); app.type("tagged with any"); app.press(.picker(.pick))
        }),
        ("a rule group deleted", { app in
            app.press(.focus(.sidebar), .editPerspective, .editor(.last), .editor(.addGroup), .editor(.addRule)); app.type("flagged")
            app.press(.picker(.pick), .picker(.pick), .editor(.up), .editor(.deleteRule))
        }),
        ("the editor left unsaved", { app in
            app.press(.focus(.sidebar), .editPerspective, .editor(.addRule)); app.type("flagged"); app.press(.picker(.pick), .picker(.pick), .editor(.discard))
        }),
        ("a conflict resolved", { $0.press(.openConflicts, .conflict(.resolve(.keepBoth))) }),
        ("the sidebar's areas folded", { $0.press(.focus(.sidebar), .toggleVaultTree) }),
        ("a Forecast day with nothing on it", { app in app.open("Forecast"); for _ in 0..<5 { app.press(.forecastMove(1)) } }),
    ]

    func testNoScreenNamesADefaultKeyAfterEveryBindingIsRemapped() throws {
        let names = Set(Keymap.default.bindings.map(\.name))
        guard RemappedKeys.keys.count == names.count else {
            return XCTFail("\(names.count - RemappedKeys.keys.count) bindings are not remapped: give RemappedKeys more letters")
        }
        let remapped = Dictionary(uniqueKeysWithValues: RemappedKeys.keys.map { ($0.name, Key(name: $0.key)!) })
        var report: [String: String] = [:]  // what was seen: where first
        var shown = Set<String>()
        for (name, steps) in EverySizeTests.modes + Self.moreScreens {
            let app = try Harness(files: Self.vault, width: 100, height: 30, today: "2026-11-23", config: RemappedKeys.yaml)
            for b in app.runtime.keymap.bindings { XCTAssertEqual(b.keys, [remapped[b.name]!], "\(b.name) is remapped") }
            app.open("Everything")
            let check = { (app: Harness) in
                // Wide (every hint fits) and at the minimum size (a popup's shorter words, the too-small screen).
                for (w, h) in [(160, 50), (AppView.minWidth, AppView.minHeight), (AppView.minWidth - 1, AppView.minHeight)] {
                    var layout = app.runtime.layout
                    let text = AppView.render(app.runtime.state, layout: &layout, width: w, height: h).text
                    for found in Self.defaultKeysNamed(in: text) where report[found] == nil { report[found] = "\(name) at \(w)×\(h)" }
                    shown.formUnion(text.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.contains("Alt-") })
                }
            }
            app.watch = check
            steps(app)
            check(app)  // (the screen after the text typed last)
        }
        XCTAssert(report.isEmpty, "default keys on screen after every key was remapped:\n"
                  + report.sorted { $0.key < $1.key }.prefix(150).map { "\($0.value): \($0.key)" }.joined(separator: "\n"))
        // The screens name the remapped keys where they named the default ones.
        for binding in ["undo", "help", "help-close", "problems", "conflicts", "quit", "overlay-close", "find-jump", "sort-close", "settings-close",
                        "filter-close", "conflicts-close", "keep-both", "close-editor", "rule-undo", "form-save", "discard-yes", "change",
                        "cancel", "rules", "duplicate-perspective", "calendar-pick", "picker-pick", "picker-toggle", "next-pane", "detail-toggle",
                        "calendar-comparison", "fold-areas", "text-right", "yes", "no", "forecast-next-day", "forecast-next-week"] {
            let label = remapped[binding]!.description
            XCTAssertTrue(shown.contains { $0.contains(label) }, "no screen names \(label) (\(binding))")
        }
    }

    /// A binding left without a key (`keys: {undo: []}`) is not named: the sentence reads without its clause.
    func testAKeyLeftUnboundIsNotNamed() throws {
        let app = try Harness(files: Self.vault, width: 120, height: 30, today: "2026-11-23", config: "keys:\n  undo: []\n  quit: []\n  cancel: []\n")
        XCTAssertNil(app.runtime.keymap.key("undo"))
        app.open("Everything")
        app.press(.deleteTask)
        XCTAssertTrue(app.text.contains("It goes to the trash."), app.text)
        app.press(.confirm(true))
        XCTAssertTrue(app.runtime.state.message?.hasSuffix("(in the trash)") == true, app.runtime.state.message ?? "")
        app.press(.mark)
        XCTAssertTrue(app.runtime.state.message?.hasSuffix("the task keys act on all · c changes them") == true, app.runtime.state.message ?? "")
        XCTAssertEqual(AppView.tooSmallMessage(width: 30, height: 8, keys: app.runtime.keymap), ["Terminal too small (30×8);", "todomd needs 40×10"])
        XCTAssertFalse(app.text.contains("undoes") || app.text.contains("quits") || app.text.contains("clears"), app.text)
    }

    /// The default keys `text` names as keys: a default key's label standing
    /// as a word of its own ("u undoes", "(C resolves)", "j/k scroll",
    /// "Esc closes"), but not the words of the screens that only look like
    /// one (an "a" before a noun, a "Delete" that asks, a count).
    static func defaultKeysNamed(in text: String) -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0.isWhitespace || $0 == "·" }).map(String.init)
            for (i, word) in words.enumerated() {
                let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: "()[],;.:'‹›"))
                let parts = bare == "/" ? [bare] : bare.split(separator: "/").map(String.init)
                let next = i + 1 < words.count ? words[i + 1] : ""
                let previous = i > 0 ? words[i - 1] : ""
                for part in parts where RemappedKeys.defaultLabels.contains(part) && !looksLikeAWord(part, word: word, previous: previous, next: next) {
                    out.append("'\(part)' in “\(line.trimmingCharacters(in: .whitespaces))”")
                }
            }
        }
        return out
    }

    /// Words of the screens (and of the test's vault) spelled like a default key.
    static func looksLikeAWord(_ part: String, word: String, previous: String, next: String) -> Bool {
        if part.allSatisfy(\.isNumber) { return true }  // counts, days, dates
        // "add a rule", not "(a)" or "a adds"
        if part.lowercased() == "a" {
            return !(word.hasPrefix("(") && word.hasSuffix(")")) && !(next.hasSuffix("s") && !next.contains("'") && next.first?.isLowercase == true)
        }
        if word == "[x]" { return true }  // a chosen row's box
        if word.hasPrefix("/") && word.count > 1 { return true }  // the search in the list's title
        if part == "Delete" && word == part { return true }  // "Delete task", "Delete 'x'?": the question, not the key
        if part == "Home" && word == part { return true }  // the vault's area
        if part == "/" && next == "nests:" { return true }  // a project path's separator, typed
        // A glyph (a row's priority mark, a rule type's icon, a sort's arrow) stands alone; a key is followed by what it does.
        if part.count == 1, !part.first!.isLetter, !part.first!.isNumber, word == part, next.first?.isLowercase != true { return true }
        if part == "/" && word == part && previous.first?.isLowercase == true { return true }  // "next / previous pane"
        // "→" also says what something becomes ("today → until 23 Nov", "→ due Fri", "todo → in progress").
        if part == "→" && word == part && ["unti", "due", "nothing", "in", "done"].contains(where: { next.hasPrefix($0) }) { return true }
        return false
    }
}
