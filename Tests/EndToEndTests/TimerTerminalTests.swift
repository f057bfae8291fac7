import Foundation
import XCTest

/// The timer key in the real binary, in tmux: the file is the truth, so a
/// second todomd (the CLI, or another app in another window) sees the timer
/// one starts, and starting one on another task stops the first in its file.
final class TimerTerminalTests: TmuxTestCase {
    func running(_ vault: TempVault) -> [String] {
        ["alpha.md", "beta.md"].filter { id in
            guard let text = vault.text(id), let entries = text.range(of: "time_entries:") else { return false }
            // A running entry is the last one and has no end.
            return !text[entries.upperBound...].split(separator: "- startTime").last!.contains("endTime")
        }
    }

    func testStartAndStopByKeysAndASecondTodomdSeesIt() throws {
        let vault = TempVault()
        vault.write("alpha.md", "---\ntitle: Alpha report\n---\n")
        vault.write("beta.md", "---\ntitle: Beta sink\n---\n")
        let a = try TmuxSession(todomd: vault, today: nil, width: 100, height: 24)
        try a.waitFor("Alpha report")
        try a.send("l", "g", "t")
        XCTAssertTrue(eventually { running(vault).count == 1 }, vault.text("alpha.md") ?? "")
        let first = running(vault)[0], firstTitle = first == "alpha.md" ? "Alpha report" : "Beta sink"
        try a.send("j")  // (a key clears the message: the status line shows the timer)
        var screen = try a.waitFor("⏱ \(firstTitle) 0m")
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.contains(firstTitle) && $0.contains("⏱ 0m") }, screen)

        // Another process asks the files.
        let out = try Binary.run(["running", "--vault", vault.path])
        XCTAssertTrue(out.stdout.hasPrefix("\(firstTitle) (\(first)) · 0m"), out.stdout + out.stderr)

        // A second app, in another window: it shows the timer; starting one there on the other task stops the first in its file.
        let b = try TmuxSession(todomd: vault, today: nil, width: 100, height: 24)
        try b.waitFor("⏱ \(firstTitle) 0m")
        let second = first == "alpha.md" ? "beta.md" : "alpha.md", secondTitle = first == "alpha.md" ? "Beta sink" : "Alpha report"
        try b.send("l", "g")
        if !(try b.capture()).split(separator: "\n").contains(where: { $0.contains("▸") && $0.contains(secondTitle) }) { try b.send("j") }
        try b.send("t")
        XCTAssertTrue(eventually { running(vault) == [second] }, (vault.text("alpha.md") ?? "") + (vault.text("beta.md") ?? ""))
        XCTAssertTrue(vault.text(first)!.contains("endTime:"), vault.text(first)!)
        // The first app follows the files.
        screen = try a.waitFor("⏱ \(secondTitle) 0m")
        XCTAssertFalse(screen.split(separator: "\n").contains { $0.contains(firstTitle) && $0.contains("⏱") }, screen)

        // The key again stops it (in the first app, on the task now running).
        try a.send("g")
        if !(try a.capture()).split(separator: "\n").contains(where: { $0.contains("▸") && $0.contains(secondTitle) }) { try a.send("j") }
        try a.send("t")
        XCTAssertTrue(eventually { running(vault).isEmpty }, vault.text(second) ?? "")
        try a.send("q")
        try b.send("q")
    }
}
