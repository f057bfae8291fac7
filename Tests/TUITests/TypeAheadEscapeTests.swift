import XCTest
@testable import TaskEngine
@testable import TUI

/// Esc and the key after it, typed ahead while the app was busy, reach it
/// together and are read as one Alt key. Where no Alt key is bound they act
/// as the two keys they were: in every mode, the screen after the Alt key is
/// the screen after Esc and the key.
final class TypeAheadEscapeTests: XCTestCase {
    func testAnUnboundAltKeyActsAsEscThenTheKeyInEveryMode() throws {
        for mode in HintLineTests.modes {
            for c: Character in ["j", "a", "x", "?", "\u{7F}"] {
                let typed = try Harness(files: ModeKeysTests.files, width: 120, height: 30)
                let together = try Harness(files: ModeKeysTests.files, width: 120, height: 30)
                for k in mode.keys { typed.press(k); together.press(k) }
                let contexts = together.runtime.state.mode.contexts(focus: together.runtime.state.focus)
                if together.runtime.keymap.binding(for: .alt(c), in: contexts) != nil { continue }  // (the next test)
                typed.press(.escape)
                typed.press(c == "\u{7F}" ? .backspace : .char(c))
                together.press(.alt(c))
                XCTAssertTrue(together.lines.dropFirst() == typed.lines.dropFirst(), "\(mode.name), Esc then \(c == "\u{7F}" ? "Backspace" : String(c))")
                XCTAssertTrue(together.runtime.state.mode == typed.runtime.state.mode, mode.name)
            }
        }
    }

    func testABoundAltKeyStaysItself() throws {
        let app = try Harness(files: ModeKeysTests.files, width: 120, height: 30)
        app.press(.char("a"))
        for c in "call anna" { app.press(.char(c)) }
        app.press(.alt("b"))  // a word left, not Esc (which would close the line)
        XCTAssertEqual(app.runtime.state.mode.contexts(focus: app.runtime.state.focus).first, .quickAdd)
        app.press(.char("x"))
        XCTAssertTrue(app.lines.contains { $0.contains("call xanna") }, app.lines.joined(separator: "\n"))
    }
}
