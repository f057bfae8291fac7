import Foundation
import XCTest

/// The last focus points of the screen-reader mode in a real terminal: a
/// question's default answer (bracketed, the cursor on its words) and the
/// Forecast's selected day when its list is empty; and NO_COLOR, whatever
/// its value, taking every colour off the screen.
extension ScreenReaderTerminalTests {
    func testTheCursorIsOnADialogsDefaultAnswerAndAnEmptyForecastDay() throws {
        let v = vault()
        let s = try TmuxSession(todomd: v, width: 120, height: 40, env: ["TODOMD_SCREEN_READER": "1"])
        try s.waitFor("Inbox")
        // The question: the default answer (what Esc gives) bracketed, the cursor on its words.
        try s.send("G", "k", "l")  // the custom Work
        try s.waitFor("Alpha task")
        try s.send("d")
        let question = try s.waitFor("Delete task")
        XCTAssertTrue(question.contains("y  yes      [n] no"), question)
        try assertOn(s, "no")
        let c = try cursor(s)
        XCTAssertTrue(c.before.hasSuffix("[n] "), c.before)
        try s.send("Escape")
        try s.waitFor("Alpha task")
        XCTAssertNotNil(v.text("a.md"), "nothing deleted")
        // The Forecast: nothing is due in this vault, so the cursor is on the strip's day, moving with it.
        try s.send("h", "g", "j", "j", "j", "l")
        try s.waitFor("Nothing is due or scheduled")
        try assertOn(s, "Mon 23 0]")
        try s.send("]")
        try s.waitFor("[Tue 24 0]")
        try assertOn(s, "Tue 24 0]")
        // (and the status line says which day it is)
        try s.waitFor("Tue 24 Nov: 0 tasks")
        try s.send("q")
    }

    /// The SGR codes of the colours (30–38, 40–48, 90–97, 100–107) in a screen captured with its escapes.
    static func colourCodes(_ captured: String) -> [String] {
        var out: [String] = []
        for part in captured.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let m = part.firstIndex(of: "m") else { continue }
            let codes = part[..<m].split(separator: ";").compactMap { Int($0) }
            var i = 0
            while i < codes.count {
                let c = codes[i]
                if (30...38).contains(c) || (40...48).contains(c) || (90...97).contains(c) || (100...107).contains(c) { out.append(String(part[..<m])) }
                i += (c == 38 || c == 48) ? 3 : 1  // (38;5;n: the n is no code of its own)
            }
        }
        return out
    }

    func testNoColorTakesEveryColourOffWhateverItsValue() throws {
        let v = vault()
        // With colours: the header's and the selection's.
        let coloured = try TmuxSession(todomd: v, width: 100, height: 24)
        try coloured.waitFor("Inbox")
        XCTAssertFalse(Self.colourCodes(try coloured.captureWithEscapes()).isEmpty, "colours without NO_COLOR")
        coloured.end()
        for value in ["1", "0", "yes"] {
            let s = try TmuxSession(todomd: v, width: 100, height: 24, env: ["NO_COLOR": value])
            try s.waitFor("Inbox")
            try s.send("G", "k", "l")
            try s.waitFor("Alpha task")
            let screen = try s.captureWithEscapes()
            XCTAssertEqual(Self.colourCodes(screen), [], "NO_COLOR=\(value): no colour sent")
            // The selection still stands out (reverse video), and in characters too.
            XCTAssertTrue(screen.contains("\u{1B}[7m") || screen.contains(";7m") || screen.contains("[7;"), "reverse video for the selection")
            XCTAssertTrue(try s.capture().contains("▸ ○ Alpha task"), "the selected task's ▸")
            s.end()
        }
    }
}

extension TmuxSession {
    /// Quits the app (the session itself goes with the object).
    func end() { _ = try? send("q") }
}
