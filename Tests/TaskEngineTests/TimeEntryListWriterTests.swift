import Foundation
import XCTest
@testable import TaskEngine

/// A timer's write over time entries written in every shape a vault holds
/// (TaskNotes' `.000Z`, quoted, any key order, a `duration`, block or `{…}`
/// maps, a flow list, comments): each entry it does not change stays byte for
/// byte, the one it closes keeps its text and gains `endTime`, a new one takes
/// the file's shape, and the list reads back as the timer made it.
final class TimeEntryListWriterTests: XCTestCase {
    static let base = ISO8601DateFormatter().date(from: "2026-05-18T06:00:00Z")!

    enum Style: CaseIterable { case block, blockOfFlowMaps, flowList }

    /// One generated list as written: each entry's text, and the list's key lines.
    struct Written {
        var entries: [TimeEntry]
        var items: [String]
        var keyText: String
        var shape: TimeEntryShape
    }

    static func instant(_ d: Date, fraction: Int, quote: String) -> String {
        var s = TimeEntry.canonical(d)
        if fraction > 0 { s = String(s.dropLast()) + "." + String(repeating: "0", count: fraction) + "Z" }
        return quote + s + quote
    }

    static func generate(_ rng: inout SeededRandom, key: String) -> Written {
        let count = rng.int(1...6)
        let running = rng.chance(0.5)
        let fraction = rng.pick([0, 0, 3])
        let quote = rng.pick(["", "", "\"", "'"])
        let style = rng.pick(Style.allCases)
        var entries: [TimeEntry] = []
        var items: [String] = []
        for n in 0..<count {
            let start = base.addingTimeInterval(Double(n * 7200 + rng.int(0...59) * 60))
            let end = n == count - 1 && running ? nil : start.addingTimeInterval(Double(rng.int(0...100) * 60))
            let description = rng.pick([nil, "Work session", "Review: #2", "Draft", "a } b", "it's {done}"])
            entries.append(TimeEntry(start: start, end: end, description: description))
            var pairs = ["startTime: " + instant(start, fraction: fraction, quote: quote)]
            if let end { pairs.append("endTime: " + instant(end, fraction: fraction, quote: quote)) }
            if let description { pairs.append("description: " + YAMLScalarText.string(description)) }
            if let end, rng.chance(0.4) { pairs.append("duration: \(Int(end.timeIntervalSince(start)) / 60)") }
            pairs.shuffle(using: &rng)
            if style == .block {
                var text = "  - " + pairs[0] + (rng.chance(0.2) ? "   # first key" : "")
                text += pairs.dropFirst().map { "\n    " + $0 }.joined()
                if rng.chance(0.2) { text += "\n    # a note under the entry" }
                items.append(text)
            } else {
                let comment = style == .blockOfFlowMaps && rng.chance(0.3) ? "  # a note {x}" : ""
                items.append((style == .blockOfFlowMaps ? "  - " : "") + "{" + pairs.joined(separator: ", ") + "}" + comment)
            }
        }
        let keyText = style == .flowList ? "\(key): [" + items.joined(separator: ", ") + "]\n" : "\(key):\n" + items.map { $0 + "\n" }.joined()
        var shape = TimeEntryShape()
        shape.fractionDigits = fraction
        shape.quote = quote.first
        return Written(entries: entries, items: items, keyText: keyText, shape: shape)
    }

    /// Generated lists in todomd's format and a TaskNotes vault, each started or stopped once.
    func testATimerWriteKeepsEveryOtherEntryAsWritten() throws {
        var rng = SeededRandom(seed: 44)
        for round in 0..<240 {
            let tasknotes = round % 2 == 1
            let dir = TempDir()
            let key = tasknotes ? "timeEntries" : "time_entries"
            let id = tasknotes ? "TaskNotes/Tasks/Ship.md" : "ship.md"
            if tasknotes { dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}") }
            let w = Self.generate(&rng, key: key)
            let head = "---\ntitle: Ship\nstatus: open\ntags: [task]  # kept\n"
            let tail = "priority: high\n---\nNotes.\n"
            dir.write(id, head + w.keyText + tail)
            let writer = VaultWriter(root: dir.path, timeZone: utc)
            let task = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: id), "round \(round)")
            XCTAssertEqual(task.timeEntries, w.entries, "round \(round): \(w.keyText)")
            let now = Self.base.addingTimeInterval(86_400 + Double(round) + 0.5)
            let running = w.entries.last!.isRunning
            let changed = running ? try TimeTracking.stopped(task, at: now, profile: writer.profile) : try TimeTracking.started(task, at: now, profile: writer.profile)
            do { _ = try writer.update(changed, now: now) } catch { XCTFail("round \(round): \(error)\n\(w.keyText)"); continue }
            let text = try XCTUnwrap(dir.text(id))
            let context = "round \(round):\n\(w.keyText)→\n\(text)"
            // (The write stamps `modified`; the other keys and the body are as they were.)
            XCTAssertTrue(text.hasPrefix(head) && text.contains(tail.prefix { $0 != "-" }) && text.hasSuffix("---\nNotes.\n"), context)
            // Every entry the timer did not change, in order, byte for byte.
            var from = text.startIndex
            for item in running ? w.items.dropLast() : w.items[...] {
                let found = text.range(of: item, range: from..<text.endIndex)
                XCTAssertNotNil(found, "kept as written: \(item)\n\(context)")
                from = found?.upperBound ?? from
            }
            let stamp = w.shape.text(TimeTracking.whole(now))
            if running {
                // The stopped entry keeps its lines and gains endTime in the file's shape.
                for line in DependencyListWriter.splitLines(w.items.last!) where !line.hasSuffix("}") {
                    XCTAssertTrue(text.contains(line), "\(line)\n\(context)")
                }
                XCTAssertTrue(text.contains("endTime: " + stamp), context)
            } else {
                XCTAssertTrue(text.contains("startTime: " + stamp), context)
            }
            let reread = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: id))
            let expected = running ? try TimeTracking.stop(w.entries, at: now) : try TimeTracking.start(w.entries, at: now)
            XCTAssertEqual(reread.timeEntries, expected, context)
            XCTAssertEqual(reread.badTimeEntries, 0, context)
            XCTAssertEqual(reread.title, "Ship")
        }
    }

    /// The plugin's own lines: stopping its running entry adds one line and changes nothing else.
    func testTaskNotesEntriesStopInPlace() throws {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}")
        let closed = "  - startTime: 2026-05-19T06:45:00.000Z\n    description: Work session\n    endTime: 2026-05-19T07:05:00.000Z\n    duration: 20\n"
        let open = "  - startTime: 2026-05-20T08:00:00.000Z\n    description: Work session\n"
        dir.write("TaskNotes/Tasks/Ship.md", "---\ntitle: Ship\ntags: [task]\ntimeEntries:\n" + closed + open + "---\n")
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        let ship = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: "TaskNotes/Tasks/Ship.md"))
        let stop = ISO8601DateFormatter().date(from: "2026-05-20T08:40:00Z")!
        _ = try writer.update(try TimeTracking.stopped(ship, at: stop, profile: writer.profile), now: stop)
        XCTAssertEqual(dir.text("TaskNotes/Tasks/Ship.md"),
                       "---\ntitle: Ship\ntags: [task]\ntimeEntries:\n" + closed + open + "    endTime: 2026-05-20T08:40:00.000Z\ndateModified: 2026-05-20T08:40:00+00:00\n---\n")
    }

    /// An entry whose `endTime` is written empty is running; stopping it fills that key in place
    /// (never a second `endTime`), in todomd's own format and in TaskNotes'.
    func testAnEmptyEndTimeIsFilledInPlace() throws {
        for empty in ["null", "~", "\"\"", "''", "", "null  # still running"] {
            for tasknotes in [false, true] {
                let dir = TempDir()
                let key = tasknotes ? "timeEntries" : "time_entries"
                let path = tasknotes ? "TaskNotes/Tasks/Ship.md" : "ship.md"
                if tasknotes { dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}") }
                let head = "---\ntitle: Ship\n" + (tasknotes ? "tags: [task]\n" : "") + key + ":\n"
                let done = "  - startTime: 2026-05-19T06:45:00Z\n    endTime: 2026-05-19T07:05:00Z\n"
                dir.write(path, head + done + "  - startTime: 2026-05-20T08:00:00Z\n    endTime: \(empty)\n    description: Work\n---\n")
                let writer = VaultWriter(root: dir.path, timeZone: utc)
                let ship = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: path), "\(empty)")
                XCTAssertTrue(ship.timeEntries.last?.isRunning == true, "'\(empty)' is running")
                let stop = ISO8601DateFormatter().date(from: "2026-05-20T08:40:00Z")!
                _ = try writer.update(try TimeTracking.stopped(ship, at: stop, profile: writer.profile), now: stop)
                let text = try XCTUnwrap(dir.text(path))
                XCTAssertTrue(text.hasPrefix(head + done + "  - startTime: 2026-05-20T08:00:00Z\n    endTime: 2026-05-20T08:40:00Z\n    description: Work\n"),
                              "'\(empty)', \(key): \(text)")
                XCTAssertEqual(text.components(separatedBy: "endTime:").count - 1, 2, text)
                let again = try XCTUnwrap(try VaultLoader.load(root: dir.path, timeZone: utc).task(id: path))
                XCTAssertEqual(again.timeEntries.last?.end, stop, "'\(empty)'")
            }
        }
    }

    func testShapeIsReadFromTheStartTime() {
        let cases: [(String, Int, Character?)] = [
            ("- startTime: 2026-05-19T06:45:00.000Z", 3, nil), ("- startTime: \"2026-05-19T06:45:00Z\"", 0, "\""),
            ("{endTime: x, startTime: '2026-05-19T06:45:00.5Z'}", 1, "'"), ("- startTime: 2026-05-19T06:45:00+02:00", 0, nil),
            ("- description: no start", 0, nil), ("- startTime: 2026-05-19T06:45:00.Z", 0, nil),
        ]
        for (item, digits, quote) in cases {
            let shape = TimeEntryShape(item: item)
            XCTAssertEqual(shape.fractionDigits, digits, item)
            XCTAssertEqual(shape.quote, quote, item)
        }
    }
}
