import Foundation
import XCTest
@testable import TaskEngine

/// A temporary folder removed when the test ends.
final class TempDir: Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "todomd-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ id: String, _ text: String) { write(id, Array(text.utf8)) }

    func write(_ id: String, _ bytes: [UInt8]) {
        let full = path + "/" + id
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }

    func read(_ id: String) -> [UInt8]? { FileManager.default.contents(atPath: path + "/" + id).map { [UInt8]($0) } }
    func text(_ id: String) -> String? { read(id).map { String(decoding: $0, as: UTF8.self) } }
}

let utc = TimeZone(identifier: "UTC")!

func parse(_ text: String, id: String = "t.md", tz: TimeZone = utc) throws -> ParsedTaskFile {
    try TaskFileCodec.parse(Array(text.utf8), id: id, timeZone: tz)
}

/// Hand-written task files of every shape the spec allows.
enum HandWrittenFiles {
    static let all: [(name: String, text: String)] = [
        ("full", """
        ---
        title: Draft Q4 summary
        status: in-progress
        priority: high
        flagged: true
        due: 2026-11-25
        scheduled: 2026-11-22
        defer: 2026-11-20
        created: 2026-11-01T10:00:00Z
        modified: 2026-11-20T08:30:00Z
        area: Work
        project: Q4 Report
        tags: [writing, deep]
        estimated_minutes: 90
        recurrence: FREQ=WEEKLY
        source: email
        ---
        Notes in markdown…

        """),
        ("unknown keys and comments", """
        ---
        # a comment at the top
        aliases: [q4, summary]   # trailing comment
        title: 'Quoted: title'
        cssclass: wide
        status: doing
        obsidian:
          nested: {a: 1, b: [x, y]}
          list:
            - one
            - two
        due: "2026-11-25"
        tags:
          - alpha
          - "beta gamma"
        rating: 4.5
        ---
        # Heading
        Body text.
        """),
        ("crlf", "---\r\ntitle: Windows file\r\nstatus: todo\r\ntags: [a]\r\n---\r\nLine one\r\nLine two\r\n"),
        ("body with dashes", "---\ntitle: Dashes\n---\nAbove\n---\nBelow\n---\n"),
        ("empty frontmatter", "---\n---\nJust a body\n"),
        ("no frontmatter", "# A heading title\n\nSome text without frontmatter.\n"),
        ("unicode", "---\ntitle: 買い物リスト 🛒 Crème brûlée\narea: Maison/Cuisine\ntags: [日本, café]\n---\nZoë’s notes — ünïcödé\n"),
        ("no trailing newline", "---\ntitle: End\nstatus: done\n---\nno newline at end"),
        ("closing dots", "---\ntitle: Dots\n...\nbody\n"),
        ("bom", "\u{FEFF}---\ntitle: With BOM\n---\nbody\n"),
        ("block scalar", "---\ntitle: Block\ndescription: |\n  line one\n  line two\npriority: low\n---\n"),
        ("null values", "---\ntitle: Nulls\ndue:\narea: ~\ntags:\nsource: \"\"\n---\n"),
        ("datetime shapes", "---\ndue: 2026-11-25T09:30\nscheduled: 2026-11-25 09:30:15.250+02:00\ndefer: 2026-11-20T23:59:59Z\n---\n"),
        ("aliases", "---\nstatus: Waiting\npriority: URGENT\nflagged: yes\n---\n"),
        ("only body dashes", "text\n---\nmore\n"),
        ("empty file", ""),
    ]
}
