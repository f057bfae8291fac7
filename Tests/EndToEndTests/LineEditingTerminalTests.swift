import Foundation
import XCTest

/// The form's line editor in a real terminal: Alt-Backspace arrives as Esc
/// then Backspace and must edit, not cancel; Esc on unsaved input asks.
final class LineEditingTerminalTests: TmuxTestCase {
    func testAltBackspaceAndTheDiscardQuestion() throws {
        let vault = TempVault()
        vault.write("t.md", "---\ntitle: Book the hotel in Kyoto\n---\n")
        let s = try TmuxSession(todomd: vault, width: 100, height: 30)
        try s.waitFor("Inbox · 1 task")
        try s.send("l")
        try s.send("e")
        try s.waitFor("Book the hotel in Kyoto")
        try s.send("M-BSpace")
        var screen = try s.waitFor("Book the hotel in ▏")
        XCTAssertTrue(screen.contains("Title"), "still in the form: \(screen)")
        try s.send("-l", "Osaka")
        try s.send("Escape")
        screen = try s.waitFor("Discard your changes?")
        try s.send("n")
        try s.send("Enter")
        try s.waitFor("Book the hotel in Osaka")
        XCTAssertEqual(vault.text("t.md")?.contains("title: Book the hotel in Osaka\n"), true, vault.text("t.md") ?? "")
        // A new task typed halfway and Esc: asked, then discarded on y.
        try s.send("A")
        try s.send("-l", "Half typed")
        try s.send("Escape")
        try s.waitFor("Discard your changes?")
        try s.send("y")
        screen = try s.waitFor("Inbox · 1 task")
        // Only the status line names it, saying it was dropped.
        screen = try s.waitFor("Discarded the new task 'Half typed'")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.filter { $0.contains("Half typed") }.count, 1, screen)
        XCTAssertFalse(try XCTUnwrap(lines.first { $0.contains("Half typed") }).hasPrefix("│"), screen)
    }
}
