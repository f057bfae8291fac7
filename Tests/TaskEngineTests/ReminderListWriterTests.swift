import Foundation
import XCTest
@testable import TaskEngine

/// Reminder writes over lists written in every shape a vault holds (block
/// maps, `- {…}` maps, a `[…]` list; plain, double- or single-quoted, every
/// value quoted; comments; entries todomd cannot read): adding one, removing
/// one (as the form does) and `none` keep every other entry byte for byte,
/// a new entry takes the file's shape, and the list reads back as asked.
final class ReminderListWriterTests: XCTestCase {
    enum Style: CaseIterable { case block, blockOfFlowMaps, flowList }
    enum Quoting: CaseIterable { case asNeeded, single, all, plainOffsets }
    enum Operation: CaseIterable { case addRelative, addClock, remove, clear }

    struct Written {
        var reminders: [Reminder]
        /// Each entry's text, in order; `readable[n]`: todomd reads entry n.
        var items: [String]
        var readable: [Bool]
        var keyText: String
        var quoting: Quoting
        var style: Style
    }

    static func value(_ v: String, key: String, _ q: Quoting) -> String {
        let needed = key == "absoluteTime" ? YAMLScalarText.date(v) : YAMLScalarText.string(v)
        switch q {
        case .asNeeded: return needed
        case .all: return YAMLScalarText.doubleQuoted(v)
        case .single: return needed.hasPrefix("\"") ? "'" + v.replacingOccurrences(of: "'", with: "''") + "'" : needed
        case .plainOffsets: return key == "offset" ? v : needed
        }
    }

    static func generate(_ rng: inout SeededRandom) -> Written {
        let style = rng.pick(Style.allCases), quoting = rng.pick(Quoting.allCases)
        var reminders: [Reminder] = [], items: [String] = [], readable: [Bool] = []
        for n in 0..<rng.int(1...5) {
            var pairs: [String]
            let bad = rng.chance(0.2)
            if bad && rng.chance(0.3) {
                // An entry that is no map at all.
                items.append(style == .flowList ? "just text" : "  - just text")
                readable.append(false)
                continue
            }
            if bad {
                pairs = ["id: odd\(n)", "type: sometimes", "offset: " + value("-PT5M", key: "offset", quoting)]
            } else {
                let description = rng.pick([nil, "Prepare", "Call: Anna", "it's {done}", "a, b"])
                let r: Reminder
                if rng.chance(0.5) {
                    r = Reminder(id: "r\(n)", kind: .relative, relatedTo: rng.pick(["due", "scheduled"]),
                                 offset: rng.pick(["-PT15M", "-P1D", "PT0S", "-PT1H30M", "P1W"]), description: description)
                } else {
                    r = Reminder(id: "r\(n)", kind: .absolute, absoluteTime: rng.pick(["2026-05-20T09:00:00Z", "2026-05-21T09:00:00.000Z"]),
                                 description: description)
                }
                reminders.append(r)
                pairs = r.writtenPairs.map { "\($0.key): " + value($0.value, key: $0.key, quoting) }
                if rng.chance(0.3) { pairs.shuffle(using: &rng) }
            }
            readable.append(!bad)
            if style == .block {
                var text = "  - " + pairs[0] + (rng.chance(0.2) ? "   # first key" : "")
                text += pairs.dropFirst().map { "\n    " + $0 }.joined()
                if rng.chance(0.3) { text += "\n    # a note under the entry" }
                items.append(text)
            } else {
                let comment = style == .blockOfFlowMaps && rng.chance(0.3) ? "  # a note {x}" : ""
                items.append((style == .blockOfFlowMaps ? "  - " : "") + "{" + pairs.joined(separator: ", ") + "}" + comment)
            }
        }
        let keyText = style == .flowList ? "reminders: [" + items.joined(separator: ", ") + "]\n"
            : "reminders:\n" + (rng.chance(0.2) ? "  # the list's own comment\n" : "") + items.map { $0 + "\n" }.joined()
        return Written(reminders: reminders, items: items, readable: readable, keyText: keyText, quoting: quoting, style: style)
    }

    func testReminderWritesKeepEveryOtherEntryAsWritten() throws {
        var rng = SeededRandom(seed: 4410)
        let now = ISO8601DateFormatter().date(from: "2026-05-18T06:00:00Z")!
        for round in 0..<240 {
            let tasknotes = round % 2 == 1
            let dir = TempDir()
            let id = tasknotes ? "TaskNotes/Tasks/Ship.md" : "ship.md"
            if tasknotes { dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}") }
            let w = Self.generate(&rng)
            let head = "---\ntitle: Ship\ndue: 2026-06-01T10:00:00Z\nscheduled: 2026-05-30\ntags: [task]  # kept\n"
            let tail = "priority: high\n---\nNotes.\n"
            dir.write(id, head + w.keyText + tail)
            let writer = VaultWriter(root: dir.path, timeZone: utc)
            let task = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: id), "round \(round)")
            let bad = w.readable.count { !$0 }
            XCTAssertEqual(task.reminders, w.reminders, "round \(round): \(w.keyText)")
            XCTAssertEqual(task.badReminders, bad, "round \(round): \(w.keyText)")

            var op = rng.pick(Operation.allCases)
            if op == .remove && w.reminders.isEmpty { op = .addRelative }
            var edited = task
            var kept = w.items
            switch op {
            case .addRelative: try ReminderRequest.relative(.due, offset: "-PT7M").apply(to: &edited, now: now, timeZone: utc)
            case .addClock: try ReminderRequest.clock(hour: 8, minute: 5).apply(to: &edited, now: now, timeZone: utc)
            case .remove:
                let k = rng.int(0...w.reminders.count - 1)
                edited.reminders.remove(at: k)
                // (The k-th readable entry's text goes.)
                let at = w.readable.indices.filter { w.readable[$0] }[k]
                kept.remove(at: at)
            case .clear:
                try ReminderRequest.clear.apply(to: &edited, now: now, timeZone: utc)
                kept = []
            }
            do { _ = try writer.update(edited, now: now) } catch { XCTFail("round \(round) \(op): \(error)\n\(w.keyText)"); continue }
            let text = try XCTUnwrap(dir.text(id))
            let context = "round \(round) \(op) \(w.style) \(w.quoting):\n\(w.keyText)→\n\(text)"
            XCTAssertTrue(text.hasPrefix(head) && text.contains(tail.prefix { $0 != "-" }) && text.hasSuffix("---\nNotes.\n"), context)
            var from = text.startIndex
            for item in kept {
                let found = text.range(of: item, range: from..<text.endIndex)
                XCTAssertNotNil(found, "kept as written: \(item)\n\(context)")
                from = found?.upperBound ?? from
            }
            let reread = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: id))
            XCTAssertEqual(reread.reminders, edited.reminders, context)
            XCTAssertEqual(reread.badReminders, op == .clear ? 0 : bad, context)
            XCTAssertEqual(reread.title, "Ship")
            if edited.reminders.isEmpty && edited.badReminders == 0 {
                XCTAssertFalse(text.contains("reminders"), "nothing left: the key goes\n\(context)")
            }
            guard op == .addRelative, w.readable.contains(true) else { continue }
            // The new entry in the file's shape: its maps' syntax, and its quoting as its readable entries show it.
            let entries = w.items.indices.filter { w.readable[$0] }.map { w.items[$0] }
            let offset = w.quoting == .single && entries.contains { $0.contains(": '") } ? "'-PT7M'"
                : w.quoting == .plainOffsets && entries.contains { $0.contains("offset: -") } ? "-PT7M" : "\"-PT7M\""
            XCTAssertTrue(text.contains("offset: " + offset), "\(offset)\n\(context)")
            let idLine = (w.style == .block ? "- id: " : "{id: ") + (w.quoting == .all ? "\"rem_" : "rem_")
            XCTAssertTrue(text.contains(idLine), "\(idLine)\n\(context)")
        }
    }

    /// A new entry never takes the id of an entry kept unread: past them, or the write is refused.
    func testANewIDIsNoneAnUnreadEntryHas() throws {
        let dir = TempDir()
        let list = "reminders:\n  - id: rem_1\n    type: relative\n    relatedTo: due\n    offset: soon\n"
        dir.write("a.md", "---\ntitle: A\ndue: 2026-06-01\n" + list + "---\n")
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "a.md"))
        try ReminderRequest.relative(.due, offset: "-PT1H").apply(to: &t, now: Date(), timeZone: utc)
        XCTAssertEqual(t.reminders.map(\.id), ["rem_2"])
        _ = try writer.update(t, now: Date())
        XCTAssertTrue(dir.text("a.md")?.contains(list + "  - id: rem_2\n") == true, dir.text("a.md") ?? "")
        // An id given by hand that an unread entry has: refused, the file as it was.
        let before = dir.text("a.md")
        var u = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "a.md"))
        u.reminders.append(Reminder.relative(id: "rem_1", to: .due, offset: "-PT2H"))
        XCTAssertThrowsError(try writer.update(u, now: Date())) { XCTAssertTrue("\($0)".contains("could not keep as written"), "\($0)") }
        XCTAssertEqual(dir.text("a.md"), before)
    }

    /// A JSON frontmatter's list is written whole: a write that would lose an unreadable entry is
    /// refused with what to do; `none` (nothing kept) is written.
    func testJSONFrontmatterRefusesToLoseAnUnreadEntry() throws {
        let text = "---\n{\"title\": \"Ship\", \"due\": \"2026-06-01\", \"reminders\": [{\"id\": \"odd\", \"type\": \"later\"}]}\n---\n"
        let parsed = try TaskFileCodec.parse(Array(text.utf8), id: "ship.md", timeZone: utc, profile: .todomd)
        XCTAssertEqual(parsed.task.badReminders, 1)
        var added = parsed.task
        try ReminderRequest.relative(.due, offset: "-PT1H").apply(to: &added, now: Date(), timeZone: utc)
        XCTAssertThrowsError(try FrontmatterEditor.render(parsed, edited: added, profile: .todomd)) { error in
            XCTAssertTrue("\(error)".contains("its reminders hold an entry todomd cannot read, which this write could not keep as written"), "\(error)")
            XCTAssertTrue("\(error)".contains("remind none removes every reminder"), "\(error)")
        }
        var cleared = parsed.task
        try ReminderRequest.clear.apply(to: &cleared, now: Date(), timeZone: utc)
        let bytes = try FrontmatterEditor.render(parsed, edited: cleared, profile: .todomd)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "---\n{\"title\": \"Ship\", \"due\": \"2026-06-01\"}\n---\n")
    }

    /// Another edit of the task (its priority) leaves a list holding an unreadable entry untouched.
    func testOtherEditsLeaveTheListAlone() throws {
        let dir = TempDir()
        let list = "reminders:\n  - {id: a, type: relative, relatedTo: due, offset: -PT15M}  # mine\n  - id: odd\n    type: sometimes\n"
        dir.write("a.md", "---\ntitle: A\ndue: 2026-06-01\n" + list + "---\n")
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var t = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "a.md"))
        t.setPriority(.high)
        _ = try writer.update(t, now: Date())
        XCTAssertTrue(dir.text("a.md")?.contains("\n" + list) == true, dir.text("a.md") ?? "")
    }
}
