import Foundation
import XCTest
@testable import TaskEngine

final class TaskFileCodecTests: XCTestCase {
    func testReadsEveryKeyOfTheSpec() throws {
        let t = try parse(HandWrittenFiles.all[0].text).task
        XCTAssertEqual(t.title, "Draft Q4 summary")
        XCTAssertEqual(t.status, .inProgress)
        XCTAssertEqual(t.priority, .high)
        XCTAssertTrue(t.flagged)
        XCTAssertEqual(t.due?.day.iso, "2026-11-25")
        XCTAssertEqual(t.scheduled?.day.iso, "2026-11-22")
        XCTAssertEqual(t.defer_?.day.iso, "2026-11-20")
        XCTAssertEqual(t.created?.raw, "2026-11-01T10:00:00Z")
        XCTAssertEqual(t.modified?.day.iso, "2026-11-20")
        XCTAssertNil(t.completed)
        XCTAssertEqual(t.area, "Work")
        XCTAssertEqual(t.project, "Q4 Report")
        XCTAssertEqual(t.tags, ["writing", "deep"])
        XCTAssertEqual(t.estimatedMinutes, 90)
        XCTAssertEqual(t.recurrence, "FREQ=WEEKLY")
        XCTAssertEqual(t.source, "email")
        XCTAssertEqual(t.body, "Notes in markdown…\n")
    }

    func testDefaultsAndTitleFallbacks() throws {
        let noFront = try parse("# A heading title\n\ntext\n", id: "inbox/idea.md").task
        XCTAssertEqual(noFront.title, "A heading title")
        XCTAssertFalse(noFront.hasTitleKey)
        XCTAssertEqual(noFront.status, .todo)
        XCTAssertEqual(noFront.priority, .none)
        XCTAssertFalse(noFront.flagged)
        XCTAssertTrue(noFront.tags.isEmpty)
        XCTAssertTrue(noFront.isInbox)
        XCTAssertEqual(try parse("plain text\n", id: "work/call-bob.md").task.title, "call-bob")
        XCTAssertEqual(try parse("", id: "empty.md").task.title, "empty")
        XCTAssertEqual(try parse("---\n---\n", id: "e.md").task.title, "e")
        // Empty strings count as missing.
        let nulls = try parse("---\ntitle: \"\"\narea: ''\ndue:\ntags: []\nproject: ~\n---\n# From heading\n").task
        XCTAssertEqual(nulls.title, "From heading")
        XCTAssertNil(nulls.area)
        XCTAssertNil(nulls.project)
        XCTAssertNil(nulls.due)
        XCTAssertEqual(nulls.tags, [])
    }

    func testOtherToolsWordsForStatusAndPriority() throws {
        let cases: [(String, TaskStatus)] = [
            ("open", .todo), ("None", .todo), ("not-started", .todo), ("backlog", .todo), ("NEXT", .todo),
            ("in progress", .inProgress), ("Doing", .inProgress), ("active", .inProgress), ("started", .inProgress),
            ("completed", .done), ("Complete", .done), ("closed", .done), ("x", .done), ("X", .done),
            ("canceled", .cancelled), ("dropped", .cancelled), ("cancelled", .cancelled),
            ("waiting", .someday), ("later", .someday), ("maybe", .someday), ("deferred", .someday), ("someday", .someday),
            ("todo", .todo), ("in-progress", .inProgress), ("done", .done),
        ]
        for (word, expected) in cases {
            let t = try parse("---\nstatus: \(word)\n---\n").task
            XCTAssertEqual(t.status, expected, word)
            XCTAssertEqual(t.displayStatus, word, "shown as written")
            XCTAssertTrue(t.warnings.isEmpty, word)
        }
        let unknown = try parse("---\nstatus: blocked\n---\n").task
        XCTAssertEqual(unknown.status, .todo)
        XCTAssertEqual(unknown.warnings.count, 1)
        let priorities: [(String, Priority)] = [("urgent", .high), ("Critical", .high), ("highest", .high), ("normal", .medium),
                                                ("lowest", .low), ("minor", .low), ("high", .high), ("none", .none)]
        for (word, expected) in priorities {
            XCTAssertEqual(try parse("---\npriority: \(word)\n---\n").task.priority, expected, word)
        }
        let p = try parse("---\npriority: whenever\n---\n").task
        XCTAssertEqual(p.priority, .none)
        XCTAssertEqual(p.warnings.count, 1)
    }

    func testTagsShapes() throws {
        XCTAssertEqual(try parse("---\ntags: solo\n---\n").task.tags, ["solo"])
        XCTAssertEqual(try parse("---\ntags: [a, 'b c', 3]\n---\n").task.tags, ["a", "b c", "3"])
        XCTAssertEqual(try parse("---\ntags:\n  - x\n  - y\n---\n").task.tags, ["x", "y"])
        XCTAssertEqual(try parse("---\ntags:\n---\n").task.tags, [])
    }

    func testAValueItsFieldCannotHoldLeavesTheFieldAbsentAndTheFileATask() throws {
        let bad: [(String, String, TaskField, String)] = [
            ("---\ndue: [2026-11-25]\n---\n", "due", .due, "[2026-11-25]"),
            ("---\ntags: {a: 1}\n---\n", "tags", .tags, "{…}"),
            ("---\nestimated_minutes: soon\n---\n", "estimated_minutes", .estimatedMinutes, "soon"),
            ("---\nestimated_minutes: -5\n---\n", "estimated_minutes", .estimatedMinutes, "-5"),
            ("---\nflagged: maybe\n---\n", "flagged", .flagged, "maybe"),
            ("---\ntitle: [a, b]\n---\n", "title", .title, "[a, b]"),
            ("---\ndue: next week\n---\n", "due", .due, "next week"),
            ("---\ndue: 2026-02-30\n---\n", "due", .due, "2026-02-30"),
            ("---\nstatus: {x: 1}\n---\n", "status", .status, "{…}"),
            ("---\ntags: [[a]]\n---\n", "tags", .tags, "[[a]]"),
            ("---\nstatus: [todo, done]\n---\n", "status", .status, "[todo, done]"),
            ("---\npriority:\n  - high\n---\n", "priority", .priority, "[high]"),
            ("---\nrecurrence: [FREQ=DAILY]\n---\n", "recurrence", .recurrence, "[FREQ=DAILY]"),
        ]
        for (text, key, field, raw) in bad {
            let task = try parse(text + "Notes.\n", id: "Some task.md").task
            XCTAssertEqual(task.badValues.map(\.key), [key], text)
            XCTAssertEqual(task.badValue(field)?.raw, raw, text)
            XCTAssertEqual(task.warnings, [task.badValue(field)!.problem], text)
            XCTAssertEqual(task.body, "Notes.\n", text)
            if field != .title { XCTAssertEqual(task.title, "Some task", text) }
        }
        let t = try parse("---\ndue: next week\nscheduled: 2026-11-20\nflagged: true\n---\n").task
        XCTAssertNil(t.due)
        XCTAssertEqual(t.scheduled?.raw, "2026-11-20", "the other fields are read")
        XCTAssertTrue(t.flagged)
    }

    func testCorruptFilesAreRejectedWithAReason() {
        XCTAssertThrowsError(try parse("---\ntitle: [unclosed\n---\n")) { e in
            guard case TaskFileError.invalidYAML(let why) = e else { return XCTFail("\(e)") }
            XCTAssertFalse(why.isEmpty)
        }
        XCTAssertThrowsError(try parse("---\ntitle: a\n  bad: indent\n---\n"))
        XCTAssertThrowsError(try parse("---\n- a\n- b\n---\n")) { XCTAssertEqual($0 as? TaskFileError, .frontmatterNotAMapping) }
        XCTAssertThrowsError(try parse("---\ntitle: never closed\n")) { XCTAssertEqual($0 as? TaskFileError, .unclosedFrontmatter) }
        XCTAssertThrowsError(try TaskFileCodec.parse([0x00, 0x01, 0x02, 0xFF], id: "b.md")) { XCTAssertEqual($0 as? TaskFileError, .binary) }
        XCTAssertThrowsError(try TaskFileCodec.parse([0xC3, 0x28, 0x41], id: "b.md")) { XCTAssertEqual($0 as? TaskFileError, .notText) }
        // A NUL anywhere (first byte, last, in the frontmatter or the notes) makes the file binary; none, text.
        let text = Array("---\ntitle: Käse — 日本\ndue: 2026-11-26\n---\nNotes line one\nline two ✓\n".utf8)
        XCTAssertNoThrow(try TaskFileCodec.parse(text, id: "t.md"))
        for at in 0...text.count {
            var bytes = text
            bytes.insert(0, at: at)
            XCTAssertThrowsError(try TaskFileCodec.parse(bytes, id: "t.md"), "a NUL at \(at)") { XCTAssertEqual($0 as? TaskFileError, .binary) }
        }
        XCTAssertThrowsError(try TaskFileCodec.parse([0], id: "t.md")) { XCTAssertEqual($0 as? TaskFileError, .binary) }
        var rng = SeededRandom(seed: 99)
        for _ in 0..<200 {  // random bytes never crash the reader
            let bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = try? TaskFileCodec.parse(bytes, id: "r.md")
            _ = try? TaskFileCodec.parse(Array("---\n".utf8) + bytes.filter { $0 < 0x80 && $0 != 0 }, id: "r.md")
        }
    }

    func testDateTimeValuesFallOnTheirLocalDay() throws {
        let t = try parse(HandWrittenFiles.all.first { $0.name == "datetime shapes" }!.text).task
        XCTAssertEqual(t.due?.day.iso, "2026-11-25")
        XCTAssertTrue(t.due!.hasTime)
        XCTAssertEqual(t.scheduled?.day.iso, "2026-11-25")  // 09:30 +02:00 is 07:30 UTC
        XCTAssertEqual(t.defer_?.day.iso, "2026-11-20")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let inTokyo = try parse("---\ndue: 2026-11-20T23:59:59Z\n---\n", tz: tokyo).task
        XCTAssertEqual(inTokyo.due?.day.iso, "2026-11-21")
        let ny = TimeZone(identifier: "America/New_York")!
        XCTAssertEqual(try parse("---\ndue: 2026-11-21T02:00Z\n---\n", tz: ny).task.due?.day.iso, "2026-11-20")
        XCTAssertEqual(try parse("---\ndue: 2026-11-21T02:00\n---\n", tz: ny).task.due?.day.iso, "2026-11-21", "no zone = local")
    }
}
