import Foundation
import XCTest

/// The Forecast in a real terminal: walked by its keys (a day, a week), each
/// slot listing its tasks, a task key acting on one; and its strip's counts
/// read off the screen equal to `todomd forecast --json` on the same vault.
final class ForecastTerminalTests: TmuxTestCase {
    /// One literal key (tmux reads `{` and `}` as its own syntax otherwise).
    func press(_ s: TmuxSession, _ key: String) throws { try s.send(sequence: [(true, key)]) }

    func testWalkingTheForecastByKeys() throws {
        let vault = TempVault()
        vault.write(["Alpha.md": "---\ntitle: Alpha task\nstatus: todo\ndue: 2026-11-22\n---\n",
                     "Bravo.md": "---\ntitle: Bravo task\nstatus: todo\nscheduled: 2026-11-23\ndue: 2026-11-25\n---\n",
                     "Charlie.md": "---\ntitle: Charlie task\nstatus: todo\ndue: 2026-11-20\n---\n",
                     "Delta.md": "---\ntitle: Delta task\nstatus: todo\ndue: 2026-12-20\n---\n"])
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 200, height: 24)
        try s.waitFor("Inbox · 4 tasks")
        try s.send("j", "j", "j")  // Today, Upcoming, Forecast
        var screen = try s.waitFor("Forecast · Sun 22 Nov · 1 task")
        XCTAssertTrue(screen.contains("Overdue 1 [Sun 22 1] Mon 23 1  Tue 24 0  Wed 25 1 "), screen)
        XCTAssertTrue(screen.contains("Alpha task") && !screen.contains("Bravo task"), screen)
        try press(s, "]")
        screen = try s.waitFor("Forecast · Mon 23 Nov · 1 task")
        XCTAssertTrue(screen.contains("Bravo task") && !screen.contains("Alpha task"), screen)
        try press(s, "]")
        try press(s, "]")
        screen = try s.waitFor("Forecast · Wed 25 Nov · 1 task")
        XCTAssertTrue(screen.contains("Bravo task"), "due that day too: \(screen)")
        for _ in 0..<4 { try press(s, "[") }
        screen = try s.waitFor("Forecast · Overdue · 1 task")
        XCTAssertTrue(screen.contains("[Overdue 1]") && screen.contains("Charlie task"), screen)
        try press(s, "}")
        try s.waitFor("Forecast · Sat 28 Nov · 0 tasks")
        try press(s, "}")
        try press(s, "}")
        screen = try s.waitFor("Forecast · Later · 1 task")
        XCTAssertTrue(screen.contains("[Later 1]") && screen.contains("Delta task"), screen)
        try press(s, "{")
        try s.waitFor("Forecast · Sun 29 Nov")
        try press(s, "}")
        try s.waitFor("Forecast · Later · 1 task")
        try s.send("l", "x")  // the task key on the listed task
        try s.waitFor("[Later 0]")
        XCTAssertTrue(eventually { vault.text("Delta.md")?.contains("status: done") == true }, vault.text("Delta.md") ?? "")
        try s.send("u")
        try s.waitFor("[Later 1]")
        try s.send("q")
    }

    /// `a` on a day of the Forecast: the line says the task will be due that day, and it is;
    /// a day typed in the line wins.
    func testQuickAddOnADayMakesTheTaskDueThatDay() throws {
        let vault = TempVault()
        vault.write("Alpha.md", "---\ntitle: Alpha task\nstatus: todo\ndue: 2026-11-23\n---\n")
        let s = try TmuxSession(todomd: vault, today: "2026-11-22", width: 160, height: 24)
        try s.waitFor("Inbox · 1 task")
        try s.send("j", "j", "j")
        try s.waitFor("Forecast · Sun 22 Nov · 0 tasks")
        try press(s, "]")
        try s.waitFor("Forecast · Mon 23 Nov · 1 task")
        try s.send("a")
        try s.waitFor("adds due Mon 23 Nov")
        try s.send("-l", "Call Anna")
        try s.waitFor("→ Call Anna · due Mon 23 Nov")
        try s.send("Enter")
        let screen = try s.waitFor("Forecast · Mon 23 Nov · 2 tasks")
        XCTAssertTrue(screen.contains("Mon 23 2") && screen.contains("Call Anna"), screen)
        XCTAssertTrue(vault.text("call-anna.md")?.contains("\ndue: 2026-11-23\n") == true, vault.text("call-anna.md") ?? "")
        try s.send("a")
        try s.send("-l", "Book flights fri")
        try s.waitFor("→ Book flights · due Fri 27 Nov")
        try s.send("Enter")
        try s.waitFor("Fri 27 1")
        XCTAssertTrue(vault.text("book-flights.md")?.contains("\ndue: 2026-11-27\n") == true, vault.text("book-flights.md") ?? "")
        try s.send("q")
    }

    /// The strip's counts, read off the screen, are `forecast --json`'s.
    func testTheStripsCountsAreForecastJSONs() throws {
        let vault = TempVault()
        XCTAssertEqual(try Binary.run(["demo", "--today", "2026-11-23", "--count", "250", vault.path]).status, 0)
        let out = try Binary.run(["forecast", "--json", "--vault", vault.path, "--today", "2026-11-23"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let days = try XCTUnwrap(json["days"] as? [[String: Any]])
        var want = ["Overdue \(json["overdue"] as? Int ?? -1)"]
        for day in days {
            let date = try XCTUnwrap(day["date"] as? String)
            want.append("\(day["weekday"] as? String ?? "?") \(Int(date.suffix(2)) ?? -1) \(day["count"] as? Int ?? -1)")
        }
        want.append("Later \(json["later"] as? Int ?? -1)")
        // (No day marked busy: each cell is its words and its count.)
        try FileManager.default.createDirectory(atPath: vault.path + "/.config-test/todomd", withIntermediateDirectories: true)
        try "forecast_busy: 1000\n".write(toFile: vault.path + "/.config-test/todomd/config.yaml", atomically: true, encoding: .utf8)
        let s = try TmuxSession(todomd: vault, today: "2026-11-23", width: 220, height: 20, env: ["XDG_CONFIG_HOME": vault.path + "/.config-test"])
        try s.waitFor("Inbox")
        try s.send("j", "j", "j")
        let screen = try s.waitFor("Forecast · Mon 23 Nov")
        let strip = try XCTUnwrap(screen.split(separator: "\n").first { $0.contains("Overdue") && $0.contains("Later") })
        // The cells as drawn: " text " or "[text]", read back into their words.
        let cells = strip.replacingOccurrences(of: "[", with: " ").replacingOccurrences(of: "]", with: " ")
            .replacingOccurrences(of: "│", with: " ").split(separator: " ").map(String.init)
        var read: [String] = []
        var i = cells.firstIndex(of: "Overdue") ?? cells.count
        while i < cells.count {
            if cells[i] == "Overdue" || cells[i] == "Later" {
                read.append(cells[i] + " " + cells[i + 1])
                i += 2
            } else {
                read.append(cells[i...i + 2].joined(separator: " "))
                i += 3
            }
            if read.last?.hasPrefix("Later") == true { break }
        }
        XCTAssertEqual(read, want, String(strip))
        try s.send("q")
    }
}
