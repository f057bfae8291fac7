import Foundation
import XCTest
@testable import TaskEngine

/// Unchanged files stay byte-identical; a change touches only its key's lines
/// and `modified`.
final class TaskFileRoundTripTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    /// Hand-written files plus a generated vault.
    var corpus: [(String, [UInt8])] { corpus(generated: 300) }

    func corpus(generated count: Int) -> [(String, [UInt8])] {
        let hand = HandWrittenFiles.all.map { ($0.name, Array($0.text.utf8)) }
        let generated = DemoVaultGenerator(count: count, seed: 7, today: Day.parseISO("2026-11-21")!, timeZone: utc).tasks()
        return hand + generated.map { ($0.id, $0.bytes) }
    }

    func testUnchangedFilesRenderToTheSameBytes() throws {
        for (name, bytes) in corpus {
            let parsed = try TaskFileCodec.parse(bytes, id: "x.md", timeZone: utc)
            XCTAssertEqual(try FrontmatterEditor.render(parsed, edited: parsed.task), bytes, name)
            XCTAssertEqual(parsed.split.bytes, bytes, name)
        }
    }

    func testWriterNeverRewritesAnUnchangedFile() throws {
        let dir = TempDir()
        for (i, (_, bytes)) in corpus.enumerated() { dir.write("f\(i).md", bytes) }
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        for task in snapshot.tasks {
            let before = try FileManager.default.attributesOfItem(atPath: dir.path + "/" + task.id)[.modificationDate] as! Date
            let inode = try FileManager.default.attributesOfItem(atPath: dir.path + "/" + task.id)[.systemFileNumber] as! Int
            let result = try writer.update(task, now: now)
            XCTAssertEqual(result.modified, task.modified, task.id)
            let attrs = try FileManager.default.attributesOfItem(atPath: dir.path + "/" + task.id)
            XCTAssertEqual(attrs[.modificationDate] as! Date, before, task.id)
            XCTAssertEqual(attrs[.systemFileNumber] as! Int, inode, "not replaced: \(task.id)")
        }
    }

    /// Each kind of change, applied to every file of the corpus.
    func testChangingOneFieldChangesOnlyItsLinesAndModified() throws {
        let changes: [(String, (inout TaskItem) -> Void)] = [
            ("title", { $0.title = $0.title + " (edited): yes" }),
            ("status", { $0.setStatus($0.status == .todo ? .inProgress : .todo) }),
            ("priority", { $0.setPriority($0.priority == .high ? .low : .high) }),
            ("flagged", { $0.flagged.toggle() }),
            ("due", { $0.due = TaskDate(day: Day.parseISO("2027-01-31")!) }),
            ("scheduled", { $0.scheduled = $0.scheduled == nil ? TaskDate(day: Day.parseISO("2026-12-01")!) : nil }),
            ("area", { $0.area = $0.area == nil ? "Home/Garden" : nil }),
            ("project", { $0.project = "Renovation #2" }),
            ("tags", { $0.tags = $0.tags + ["new-tag", "two words"] }),
            ("estimated_minutes", { $0.estimatedMinutes = ($0.estimatedMinutes ?? 0) + 5 }),
            ("recurrence", { $0.recurrence = "FREQ=MONTHLY" }),
            ("source", { $0.source = "phone" }),
        ]
        for (name, bytes) in corpus(generated: 50) {
            guard let original = try? TaskFileCodec.parse(bytes, id: "x.md", timeZone: utc) else { continue }
            for (key, change) in changes {
                let dir = TempDir()
                dir.write("x.md", bytes)
                var edited = original.task
                change(&edited)
                if FrontmatterEdit.changes(from: original.task, to: edited).isEmpty {  // a no-op writes nothing
                    _ = try VaultWriter(root: dir.path, timeZone: utc).update(edited, now: now)
                    XCTAssertEqual(dir.read("x.md"), bytes, "\(name) \(key)")
                    continue
                }
                let saved = try VaultWriter(root: dir.path, timeZone: utc).update(edited, now: now)
                let after = dir.read("x.md")!
                // The new file reads back with the change and the rest intact.
                XCTAssertEqual(saved.title, edited.title, "\(name) \(key)")
                XCTAssertEqual(saved.tags, edited.tags, "\(name) \(key)")
                XCTAssertEqual(saved.area, edited.area, "\(name) \(key)")
                XCTAssertEqual(saved.estimatedMinutes, edited.estimatedMinutes, "\(name) \(key)")
                XCTAssertEqual(saved.status, edited.status, "\(name) \(key)")
                XCTAssertEqual(saved.body, original.task.body, "\(name) \(key)")
                XCTAssertEqual(saved.modified?.raw, "2026-11-18T11:06:40Z", "\(name) \(key)")
                // Line diff: every removed or added line belongs to the changed key,
                // `modified`, or (for status) `completed`.
                var allowed: Set<String> = [key, "modified", "completed"]
                if !original.split.hasFrontmatter { allowed.insert("---") }  // a frontmatter is added
                let (removed, added) = lineDiff(bytes, after)
                for line in removed + added where !line.isEmpty {
                    let owner = keyOwning(line, in: removed.contains(line) ? bytes : after)
                    XCTAssertTrue(owner.map(allowed.contains) ?? false, "\(name) \(key): unexpected change on line «\(line)»")
                }
                XCTAssertTrue(after.suffix(original.split.body.count).elementsEqual(original.split.body), "\(name) \(key): body kept")
            }
        }
    }

    func testUnknownKeysCommentsAndStyleSurviveAnEdit() throws {
        let text = HandWrittenFiles.all.first { $0.name == "unknown keys and comments" }!.text
        let dir = TempDir()
        dir.write("x.md", text)
        var t = try VaultLoader.load(root: dir.path, timeZone: utc).tasks[0]
        t.tags = ["alpha", "delta"]
        try VaultWriter(root: dir.path, timeZone: utc).update(t, now: now)
        let after = dir.text("x.md")!
        XCTAssertTrue(after.contains("# a comment at the top\naliases: [q4, summary]   # trailing comment\ntitle: 'Quoted: title'\ncssclass: wide\nstatus: doing\n"))
        XCTAssertTrue(after.contains("obsidian:\n  nested: {a: 1, b: [x, y]}\n  list:\n    - one\n    - two\n"))
        XCTAssertTrue(after.contains("tags:\n  - alpha\n  - delta\nrating: 4.5\n"), "block list stays a block list: \(after)")
        XCTAssertTrue(after.hasSuffix("modified: 2026-11-18T11:06:40Z\n---\n# Heading\nBody text."))
    }

    func testCRLFFilesKeepTheirLineEndings() throws {
        let dir = TempDir()
        dir.write("w.md", "---\r\ntitle: Windows\r\ntags: [a]\r\n---\r\nLine one\r\n")
        var t = try VaultLoader.load(root: dir.path, timeZone: utc).tasks[0]
        t.flagged = true
        try VaultWriter(root: dir.path, timeZone: utc).update(t, now: now)
        XCTAssertEqual(dir.text("w.md"), "---\r\ntitle: Windows\r\ntags: [a]\r\nflagged: true\r\nmodified: 2026-11-18T11:06:40Z\r\n---\r\nLine one\r\n")
    }

    func testAFileWithoutFrontmatterGetsOneAndKeepsItsBody() throws {
        let dir = TempDir()
        dir.write("note.md", "# Buy milk\nfrom the shop\n")
        var t = try VaultLoader.load(root: dir.path, timeZone: utc).tasks[0]
        t.setPriority(.high)
        try VaultWriter(root: dir.path, timeZone: utc).update(t, now: now)
        XCTAssertEqual(dir.text("note.md"), "---\npriority: high\nmodified: 2026-11-18T11:06:40Z\n---\n# Buy milk\nfrom the shop\n")
    }

    func testCompletedFollowsDone() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\nstatus: todo\n---\n")
        let writer = VaultWriter(root: dir.path, timeZone: utc)
        var t = try VaultLoader.load(root: dir.path, timeZone: utc).tasks[0]
        t.setStatus(.done)
        t = try writer.update(t, now: now)
        XCTAssertEqual(t.completed?.raw, "2026-11-18T11:06:40Z")
        t.setStatus(.todo)
        t = try writer.update(t, now: now.addingTimeInterval(60))
        XCTAssertNil(t.completed)
        XCTAssertEqual(dir.text("a.md"), "---\ntitle: A\nstatus: todo\nmodified: 2026-11-18T11:07:40Z\n---\n")
    }

    func testValuesThatNeedQuotingReadBackAsWritten() throws {
        let awkward = ["yes", "no", "null", "~", "123", "1.5", "2026-11-25", "a: b", "# not a comment", "- dash", "[x]",
                       "quote \"inside\"", "back\\slash", "tab\there", "trailing ", " leading", "Crème brûlée 🍮", "", "{braces}",
                       "@at", "`tick`", "multi\nline", "true", "FALSE", "0x1F", "*star", "&amp", "!bang", "%pct", "a,b"]
        for value in awkward where !value.trimmingCharacters(in: .whitespaces).isEmpty {
            let dir = TempDir()
            var t = TaskItem(id: "", title: value)
            t.setStatus(.todo)
            t.area = value
            t.tags = [value, "plain"]
            let created = try VaultWriter(root: dir.path, timeZone: utc).create(t, now: now)
            let reread = try VaultLoader.load(root: dir.path, timeZone: utc)
            XCTAssertEqual(reread.problems, [], value)
            XCTAssertEqual(reread.tasks.first?.title, value.trimmingCharacters(in: .whitespacesAndNewlines), value)
            XCTAssertEqual(reread.tasks.first?.area, value, value)
            XCTAssertEqual(reread.tasks.first?.tags, [value, "plain"], value)
            XCTAssertEqual(created.id, reread.tasks.first?.id)
        }
    }

    func testANewTaskFileLooksLikeTheSpec() throws {
        let dir = TempDir()
        var t = TaskItem(id: "", title: "  Draft Q4 summary  ")
        t.setStatus(.inProgress)
        t.setPriority(.high)
        t.flagged = true
        t.due = TaskDate(day: Day.parseISO("2026-11-25")!)
        t.area = "Work"
        t.project = "Q4 Report"
        t.tags = ["writing", "deep"]
        t.estimatedMinutes = 90
        t.body = "Notes in markdown…\n"
        let saved = try VaultWriter(root: dir.path, timeZone: utc).create(t, now: now)
        XCTAssertEqual(saved.id, "draft-q4-summary.md")
        XCTAssertEqual(dir.text("draft-q4-summary.md"), """
        ---
        title: Draft Q4 summary
        status: in-progress
        priority: high
        flagged: true
        due: 2026-11-25
        created: 2026-11-18T11:06:40Z
        modified: 2026-11-18T11:06:40Z
        area: Work
        project: Q4 Report
        tags: [writing, deep]
        estimated_minutes: 90
        ---
        Notes in markdown…

        """)
        // A clash appends -2, -3.
        XCTAssertEqual(try VaultWriter(root: dir.path, timeZone: utc).create(t, now: now).id, "draft-q4-summary-2.md")
        XCTAssertEqual(try VaultWriter(root: dir.path, timeZone: utc).create(t, in: "work", now: now).id, "work/draft-q4-summary.md")
        XCTAssertEqual(try VaultWriter(root: dir.path, timeZone: utc).create(t, now: now).id, "draft-q4-summary-3.md")
    }

    func testAWriteRefusesWhenTheFileChangedOnDisk() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\n---\n")
        var t = try VaultLoader.load(root: dir.path, timeZone: utc).tasks[0]
        dir.write("a.md", "---\ntitle: A\nnote: someone else wrote this\n---\n")
        t.flagged = true
        XCTAssertThrowsError(try VaultWriter(root: dir.path, timeZone: utc).update(t, now: now)) {
            XCTAssertEqual($0 as? VaultError, .changedOnDisk("a.md"))
        }
        XCTAssertEqual(dir.text("a.md"), "---\ntitle: A\nnote: someone else wrote this\n---\n")
    }

    func testWritesLeaveNoTemporaryFilesAndKeepPermissions() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\n---\n")
        chmod(dir.path + "/a.md", 0o600)
        var t = try VaultLoader.load(root: dir.path, timeZone: utc).tasks[0]
        t.flagged = true
        try VaultWriter(root: dir.path, timeZone: utc).update(t, now: now)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["a.md"])
        let mode = try FileManager.default.attributesOfItem(atPath: dir.path + "/a.md")[.posixPermissions] as! Int
        XCTAssertEqual(mode, 0o600)
    }

    // MARK: helpers

    func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
    }

    /// Lines only in `a`, lines only in `b` (as multisets).
    func lineDiff(_ a: [UInt8], _ b: [UInt8]) -> ([String], [String]) {
        var countA: [String: Int] = [:]
        for l in lines(a) { countA[l, default: 0] += 1 }
        var added: [String] = []
        for l in lines(b) {
            if let c = countA[l], c > 0 { countA[l] = c - 1 } else { added.append(l) }
        }
        let removed = countA.flatMap { Array(repeating: $0.key, count: $0.value) }
        return (removed, added)
    }

    /// The top-level frontmatter key whose lines contain `line`.
    func keyOwning(_ line: String, in bytes: [UInt8]) -> String? {
        guard let parsed = try? TaskFileCodec.parse(bytes, id: "x.md", timeZone: utc) else { return nil }
        let fm = parsed.split.frontmatterLines.map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines) }
        for span in parsed.keySpans where span.lines.contains(where: { fm[$0] == line }) { return span.key }
        return line == "---" ? "---" : nil
    }
}
