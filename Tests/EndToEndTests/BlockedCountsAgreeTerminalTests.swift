import Foundation
import XCTest

/// The number of blocked tasks is one number wherever it is asked, on
/// generated vaults (chains, fans, cycles, names of no task, a sequential
/// project; some blockers done or cancelled) in todomd's own format and
/// shaped as a TaskNotes vault: `count --where blocked`, the `"blocked"` of
/// `list --json`, a perspective "Blocked" (rule: is blocked) in the app (its
/// sidebar count, its title, its ⊘ rows), and the Forecast: `forecast --where
/// blocked --json` per slot against the ⊘ rows the app lists under each slot
/// of its strip, and against the same slots worked out from `list --json`.
final class BlockedCountsAgreeTerminalTests: TmuxTestCase {
    static let today = "2026-11-22"

    /// A small seeded generator (the same vault every run).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    }

    enum Shape { case todomd, tasknotes }

    /// One task of a generated vault: its number, what it waits for (numbers, or nil for a name of no task).
    struct Spec {
        var n: Int
        var status: String
        var due: Int?
        var scheduled: Int?
        var project: String?
        var waits: [Int?]
    }

    static func specs(seed: UInt64, count: Int, shape: Shape) -> [Spec] {
        var g = Generator(state: seed)
        let closed = shape == .todomd ? ["done", "cancelled"] : ["done"]
        let open = shape == .todomd ? ["todo", "in-progress"] : ["open", "in-progress"]
        var specs = (0..<count).map { n -> Spec in
            Spec(n: n, status: g.chance(25) ? closed[g.int(0...closed.count - 1)] : open[g.int(0...1)],
                 due: g.chance(70) ? g.int(-3...16) : nil, scheduled: g.chance(40) ? g.int(-2...15) : nil,
                 project: g.chance(30) ? "Alpha" : g.chance(20) ? "Beta" : nil, waits: [])
        }
        // A chain (each waits for the one before), a fan out (three wait for one), a fan in
        // (one waits for three), two cycles, names of no task, then edges at random.
        for n in 1..<6 { specs[n].waits.append(n - 1) }
        for n in 7..<10 { specs[n].waits.append(6) }
        specs[10].waits += [11, 12, 13]
        specs[14].waits.append(15)
        specs[15].waits.append(14)
        specs[16].waits.append(17)
        specs[17].waits.append(18)
        specs[18].waits.append(16)
        specs[19].waits.append(nil)
        specs[20].waits += [nil, 2]
        for n in 21..<count where g.chance(35) {
            let other = g.int(0...count - 1)
            if other != n { specs[n].waits.append(other) }
        }
        return specs
    }

    static func day(_ offset: Int) -> String {
        var c = DateComponents()
        c.year = 2026; c.month = 11; c.day = 22 + offset
        let cal = Calendar(identifier: .gregorian)
        let d = cal.date(from: c)!
        let parts = cal.dateComponents([.year, .month, .day], from: d)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func title(_ n: Int) -> String { String(format: "Task %02d", n) }

    static let blockedPerspective = """
        "blocked-now": {"id": "blocked-now", "name": "Blocked", "icon": "star", "rules": {"operator": "AND",
          "conditions": [{"field": "blocked", "op": "equals", "value": true}]}, "sort": {"field": "title", "direction": "asc"}, "group_by": "none"}
        """

    /// The vault's files: todomd's own format, or TaskNotes' (title as file name, `blockedBy` maps and bare links,
    /// `projects` links, the sequential project set by its project note).
    static func write(_ specs: [Spec], shape: Shape, to v: TempVault) {
        for s in specs {
            var lines = ["status: \(s.status)"]
            if let d = s.due { lines.append("due: \(day(d))") }
            if let d = s.scheduled { lines.append("scheduled: \(day(d))") }
            switch shape {
            case .todomd:
                lines.insert("title: \(title(s.n))", at: 0)
                if let p = s.project { lines.append("project: \(p)") }
                if !s.waits.isEmpty {
                    lines.append("blocked_by: [" + s.waits.map { "\"[[" + ($0.map { String(format: "t%02d", $0) } ?? "Nobody") + "]]\"" }.joined(separator: ", ") + "]")
                }
                v.write(String(format: "w/t%02d.md", s.n), "---\n" + lines.joined(separator: "\n") + "\n---\n")
            case .tasknotes:
                if let p = s.project { lines.append("projects: [\"[[\(p)]]\"]") }
                if !s.waits.isEmpty {
                    lines.append("blockedBy:")
                    for (i, w) in s.waits.enumerated() {
                        let link = "\"[[" + (w.map(title) ?? "Nobody") + "]]\""
                        lines.append(i % 2 == 0 ? "  - uid: \(link)\n    reltype: FINISHTOSTART" : "  - \(link)")
                    }
                }
                lines.append("tags: [task]")
                v.write("Tasks/\(title(s.n)).md", "---\n" + lines.joined(separator: "\n") + "\n---\n")
            }
        }
        switch shape {
        case .todomd:
            v.write(".perspectives.json", "{\"version\": 1, \"perspectives\": {\(blockedPerspective)}, \"projects\": {\"Alpha\": {\"sequential\": true}}}\n")
        case .tasknotes:
            v.write(".obsidian/plugins/tasknotes/data.json", #"{"tasksFolder": "Tasks/", "taskTag": "task", "storeTitleInFilename": true}"#)
            v.write(["Projects/Alpha.md": "---\nsequential: true\n---\n", "Projects/Beta.md": "---\nsequential: false\n---\n"])
            v.write(".perspectives.json", "{\"version\": 1, \"perspectives\": {\(blockedPerspective)}}\n")
        }
    }

    func cli(_ v: TempVault, _ args: [String]) throws -> String {
        let out = try Binary.run(args + ["--vault", v.path, "--today", Self.today], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertEqual(out.status, 0, "\(args): \(out.stderr)")
        return out.stdout
    }

    func number(_ text: String) -> Int { Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }

    /// The rows of the list on screen that carry ⊘ (a task's row: its title, then the mark).
    func blockedRows(_ screen: String) -> Int {
        screen.split(separator: "\n").filter { line in
            guard let t = line.range(of: "Task ") else { return false }
            return line[t.upperBound...].contains("⊘")
        }.count
    }

    /// "Blocked · 12 tasks" → 12.
    func titleCount(_ screen: String, _ name: String) -> Int? {
        guard let r = screen.range(of: name + " · ") else { return nil }
        return Int(screen[r.upperBound...].prefix { $0.isNumber })
    }

    func testBlockedCountsAgreeEverywhere() throws {
        var checked = 0
        for (shape, seed) in [(Shape.todomd, UInt64(7)), (.todomd, 43), (.tasknotes, 11), (.tasknotes, 99)] {
            let v = TempVault()
            let specs = Self.specs(seed: seed, count: 36, shape: shape)
            Self.write(specs, shape: shape, to: v)
            let what = "\(shape) seed \(seed)"

            // The command line: count (a second time from the cache, whose columns hold no waits), list --json,
            // and the Forecast's slots.
            let all = number(try cli(v, ["count", "--where", "blocked"]))
            let open = number(try cli(v, ["count", "--where", "blocked and not (status in (done, cancelled))"]))
            XCTAssertEqual(number(try cli(v, ["count", "--where", "blocked"])), all, "\(what): from the cache")
            XCTAssertEqual(number(try cli(v, ["count", "--where", "blocked and not (status in (done, cancelled))"])), open, "\(what): from the cache")
            let rows = try cli(v, ["list", "--json"]).split(separator: "\n").compactMap { line -> [String: Any]? in
                var l = line.trimmingCharacters(in: .whitespaces)
                if l.hasSuffix(",") { l.removeLast() }
                guard l.hasPrefix("{") else { return nil }
                return try? JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any]
            }
            XCTAssertEqual(rows.count, 36, what)
            let blocked = rows.filter { $0["blocked"] as? Bool == true }
            XCTAssertEqual(blocked.count, all, "\(what): list --json and count")
            let openBlocked = blocked.filter { !["done", "cancelled"].contains($0["status"] as? String ?? "") }
            XCTAssertEqual(openBlocked.count, open, "\(what): list --json and count, open tasks")
            XCTAssertGreaterThan(open, 5, "\(what): the vault has blocked open tasks")
            XCTAssertGreaterThan(all, open, "\(what): and closed tasks that wait (a blocker not done)")

            let forecast = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try cli(v, ["forecast", "--where", "blocked", "--json"]).utf8)) as? [String: Any])
            let days = try XCTUnwrap(forecast["days"] as? [[String: Any]])
            // Each slot worked out from list --json: due before today (Overdue); due or scheduled on a day, once; after the last.
            let lastDay = Self.day(13)
            func fromJSON(_ inSlot: (String?, String?) -> Bool) -> Int {
                openBlocked.filter { inSlot(($0["due"] as? String).map { String($0.prefix(10)) }, ($0["scheduled"] as? String).map { String($0.prefix(10)) }) }.count
            }
            var slots: [(label: String, count: Int)] = [("Overdue", forecast["overdue"] as? Int ?? -1)]
            XCTAssertEqual(slots[0].count, fromJSON { due, _ in due.map { $0 < Self.today } ?? false }, "\(what): Overdue")
            for d in days {
                let date = try XCTUnwrap(d["date"] as? String)
                XCTAssertEqual(d["count"] as? Int, fromJSON { due, sched in due == date || sched == date }, "\(what): \(date)")
                let label = "\(d["weekday"] as? String ?? "?") \(Int(date.suffix(2)) ?? 0) \(date.hasPrefix("2026-11") ? "Nov" : "Dec")"
                slots.append((label, d["count"] as? Int ?? -1))
            }
            slots.append(("Later", forecast["later"] as? Int ?? -1))
            XCTAssertGreaterThan(slots.map(\.count).reduce(0, +), 5, "\(what): blocked tasks in the Forecast's slots")
            XCTAssertEqual(slots.last!.count, fromJSON { due, sched in (due.map { $0 > lastDay } ?? false) || (sched.map { $0 > lastDay } ?? false) },
                           "\(what): Later")

            // The app: the perspective's count in the sidebar and its title, its ⊘ rows; the Forecast's ⊘ rows per slot.
            let s = try TmuxSession(todomd: v, today: Self.today, width: 200, height: 60, env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
            try s.waitFor("Inbox · ")
            try s.send("j", "j", "j", "j", "j", "j", "j")
            var screen = try s.waitFor("Blocked · ")
            XCTAssertEqual(titleCount(screen, "Blocked"), all, "\(what): the title\n\(screen)")
            let sidebar = screen.split(separator: "\n").first { $0.contains(" Blocked ") }.map { line in
                Int(line.prefix(60).split(separator: " ").last { $0.allSatisfy(\.isNumber) } ?? "")
            }
            XCTAssertEqual(sidebar ?? nil, all, "\(what): the sidebar\n\(screen)")
            XCTAssertEqual(blockedRows(screen), open, "\(what): the ⊘ rows (an open task is marked)\n\(screen)")

            try s.send("k", "k", "k", "k")  // the Forecast, its first day selected
            try s.waitFor("Forecast · \(slots[1].label)")
            try s.send(sequence: [(true, "[")])
            for (i, slot) in slots.enumerated() {
                if i > 0 { try s.send(sequence: [(true, "]")]) }
                screen = try s.waitFor("Forecast · \(slot.label) · ")
                XCTAssertEqual(blockedRows(screen), slot.count, "\(what): ⊘ rows under \(slot.label)\n\(screen)")
                checked += 1
            }
            try s.send("q")
        }
        XCTAssertEqual(checked, 4 * 16)
    }
}
